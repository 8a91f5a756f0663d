import {
  assignCryptoDepositBodySchema,
  backofficeCryptoDepositListSchema as backofficeDepositListSchema,
  cryptoDepositBodySchema,
  cryptoDepositSchema,
  cryptoMethodsResponseSchema,
  historyCursorSchema,
  incomingTransferBodySchema,
  incomingTransferResultSchema,
  incomingTransferStatusSchema,
  paymentListFilterShape,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../../lib/error-body.ts';
import { requestContext } from '../../../../../lib/request-context.ts';
import { currentOperator, currentPlayer } from '../../../../../plugins/authentication.ts';
import { operatorSecurity, playerSecurity } from '../../../../../plugins/openapi.ts';
import type { OperatorReportedChainWatcher } from './chain-watcher.ts';
import type { CryptoMethodsService } from './crypto-methods.service.ts';
import type { CryptoDepositsService } from './deposits.service.ts';

const depositIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Validation.invalid_value' }),
});

const backofficeDepositsQuerySchema = z.strictObject({
  status: incomingTransferStatusSchema.optional(),
  ...paymentListFilterShape,
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** the previous page's `meta.nextCursor` (pagination.ts) */
  cursor: historyCursorSchema.optional(),
});

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

/**
 * The crypto wallet's deposit side: the methods catalog, the player's deposit address or
 * crypto-bot invoice, and the operator's chain-watcher report (the sandbox watcher) with the
 * list of incoming transfers.
 */
export const cryptoRoutes: FastifyPluginAsyncZod<{
  methods: CryptoMethodsService;
  deposits: CryptoDepositsService;
  /** the sandbox chain watcher; null (CRYPTO_CHAIN_WATCHER=off): its endpoint is not served */
  watcher: OperatorReportedChainWatcher | null;
}> = async (app, { methods, deposits, watcher }) => {
  app.get(
    '/api/v1/wallet/currencies/crypto',
    {
      onRequest: app.identifyPlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Crypto methods (public); signed in, `rate` is one unit in the primary currency',
        response: {
          200: cryptoMethodsResponseSchema,
          ...errorResponses('user_banned', 'region_restricted'),
        },
      },
    },
    async (request) => methods.list(request.player?.account.primaryCurrency ?? null),
  );

  app.post(
    '/api/v1/wallet/txns/deposit',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'The player’s deposit address for a crypto method, or a crypto-bot invoice',
        description:
          '`{currency}` answers the player’s stable address on the method’s network (with the ' +
          'memo to attach on TON and Solana). `{amount, currency, provider: "cryptobot"}` opens ' +
          'a crypto-bot invoice and answers its pay URL as `redirectUrl`; the amount must be at ' +
          'least the larger of the method’s and the crypto-bot’s minimum. A way that is not ' +
          'configured here (no chain watcher for addresses, no crypto-bot) answers ' +
          'payments_are_disabled. Past a deposit limit (an invoice: with its amount, open ones ' +
          'included; an address: once a limit has nothing left) it is 403 ' +
          'responsible_gambling_limit.',
        security: playerSecurity,
        body: cryptoDepositBodySchema,
        response: {
          200: cryptoDepositSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'wallet_buy_banned',
            'crypto_method_disabled',
            'payments_are_disabled',
            'error_currency_not_supported',
            'responsible_gambling_limit',
            'self_excluded',
            'timed_out',
            'service_unavailable',
          ),
        },
      },
    },
    async (request) => deposits.createDeposit(currentPlayer(request).account.id, request.body),
  );

  // ─── operators ─────────────────────────────────────────────────────────────────────────────

  // Giving a memo-less transfer to its player is routine support work (audited), so support
  // may list the transfers and assign an unmatched one; reporting transfers stays finance's.

  // The sandbox chain watcher is the operator: served only when it is configured.
  if (watcher !== null) {
    app.post(
      '/api/backoffice/v1/crypto/incoming',
      {
        onRequest: app.authorizeOperator('admin', 'finance'),
        schema: {
          tags: ['backoffice'],
          summary: 'Report an incoming transfer (the sandbox chain watcher; admin, finance)',
          description:
            'One transfer as seen on chain now. Recorded once per (network, txHash, ' +
            'outputIndex); later reports raise its confirmations; credited exactly once when they ' +
            'reach the method’s count. The same transfer with another amount, method or ' +
            'destination answers 409 crypto_transfer_conflict.',
          security: operatorSecurity,
          body: incomingTransferBodySchema,
          response: {
            200: incomingTransferResultSchema,
            ...errorResponses(
              'unauthorized',
              'forbidden',
              'validation_error',
              'crypto_transfer_conflict',
              'error_currency_not_supported',
              'idempotency_key_reused',
            ),
          },
        },
      },
      async (request, reply) =>
        app.idempotent(request, reply, async (transaction) => ({
          statusCode: 200,
          body: await watcher.report(
            { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
            request.body,
            transaction,
          ),
        })),
    );
  }

  app.get(
    '/api/backoffice/v1/crypto/deposits',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'support', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Incoming crypto transfers, newest first (admin, finance, support, read_only)',
        security: operatorSecurity,
        querystring: backofficeDepositsQuerySchema,
        response: {
          200: backofficeDepositListSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error'),
        },
      },
    },
    async (request) => deposits.list(request.query),
  );

  app.post(
    '/api/backoffice/v1/crypto/deposits/:id/assign',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'support'),
      schema: {
        tags: ['backoffice'],
        summary: 'Give an unmatched transfer to a player (admin, finance, support)',
        description:
          'For a transfer no player could be matched to (sent without the memo, or to an old ' +
          'address): it becomes the player’s (`playerGlobalId`) deposit and is credited once ' +
          'confirmed, exactly once. Anything but an unmatched transfer answers ' +
          'order_status_conflict. Audited (crypto.deposit.assign).',
        security: operatorSecurity,
        params: depositIdParamsSchema,
        body: assignCryptoDepositBodySchema,
        response: {
          200: incomingTransferResultSchema,
          ...errorResponses(
            'unauthorized',
            'forbidden',
            'validation_error',
            'not_found',
            'order_status_conflict',
            'error_currency_not_supported',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await deposits.assign(
          { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
          request.params.id,
          request.body,
          transaction,
        ),
      })),
  );
};
