import {
  favoriteBodySchema,
  favoriteGamesSchema,
  gameIdParamsSchema,
  gameIdSchema,
  gameProviderSchema,
  gameSessionSchema,
  gamesPageSchema,
  gamesQuerySchema,
  gameTileSchema,
  navigationCategoriesResponseSchema,
  pageQuerySchema,
  promoCategorySchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import { countryOfIp } from '../../platform/region/region.service.ts';
import type { CatalogCaller, GamesService } from './games.service.ts';

/** A signed-in caller, as the service methods for players take it. */
function player(request: FastifyRequest): CatalogCaller & { userId: string } {
  const { account } = currentPlayer(request);
  return {
    userId: account.id,
    country: countryOfIp(request.ip),
    currency: account.primaryCurrency,
  };
}

/** A guest or a signed-in player (optional authentication). */
function caller(request: FastifyRequest): CatalogCaller {
  return {
    userId: request.player?.account.id ?? null,
    country: countryOfIp(request.ip),
    currency: request.player?.account.primaryCurrency ?? null,
  };
}

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;
/** A catalog call works for guests; a banned player's token still answers user_banned. */
const guestErrors = ['user_banned', 'region_restricted'] as const;

const artParamsSchema = z.strictObject({ file: z.string().describe('{gameId}.svg') });

export const gamesRoutes: FastifyPluginAsyncZod<{
  games: GamesService;
}> = async (app, { games }) => {
  app.get(
    '/api/v2/games',
    {
      onRequest: app.identifyPlayer,
      schema: {
        tags: ['games'],
        summary: 'A page of game tiles: filters, search and sort',
        description:
          '`category` is a navigation category value, `provider` a provider id, `promoCategory` a ' +
          'promo category id. `search` (3+ characters) matches titles, provider names ' +
          'and kinds of game forgivingly (a wrong, missing or extra letter, two letters swapped), ' +
          'exact words before starts of words before typos, best match first with `sort` ' +
          'breaking ties. Without `sort`: the category’s or promo category’s own order, else ' +
          'popularity. `limit` is capped at 100. Guests get isFavorite false and blacklists by ' +
          'country only.',
        querystring: gamesQuerySchema,
        response: {
          200: gamesPageSchema,
          ...errorResponses('validation_error', ...guestErrors),
        },
      },
    },
    async (request) => games.list(caller(request), request.query),
  );

  app.get(
    '/api/v2/games/favorites',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['games'],
        summary: 'The player’s favourite games, newest first (up to 500; see /paged for all)',
        security: playerSecurity,
        response: { 200: favoriteGamesSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => games.favorites(player(request)),
  );

  app.get(
    '/api/v2/games/favorites/paged',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['games'],
        summary: 'The player’s favourite games, a page at a time, newest first',
        security: playerSecurity,
        querystring: pageQuerySchema,
        response: {
          200: gamesPageSchema,
          ...errorResponses('validation_error', ...playerErrors),
        },
      },
    },
    async (request) => games.favoritesPage(player(request), request.query),
  );

  app.post(
    '/api/v2/games/favorites',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['games'],
        summary: 'Add a favourite (idempotent); answers the tile',
        security: playerSecurity,
        body: favoriteBodySchema,
        response: {
          200: gameTileSchema,
          ...errorResponses(
            'validation_error',
            'not_found',
            'payload_too_large',
            'unsupported_media_type',
            ...playerErrors,
          ),
        },
      },
    },
    async (request) => games.addFavorite(player(request), request.body.gameId),
  );

  app.delete(
    '/api/v2/games/favorites/:gameId',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['games'],
        summary: 'Remove a favourite (idempotent)',
        security: playerSecurity,
        params: z.strictObject({ gameId: gameIdSchema }),
        response: {
          204: z.null().describe('Not a favourite (any more)'),
          ...errorResponses('validation_error', ...playerErrors),
        },
      },
    },
    async (request, reply) => {
      await games.removeFavorite(currentPlayer(request).account.id, request.params.gameId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v2/games/last',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['games'],
        summary: 'The games the player played last, most recent first',
        security: playerSecurity,
        querystring: pageQuerySchema,
        response: {
          200: gamesPageSchema,
          ...errorResponses('validation_error', ...playerErrors),
        },
      },
    },
    async (request) => games.lastPlayed(player(request), request.query),
  );

  app.get(
    '/api/v2/games/:id',
    {
      onRequest: app.identifyPlayer,
      schema: {
        tags: ['games'],
        summary: 'One game tile',
        params: gameIdParamsSchema,
        response: {
          200: gameTileSchema,
          ...errorResponses('validation_error', 'not_found', ...guestErrors),
        },
      },
    },
    async (request) => games.get(caller(request), request.params.id),
  );

  app.get(
    '/api/v2/games/:id/session',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['games'],
        summary: 'What the game page needs to launch the game',
        description:
          'An original: its engine, variant, RTP and the stake limits in the player’s primary ' +
          'currency. A third-party game: the provider’s launch URL. 403 game_unavailable with ' +
          'payload.reasons when a blacklist blocks the game for this player.',
        security: playerSecurity,
        params: gameIdParamsSchema,
        response: {
          200: gameSessionSchema,
          ...errorResponses('validation_error', 'not_found', 'game_unavailable', ...playerErrors),
        },
      },
    },
    async (request) => games.session(player(request), request.params.id),
  );

  app.get(
    '/api/v2/categories',
    {
      schema: {
        tags: ['games'],
        summary: 'Navigation categories (a tree by parentId), ordered by position',
        response: {
          200: navigationCategoriesResponseSchema,
          ...errorResponses('region_restricted'),
        },
      },
    },
    async () => games.categories(),
  );

  app.get(
    '/api/v2/providers',
    {
      schema: {
        tags: ['games'],
        summary: 'Game providers (studios) with their number of games',
        response: { 200: z.array(gameProviderSchema), ...errorResponses('region_restricted') },
      },
    },
    async () => games.providers(),
  );

  app.get(
    '/api/v2/promo-categories',
    {
      schema: {
        tags: ['games'],
        summary: 'Promo categories with their number of games',
        response: { 200: z.array(promoCategorySchema), ...errorResponses('region_restricted') },
      },
    },
    async () => games.promoCategories(),
  );

  app.get(
    '/game-art/:file',
    {
      schema: {
        tags: ['games'],
        summary: 'Tile art of a game (3:4 SVG, 384×516), e.g. /game-art/orbit-dice.svg',
        description: 'The URL a tile carries has a content version, so the art is cached for good.',
        params: artParamsSchema,
        response: {
          200: z.string().describe('image/svg+xml'),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request, reply) => {
      const match = /^([a-z0-9][a-z0-9-]{0,99})\.svg$/.exec(request.params.file);
      const svg = match?.[1] ? await games.art(match[1]) : null;
      if (!svg) throw new AppError('not_found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(svg);
    },
  );
};
