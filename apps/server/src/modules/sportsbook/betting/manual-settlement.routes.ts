import {
  manualReasonBodySchema,
  manualSettleBodySchema,
  manualSettlementParamsSchema,
  manualSettlementSchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { ManualSettlement } from './manual-settlement.service.ts';

const actor = (request: FastifyRequest): OperatorActor => ({
  operatorId: currentOperator(request).operator.id,
  context: requestContext(request),
});

const operatorErrors = ['unauthorized', 'forbidden'] as const;
const bodyErrors = ['payload_too_large', 'unsupported_media_type'] as const;

const rule =
  'An operator’s settlement stands over the feed’s decision on the market (earlier or later ' +
  'results and cancellations of the feed do not change it) until an operator unsettles the ' +
  'market, which gives it back to the feed. Every ticket on the market settles, resettles (a ' +
  'changed payout is taken back and paid again) or reopens exactly once, in one transaction.';

/**
 * The operators' manual settlement of a sport market (`/api/backoffice/v1/sport/markets/{id}/
 * settlement|settle|void|unsettle`). Role: admin (it moves money), every change audited with
 * its reason. Operators are few and signed in and each call is one transaction over the
 * market's tickets, so no rate limit beyond the operator sign-in's; a body carries at most 200
 * outcomes.
 */
export const manualSettlementRoutes: FastifyPluginAsyncZod<{ manual: ManualSettlement }> = async (
  app,
  { manual },
) => {
  app.get(
    '/api/backoffice/v1/sport/markets/:id/settlement',
    {
      onRequest: app.authorizeOperator('admin', 'trading', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Who decides a market: an operator’s settlement or the feed (admin, trading, finance, read_only)',
        security: operatorSecurity,
        params: manualSettlementParamsSchema,
        response: {
          200: manualSettlementSchema,
          ...errorResponses('validation_error', 'not_found', ...operatorErrors),
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await manual.current(request.params.id)),
  );

  app.post(
    '/api/backoffice/v1/sport/markets/:id/settle',
    {
      onRequest: app.authorizeOperator('admin', 'trading'),
      schema: {
        tags: ['backoffice'],
        summary: 'Settle or resettle a market by hand, with a reason (admin, trading; audited)',
        description:
          '`outcomes`: each outcome’s result (`won`/`lost`) with `voidFactor` (0, 0.5 on a ' +
          'quarter line, 1 void) and `deadHeatFactor` (0–1]; an outcome not named is lost; an ' +
          'outcome that is not the market’s answers 400. Settling again replaces the results. ' +
          'The market is also held suspended. ' +
          rule,
        security: operatorSecurity,
        params: manualSettlementParamsSchema,
        body: manualSettleBodySchema,
        response: {
          200: manualSettlementSchema,
          ...errorResponses('validation_error', 'not_found', ...bodyErrors, ...operatorErrors),
        },
      },
    },
    async (request) => manual.settle(actor(request), request.params.id, request.body),
  );

  app.post(
    '/api/backoffice/v1/sport/markets/:id/void',
    {
      onRequest: app.authorizeOperator('admin', 'trading'),
      schema: {
        tags: ['backoffice'],
        summary: 'Void a market by hand, with a reason (admin, trading; audited)',
        description:
          'Every outcome void: each ticket’s leg on the market counts at odds 1 (a single is ' +
          'refunded). The market is also held suspended. ' +
          rule,
        security: operatorSecurity,
        params: manualSettlementParamsSchema,
        body: manualReasonBodySchema,
        response: {
          200: manualSettlementSchema,
          ...errorResponses('validation_error', 'not_found', ...bodyErrors, ...operatorErrors),
        },
      },
    },
    async (request) => manual.voidMarket(actor(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/backoffice/v1/sport/markets/:id/unsettle',
    {
      onRequest: app.authorizeOperator('admin', 'trading'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Take an operator’s settlement of a market back, with a reason (admin, trading; audited)',
        description:
          'The market follows the feed’s decision again: tickets the feed has not decided are ' +
          'open again (what their settlement paid is taken back), the others are settled by the ' +
          'feed’s results. Idempotent: a market no operator settled is answered unchanged. The ' +
          'market stays suspended until an operator resumes it.',
        security: operatorSecurity,
        params: manualSettlementParamsSchema,
        body: manualReasonBodySchema,
        response: {
          200: manualSettlementSchema,
          ...errorResponses('validation_error', 'not_found', ...bodyErrors, ...operatorErrors),
        },
      },
    },
    async (request) => manual.unsettle(actor(request), request.params.id, request.body.reason),
  );
};
