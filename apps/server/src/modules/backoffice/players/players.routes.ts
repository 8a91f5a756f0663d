import {
  banPlayerBodySchema,
  playerGlobalIdParamsSchema,
  playerListQuerySchema,
  playerListResponseSchema,
  playerSummarySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../audit/audit.service.ts';
import type { Player360Service } from './player-360.service.ts';
import type { PlayersService } from './players.service.ts';

export const playersRoutes: FastifyPluginAsyncZod<{
  players: PlayersService;
  player360: Player360Service;
}> = async (app, { players, player360 }) => {
  const actor = (request: Parameters<typeof currentOperator>[0]): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });
  const changeResponses = {
    200: playerSummarySchema,
    ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found'),
  };

  app.get(
    '/api/backoffice/v1/players',
    {
      onRequest: app.authorizeOperator(
        'admin',
        'support',
        'finance',
        'marketing',
        'trading',
        'read_only',
      ),
      schema: {
        tags: ['backoffice'],
        summary: 'Find players by part of the e-mail or name, or by globalId',
        description:
          'Filters: vip, banned, verified (`true`/`false`), country (of registration), ' +
          'registeredFrom (inclusive) / registeredTo (exclusive) instants. `sort`: registered ' +
          '(default), lastSeen (latest sign-in activity) or balance (main, primary currency); ' +
          '`order` desc (default) or asc. `limit` defaults to 30 and is capped at 100.',
        security: operatorSecurity,
        querystring: playerListQuerySchema,
        response: {
          200: playerListResponseSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) => player360.list(request.query),
  );

  app.post(
    '/api/backoffice/v1/players/:globalId/ban',
    {
      onRequest: app.authorizeOperator('admin', 'support'),
      schema: {
        tags: ['backoffice'],
        summary: 'Ban a player (admin, support)',
        description:
          'Every player API call of the player then answers 401 user_banned, and the ' +
          'player’s realtime connections close at once on every server process (4501), so an ' +
          'open app shows the ban screen.',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        body: banPlayerBodySchema,
        response: changeResponses,
      },
    },
    async (request) => players.ban(actor(request), request.params.globalId, request.body.reason),
  );

  app.delete(
    '/api/backoffice/v1/players/:globalId/ban',
    {
      onRequest: app.authorizeOperator('admin', 'support'),
      schema: {
        tags: ['backoffice'],
        summary: 'Lift a player’s ban (admin, support)',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        response: changeResponses,
      },
    },
    async (request) => players.unban(actor(request), request.params.globalId),
  );

  app.post(
    '/api/backoffice/v1/players/:globalId/verification',
    {
      onRequest: app.authorizeOperator('admin', 'support'),
      schema: {
        tags: ['backoffice'],
        summary: 'Mark a player’s identity verified (admin, support)',
        description: 'With WITHDRAW_VERIFICATION_REQUIRED on, only verified players can withdraw.',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        response: changeResponses,
      },
    },
    async (request) => players.setVerified(actor(request), request.params.globalId, true),
  );

  app.delete(
    '/api/backoffice/v1/players/:globalId/verification',
    {
      onRequest: app.authorizeOperator('admin', 'support'),
      schema: {
        tags: ['backoffice'],
        summary: 'Withdraw a player’s identity verification (admin, support)',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        response: changeResponses,
      },
    },
    async (request) => players.setVerified(actor(request), request.params.globalId, false),
  );

  app.post(
    '/api/backoffice/v1/players/:globalId/vip',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Make a player VIP (admin, marketing)',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        response: changeResponses,
      },
    },
    async (request) => players.setVip(actor(request), request.params.globalId, true),
  );

  app.delete(
    '/api/backoffice/v1/players/:globalId/vip',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Remove a player’s VIP status (admin, marketing)',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        response: changeResponses,
      },
    },
    async (request) => players.setVip(actor(request), request.params.globalId, false),
  );
};
