import {
  maxWheelSpinsPageSize,
  type WheelSpinResult,
  wheelPrizesSchema,
  wheelSpinResultSchema,
  wheelSpinsPageSchema,
  wheelSpinsQuerySchema,
  wheelStatusSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { WheelService } from './wheel.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;
/** The prize list works for guests; a banned player's token still answers user_banned. */
const guestErrors = ['user_banned', 'region_restricted'] as const;

const spinParams = z.strictObject({ spinId: z.uuid({ error: 'Validation.invalid_value' }) });

/** How a player checks a spin, for the descriptions of the calls that publish one. */
const verificationDescription =
  '`verification` holds everything that recomputes the spin with no operator data: the prize ' +
  'table in the order the pick used (each prize’s weight, USD amount and balance type at the ' +
  'spin: later edits by the operator do not change it), the server seed hash shown before the ' +
  'spin, the client seed, the nonce and the HMAC round (0), and the index of the prize won. ' +
  '`serverSeed` is null while the seed pair is in use and appears once the player rotates it ' +
  '(POST /api/v2/fairness/rotate); then SHA-256(serverSeed) = serverSeedHash and ' +
  '`wheelSpinIndex({serverSeed, clientSeed, nonce}, prizes.map(weight))` = index.';

function hasVerification(body: WheelSpinResult): boolean {
  return (body as Partial<WheelSpinResult>).verification !== undefined;
}

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
          'rate in force and rounded down; guests get USD. Empty when the wheel is off. Each ' +
          'prize carries its weight in the pick (in this order) and its probability, weight / ' +
          'total weight, rounded to six decimal places.',
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
          'turbine_not_available. ' +
          verificationDescription,
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
    async (request, reply) => {
      const userId = currentPlayer(request).account.id;
      const body = await app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await wheel.spin(transaction, userId),
      }));
      // An answer stored before spins published their verification (keys are kept 7 days) is
      // replayed from the spin itself: the same spin, with what verifies it.
      return hasVerification(body) ? body : await wheel.spinOf(userId, body.id);
    },
  );

  app.get(
    '/api/v2/turbine_of_luck/spins',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wheel'],
        summary: `The player’s own wheel spins, newest first (at most ${maxWheelSpinsPageSize} a page)`,
        description: verificationDescription,
        security: playerSecurity,
        querystring: wheelSpinsQuerySchema,
        response: {
          200: wheelSpinsPageSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request) => wheel.spins(currentPlayer(request).account.id, request.query),
  );

  app.get(
    '/api/v2/turbine_of_luck/spins/:spinId',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wheel'],
        summary: 'One of the player’s own wheel spins (not_found for anyone else’s)',
        description: verificationDescription,
        security: playerSecurity,
        params: spinParams,
        response: {
          200: wheelSpinResultSchema,
          ...errorResponses(...playerErrors, 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => wheel.spinOf(currentPlayer(request).account.id, request.params.spinId),
  );
};
