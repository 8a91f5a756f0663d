import { type OperatorRole, operatorSessionCookie, playerSessionCookie } from '@casino/contract';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { requestContext } from '../lib/request-context.ts';
import type {
  AuthenticatedOperator,
  OperatorsService,
} from '../modules/backoffice/operators/operators.service.ts';
import type { AuthenticatedPlayer, AuthService } from '../modules/players/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    player: AuthenticatedPlayer | null;
    /** `player` came from the process's recent sessions, not from a read of the session now */
    playerUnread: boolean;
    operator: AuthenticatedOperator | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a signed-in, not banned player */
    authenticatePlayer: onRequestAsyncHookHandler;
    /**
     * onRequest hook of a GET that only reads the player's own data (GET /api/v1/me): like
     * authenticatePlayer, but the session may come from this process's session cache
     * (modules/players/auth/session-cache.ts: dropped in every process when the session or the
     * player changes). Never for a call that writes or moves money.
     */
    authenticatePlayerForRead: onRequestHookHandler;
    /**
     * onRequest hook of a call whose own statement checks the session again: like
     * authenticatePlayer, but a session this process read within the last minute is taken
     * without reading it again (`request.playerUnread`; see AuthService.recentPlayer). Before
     * answering anything its statement did not check, the call runs `recheckPlayer`.
     */
    authenticateRecentPlayer: onRequestAsyncHookHandler;
    /** Reads the session of a `playerUnread` request now: unauthorized or user_banned if ended. */
    recheckPlayer: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook of the public calls that answer players differently: a valid session makes
     * the caller that player (a banned one is refused); no session, or an expired one, a guest.
     */
    identifyPlayer: onRequestAsyncHookHandler;
    /**
     * onRequest hook: a signed-in operator holding one of the roles (admin holds them all; no
     * roles: any operator), calling from their IP allow-list, enrolled in two-factor when it is
     * required. The roles are the route's entry in the table of back-office permissions
     * (`operatorRouteRoles`), which `GET /api/backoffice/v1/me` answers from.
     */
    authorizeOperator: (...roles: OperatorRole[]) => onRequestAsyncHookHandler;
    /**
     * onRequest hook of the operator's own enrolment and sessions: like authorizeOperator() but
     * open to an operator who must still enrol in two-factor.
     */
    authenticateOperatorEnrolling: onRequestAsyncHookHandler;
    /** Every back-office route (`METHOD /path`) and the roles it admits (empty: any operator). */
    operatorRouteRoles: Map<string, readonly OperatorRole[]>;
  }
}

/**
 * The session token from `Authorization: Bearer …` or else the cookie. A player token is only
 * looked up among player sessions and an operator token among operator sessions, so neither
 * works on the other's endpoints.
 */
export function readSessionToken(request: FastifyRequest, cookieName: string): string | null {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer ([^\s]+)$/i.exec(authorization.trim());
    return match?.[1] ?? null;
  }
  return request.cookies[cookieName] ?? null;
}

/**
 * What an authentication hook demands, for the routes' declared error responses
 * (plugins/declared-errors.ts): `player` a signed-in player (401), `optional-player` a guest or a
 * player (a banned one gets 401), `operator` a signed-in operator (401), with `roles` (403).
 */
export type AuthenticationDemand =
  | { kind: 'player' | 'optional-player' }
  | { kind: 'operator'; roles: readonly OperatorRole[]; enrolling?: boolean };

const demandsByHook = new WeakMap<object, AuthenticationDemand>();

/** The demand of a route's onRequest hook, or undefined when it is not an authentication hook. */
export function authenticationDemandOf(hook: unknown): AuthenticationDemand | undefined {
  return typeof hook === 'function' ? demandsByHook.get(hook) : undefined;
}

function demanding<Hook extends object>(hook: Hook, demand: AuthenticationDemand): Hook {
  demandsByHook.set(hook, demand);
  return hook;
}

export function currentPlayer(request: FastifyRequest): AuthenticatedPlayer {
  if (!request.player) throw new AppError('unauthorized');
  return request.player;
}

/** Whether an operator with `held` roles may call a route that admits `admitted`. */
export function rolesAdmit(admitted: readonly OperatorRole[], held: readonly OperatorRole[]) {
  return (
    admitted.length === 0 || held.includes('admin') || admitted.some((role) => held.includes(role))
  );
}

/** The routes of the table that `roles` open, as `METHOD /path`, sorted. */
export function permissionsOf(
  table: ReadonlyMap<string, readonly OperatorRole[]>,
  roles: readonly OperatorRole[],
): string[] {
  return [...table]
    .filter(([, admitted]) => rolesAdmit(admitted, roles))
    .map(([route]) => route)
    .sort();
}

export function currentOperator(request: FastifyRequest): AuthenticatedOperator {
  if (!request.operator) throw new AppError('unauthorized');
  return request.operator;
}

/** Who does an operator's action, from where: the signed-in operator and the request's context. */
export function operatorActor(request: FastifyRequest) {
  return { operatorId: currentOperator(request).operator.id, context: requestContext(request) };
}

