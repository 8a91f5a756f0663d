import {
  backofficeGameSchema,
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
