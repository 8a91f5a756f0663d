import {
  createOperatorBodySchemaWith,
  loadCommonPasswords,
  loginBodySchema,
  operatorIdParamsSchema,
  operatorListQuerySchema,
  operatorListSchema,
  operatorLoginResponseSchema,
  operatorMeSchema,
  operatorSchema,
  operatorSessionCookie,
  operatorSessionListSchema,
  operatorSessionParamsSchema,
  totpConfirmBodySchema,
  totpEnrolmentSchema,
  totpLoginBodySchema,
  totpRecoveryCodesSchema,
  updateOperatorBodySchema,
  updateOperatorMeBodySchema,
} from '@casino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { sessionCookieOptions } from '../../../lib/cookies.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import {
  currentOperator,
  permissionsOf,
  readSessionToken,
} from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../audit/audit.service.ts';
import type { OperatorsService } from './operators.service.ts';

/** The operator cookie never travels with player API calls. */
export const operatorCookiePath = '/api/backoffice';

export const operatorsRoutes: FastifyPluginAsyncZod<{
  operators: OperatorsService;
  config: Config;
}> = async (app, { operators, config }) => {
  const createOperatorBodySchema = createOperatorBodySchemaWith(await loadCommonPasswords());
  const actor = (request: FastifyRequest): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });
  const setSessionCookie = (reply: FastifyReply, session: { token: string; expiresAt: Date }) => {
    reply.setCookie(
      operatorSessionCookie,
      session.token,
      sessionCookieOptions({
        secure: config.cookieSecure,
        path: operatorCookiePath,
        expiresAt: session.expiresAt,
      }),
    );
  };

  app.post(
    '/api/backoffice/v1/auth/login',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Operator sign-in',
        description:
          'Sets the httpOnly `operator_session` cookie (path /api/backoffice) and answers ' +
          '`{ token }`. An operator with two-factor on gets `{ status: "totp_required", ' +
          'challenge }` instead: no session yet; `POST /api/backoffice/v1/auth/totp` with the ' +
          'challenge and a code finishes the sign-in. Throttled like the player sign-in (429 ' +
          'rate_limited), and 429 server_busy at once when the server hashes as many passwords ' +
          'as it can; both carry Retry-After. 403 ip_not_allowed outside the operator’s ' +
          'IP allow-list.',
        body: loginBodySchema,
        response: {
          200: operatorLoginResponseSchema,
          ...errorResponses(
            'validation_error',
            'invalid_credentials',
            'ip_not_allowed',
            'payload_too_large',
            'unsupported_media_type',
            'rate_limited',
            'server_busy',
          ),
        },
      },
    },
    async (request, reply) => {
      const outcome = await operators.login(request.body, requestContext(request));
      if (outcome.kind === 'totp_required') {
        return { status: 'totp_required' as const, challenge: outcome.challenge };
      }
      setSessionCookie(reply, outcome);
      return { token: outcome.token };
    },
  );

  app.post(
    '/api/backoffice/v1/auth/totp',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Operator sign-in, second step',
        description:
          'The challenge of the sign-in and a 6-digit TOTP code (RFC 6238, the current 30-s ' +
          'step or the one before or after; a step’s code works once) or an unused recovery ' +
          'code. Sets the session cookie like the sign-in. A wrong, replayed or expired ' +
          'answer is 401 invalid_credentials; wrong codes are counted per operator (429).',
        body: totpLoginBodySchema,
        response: {
          200: z.object({ token: z.string() }),
          ...errorResponses('invalid_credentials', 'ip_not_allowed', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      const session = await operators.completeTotpLogin(request.body, requestContext(request));
      setSessionCookie(reply, session);
      return { token: session.token };
    },
  );

  app.post(
    '/api/backoffice/v1/auth/logout',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Operator sign-out (idempotent)',
        response: { 204: z.null().describe('Signed out'), ...errorResponses() },
      },
    },
    async (request, reply) => {
      await operators.logout(readSessionToken(request, operatorSessionCookie));
      reply.clearCookie(
        operatorSessionCookie,
        sessionCookieOptions({ secure: config.cookieSecure, path: operatorCookiePath }),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/backoffice/v1/me',
    {
      onRequest: app.authenticateOperatorEnrolling,
      schema: {
        tags: ['backoffice'],
        summary: 'The signed-in operator, their roles and permissions',
        description:
          '`permissions` lists every back-office route the operator’s roles open (`METHOD ' +
          '/path` as declared here). While two-factor is required and not enrolled, the list ' +
          'is empty: only enrolment and the operator’s sessions are open.',
        security: operatorSecurity,
        response: { 200: operatorMeSchema, ...errorResponses('unauthorized') },
      },
    },
    async (request) => {
      const operator = currentOperator(request);
      return {
        ...operator.operator,
        permissions: operator.totpEnrolmentRequired
          ? []
          : permissionsOf(app.operatorRouteRoles, operator.operator.roles),
        totpEnabled: operator.totpEnabled,
        ipAllowList: operator.ipAllowList,
        timeZone: operator.timeZone,
      };
    },
  );

  app.patch(
    '/api/backoffice/v1/me',
    {
      onRequest: app.authorizeOperator(),
      schema: {
        tags: ['backoffice'],
        summary: 'The signed-in operator’s preferences',
        description:
          '`timeZone`: the IANA zone (`Europe/Malta`, one of `Intl.supportedValuesOf' +
          "('timeZone')` or UTC) the back office shows dates in; null: the browser's. Audited " +
          '(`operator.time_zone`). Open to every operator, roles aside.',
        security: operatorSecurity,
        body: updateOperatorMeBodySchema,
        response: {
          200: z.object({ timeZone: z.string().nullable() }),
          ...errorResponses('validation_error', 'unauthorized'),
        },
      },
    },
    async (request) =>
      await operators.updateMe(currentOperator(request), request.body, requestContext(request)),
  );

  app.post(
    '/api/backoffice/v1/me/totp/enrol',
    {
      onRequest: app.authenticateOperatorEnrolling,
      schema: {
        tags: ['backoffice'],
        summary: 'Start two-factor enrolment',
        description:
          'A new TOTP secret (kept pending until confirmed; calling again replaces it), its ' +
          'otpauth:// URL and that URL as a QR code (an SVG data URL). 409 ' +
          'totp_already_enabled when two-factor is on.',
        security: operatorSecurity,
        response: {
          200: totpEnrolmentSchema,
          ...errorResponses('unauthorized', 'totp_already_enabled'),
        },
      },
    },
    async (request) => await operators.enrolTotp(currentOperator(request)),
  );

  app.post(
    '/api/backoffice/v1/me/totp/confirm',
    {
      onRequest: app.authenticateOperatorEnrolling,
      schema: {
        tags: ['backoffice'],
        summary: 'Confirm two-factor enrolment',
        description:
          'A code of the pending secret turns two-factor on and answers ten single-use ' +
          'recovery codes, shown this once (only their hashes are kept). A wrong code is 400 ' +
          '(counted: 429 past the limit).',
        security: operatorSecurity,
        body: totpConfirmBodySchema,
        response: {
          200: totpRecoveryCodesSchema,
          ...errorResponses(
            'validation_error',
            'unauthorized',
            'totp_already_enabled',
            'totp_not_enrolling',
            'rate_limited',
          ),
        },
      },
    },
    async (request) => ({
      recoveryCodes: await operators.confirmTotp(
        currentOperator(request),
        request.body.code,
        requestContext(request),
      ),
    }),
  );

  app.get(
    '/api/backoffice/v1/me/sessions',
    {
      onRequest: app.authenticateOperatorEnrolling,
      schema: {
        tags: ['backoffice'],
        summary: 'The operator’s active sessions',
        security: operatorSecurity,
        response: { 200: operatorSessionListSchema, ...errorResponses('unauthorized') },
      },
    },
    async (request) => ({ sessions: await operators.listSessions(currentOperator(request)) }),
  );

  app.delete(
    '/api/backoffice/v1/me/sessions/:id',
    {
      onRequest: app.authenticateOperatorEnrolling,
      schema: {
        tags: ['backoffice'],
        summary: 'Revoke one of the operator’s sessions',
        security: operatorSecurity,
        params: operatorSessionParamsSchema,
        response: {
          204: z.null().describe('Revoked'),
          ...errorResponses('unauthorized', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      await operators.revokeSession(currentOperator(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/backoffice/v1/operators',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Operators',
        description:
          'A page of operators: `query` (part of the e-mail), `role`, `status` (active or ' +
          'disabled), `sort=createdAt|email` with `order`, `limit` (≤ 100) and `offset`.',
        security: operatorSecurity,
        querystring: operatorListQuerySchema,
        response: {
          200: operatorListSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) => {
      const { operators: page, meta } = await operators.list(request.query);
      return {
        operators: page,
        meta,
      };
    },
  );

  app.post(
    '/api/backoffice/v1/operators',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Create an operator',
        description:
          'E-mail, password (the players’ password rules), roles (one or more) and an ' +
          'optional IP allow-list (CIDR). Audited. 409 email_taken.',
        security: operatorSecurity,
        body: createOperatorBodySchema,
        response: {
          201: operatorSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'email_taken'),
        },
      },
    },
    async (request, reply) => {
      const created = await operators.create(request.body, actor(request));
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/backoffice/v1/operators/:id',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Change an operator',
        description:
          'Roles, disabled (ends their sessions; they cannot sign in), the IP allow-list, or ' +
          'resetTotp (two-factor off and their sessions ended, so they enrol again). Audited. ' +
          'An admin cannot disable or demote themself (403).',
        security: operatorSecurity,
        params: operatorIdParamsSchema,
        body: updateOperatorBodySchema,
        response: {
          200: operatorSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request) => await operators.update(request.params.id, request.body, actor(request)),
  );
};
