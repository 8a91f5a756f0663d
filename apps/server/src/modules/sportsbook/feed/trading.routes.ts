import {
  sportEventControlParamsSchema,
  sportEventControlSchema,
  sportFeedHealthSchema,
  sportMarketControlParamsSchema,
  sportMarketControlSchema,
  sportOperatorEventDetailSchema,
  sportOperatorEventListQuerySchema,
  sportOperatorEventListResponseSchema,
  sportOutcomePriceParamsSchema,
  sportPriceOverrideBodySchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { SportTrading } from './trading.service.ts';

const actor = (request: FastifyRequest): OperatorActor => ({
  operatorId: currentOperator(request).operator.id,
  context: requestContext(request),
});

const operatorErrors = ['unauthorized', 'forbidden'] as const;

/**
 * Operators over the odds feed (`/api/backoffice/v1/sport/...`; the screens are issue 24). Roles:
 * feed health, suspending and resuming — admin and support (incidents are theirs); price
 * overrides — admin. Every change is audited. Each call is one short transaction on one row
 * (feed health: a handful of counts over the open events), and operators are few and signed in,
 * so no rate limit beyond the operator sign-in's.
 */
export const tradingRoutes: FastifyPluginAsyncZod<{ trading: SportTrading }> = async (
  app,
  { trading },
) => {
  app.get(
    '/api/backoffice/v1/sport/feed',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'support', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'The odds feed’s health (admin, trading, support, finance, read_only)',
        description:
          'Each producer (up or down, its last heartbeat, since when it is down), the live and ' +
          'upcoming events, the markets of open events players see suspended, what operators ' +
          'hold suspended, the newest message applied, and this process’s ingestion counts.',
        security: operatorSecurity,
        response: { 200: sportFeedHealthSchema, ...errorResponses(...operatorErrors) },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await trading.feedHealth()),
  );

  app.get(
    '/api/backoffice/v1/sport/events',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'support', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Every event the book holds (admin, trading, support, finance, read_only)',
        description:
          'Any status (ended, cancelled and overdue events too), filtered by `sportId`, ' +
          '`status`, kick-off (`startsFrom`, `startsTo`: a UTC day, inclusive, or an instant, ' +
          'the end excluded), `held` (an operator holds the event or one of ' +
          'its markets) and `query` (the book’s id, the feed’s id, or part of a team’s or ' +
          'league’s name); sorted by `sort` (startsAt, updatedAt, id) and `order`; ' +
          '`limit` ≤ 100 and `offset`. Each event with its market counts.',
        security: operatorSecurity,
        querystring: sportOperatorEventListQuerySchema,
        response: {
          200: sportOperatorEventListResponseSchema,
          ...errorResponses('validation_error', ...operatorErrors),
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await trading.events(request.query)),
  );

  app.get(
    '/api/backoffice/v1/sport/events/:id',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'support', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'One event with every market (admin, trading, support, finance, read_only)',
        description:
          'Every market whatever its status (settled, cancelled, held), each with the feed’s ' +
          'status and what players see, the operators’ holds and price overrides, and each ' +
          'outcome’s result once settled.',
        security: operatorSecurity,
        params: sportEventControlParamsSchema,
        response: {
          200: sportOperatorEventDetailSchema,
          ...errorResponses('validation_error', 'not_found', ...operatorErrors),
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await trading.event(request.params.id)),
  );

  for (const [verb, suspended] of [
    ['suspend', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/api/backoffice/v1/sport/events/:id/${verb}`,
      {
        onRequest: app.authorizeOperator('admin', 'trading', 'support'),
        schema: {
          tags: ['backoffice'],
          summary: suspended
            ? 'Hold every market of an event suspended over the feed (admin, trading, support; idempotent)'
            : 'Give an event’s markets back to the feed (admin, trading, support; idempotent)',
          description: suspended
            ? 'Players see every active market of the event suspended whatever the feed sends, ' +
              'until an operator resumes it; the feed’s state keeps being stored underneath.'
            : 'Players see the feed’s current state again (markets held one by one stay held).',
          security: operatorSecurity,
          params: sportEventControlParamsSchema,
          response: {
            200: sportEventControlSchema,
            ...errorResponses('validation_error', 'not_found', ...operatorErrors),
          },
        },
      },
      async (request) => trading.setEventSuspended(actor(request), request.params.id, suspended),
    );

    app.post(
      `/api/backoffice/v1/sport/markets/:id/${verb}`,
      {
        onRequest: app.authorizeOperator('admin', 'trading', 'support'),
        schema: {
          tags: ['backoffice'],
          summary: suspended
            ? 'Hold a market suspended over the feed (admin, trading, support; idempotent)'
            : 'Give a market back to the feed (admin, trading, support; idempotent)',
          description:
            'Answers the market as operators see it: the feed’s status and prices, the ' +
            'overrides, and what players see.',
          security: operatorSecurity,
          params: sportMarketControlParamsSchema,
          response: {
            200: sportMarketControlSchema,
            ...errorResponses('validation_error', 'not_found', ...operatorErrors),
          },
        },
      },
      async (request) => trading.setMarketSuspended(actor(request), request.params.id, suspended),
    );
  }

  app.put(
    '/api/backoffice/v1/sport/markets/:id/outcomes/:outcomeId/price',
    {
      onRequest: app.authorizeOperator('admin', 'trading'),
      schema: {
        tags: ['backoffice'],
        summary: 'Override an outcome’s price (admin, trading; idempotent)',
        description:
          '`odds`: decimal odds on the book’s ladder, 1.01–1000 (off the ladder: 400 with the ' +
          'neighbouring prices in the field’s params). Players see it instead of the feed’s ' +
          'price until it is removed. A market the feed settled or cancelled answers 409 ' +
          'sport_market_closed.',
        security: operatorSecurity,
        params: sportOutcomePriceParamsSchema,
        body: sportPriceOverrideBodySchema,
        response: {
          200: sportMarketControlSchema,
          ...errorResponses(
            'validation_error',
            'not_found',
            'sport_market_closed',
            'payload_too_large',
            'unsupported_media_type',
            ...operatorErrors,
          ),
        },
      },
    },
    async (request) =>
      trading.setPrice(
        actor(request),
        request.params.id,
        request.params.outcomeId,
        request.body.odds,
      ),
  );

  app.delete(
    '/api/backoffice/v1/sport/markets/:id/outcomes/:outcomeId/price',
    {
      onRequest: app.authorizeOperator('admin', 'trading'),
      schema: {
        tags: ['backoffice'],
        summary: 'Remove an outcome’s price override (admin, trading; idempotent)',
        description:
          'Players see the feed’s current price again. A market the feed settled or cancelled ' +
          'answers 409 sport_market_closed (its prices are final).',
        security: operatorSecurity,
        params: sportOutcomePriceParamsSchema,
        response: {
          200: sportMarketControlSchema,
          ...errorResponses(
            'validation_error',
            'not_found',
            'sport_market_closed',
            ...operatorErrors,
          ),
        },
      },
    },
    async (request) =>
      trading.setPrice(actor(request), request.params.id, request.params.outcomeId, null),
  );
};
