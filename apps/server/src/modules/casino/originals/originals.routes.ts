import {
  clientSeedBodySchema,
  fairnessStateSchema,
  minesActionSchema,
  playRoundBodySchema,
  type Round,
  roundSchema,
  roundsPageSchema,
  roundsQuerySchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import {
  idempotencyScope,
  idempotentReplayedHeader,
  readIdempotencyKey,
  requestHash,
} from '../../../lib/idempotency.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import { countryOfIp } from '../../platform/region/region.service.ts';
import type { FairnessService } from './fairness.service.ts';
import type { InstantPlay, PlayerCaller, RoundsService } from './rounds.service.ts';

const gameParams = z.strictObject({ id: z.string().min(1).max(100) });
const roundParams = z.strictObject({
  id: z.string().min(1).max(100),
  roundId: z.uuid({ error: 'Validation.invalid_value' }),
});
const ownRoundParams = z.strictObject({ roundId: z.uuid({ error: 'Validation.invalid_value' }) });

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

function caller(request: FastifyRequest): PlayerCaller {
  const { account, sessionId } = currentPlayer(request);
  return {
    userId: account.id,
    sessionId,
    country: countryOfIp(request.ip),
    currency: account.primaryCurrency,
    email: account.email,
  };
}

export const originalsRoutes: FastifyPluginAsyncZod<{
  fairness: FairnessService;
  rounds: RoundsService;
}> = async (app, { fairness, rounds }) => {
  app.get(
    '/api/v2/fairness',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['originals'],
        summary: 'The active seed pair (server seed hashed) and the last revealed one',
        security: playerSecurity,
        response: { 200: fairnessStateSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => fairness.state(currentPlayer(request).account.id),
  );

  app.put(
    '/api/v2/fairness/client-seed',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['originals'],
        summary: 'Set the client seed of the next rounds',
        security: playerSecurity,
        body: clientSeedBodySchema,
        response: {
          200: fairnessStateSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request) =>
      fairness.setClientSeed(currentPlayer(request).account.id, request.body.clientSeed),
  );

  app.post(
    '/api/v2/fairness/rotate',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['originals'],
        summary: 'Reveal the server seed and start a new pair (refused while a round is open)',
        security: playerSecurity,
        response: {
          200: fairnessStateSchema,
          ...errorResponses(...playerErrors, 'round_in_progress'),
        },
      },
    },
    async (request) => fairness.rotate(currentPlayer(request).account.id),
  );

  app.post(
    '/api/v2/games/:id/rounds',
    {
      onRequest: app.authenticateRecentPlayer,
      // a bad request waits for the session's read too (below)
      attachValidation: true,
      schema: {
        tags: ['originals'],
        summary: 'Bet a round of an original (requires Idempotency-Key)',
        description:
          'While a bonus is active the stake takes main money first, then bonus money; a stake ' +
          'above the bonus’s maximum bet is 409 bonus_max_bet_exceeded (payload maxBet, currency). ' +
          'freespinBonusId plays one free spin of that bonus (bet = its spin value; ' +
          '409 freespins_unavailable when none is left or the game is not one of its games). A ' +
          'stake past one of the player’s wager or loss limits is 403 responsible_gambling_limit ' +
          '(payload type, period, amount, currency, used, resetsAt); one while the player’s reality ' +
          'check is due and unanswered is 403 reality_check_due.',
        security: playerSecurity,
        params: gameParams,
        body: playRoundBodySchema,
        response: {
          200: roundSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'bet_out_of_limits',
            'game_unavailable',
            'not_found',
            'insufficient_balance',
            'round_in_progress',
            'bonus_max_bet_exceeded',
            'freespins_unavailable',
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
      // Instant rounds of players without a bonus settle in one statement; the rest (and the
      // unusual cases of those) in the idempotency layer's transaction. The session may be one
      // this process read lately: a played round's statement checked it; any other answer
      // waits for a read of it now.
      if (request.validationError) {
        await app.recheckPlayer(request);
        throw request.validationError;
      }
      let instant: InstantPlay;
      try {
        instant = await rounds.playInstant(caller(request), request.params.id, request.body, {
          scope: idempotencyScope(request),
          key: readIdempotencyKey(request),
          hash: requestHash(request),
        });
      } catch (error) {
        await app.recheckPlayer(request);
        throw error;
      }
      if (instant.kind === 'played') return instant.round;
      await app.recheckPlayer(request);
      if (instant.kind === 'replayed') {
        // only answers that moved money are stored: a round's is its 200
        reply.code(instant.statusCode as 200).header(idempotentReplayedHeader, 'true');
        return instant.body as Round;
      }
      return await app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await rounds.play(transaction, caller(request), request.params.id, request.body),
      }));
    },
  );

  app.post(
    '/api/v2/games/:id/rounds/:roundId/actions',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['originals'],
        summary: 'Reveal a tile or cash out of an open mines round (requires Idempotency-Key)',
        security: playerSecurity,
        params: roundParams,
        body: minesActionSchema,
        response: {
          200: roundSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'not_found',
            'round_not_open',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await rounds.act(
          transaction,
          caller(request),
          request.params.id,
          request.params.roundId,
          request.body,
        ),
      })),
  );

  app.get(
    '/api/v2/games/:id/rounds',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['originals'],
        summary: 'The player’s rounds of a game, newest first',
        security: playerSecurity,
        params: gameParams,
        querystring: roundsQuerySchema,
        response: {
          200: roundsPageSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request) =>
      rounds.history(currentPlayer(request).account.id, request.params.id, request.query),
  );

  app.get(
    '/api/v2/rounds/:roundId',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['originals'],
        summary: 'One of the player’s rounds (with the server seed once revealed)',
        security: playerSecurity,
        params: ownRoundParams,
        response: {
          200: roundSchema,
          ...errorResponses(...playerErrors, 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => rounds.get(currentPlayer(request).account.id, request.params.roundId),
  );
};
