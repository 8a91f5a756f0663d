import {
  backofficePromoCodeSchema,
  backofficePromoCodesPageSchema,
  backofficePromoCodesQuerySchema,
  firstDepositPromoSchema,
  newPromoCodeBodySchema,
  promoCodeIdParamsSchema,
  updatePromoCodeBodySchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { PromoCodesService } from './promocodes.service.ts';

const bodyErrors = ['payload_too_large', 'unsupported_media_type'] as const;

/** The operator's promo codes and first-deposit promo (admin); every change is audited. */
export const promoCodesBackofficeRoutes: FastifyPluginAsyncZod<{
  promoCodes: PromoCodesService;
}> = async (app, { promoCodes }) => {
  const actor = (request: FastifyRequest): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });

  app.get(
    '/api/backoffice/v1/promocodes',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Promo codes, newest first; `code` filters by a part of the code (admin, marketing, read_only)',
        security: operatorSecurity,
        querystring: backofficePromoCodesQuerySchema,
        response: {
          200: backofficePromoCodesPageSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) => promoCodes.list(request.query),
  );

  app.post(
    '/api/backoffice/v1/promocodes',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Create a promo code (admin, marketing)',
        description:
          'Codes are unique without regard to case (Validation.promo_code_taken on `code`). ' +
          'main needs a positive amountUsd and no offer; bonus and conditions need an existing ' +
          'offerId; conditions take no amount; validFrom must precede validTo.',
        security: operatorSecurity,
        body: newPromoCodeBodySchema,
        response: {
          201: backofficePromoCodeSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', ...bodyErrors),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await promoCodes.create(actor(request), request.body)),
  );

  app.patch(
    '/api/backoffice/v1/promocodes/:id',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Change a promo code: any subset of its fields (admin, marketing)',
        description: 'The rules between fields are checked on the changed code as a whole.',
        security: operatorSecurity,
        params: promoCodeIdParamsSchema,
        body: updatePromoCodeBodySchema,
        response: {
          200: backofficePromoCodeSchema,
          ...errorResponses(
            'validation_error',
            'unauthorized',
            'forbidden',
            'not_found',
            ...bodyErrors,
          ),
        },
      },
    },
    async (request) => promoCodes.update(actor(request), request.params.id, request.body),
  );

  app.get(
    '/api/backoffice/v1/promocodes/first-deposit',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'The promo code the timed first-deposit promo presents (admin, marketing, read_only)',
        security: operatorSecurity,
        response: {
          200: firstDepositPromoSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => promoCodes.firstDepositPromo(),
  );

  app.put(
    '/api/backoffice/v1/promocodes/first-deposit',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Set or clear (null) the first-deposit promo code (admin, marketing)',
        security: operatorSecurity,
        body: firstDepositPromoSchema,
        response: {
          200: firstDepositPromoSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', ...bodyErrors),
        },
      },
    },
    async (request) => promoCodes.setFirstDepositPromo(actor(request), request.body),
  );
};
