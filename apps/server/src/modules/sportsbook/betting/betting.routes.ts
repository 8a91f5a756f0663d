import type { SportTicket } from '@casino/contract';
import {
  placeSportBetBodySchema,
  sportTicketParamsSchema,
  sportTicketSchema,
  sportTicketsPageSchema,
  sportTicketsQuerySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import {
  idempotencyScope,
  idempotentReplayedHeader,
  readIdempotencyKey,
  requestHash,
} from '../../../lib/idempotency.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { PrematchPlacement, SportBetting } from './betting.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

/**
 * The player's tickets: placing one (`POST /api/v2/sport/bets`, Idempotency-Key, in the
 * idempotency layer's transaction, whose admission bounds the money transactions of a process)
 * and reading their own (paged, at most 100 a page). Players only.
 */
export const bettingRoutes: FastifyPluginAsyncZod<{ betting: SportBetting }> = async (
  app,
  { betting },
) => {
  app.post(
    '/api/v2/sport/bets',
    {
      onRequest: app.authenticateRecentPlayer,
      // a bad request waits for the session's read too (below)
      attachValidation: true,
      schema: {
        tags: ['sportsbook'],
        summary: 'Place a sport ticket (requires Idempotency-Key)',
        description:
          'A single, an accumulator or a system (k of n, or a full-cover name) in the player’s ' +
          'primary currency. Pre-match the ticket is accepted at once and its stake moves to the ' +
          'house; with a leg in play it is pending for the sport’s bet delay (accept_after), its ' +
          'stake held, then accepted or rejected with a reason (sent on transaction#). Refusals: ' +
          'sport_selection_unavailable / sport_odds_changed (payload selections, with the price ' +
          'now), sport_stake_limit (min, max), sport_payout_limit (maxPayout), ' +
          'sport_liability_limit (maxStake), sport_related_selections (eventIds), ' +
          'insufficient_balance, bonus_max_bet_exceeded, responsible_gambling_limit (403: a wager ' +
          'or loss limit; payload type, period, amount, currency, used, resetsAt), reality_check_due ' +
          '(403: the reality check is unanswered). A repeat with the same key answers the ' +
          'same ticket.',
        security: playerSecurity,
        body: placeSportBetBodySchema,
        response: {
          201: sportTicketSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'sport_selection_unavailable',
            'sport_odds_changed',
            'sport_stake_limit',
            'sport_payout_limit',
            'sport_liability_limit',
            'sport_related_selections',
            'insufficient_balance',
            'bonus_max_bet_exceeded',
            'responsible_gambling_limit',
            'self_excluded',
            'timed_out',
            'reality_check_due',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) => {
      // A pre-match ticket of a player without a bonus is placed by a batch statement; the rest
      // (in play, a bonus, a key in use, a refusal, a context that moved) in the idempotency
      // layer's transaction, with the same effects. The session may be one this process read
      // lately: a placed ticket's statement checked it; any other answer waits for a read of
      // it now.
      if (request.validationError) {
        await app.recheckPlayer(request);
        throw request.validationError;
      }
      let prematch: PrematchPlacement;
      try {
        const { account, sessionId } = currentPlayer(request);
        prematch = await betting.placePrematch(
          {
            userId: account.id,
            globalId: account.globalId,
            currency: account.primaryCurrency,
            sessionId,
          },
          request.body,
          {
            scope: idempotencyScope(request),
            key: readIdempotencyKey(request),
            hash: requestHash(request),
          },
        );
      } catch (error) {
        await app.recheckPlayer(request);
        throw error;
      }
      if (prematch.kind === 'placed') return reply.code(201).send(prematch.ticket);
      await app.recheckPlayer(request);
      if (prematch.kind === 'replayed') {
        return reply
          .code(prematch.statusCode as 201)
          .header(idempotentReplayedHeader, 'true')
          .send(prematch.body as SportTicket);
      }
      const { account } = currentPlayer(request);
      const caller = {
        userId: account.id,
        globalId: account.globalId,
        currency: account.primaryCurrency,
      };
      return app.idempotent(request, reply, async (transaction) => ({
        statusCode: 201,
        body: await betting.place(transaction, caller, request.body),
      }));
    },
  );

  app.get(
    '/api/v2/sport/bets',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['sportsbook'],
        summary: 'The player’s tickets, open (pending, accepted) or settled, newest first',
        description:
          'Pages of at most 100; the next page is asked for by `meta.nextCursor` (`total` counts ' +
          'at most 1,000 tickets from the page’s start).',
        security: playerSecurity,
        querystring: sportTicketsQuerySchema,
        response: {
          200: sportTicketsPageSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await betting.tickets(currentPlayer(request).account.id, request.query)),
  );

  app.get(
    '/api/v2/sport/bets/:id',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['sportsbook'],
        summary: 'One of the player’s tickets (another player’s is 404)',
        security: playerSecurity,
        params: sportTicketParamsSchema,
        response: {
          200: sportTicketSchema,
          ...errorResponses(...playerErrors, 'validation_error', 'not_found'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await betting.ticket(currentPlayer(request).account.id, request.params.id)),
  );
};
