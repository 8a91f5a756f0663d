import { exchangeRatesResponseSchema, setExchangeRatesBodySchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { StoredRate } from './exchange-rates.repository.ts';
import type { ExchangeRatesService } from './exchange-rates.service.ts';

function toResponse(rates: StoredRate[]) {
  return {
    rates: rates.map((rate) => ({
      base: rate.base,
      quote: rate.quote,
      rate: rate.rate,
      setAt: rate.setAt.toISOString(),
      setByOperatorId: rate.setByOperatorId,
    })),
  };
}

export const exchangeRatesRoutes: FastifyPluginAsyncZod<{
  exchangeRates: ExchangeRatesService;
}> = async (app, { exchangeRates }) => {
  app.get(
    '/api/backoffice/v1/exchange-rates',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Operator-set exchange rates (admin, finance, read_only)',
        security: operatorSecurity,
        response: {
          200: exchangeRatesResponseSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => toResponse(await exchangeRates.list()),
  );

  app.put(
    '/api/backoffice/v1/exchange-rates',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Set exchange rates (admin, finance)',
        description:
          'Each pair is set or replaced; a stored inverse pair is dropped. Pairs not named ' +
          'stay. Conversions use the new rates within a few seconds on every server process.',
        security: operatorSecurity,
        body: setExchangeRatesBodySchema,
        response: {
          200: exchangeRatesResponseSchema,
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
      toResponse(
        await exchangeRates.set(
          { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
          request.body,
        ),
      ),
  );
};
