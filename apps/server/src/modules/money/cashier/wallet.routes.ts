import {
  backofficeOrderListResponseSchema,
  backofficeOrderSchema,
  backofficeOrdersQuerySchema,
  createBuyOrderBodySchema,
  createSellOrderBodySchema,
  disputeBodySchema,
  fiatConditionsResponseSchema,
  fiatOrderSchema,
  fiatSellOrderSchema,
  notExpiredOrderQuerySchema,
  notExpiredOrderResponseSchema,
  paymentRestrictionsBodySchema,
  paymentRestrictionsSchema,
  playerGlobalIdParamsSchema,
  receiptBodySchema,
  receiptMaxBytes,
  resolveDisputeBodySchema,
  savedDetailsQuerySchema,
  savedDetailsResponseSchema,
  transactionHistoryQuerySchema,
  transactionHistoryResponseSchema,
  withdrawEnabledResponseSchema,
} from '@casino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator, currentPlayer } from '../../../plugins/authentication.ts';
import { operatorSecurity, playerSecurity } from '../../../plugins/openapi.ts';
import { countryOfIp } from '../../platform/region/region.service.ts';
import type { PlayerContext, WalletService } from './wallet.service.ts';

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

export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (
  app,
  { wallet },
) => {
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
    async (request) => wallet.conditions(player(request)),
  );

  app.post(
    '/api/v2/wallet/orders/buy',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Create a fiat deposit order (requires Idempotency-Key)',
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
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await wallet.createBuyOrder(player(request), request.body, transaction),
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
      wallet.notExpiredOrder(currentPlayer(request).account.id, request.query.bank_id),
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
    async (request) => wallet.getBuyOrder(currentPlayer(request).account.id, request.params.id),
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
        body: await wallet.uploadReceipt(
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
      const receipt = await wallet.receipt(request.params.id, currentPlayer(request).account.id);
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
      const image = await wallet.disputeImage(request.params.id, currentPlayer(request).account.id);
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
        body: await wallet.openDispute(
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
        body: await wallet.createSellOrder(player(request), request.body, transaction),
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
        body: await wallet.cancelSellOrder(
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
    async (request) => wallet.savedDetails(currentPlayer(request).account.id, request.query.bankId),
  );

  app.get(
    '/api/v2/wallet/txns',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'The player’s deposits and withdrawals, newest first',
        security: playerSecurity,
        querystring: transactionHistoryQuerySchema,
        response: {
          200: transactionHistoryResponseSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request) =>
      wallet.history(currentPlayer(request).account.id, {
        limit: request.query.limit,
        offset: request.query.offset,
      }),
  );

  app.get(
    '/api/v2/wallet/wager',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Withdraw-enabled check: 200, or wager / personal_data_required',
        description:
          '`verificationRequired` is true when WITHDRAW_VERIFICATION_REQUIRED is on and the ' +
          'player is not verified: the app goes to personal data and a withdrawal answers 409 ' +
          'personal_data_required until support verifies the player.',
        security: playerSecurity,
        response: {
          200: withdrawEnabledResponseSchema,
          ...errorResponses(...playerErrors, 'wager', 'personal_data_required'),
        },
      },
    },
    async (request) => wallet.withdrawCheck(currentPlayer(request).account.id),
  );

  // ─── operators ─────────────────────────────────────────────────────────────────────────────

  const operatorRoles = app.authorizeOperator('admin', 'finance');

  app.get(
    '/api/backoffice/v1/players/:globalId/payment-restrictions',
    {
      onRequest: operatorRoles,
      schema: {
        tags: ['backoffice'],
        summary: 'A player’s payment restrictions (admin, finance)',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        response: {
          200: paymentRestrictionsSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => wallet.paymentRestrictions(request.params.globalId),
  );

  app.put(
    '/api/backoffice/v1/players/:globalId/payment-restrictions',
    {
      onRequest: operatorRoles,
      schema: {
        tags: ['backoffice'],
        summary: 'Set a player’s payment restrictions (admin, finance)',
        description:
          'buyBanned: deposits answer 403 wallet_buy_banned; fiatBanned: every fiat order ' +
          '(deposit or withdrawal) answers 403 wallet_fiat_banned. Both false lifts them.',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        body: paymentRestrictionsBodySchema,
        response: {
          200: paymentRestrictionsSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'not_found'),
        },
      },
    },
    async (request) =>
      wallet.setPaymentRestrictions(
        { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
        request.params.globalId,
        request.body,
      ),
  );

  app.get(
    '/api/backoffice/v1/orders',
    {
      onRequest: operatorRoles,
      schema: {
        tags: ['backoffice'],
        summary: 'Fiat orders, newest first (admin, finance)',
        security: operatorSecurity,
        querystring: backofficeOrdersQuerySchema,
        response: {
          200: backofficeOrderListResponseSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error'),
        },
      },
    },
    async (request) => wallet.listOrders(request.query),
  );

  app.get(
    '/api/backoffice/v1/orders/:id/receipt',
    {
      onRequest: operatorRoles,
      schema: {
        tags: ['backoffice'],
        summary: 'The receipt image of an order (admin, finance)',
        security: operatorSecurity,
        params: orderParams,
        response: {
          200: receiptImageSchema,
          ...errorResponses('unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const receipt = await wallet.receipt(request.params.id, null);
      return sendPrivateImage(reply, receipt);
    },
  );

  app.get(
    '/api/backoffice/v1/orders/:id/dispute-image',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'support'),
      schema: {
        tags: ['backoffice'],
        summary: 'The image a player attached to a dispute (admin, finance, support)',
        security: operatorSecurity,
        params: orderParams,
        response: {
          200: receiptImageSchema,
          ...errorResponses('unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const image = await wallet.disputeImage(request.params.id, null);
      return sendPrivateImage(reply, image);
    },
  );

  for (const action of ['approve', 'decline'] as const) {
    app.post(
      `/api/backoffice/v1/orders/:id/${action}`,
      {
        onRequest: operatorRoles,
        schema: {
          tags: ['backoffice'],
          summary:
            action === 'approve'
              ? 'Approve: a deposit is credited exactly once; a withdrawal’s hold is posted'
              : 'Decline: a deposit is closed; a withdrawal’s hold is released',
          security: operatorSecurity,
          params: orderParams,
          response: {
            200: backofficeOrderSchema,
            ...errorResponses(
              'unauthorized',
              'forbidden',
              'not_found',
              'order_status_conflict',
              'idempotency_key_reused',
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
          return {
            statusCode: 200,
            body:
              action === 'approve'
                ? await wallet.approve(actor, request.params.id, undefined, transaction)
                : await wallet.decline(actor, request.params.id, transaction),
          };
        }),
    );
  }

  app.post(
    '/api/backoffice/v1/orders/:id/resolve-dispute',
    {
      onRequest: operatorRoles,
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
        body: await wallet.resolveDispute(
          { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
          request.params.id,
          request.body,
          transaction,
        ),
      })),
  );
};
