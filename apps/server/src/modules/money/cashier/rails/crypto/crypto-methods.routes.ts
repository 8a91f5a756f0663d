import {
  backofficeCryptoMethodListSchema,
  backofficeCryptoMethodSchema,
  cryptoMethodCodeParamsSchema,
  updateCryptoMethodBodySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../../../lib/error-body.ts';
import { requestContext } from '../../../../../lib/request-context.ts';
import { currentOperator } from '../../../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../../../plugins/openapi.ts';
import type { CryptoMethodsService } from './crypto-methods.service.ts';

/** The operator's crypto methods catalog (the fourteen methods of migration 0018). */
export const cryptoMethodsBackofficeRoutes: FastifyPluginAsyncZod<{
  methods: CryptoMethodsService;
}> = async (app, { methods }) => {
  app.get(
    '/api/backoffice/v1/crypto/methods',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Crypto methods, enabled or not (admin, finance, read_only)',
        description: 'Amounts are exact decimal strings of the asset (its ledger scale).',
        security: operatorSecurity,
        response: {
          200: backofficeCryptoMethodListSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => ({ items: await methods.listForOperators() }),
  );

  app.patch(
    '/api/backoffice/v1/crypto/methods/:code',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Change a crypto method (admin, finance)',
        description:
          'Any of name, precision (at most the asset’s ledger scale), minDeposit, ' +
          'minWithdraw, withdrawFee, cryptobotMinDeposit (decimal strings of the asset, at most ' +
          'its scale’s decimals; minimums above zero), confirmations, valuePresets, ' +
          'withdrawAllowed, depositEnabled, providers (cryptobot, ton_connect), sortOrder. ' +
          'Audited (`crypto_method.update`, before and after). 404 for an unknown code.',
        security: operatorSecurity,
        params: cryptoMethodCodeParamsSchema,
        body: updateCryptoMethodBodySchema,
        response: {
          200: backofficeCryptoMethodSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request) =>
      await methods.update(request.params.code, request.body, {
        operatorId: currentOperator(request).operator.id,
        context: requestContext(request),
      }),
  );
};
