import {
  adjustmentBodySchema,
  adjustmentSchema,
  playerGlobalIdParamsSchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { AdjustmentsService } from './adjustments.service.ts';

const adjustmentParams = z.strictObject({ id: z.uuid() });

export const adjustmentsRoutes: FastifyPluginAsyncZod<{ adjustments: AdjustmentsService }> = async (
  app,
  { adjustments },
) => {
  const actor = (request: FastifyRequest): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });

  app.post(
    '/api/backoffice/v1/players/:globalId/adjustments',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Adjust a player’s main balance by hand (Idempotency-Key; audited)',
        description:
          'A signed amount between the house and the player’s main balance, with a reason. ' +
          'At or under the four-eyes threshold it is applied at once (201, status applied); ' +
          'above it, 202 awaiting_second_approval until another operator approves it. A debit ' +
          'the balance does not cover is 409 insufficient_balance.',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        body: adjustmentBodySchema,
        response: {
          201: adjustmentSchema,
          202: adjustmentSchema,
          ...errorResponses(
            'validation_error',
            'unauthorized',
            'forbidden',
            'not_found',
            'insufficient_balance',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => {
        const body = await adjustments.request(
          transaction,
          actor(request),
          request.params.globalId,
          request.body,
        );
        return { statusCode: body.status === 'applied' ? 201 : 202, body };
      }),
  );

  app.post(
    '/api/backoffice/v1/players/:globalId/adjustments/:id/approve',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Approve a manual adjustment awaiting a second operator (Idempotency-Key)',
        description:
          'Applies it through the ledger. The operator who asked for it cannot (409 ' +
          'four_eyes_required); one no longer waiting is 409 adjustment_not_pending.',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema.extend(adjustmentParams.shape),
        response: {
          200: adjustmentSchema,
          ...errorResponses(
            'unauthorized',
            'forbidden',
            'not_found',
            'four_eyes_required',
            'adjustment_not_pending',
            'insufficient_balance',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await adjustments.approve(transaction, actor(request), request.params.id),
      })),
  );

  app.post(
    '/api/backoffice/v1/players/:globalId/adjustments/:id/reject',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Reject a manual adjustment awaiting a second operator (Idempotency-Key; audited)',
        description:
          'Another operator turns it down, or the one who asked withdraws it: status rejected, ' +
          'no money moves, and it leaves the approvals queue. One no longer waiting is 409 ' +
          'adjustment_not_pending.',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema.extend(adjustmentParams.shape),
        response: {
          200: adjustmentSchema,
          ...errorResponses(
            'unauthorized',
            'forbidden',
            'not_found',
            'adjustment_not_pending',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await adjustments.reject(transaction, actor(request), request.params.id),
      })),
  );
};