export default fastifyPlugin(
  async (app, options: { auth: AuthService; operators: OperatorsService }) => {
    app.decorateRequest('player', null);
    app.decorateRequest('playerUnread', false);
    app.decorateRequest('operator', null);

    /** The player, unless banned (user_banned). */
    const unlessBanned = (player: AuthenticatedPlayer) => {
      const { banReason, globalId } = player.account;
      if (banReason !== null) {
        throw new AppError('user_banned', { payload: { reason: banReason, globalId } });
      }
      return player;
    };

    const signedInPlayer = async (request: FastifyRequest, forRead = false) => {
      const token = readSessionToken(request, playerSessionCookie);
      const player = token
        ? await (forRead
            ? options.auth.authenticateForRead(token)
            : options.auth.authenticate(token))
        : null;
      return player ? unlessBanned(player) : null;
    };

    app.decorate(
      'authenticatePlayer',
      demanding(
        async (request: FastifyRequest, _reply: FastifyReply) => {
          const player = await signedInPlayer(request);
          if (!player) throw new AppError('unauthorized');
          request.player = player;
        },
        { kind: 'player' },
      ),
    );

    app.decorate(
      'authenticatePlayerForRead',
      demanding<onRequestHookHandler>(
        // a callback hook: a session the cache keeps is answered without a promise
        (request, _reply, done) => {
          const token = readSessionToken(request, playerSessionCookie);
          const kept = token ? options.auth.keptForRead(token) : undefined;
          if (kept) {
            try {
              request.player = unlessBanned(kept);
            } catch (error) {
              done(error as AppError);
              return;
            }
            done();
            return;
          }
          signedInPlayer(request, true).then((player) => {
            if (!player) done(new AppError('unauthorized'));
            else {
              request.player = player;
              done();
            }
          }, done);
        },
        { kind: 'player' },
      ),
    );

    // A call that may write (not GET, HEAD or OPTIONS) has committed its writes when it answers:
    // this process forgets what it keeps of its player's sessions (an operator's: of every
    // player's) before the answer leaves, so that the caller's next read sees the change here
    // without waiting for the notification (session-cache.ts).
    app.addHook('onSend', (request, _reply, payload, done) => {
      const method = request.method;
      if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
        if (request.player) options.auth.forgetPlayer(request.player.account.id);
        else if (request.operator) options.auth.forgetAllPlayers();
      }
      done(null, payload);
    });

    app.decorate(
      'authenticateRecentPlayer',
      demanding(
        async (request: FastifyRequest, reply: FastifyReply) => {
          const token = readSessionToken(request, playerSessionCookie);
          const recent = token ? options.auth.recentPlayer(token) : undefined;
          if (!recent) return await app.authenticatePlayer(request, reply);
          request.player = recent;
          request.playerUnread = true;
        },
        { kind: 'player' },
      ),
    );

    app.decorate('recheckPlayer', async (request: FastifyRequest) => {
      if (!request.playerUnread) return;
      const player = await signedInPlayer(request);
      if (!player) throw new AppError('unauthorized');
      request.player = player;
      request.playerUnread = false;
    });

    app.decorate(
      'identifyPlayer',
      demanding(
        async (request: FastifyRequest, _reply: FastifyReply) => {
          request.player = await signedInPlayer(request);
        },
        { kind: 'optional-player' },
      ),
    );

    const operatorRouteRoles = new Map<string, readonly OperatorRole[]>();
    app.decorate('operatorRouteRoles', operatorRouteRoles);
    app.addHook('onRoute', (route) => {
      for (const hook of [route.onRequest ?? []].flat()) {
        const demand = authenticationDemandOf(hook);
        if (demand?.kind !== 'operator') continue;
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') operatorRouteRoles.set(`${method} ${route.url}`, demand.roles);
        }
      }
    });

    const signedInOperator = async (request: FastifyRequest) => {
      const token = readSessionToken(request, operatorSessionCookie);
      const operator = token ? await options.operators.authenticate(token) : null;
      if (!operator) throw new AppError('unauthorized');
      if (!options.operators.isAllowedFrom(operator, requestContext(request).ip)) {
        throw new AppError('ip_not_allowed');
      }
      return operator;
    };

    app.decorate('authorizeOperator', (...roles: OperatorRole[]) => {
      return demanding(
        async (request: FastifyRequest, _reply: FastifyReply) => {
          const operator = await signedInOperator(request);
          if (operator.totpEnrolmentRequired) throw new AppError('totp_enrolment_required');
          if (!rolesAdmit(roles, operator.operator.roles)) throw new AppError('forbidden');
          request.operator = operator;
        },
        { kind: 'operator', roles },
      );
    });

    app.decorate(
      'authenticateOperatorEnrolling',
      demanding(
        async (request: FastifyRequest, _reply: FastifyReply) => {
          request.operator = await signedInOperator(request);
        },
        { kind: 'operator', roles: [], enrolling: true },
      ),
    );
  },
  { name: 'authentication', dependencies: ['@fastify/cookie'] },
);
