import {
  backofficeBannerSchema,
  backofficeBannersPageSchema,
  backofficeBannersQuerySchema,
  backofficePartnerSchema,
  backofficePartnersSchema,
  bannerIdParamsSchema,
  newBannerBodySchema,
  partnerBodySchema,
  partnerIdParamsSchema,
  updateBannerBodySchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { BannersService } from './banners.service.ts';

const bodyErrors = ['payload_too_large', 'unsupported_media_type'] as const;
const operatorErrors = ['unauthorized', 'forbidden'] as const;

/** The operator's banners and partners (admin); every change is audited with its request. */
export const bannersBackofficeRoutes: FastifyPluginAsyncZod<{ banners: BannersService }> = async (
  app,
  { banners },
) => {
  const actor = (request: FastifyRequest): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });

  app.get(
    '/api/backoffice/v1/banners',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Banners in display order; `type` filters (admin, marketing, read_only)',
        security: operatorSecurity,
        querystring: backofficeBannersQuerySchema,
        response: {
          200: backofficeBannersPageSchema,
          ...errorResponses('validation_error', ...operatorErrors),
        },
      },
    },
    async (request) => banners.list(request.query),
  );

  app.post(
    '/api/backoffice/v1/banners',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Create a banner (admin, marketing)',
        description:
          'English copy is required. By type: specific_game, game_of_the_week(_new_web) and ' +
          'game_of_the_month need gameIds; tournament a tournamentId; common a url or a link ' +
          '(tournament, provider, category, promo category); active_players and ' +
          'cashback_new_web a url. Deposit bounds must not cross. Ids must exist.',
        security: operatorSecurity,
        body: newBannerBodySchema,
        response: {
          201: backofficeBannerSchema,
          ...errorResponses('validation_error', ...operatorErrors, ...bodyErrors),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await banners.create(actor(request), request.body)),
  );

  app.patch(
    '/api/backoffice/v1/banners/:id',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Change a banner: any subset of its fields (admin, marketing)',
        description: 'The type’s needs are checked on the changed banner as a whole.',
        security: operatorSecurity,
        params: bannerIdParamsSchema,
        body: updateBannerBodySchema,
        response: {
          200: backofficeBannerSchema,
          ...errorResponses('validation_error', ...operatorErrors, 'not_found', ...bodyErrors),
        },
      },
    },
    async (request) => banners.update(actor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/backoffice/v1/banners/:id',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Delete a banner (admin, marketing)',
        security: operatorSecurity,
        params: bannerIdParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses('validation_error', ...operatorErrors, 'not_found'),
        },
      },
    },
    async (request, reply) => {
      await banners.remove(actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/backoffice/v1/partners',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Every partner, enabled or not, in display order (admin, marketing, read_only)',
        security: operatorSecurity,
        response: { 200: backofficePartnersSchema, ...errorResponses(...operatorErrors) },
      },
    },
    async () => banners.backofficePartners(),
  );

  app.put(
    '/api/backoffice/v1/partners/:id',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Create or replace a partner (admin, marketing)',
        description: 'The body’s id must be the path’s. English copy is required; url is https.',
        security: operatorSecurity,
        params: partnerIdParamsSchema,
        body: partnerBodySchema,
        response: {
          200: backofficePartnerSchema,
          ...errorResponses('validation_error', ...operatorErrors, ...bodyErrors),
        },
      },
    },
    async (request) => {
      if (request.body.id !== request.params.id) {
        throw new AppError('validation_error', {
          payload: { fields: [{ field: 'id', message: 'Validation.invalid_value' }] },
        });
      }
      return await banners.putPartner(actor(request), request.body);
    },
  );

  app.delete(
    '/api/backoffice/v1/partners/:id',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Delete a partner (admin, marketing)',
        security: operatorSecurity,
        params: partnerIdParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses('validation_error', ...operatorErrors, 'not_found'),
        },
      },
    },
    async (request, reply) => {
      await banners.removePartner(actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
