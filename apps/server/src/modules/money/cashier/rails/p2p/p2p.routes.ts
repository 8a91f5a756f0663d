import {
  awaitingSecondApprovalSchema,
  backofficeOrderListResponseSchema,
  backofficeOrderSchema,
  backofficeOrdersQuerySchema,
  createBuyOrderBodySchema,
  createSellOrderBodySchema,
  type DeclineOrderBody,
  declineOrderBodySchema,
  disputeBodySchema,
  fiatConditionsResponseSchema,
  fiatOrderSchema,
  fiatSellOrderSchema,
  notExpiredOrderQuerySchema,
  notExpiredOrderResponseSchema,
  receiptBodySchema,
  receiptMaxBytes,
  resolveDisputeBodySchema,
  savedDetailsQuerySchema,
  savedDetailsResponseSchema,
} from '@casino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../../lib/error-body.ts';
import { requestContext } from '../../../../../lib/request-context.ts';
import { currentOperator, currentPlayer } from '../../../../../plugins/authentication.ts';
import { operatorSecurity, playerSecurity } from '../../../../../plugins/openapi.ts';
import { countryOfIp } from '../../../../platform/region/region.service.ts';
import type { DepositOrdersService } from './deposit-orders.service.ts';
import type { PlayerContext } from './fiat-methods.ts';
import type { OrderImages } from './order-images.service.ts';
import type { OrderReviewService } from './order-review.service.ts';
import type { WithdrawalOrdersService } from './withdrawal-orders.service.ts';

