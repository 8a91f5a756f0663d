import {
  sportGgrQuerySchema,
  sportGgrReportSchema,
  sportTickerPageSchema,
  sportTickerQuerySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { SportGgr } from './ggr.service.ts';
import type { SportTicker } from './ticker.service.ts';

const operatorErrors = ['unauthorized', 'forbidden'] as const;

/**
 * The operators' reads of sport betting (`/api/backoffice/v1/sport/...`): the bet ticker and GGR
 * per sport. Roles as the feed's operator reads: admin and support (GGR also finance). A ticker
 * page is at most 100 tickets in one statement; a GGR report at most 366 days, one aggregate.
 */
export const tickerRoutes: FastifyPluginAsyncZod<{ ticker: SportTicker; ggr: SportGgr }> = async (
  app,
  { ticker, ggr },
) => {
  app.get(
    '/api/backoffice/v1/sport/bets',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'support', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'The bet ticker: tickets newest first (admin, trading, support, finance, read_only)',
        description:
          'Each ticket with its player, stake, odds, status and legs. Filters combine: status, ' +
          'sportId and eventId (any leg), playerGlobalId, since (placed at or after), and ' +
          'minStake (as placed) with its currency. `cursor`: the previous page’s `nextCursor`.',
        security: operatorSecurity,
        querystring: sportTickerQuerySchema,
        response: {
          200: sportTickerPageSchema,
          ...errorResponses('validation_error', ...operatorErrors),
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await ticker.page(request.query)),
  );

  app.get(
    '/api/backoffice/v1/sport/ggr',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'finance', 'support', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'GGR per sport and currency of the tickets closed in [from, to) (admin, trading, finance, support, read_only)',
        description:
          'Stakes as placed, settlement payouts, cash-outs (partial ones included) and GGR ' +
          '(stakes − payouts − cash-outs) of the tickets settled or cashed out in the period, ' +
          'by sport; a ticket across sports counts in the `multi` bucket. At most 366 days.',
        security: operatorSecurity,
        querystring: sportGgrQuerySchema,
        response: {
          200: sportGgrReportSchema,
          ...errorResponses('validation_error', ...operatorErrors),
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await ggr.report(request.query)),
  );
};
