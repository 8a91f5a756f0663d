import {
  awaitingSecondApprovalSchema,
  backofficeCryptoWithdrawalListSchema,
  backofficeCryptoWithdrawalSchema,
  backofficeCryptoWithdrawalsQuerySchema,
  completeCryptoWithdrawalBodySchema,
  cryptoMethodCodeSchema,
  cryptoWithdrawalSchema,
  cryptoWithdrawBodySchema,
  recentAddressesResponseSchema,
  rejectCryptoWithdrawalBodySchema,
  withdrawFeeQuerySchema,
  withdrawFeeResponseSchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../../lib/error-body.ts';
import { requestContext } from '../../../../../lib/request-context.ts';
import { currentOperator, currentPlayer } from '../../../../../plugins/authentication.ts';
import { operatorSecurity, playerSecurity } from '../../../../../plugins/openapi.ts';
import type { OperatorActor } from '../../../../backoffice/audit/audit.service.ts';
import type { CryptoWithdrawalsService } from './withdrawals.service.ts';

const codeParams = z.strictObject({ code: cryptoMethodCodeSchema });
const withdrawalParams = z.strictObject({ id: z.string().min(1).max(64) });
const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

function actorOf(request: FastifyRequest): OperatorActor {
  return { operatorId: currentOperator(request).operator.id, context: requestContext(request) };
}

export const cryptoWithdrawalsRoutes: FastifyPluginAsyncZod<{
  withdrawals: CryptoWithdrawalsService;
}> = async (app, { withdrawals }) => {
  app.get(
    '/api/v1/wallet/currencies/:code/withdraw_fee',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'The network fee of a crypto withdrawal and the range its amount must lie in',
        description:
          'fee: the method’s network fee; minAmount: its minimum; maxAmount: the main balance ' +
          'in the asset at the rate in force, minus the fee, within today’s withdrawal limit ' +
          '(0 when short). Decimal strings in the asset at the method’s precision.',
        security: playerSecurity,
        params: codeParams,
        querystring: withdrawFeeQuerySchema,
        response: {
          200: withdrawFeeResponseSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'not_found',
            'crypto_method_disabled',
            'error_currency_not_supported',
          ),
        },
      },
    },
    async (request) =>
      withdrawals.withdrawFee(currentPlayer(request).account.id, request.params.code),
  );

  app.post(
    '/api/v1/wallet/txns/withdraw',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary:
          'Create a crypto withdrawal: holds amount + fee until it is paid (Idempotency-Key)',
        description:
          'The address must be valid on the method’s network (format and checksum: ' +
          'error_invalid_address) and not one of the platform’s deposit addresses ' +
          '(error_internal_address); a memo only on TON; provider cryptobot pays the linked ' +
          'messenger account instead (messenger_not_linked). Bonuses are forfeited. Without a ' +
          'payout provider for chain withdrawals, or without the crypto-bot, that way answers ' +
          'payments_are_disabled.',
        security: playerSecurity,
        body: cryptoWithdrawBodySchema,
        response: {
          200: cryptoWithdrawalSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'not_found',
            'crypto_method_disabled',
            'payments_are_disabled',
            'error_invalid_address',
            'error_internal_address',
            'error_currency_not_supported',
            'messenger_not_linked',
            'personal_data_required',
            'insufficient_balance',
            'withdraw_daily_limit_exceeded',
            'idempotency_key_reused',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await withdrawals.createWithdrawal(
          currentPlayer(request).account.id,
          request.body,
          transaction,
        ),
      })),
  );

  app.post(
    '/api/v1/wallet/txns/cancel/:id',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Cancel a pending crypto withdrawal before cancellableUntil; releases the hold',
        security: playerSecurity,
        params: withdrawalParams,
        response: {
          200: cryptoWithdrawalSchema,
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
        body: await withdrawals.cancel(
          currentPlayer(request).account.id,
          request.params.id,
          transaction,
        ),
      })),
  );

  app.get(
    '/api/v1/wallet/addresses/:code',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'The player’s recent withdrawal addresses for a crypto method (at most 5)',
        security: playerSecurity,
        params: codeParams,
        response: {
          200: recentAddressesResponseSchema,
          ...errorResponses(...playerErrors, 'validation_error'),
        },
      },
    },
    async (request) =>
      withdrawals.recentAddresses(currentPlayer(request).account.id, request.params.code),
  );

  // ─── operators: the sandbox payout provider ─────────────────────────────────────────────

  app.get(
    '/api/backoffice/v1/crypto/withdrawals',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Crypto withdrawals, newest first (admin, finance, read_only)',
        security: operatorSecurity,
        querystring: backofficeCryptoWithdrawalsQuerySchema,
        response: {
          200: backofficeCryptoWithdrawalListSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error'),
        },
      },
    },
    async (request) => withdrawals.list(request.query),
  );

  app.post(
    '/api/backoffice/v1/crypto/withdrawals/:id/complete',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Pay a pending crypto withdrawal; the hold moves to the asset’s clearing account',
        description:
          'A chain withdrawal: the operator sent the coins and reports the transaction hash ' +
          '(txHash required). A crypto-bot withdrawal: the bot transfers it to the player’s ' +
          'messenger account (no txHash). A second completion is order_status_conflict. ' +
          'Above the four-eyes threshold the first operator’s completion answers 202 ' +
          'awaiting_second_approval and pays nothing; another operator’s pays (the same one ' +
          'again: 409 four_eyes_required). ' +
          'Without the payout provider of the withdrawal (CRYPTO_PAYOUT_PROVIDER=off, ' +
          'CRYPTOBOT_MODE=off) it answers payments_are_disabled and moves nothing.',
        security: operatorSecurity,
        params: withdrawalParams,
        body: completeCryptoWithdrawalBodySchema,
        response: {
          200: backofficeCryptoWithdrawalSchema,
          202: awaitingSecondApprovalSchema,
          ...errorResponses(
            'unauthorized',
            'forbidden',
            'not_found',
            'validation_error',
            'order_status_conflict',
            'payments_are_disabled',
            'idempotency_key_reused',
            'four_eyes_required',
          ),
        },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (transaction) => {
        const body = await withdrawals.complete(
          actorOf(request),
          request.params.id,
          request.body.txHash,
          transaction,
        );
        return { statusCode: body.status === 'awaiting_second_approval' ? 202 : 200, body };
      }),
  );

  app.post(
    '/api/backoffice/v1/crypto/withdrawals/:id/reject',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Decline a pending crypto withdrawal; the hold returns to the player',
        security: operatorSecurity,
        params: withdrawalParams,
        body: rejectCryptoWithdrawalBodySchema,
        response: {
          200: backofficeCryptoWithdrawalSchema,
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
        body: await withdrawals.reject(
          actorOf(request),
          request.params.id,
          request.body.reason,
          transaction,
        ),
      })),
  );
};
