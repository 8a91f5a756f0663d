import {
  maxSportFavorites,
  sportFavoriteBodySchema,
  sportFavoriteQuerySchema,
  sportFavoritesSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { SportFavoritesService } from './favorites.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

/**
 * A player's favourite events and leagues. Like the game favourites, bounded by what a player may
 * keep (`maxSportFavorites`) and the body limit rather than a per-minute rate: every call is one
 * indexed read or write of the caller's own rows.
 */
export const sportFavoritesRoutes: FastifyPluginAsyncZod<{
  favorites: SportFavoritesService;
}> = async (app, { favorites }) => {
  app.get(
    '/api/v2/sport/favorites',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['sport'],
        summary: 'The player’s favourite events and leagues',
        description:
          '`eventIds`: every favourite event, newest first; `events`: those not yet ended or ' +
          'cancelled, live first, then by start time, each with its main market; `leagues`: the ' +
          'favourite leagues, newest first.',
        security: playerSecurity,
        response: { 200: sportFavoritesSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await favorites.list(currentPlayer(request).account.id)),
  );

  app.put(
    '/api/v2/sport/favorites',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['sport'],
        summary: 'Add a favourite event or league (idempotent)',
        description:
          `At most ${maxSportFavorites} favourites (events and leagues together); one more ` +
          'answers 409 sport_favorites_full. An unknown event or league answers 404 not_found.',
        security: playerSecurity,
        body: sportFavoriteBodySchema,
        response: {
          204: z.null().describe('Kept as a favourite'),
          ...errorResponses(
            'validation_error',
            'not_found',
            'sport_favorites_full',
            'payload_too_large',
            'unsupported_media_type',
            ...playerErrors,
          ),
        },
      },
    },
    async (request, reply) => {
      await favorites.add(currentPlayer(request).account.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/v2/sport/favorites',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['sport'],
        summary: 'Remove a favourite event or league (idempotent)',
        security: playerSecurity,
        querystring: sportFavoriteQuerySchema,
        response: {
          204: z.null().describe('Not a favourite (any more)'),
          ...errorResponses('validation_error', ...playerErrors),
        },
      },
    },
    async (request, reply) => {
      await favorites.remove(currentPlayer(request).account.id, request.query);
      return reply.code(204).send(null);
    },
  );
};
