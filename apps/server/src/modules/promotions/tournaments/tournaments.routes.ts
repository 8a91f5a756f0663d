import {
  leaderboardQuerySchema,
  leaderboardSchema,
  tournamentDetailSchema,
  tournamentIdParamsSchema,
  tournamentsResponseSchema,
} from '@casino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import type { TournamentsService } from './tournaments.service.ts';

/** A banned player's token still answers user_banned. */
const guestErrors = ['user_banned', 'region_restricted'] as const;

/** Spec §9: tournament data is cached for a day. */
const oneDaySeconds = 86_400;

/** Player calls of the tournaments; every one works for guests (VIP-only ones stay hidden). */
export const tournamentsRoutes: FastifyPluginAsyncZod<{
  tournaments: TournamentsService;
}> = async (app, { tournaments }) => {
  const viewerOf = (request: FastifyRequest) =>
    tournaments.viewer(request.player?.account.id ?? null);
  /** Live data: the leaderboard and the status move with every round. */
  const live = (reply: FastifyReply) =>
    reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization, Cookie');

  app.get(
    '/api/v2/tournaments',
    {
      onRequest: app.identifyPlayer,
      schema: {
        tags: ['tournaments'],
        summary: 'The tournaments this viewer may see: running, upcoming, then recently ended',
        description:
          'VIP-only tournaments are listed for VIP players only. A guest’s answer is the same ' +
          'for every guest and may be kept a day (spec §9); a player’s depends on their VIP ' +
          'status and is private. `status` is as of the answer: the app counts down to ' +
          '`startsAt` / `endsAt` itself.',
        response: {
          200: tournamentsResponseSchema,
          ...errorResponses(...guestErrors),
        },
      },
    },
    async (request, reply) => {
      const result = await tournaments.list(await viewerOf(request));
      return reply
        .header(
          'cache-control',
          request.player ? 'private, no-cache' : `public, max-age=${oneDaySeconds}`,
        )
        .header('vary', 'Authorization, Cookie')
        .send(result);
    },
  );

  app.get(
    '/api/v2/tournaments/:id',
    {
      onRequest: app.identifyPlayer,
      schema: {
        tags: ['tournaments'],
        summary: 'One tournament: rules, prizes and the games that count',
        description: 'A VIP-only tournament is not_found for guests and players who are not VIP.',
        params: tournamentIdParamsSchema,
        response: {
          200: tournamentDetailSchema,
          ...errorResponses('validation_error', 'not_found', ...guestErrors),
        },
      },
    },
    async (request, reply) =>
      live(reply).send(await tournaments.get(await viewerOf(request), request.params.id)),
  );

  app.get(
    '/api/v2/tournaments/:id/leaderboard',
    {
      onRequest: app.identifyPlayer,
      schema: {
        tags: ['tournaments'],
        summary: 'A page of the live leaderboard and the caller’s own place',
        description:
          'Players with a positive score, best first; equal scores: who reached it first. ' +
          'Names are masked like the latest bets. `me` is null for guests and players without ' +
          'a score. A VIP-only tournament is not_found for anyone but VIP players.',
        params: tournamentIdParamsSchema,
        querystring: leaderboardQuerySchema,
        response: {
          200: leaderboardSchema,
          ...errorResponses('validation_error', 'not_found', ...guestErrors),
        },
      },
    },
    async (request, reply) =>
      live(reply).send(
        await tournaments.leaderboard(await viewerOf(request), request.params.id, request.query),
      ),
  );
};
