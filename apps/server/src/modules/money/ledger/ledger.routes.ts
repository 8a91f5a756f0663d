import { balanceSchema, walletCurrenciesResponseSchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { BalanceService } from './balance.service.ts';

export const ledgerRoutes: FastifyPluginAsyncZod<{ balance: BalanceService }> = async (
  app,
  { balance },
) => {
  app.get(
    '/api/v1/balance',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'The signed-in player’s balance in their primary currency',
        security: playerSecurity,
        response: {
          200: balanceSchema,
          ...errorResponses('unauthorized', 'user_banned', 'region_restricted'),
        },
      },
    },
    async (request) => balance.balance(currentPlayer(request).account.id),
  );

  app.get(
    '/api/v1/wallet/currencies',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['wallet'],
        summary: 'Currencies the player may choose as primary (the balance currency switch)',
        security: playerSecurity,
        response: {
          200: walletCurrenciesResponseSchema,
          ...errorResponses('unauthorized', 'user_banned', 'region_restricted'),
        },
      },
    },
    async () => balance.primaryCurrencies(),
  );
};
