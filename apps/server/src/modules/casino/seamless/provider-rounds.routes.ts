import {
  gameIdParamsSchema,
  providerRoundsPageSchema,
  providerRoundsQuerySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { ProviderRoundsService } from './provider-rounds.service.ts';

export const providerRoundsRoutes: FastifyPluginAsyncZod<{
  rounds: ProviderRoundsService;
}> = async (app, { rounds }) => {
  app.get(
    '/api/v2/games/:id/provider-rounds',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['games'],
        summary: 'The player’s rounds of a provider’s game, newest first',
        description:
          'Each round is the bets and wins the provider sent under one round id; `freeBet` marks ' +
          'a round played with the provider’s free bet (no money of the player’s was taken). ' +
          'Pages of at most 100; the next page is asked for by `meta.nextCursor` (`total` counts ' +
          'at most 1,000 rounds from the page’s start). 404 not_found when the game is not a ' +
          'provider’s.',
        security: playerSecurity,
        params: gameIdParamsSchema,
        querystring: providerRoundsQuerySchema,
        response: {
          200: providerRoundsPageSchema,
          ...errorResponses(
            'validation_error',
            'not_found',
            'unauthorized',
            'user_banned',
            'region_restricted',
          ),
        },
      },
    },
    async (request) =>
      rounds.history(currentPlayer(request).account.id, request.params.id, request.query),
  );
};
