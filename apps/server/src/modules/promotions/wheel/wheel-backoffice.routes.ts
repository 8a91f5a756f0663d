import { backofficeWheelPrizesSchema, wheelPrizesBodySchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { WheelService } from './wheel.service.ts';

/** The operator's wheel prize table (admin); every change is audited with its request. */
export const wheelBackofficeRoutes: FastifyPluginAsyncZod<{ wheel: WheelService }> = async (
  app,
  { wheel },
) => {
  app.get(
    '/api/backoffice/v1/wheel/prizes',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'The wheel’s prize table in wheel order, amounts in USD (admin, marketing, read_only)',
        security: operatorSecurity,
        response: {
          200: backofficeWheelPrizesSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => wheel.backofficePrizes(),
  );

  app.put(
    '/api/backoffice/v1/wheel/prizes',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Replace the wheel’s prize table (admin, marketing)',
        description:
          'At most 15 prizes in wheel order. A row with the id of a current prize updates it, ' +
          'a row without one adds a prize, current prizes left out are retired (past spins keep ' +
          'them). An empty table turns the wheel off; otherwise some weight must be positive. ' +
          'balanceType main credits the main balance, other grants a bonus with the wheel ' +
          'offer’s wagering. promoCode must name an existing promo code.',
        security: operatorSecurity,
        body: wheelPrizesBodySchema,
        response: {
          200: backofficeWheelPrizesSchema,
          ...errorResponses(
            'validation_error',
            'unauthorized',
            'forbidden',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request) =>
      wheel.replacePrizes(
        { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
        request.body,
      ),
  );
};
