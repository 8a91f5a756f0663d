import {
  backofficeGameCategoriesSchema,
  backofficeGameListQuerySchema,
  backofficeGameListSchema,
  backofficeGameSchema,
  backofficeStudiosSchema,
  gameBlacklistRuleParamsSchema,
  gameBlacklistRuleSchema,
  gameBlacklistRulesPageSchema,
  gameIdParamsSchema,
  newGameBlacklistRuleBodySchema,
  pageQuerySchema,
  updateGameBodySchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { GamesService } from './games.service.ts';

const bodyErrors = ['payload_too_large', 'unsupported_media_type'] as const;

/** The operator's catalog switches (admin); every change is audited with its request. */
export const gamesBackofficeRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (
  app,
  { games },
) => {
  const actor = (request: FastifyRequest): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });

  const catalogReaders = ['admin', 'support', 'marketing', 'read_only'] as const;

  app.get(
    '/api/backoffice/v1/games',
    {
      onRequest: app.authorizeOperator(...catalogReaders),
      schema: {
        tags: ['backoffice'],
        summary: 'Every game, disabled ones too (admin, support, marketing, read_only)',
        description:
          '`q` matches part of the title or id; `provider` a studio; `category` a navigation ' +
          'category’s value; `enabled` true or false. `sort` title (default), provider, rtp, ' +
          'released or rounds, `order` asc (default) or desc; ties by id. `limit` defaults to 30, ' +
          'at most 100.',
        security: operatorSecurity,
        querystring: backofficeGameListQuerySchema,
        response: {
          200: backofficeGameListSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) => games.backofficeList(request.query),
  );

  app.get(
    '/api/backoffice/v1/games/studios',
    {
      onRequest: app.authorizeOperator(...catalogReaders),
      schema: {
        tags: ['backoffice'],
        summary:
          'Every studio with its games and enabled games, disabled ones too (admin, support, ' +
          'marketing, read_only)',
        security: operatorSecurity,
        response: {
          200: backofficeStudiosSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => games.backofficeStudios(),
  );

  app.get(
    '/api/backoffice/v1/games/categories',
    {
      onRequest: app.authorizeOperator(...catalogReaders),
      schema: {
        tags: ['backoffice'],
        summary: 'The categories the games list filters by (admin, support, marketing, read_only)',
        security: operatorSecurity,
        response: {
          200: backofficeGameCategoriesSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => games.backofficeCategories(),
  );

  app.patch(
    '/api/backoffice/v1/games/:id',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Switch a game on or off, label it, or set its RTP (admin)',
        description:
          'rtp is a fraction with up to 4 decimals within the originals’ bounds (0.9000–0.9900); ' +
          'outside them the answer is validation_error with Validation.invalid_rtp.',
        security: operatorSecurity,
        params: gameIdParamsSchema,
        body: updateGameBodySchema,
        response: {
          200: backofficeGameSchema,
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
    async (request) => games.update(actor(request), request.params.id, request.body),
  );

  app.get(
    '/api/backoffice/v1/games/blacklists',
    {
      onRequest: app.authorizeOperator('admin', 'support', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Game blacklist rules, oldest first (admin, support, read_only)',
        security: operatorSecurity,
        querystring: pageQuerySchema,
        response: {
          200: gameBlacklistRulesPageSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) => games.blacklistRules(request.query),
  );

  app.post(
    '/api/backoffice/v1/games/blacklists',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Block a game or a provider’s games in a country or for a currency (admin)',
        security: operatorSecurity,
        body: newGameBlacklistRuleBodySchema,
        response: {
          201: gameBlacklistRuleSchema,
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
    async (request, reply) =>
      reply.code(201).send(await games.addBlacklistRule(actor(request), request.body)),
  );

  app.delete(
    '/api/backoffice/v1/games/blacklists/:id',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Remove a blacklist rule (admin)',
        security: operatorSecurity,
        params: gameBlacklistRuleParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      await games.removeBlacklistRule(actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
