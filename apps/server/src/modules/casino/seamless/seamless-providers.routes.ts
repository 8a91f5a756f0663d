import {
  seamlessGameListSchema,
  seamlessGamesBodySchema,
  seamlessProviderCreateBodySchema,
  seamlessProviderListSchema,
  seamlessProviderParamsSchema,
  seamlessProviderSchema,
  seamlessProviderUpdateBodySchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { SeamlessProvidersService } from './seamless-providers.service.ts';

const base = '/api/backoffice/v1/seamless/providers';

/** Provider accounts of the seamless wallet and their games (admin only, audited). */
export const seamlessProvidersRoutes: FastifyPluginAsyncZod<{
  providers: SeamlessProvidersService;
}> = async (app, { providers }) => {
  const actor = (request: FastifyRequest): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });
  const admin = app.authorizeOperator('admin');
  const writeErrors = errorResponses(
    'validation_error',
    'unauthorized',
    'forbidden',
    'not_found',
    'payload_too_large',
    'unsupported_media_type',
  );

  app.get(
    base,
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'Game provider accounts of the seamless wallet (admin)',
        security: operatorSecurity,
        response: {
          200: seamlessProviderListSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => providers.list(),
  );

  app.post(
    base,
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'Connect a game provider (admin)',
        description:
          'Stores the provider’s public key (or HMAC secret) that verifies its wallet requests ' +
          'and generates our RSA key pair: `ourPublicKey` is handed to the provider, the private ' +
          'key never leaves the server. The provider calls `walletPath` + `/user/info` etc.',
        security: operatorSecurity,
        body: seamlessProviderCreateBodySchema,
        response: {
          201: seamlessProviderSchema,
          ...errorResponses(
            'validation_error',
            'unauthorized',
            'forbidden',
            'seamless_provider_exists',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return providers.create(actor(request), request.body);
    },
  );

  app.get(
    `${base}/:providerId`,
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'One game provider account (admin)',
        security: operatorSecurity,
        params: seamlessProviderParamsSchema,
        response: {
          200: seamlessProviderSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request) => providers.get(request.params.providerId),
  );

  app.patch(
    `${base}/:providerId`,
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'Change or disable a game provider account (admin)',
        description:
          'A disabled provider’s games cannot be launched and its info, balance and bet calls ' +
          'are refused (RS_ERROR_INVALID_PARTNER); wins and rollbacks still settle.',
        security: operatorSecurity,
        params: seamlessProviderParamsSchema,
        body: seamlessProviderUpdateBodySchema,
        response: { 200: seamlessProviderSchema, ...writeErrors },
      },
    },
    async (request) => providers.update(actor(request), request.params.providerId, request.body),
  );

  app.get(
    `${base}/:providerId/games`,
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'The provider’s games in the catalog (admin)',
        security: operatorSecurity,
        params: seamlessProviderParamsSchema,
        response: {
          200: seamlessGameListSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request) => providers.listGames(request.params.providerId),
  );

  app.put(
    `${base}/:providerId/games`,
    {
      onRequest: admin,
      schema: {
        tags: ['backoffice'],
        summary: 'Add or update the provider’s games in the catalog (admin)',
        description:
          'Each game becomes a catalog entry with engine `external` that launches the provider’s ' +
          'URL with a session token. At most 100 games per call.',
        security: operatorSecurity,
        params: seamlessProviderParamsSchema,
        body: seamlessGamesBodySchema,
        response: {
          200: seamlessGameListSchema,
          ...writeErrors,
          ...errorResponses('seamless_game_conflict'),
        },
      },
    },
    async (request) => providers.putGames(actor(request), request.params.providerId, request.body),
  );
};