/** Receipts and dispute images: only for their owner or operators, never cached by proxies. */
function sendPrivateImage(reply: FastifyReply, image: { mimeType: string; bytes: Buffer }) {
  return reply
    .type(image.mimeType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .send(image.bytes);
}

const orderParams = z.strictObject({ id: z.string().min(1).max(64) });
/** receipts are up to 5 MB decoded, ~6.7 MB as a data URL */
const imageBodyLimitBytes = Math.ceil(receiptMaxBytes / 3) * 4 + 64 * 1024;

/** the image bytes as stored (PNG, JPEG, WebP, GIF or HEIC) */
const receiptImageSchema = z.unknown().describe('The receipt image');

function player(request: FastifyRequest): PlayerContext {
  return { userId: currentPlayer(request).account.id, country: countryOfIp(request.ip) };
}

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

/**
 * The P2P rail's fiat orders: the player's deposits (buy orders, receipts, disputes) and
 * withdrawals (sell orders, saved details), and the operator's review of them.
 */
export const p2pRoutes: FastifyPluginAsyncZod<{
  deposits: DepositOrdersService;
  withdrawals: WithdrawalOrdersService;
  review: OrderReviewService;
  images: OrderImages;
}> = async (app, { deposits, withdrawals, review, images }) => {
  app.get(
    '/api/v2/wallet/orders/conditions',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Fiat methods offered to the player, with buy and sell conditions, by priority',
        security: playerSecurity,
        response: { 200: fiatConditionsResponseSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => deposits.conditions(player(request)),
  );

  app.post(
    '/api/v2/wallet/orders/buy',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Create a fiat deposit order (requires Idempotency-Key)',
        description:
          'An order that would take the player’s deposits (open orders included) past a deposit ' +
          'limit is 403 responsible_gambling_limit (payload type, period, amount, currency, ' +
          'used, resetsAt).',
        security: playerSecurity,
        body: createBuyOrderBodySchema,
        response: {
          200: fiatOrderSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'wallet_buy_banned',
            'wallet_fiat_banned',
            'error_orders_limit',
            'payments_are_disabled',
            'responsible_gambling_limit',
            'self_excluded',
            'timed_out',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await deposits.createBuyOrder(player(request), request.body, transaction),
      })),
  );

  app.get(
    '/api/v2/wallet/orders/not-expired',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'The player’s open deposit order for a method, or null',
        security: playerSecurity,
        querystring: notExpiredOrderQuerySchema,
        response: {
          200: notExpiredOrderResponseSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request) =>
      deposits.notExpiredOrder(currentPlayer(request).account.id, request.query.bank_id),
  );

  app.get(
    '/api/v1/wallet/orders/buy/:id',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'One of the player’s deposit orders',
        security: playerSecurity,
        params: orderParams,
        response: { 200: fiatOrderSchema, ...errorResponses(...playerErrors, 'not_found') },
      },
    },
    async (request) => deposits.getBuyOrder(currentPlayer(request).account.id, request.params.id),
  );

  app.post(
    '/api/v1/wallet/orders/buy/:id/paid',
    {
      onRequest: app.authenticatePlayer,
      bodyLimit: imageBodyLimitBytes,
      schema: {
        tags: ['wallet'],
        summary: 'Upload the payment receipt (an image, checked by content; max 5 MB)',
        security: playerSecurity,
        params: orderParams,
        body: receiptBodySchema,
        response: {
          200: fiatOrderSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'not_found',
            'order_status_conflict',
            'payload_too_large',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await deposits.uploadReceipt(
          currentPlayer(request).account.id,
          request.params.id,
          request.body,
          transaction,
        ),
      })),
  );

  app.get(
    '/api/v1/wallet/orders/buy/:id/receipt',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'The receipt image the player uploaded',
        security: playerSecurity,
        params: orderParams,
        response: { 200: receiptImageSchema, ...errorResponses(...playerErrors, 'not_found') },
      },
    },
    async (request, reply) => {
      const receipt = await images.receipt(request.params.id, currentPlayer(request).account.id);
      return sendPrivateImage(reply, receipt);
    },
  );

  app.get(
    '/api/v1/wallet/orders/buy/:id/dispute-image',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'The image the player attached to a dispute on this deposit',
        security: playerSecurity,
        params: orderParams,
        response: { 200: receiptImageSchema, ...errorResponses(...playerErrors, 'not_found') },
      },
    },
    async (request, reply) => {
      const image = await images.disputeImage(request.params.id, currentPlayer(request).account.id);
      return sendPrivateImage(reply, image);
    },
  );

  app.post(
    '/api/v1/wallet/orders/buy/:id/dispute',
    {
      onRequest: app.authenticatePlayer,
      bodyLimit: imageBodyLimitBytes,
      schema: {
        tags: ['wallet'],
        summary: 'Open a dispute on a deposit order',
        security: playerSecurity,
        params: orderParams,
        body: disputeBodySchema,
        response: {
          200: fiatOrderSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'not_found',
            'order_status_conflict',
            'payload_too_large',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await deposits.openDispute(
          currentPlayer(request).account.id,
          request.params.id,
          request.body,
          transaction,
        ),
      })),
  );

  app.post(
    '/api/v2/wallet/orders/sell',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Create a fiat withdrawal: holds amount + fee until the operator settles it',
        security: playerSecurity,
        body: createSellOrderBodySchema,
        response: {
          200: fiatSellOrderSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'wallet_withdraw_too_small',
            'wallet_fiat_banned',
            'personal_data_required',
            'insufficient_balance',
            'withdraw_daily_limit_exceeded',
            'payments_are_disabled',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await withdrawals.createSellOrder(player(request), request.body, transaction),
      })),
  );

  app.post(
    '/api/v1/wallet/orders/sell/:id/cancel',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Cancel a pending withdrawal before cancellableUntil; releases the hold',
        security: playerSecurity,
        params: orderParams,
        response: {
          200: fiatSellOrderSchema,
          ...errorResponses(
            ...playerErrors,
            'not_found',
            'order_not_cancellable',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await withdrawals.cancelSellOrder(
          currentPlayer(request).account.id,
          request.params.id,
          transaction,
        ),
      })),
  );

  app.get(
    '/api/v2/wallet/orders/sell/saved',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Withdrawal details the player used before with this method, newest first',
        security: playerSecurity,
        querystring: savedDetailsQuerySchema,
        response: {
          200: savedDetailsResponseSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request) =>
      withdrawals.savedDetails(currentPlayer(request).account.id, request.query.bankId),
  );

  // ─── operators ─────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/backoffice/v1/orders',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Fiat orders, filtered, newest or oldest first (admin, finance, read_only)',
        description:
          'Filters combine: `queue` (depositsAwaitingApproval, disputes, fiatWithdrawalsToPay: ' +
          'the rule the dashboard counts by), status, type, playerGlobalId, currency, methodId, ' +
          '`createdFrom`/`createdTo` (an instant, or a day in UTC, both ends included). ' +
          '`sort=createdAt&order=asc` lists a queue oldest first. `cursor`: the previous ' +
          'page’s `meta.nextCursor`.',
        security: operatorSecurity,
        querystring: backofficeOrdersQuerySchema,
        response: {
          200: backofficeOrderListResponseSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error'),
        },
      },
    },
    async (request) => review.listOrders(request.query),
  );

  app.get(
    '/api/backoffice/v1/orders/:id/receipt',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'The receipt image of an order (admin, finance, read_only)',
        security: operatorSecurity,
        params: orderParams,
        response: {
          200: receiptImageSchema,
          ...errorResponses('unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const receipt = await images.receipt(request.params.id, null);
      return sendPrivateImage(reply, receipt);
    },
  );

  app.get(
    '/api/backoffice/v1/orders/:id/dispute-image',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'support', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'The image a player attached to a dispute (admin, finance, support, read_only)',
        security: operatorSecurity,
        params: orderParams,
        response: {
          200: receiptImageSchema,
          ...errorResponses('unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const image = await images.disputeImage(request.params.id, null);
      return sendPrivateImage(reply, image);
    },
  );

  for (const action of ['approve', 'decline'] as const) {
    app.post(
      `/api/backoffice/v1/orders/:id/${action}`,
      {
        onRequest: app.authorizeOperator('admin', 'finance'),
        schema: {
          tags: ['backoffice'],
          summary:
            action === 'approve'
              ? 'Approve: a deposit is credited exactly once; a withdrawal’s hold is posted'
              : 'Decline: a deposit is closed; a withdrawal’s hold is released',
          ...(action === 'approve'
            ? {
                description:
                  'A withdrawal worth more than the four-eyes threshold (settings/four-eyes) ' +
                  'is paid on the approval of a second operator: the first answers 202 ' +
                  '`awaiting_second_approval`; the same operator again is 409 ' +
                  'four_eyes_required.',
              }
            : {}),
          security: operatorSecurity,
          params: orderParams,
          ...(action === 'decline' ? { body: declineOrderBodySchema } : {}),
          response: {
            200: backofficeOrderSchema,
            ...(action === 'approve' ? { 202: awaitingSecondApprovalSchema } : {}),
            ...errorResponses(
              'unauthorized',
              'forbidden',
              'not_found',
              'order_status_conflict',
              'idempotency_key_reused',
              ...(action === 'approve'
                ? (['four_eyes_required'] as const)
                : (['validation_error'] as const)),
            ),
          },
        },
      },
      async (request, reply) =>
        app.idempotent(request, reply, async (transaction) => {
          const actor = {
            operatorId: currentOperator(request).operator.id,
            context: requestContext(request),
          };
          const body =
            action === 'approve'
              ? await review.approve(actor, request.params.id, undefined, transaction)
              : await review.decline(
                  actor,
                  request.params.id,
                  transaction,
                  (request.body as DeclineOrderBody | undefined)?.reason ?? null,
                );
          return {
            statusCode: body.status === 'awaiting_second_approval' ? 202 : 200,
            body,
          };
        }),
    );
  }

  app.post(
    '/api/backoffice/v1/orders/:id/resolve-dispute',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Settle a disputed deposit: approve (optionally another amount) or decline',
        security: operatorSecurity,
        params: orderParams,
        body: resolveDisputeBodySchema,
        response: {
          200: backofficeOrderSchema,
          ...errorResponses(
            'unauthorized',
            'forbidden',
            'not_found',
            'validation_error',
            'order_status_conflict',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await review.resolveDispute(
          { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
          request.params.id,
          request.body,
          transaction,
        ),
      })),
  );
};
