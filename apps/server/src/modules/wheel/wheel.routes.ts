import { wheelPrizesSchema, wheelSpinResultSchema, wheelStatusSchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-body.ts';
import { currentPlayer } from '../../plugins/authentication.ts';
import { playerSecurity } from '../../plugins/openapi.ts';
import type { WheelService } from './wheel.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;
/** The prize list works for guests; a banned player's token still answers user_banned. */
const guestErrors = ['user_banned', 'region_restricted'] as const;

/** Guests see the prizes in USD (the logged-out wheel). */
const guestCurrency = 'USD';

export const wheelRoutes: FastifyPluginAsyncZod<{
  wheel: WheelService;
}> = async (app, { wheel }) => {
  app.get(
    '/api/v2/turbine_of_luck/user',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wheel'],
        summary: 'Whether the player may spin the wheel now (once per UTC day)',
        security: playerSecurity,
        response: { 200: wheelStatusSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => wheel.status(currentPlayer(request).account.id),
  );

  app.get(
    '/api/v2/turbine_of_luck/prizes',
    {
      onRequest: app.identifyPlayer,
      schema: {
        tags: ['wheel'],
        summary: 'The wheel’s prizes in wheel order (public)',
        description:
          'Amounts are set in USD and shown in the player’s primary currency, converted at the ' +
          'rate in force and rounded down; guests get USD. Empty when the wheel is off.',
        response: { 200: wheelPrizesSchema, ...errorResponses(...guestErrors) },
      },
    },
    async (request) => wheel.prizes(request.player?.account.primaryCurrency ?? guestCurrency),
  );

  app.post(
    '/api/v2/turbine_of_luck',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wheel'],
        summary: 'Spin the wheel (once per UTC day; requires Idempotency-Key)',
        description:
          'Provably fair: the spin takes the next nonce of the player’s seed pair (GET ' +
          '/api/v2/fairness) and maps its first float n / 2³² over the prize weights: the prize ' +
          'is the first whose cumulative weight exceeds ⌊n × total weight / 2³²⌋ (contract ' +
          '`wheelSpinIndex`). A second spin the same UTC day, concurrent or not, answers ' +
          'turbine_not_available.',
        security: playerSecurity,
        response: {
          200: wheelSpinResultSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'turbine_not_available',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await wheel.spin(transaction, currentPlayer(request).account.id),
      })),
  );
};
