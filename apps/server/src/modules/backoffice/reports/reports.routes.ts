import {
  dashboardQuerySchema,
  dashboardSchema,
  reportSummaryQuerySchema,
  reportSummarySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { ReportsService } from './reports.service.ts';

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.get(
    '/api/backoffice/v1/reports/summary',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Deposits, withdrawals, bets, wins, GGR, bonus cost, NGR of a period',
        description:
          'From the ledger: transactions posted in [from, to) (at most 366 days), postings of ' +
          'one currency (default USD; other currencies are not converted). GGR = bets − wins ' +
          '(casino and sportsbook stakes posted in the period, bonus money included, less ' +
          'returned stakes; payouts posted in the period); bonusCost = bonus money granted ' +
          'less forfeited, free-spin wins, promo-code credits, wheel and tournament prizes; ' +
          'NGR = GGR − bonusCost.',
        security: operatorSecurity,
        querystring: reportSummaryQuerySchema,
        response: {
          200: reportSummarySchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) =>
      await reports.summary(
        new Date(request.query.from),
        new Date(request.query.to),
        request.query.currency,
      ),
  );

  app.get(
    '/api/backoffice/v1/reports/dashboard',
    {
      onRequest: app.authorizeOperator(
        'admin',
        'finance',
        'support',
        'trading',
        'marketing',
        'read_only',
      ),
      schema: {
        tags: ['backoffice'],
        summary: 'The dashboard: today, 7 and 30 days, open sport liability, pending queues',
        security: operatorSecurity,
        querystring: dashboardQuerySchema,
        response: {
          200: dashboardSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) => await reports.dashboard(request.query.currency),
  );
};
