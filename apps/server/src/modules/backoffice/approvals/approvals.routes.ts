import { approvalsPageSchema, approvalsQuerySchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { ApprovalsService } from './approvals.service.ts';

export const approvalsRoutes: FastifyPluginAsyncZod<{ approvals: ApprovalsService }> = async (
  app,
  { approvals },
) => {
  app.get(
    '/api/backoffice/v1/approvals',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'What awaits a second operator’s approval, oldest first (admin, finance, read_only)',
        description:
          'Maker-checker: withdrawals (fiat payouts `p2p_order`, `crypto_withdrawal`) a first ' +
          'operator approved and manual balance adjustments (`adjustment`) above the four-eyes ' +
          'threshold, each with the operator who asked first (who may not approve it). ' +
          '`kind=withdrawal|adjustment`, `currency`, `playerGlobalId` filter. Approve through ' +
          '`POST …/orders/{id}/approve`, `…/crypto/withdrawals/{id}/complete` or ' +
          '`…/players/{globalId}/adjustments/{id}/approve`.',
        security: operatorSecurity,
        querystring: approvalsQuerySchema,
        response: {
          200: approvalsPageSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error'),
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await approvals.pending(request.query)),
  );
};
