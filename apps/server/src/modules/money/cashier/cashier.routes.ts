import {
  paymentRestrictionsBodySchema,
  paymentRestrictionsSchema,
  playerGlobalIdParamsSchema,
  transactionHistoryQuerySchema,
  transactionHistoryResponseSchema,
  withdrawEnabledResponseSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator, currentPlayer } from '../../../plugins/authentication.ts';
import { operatorSecurity, playerSecurity } from '../../../plugins/openapi.ts';
import type { Cashier } from './cashier.service.ts';
import type { TransactionHistory } from './history.service.ts';
import type { PaymentRestrictionsService } from './payment-restrictions.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

/**
 * What the cashier answers over every rail: the player's history and withdraw-enabled check,
 * and the operator's payment restrictions. Each rail serves its own orders, addresses and
 * invoices.
 */
export const cashierRoutes: FastifyPluginAsyncZod<{
  cashier: Pick<Cashier, 'withdrawCheck'>;
  history: TransactionHistory;
  restrictions: PaymentRestrictionsService;
}> = async (app, { cashier, history, restrictions }) => {
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
      history.history(currentPlayer(request).account.id, {
        limit: request.query.limit,
        offset: request.query.offset,
        cursor: request.query.cursor,
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
    async (request) => cashier.withdrawCheck(currentPlayer(request).account.id),
  );

  // ─── operators ─────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/backoffice/v1/players/:globalId/payment-restrictions',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'A player’s payment restrictions (admin, finance, read_only)',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        response: {
          200: paymentRestrictionsSchema,
          ...errorResponses('unauthorized', 'forbidden', 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => restrictions.get(request.params.globalId),
  );

  app.put(
    '/api/backoffice/v1/players/:globalId/payment-restrictions',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
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
      restrictions.set(
        { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
        request.params.globalId,
        request.body,
      ),
  );
};
