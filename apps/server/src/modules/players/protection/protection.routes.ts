import {
  lateDepositsSchema,
  limitParamsSchema,
  playerLimitHistoryPageSchema,
  playerLimitHistoryQuerySchema,
  playerLimitsSchema,
  setLimitBodySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { PlayerLimits } from './protection.service.ts';
import type { ProtectionOperatorService } from './protection-operator.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;
const writeErrors = [
  ...playerErrors,
  'validation_error',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
] as const;

/** The player's responsible-gambling limits (issue 22): players only, their own limits. */
export const protectionRoutes: FastifyPluginAsyncZod<{
  limits: PlayerLimits;
  history: Pick<ProtectionOperatorService, 'playerHistory' | 'lateDeposits'>;
}> = async (app, { limits, history }) => {
  app.get(
    '/api/v1/me/limits',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'The player’s responsible-gambling limits with their usage and pending changes',
        description:
          'Money limits in the currency they were set in (the primary currency), session limits ' +
          'in minutes. `used` counts the rolling window (day: 24 h, week: 7 days, month: 30 ' +
          'days); `resetsAt` is when the limit frees up once reached, else when the used figure ' +
          'next goes down.',
        security: playerSecurity,
        response: { 200: playerLimitsSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => await limits.list(currentPlayer(request).account.id),
  );

  app.put(
    '/api/v1/me/limits/:type/:period',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Set, lower, raise or remove a limit',
        description:
          'A first or lower limit applies at once; an increase or a removal (`amount: null`) ' +
          'is pending until the cooling-off (24 hours, or the operator’s longer one) is over; ' +
          'the amount in force cancels a pending change. Answers every limit. At most 30 ' +
          'changes per hour (429 rate_limited).',
        security: playerSecurity,
        params: limitParamsSchema,
        body: setLimitBodySchema,
        response: { 200: playerLimitsSchema, ...errorResponses(...writeErrors) },
      },
    },
    async (request) =>
      await limits.set(
        currentPlayer(request).account.id,
        request.params.type,
        request.params.period,
        request.body.amount,
      ),
  );

  app.delete(
    '/api/v1/me/limits/:type/:period/pending',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Cancel a pending increase or removal of a limit',
        description: 'Answers every limit; 404 when the limit has no pending change.',
        security: playerSecurity,
        params: limitParamsSchema,
        response: {
          200: playerLimitsSchema,
          ...errorResponses(...playerErrors, 'validation_error', 'rate_limited', 'not_found'),
        },
      },
    },
    async (request) =>
      await limits.cancelPending(
        currentPlayer(request).account.id,
        request.params.type,
        request.params.period,
      ),
  );

  app.get(
    '/api/v1/me/limits/history',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'The history of the player’s limit changes, newest first',
        description:
          'Every change: set, lowered, an increase or removal asked for (with when it comes into ' +
          'force), applied, cancelled, converted into a new primary currency. `by` says who made ' +
          'it: the player, the operator (no name, no reason) or the system (a cooling-off ran ' +
          'out). Keyset pages: pass `meta.nextCursor` as `cursor` for the next one.',
        security: playerSecurity,
        querystring: playerLimitHistoryQuerySchema,
        response: {
          200: playerLimitHistoryPageSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request) =>
      await history.playerHistory(currentPlayer(request).account.id, request.query),
  );

  app.get(
    '/api/v1/me/limits/late-deposits',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Deposits credited past a deposit limit or during an exclusion',
        description:
          'The newest ten: a transfer the player did not time (crypto) or an order approved late ' +
          'is credited even past a limit — money is never lost — and listed here.',
        security: playerSecurity,
        response: { 200: lateDepositsSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => await history.lateDeposits(currentPlayer(request).account.id),
  );
};
