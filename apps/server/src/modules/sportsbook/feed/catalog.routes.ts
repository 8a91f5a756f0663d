import {
  sportEventParamsSchema,
  sportEventSchema,
  sportEventsPageSchema,
  sportEventsQuerySchema,
  sportsResponseSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import type { SportCatalog } from './catalog.service.ts';

/**
 * Public (guests too) and the same for everyone, so shared caches may keep the answers for a
 * moment; live prices reach open pages over the realtime channels, not by polling these.
 */
const sportsMaxAgeSeconds = 10;
const eventsMaxAgeSeconds = 2;

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: SportCatalog }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/api/v2/sport/sports',
    {
      schema: {
        tags: ['sport'],
        summary: 'The sports and e-sports with their live and upcoming event counts (public)',
        description: `Cached for ${sportsMaxAgeSeconds} s (cache-control public).`,
        response: {
          200: sportsResponseSchema,
          ...errorResponses('region_restricted'),
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', `public, max-age=${sportsMaxAgeSeconds}`)
        .send(await catalog.sports()),
  );

  app.get(
    '/api/v2/sport/events',
    {
      schema: {
        tags: ['sport'],
        summary: 'A page of events with their main market (public)',
        description:
          '`live=true`: live events; `live=false`: upcoming ones; absent: both, live first, then ' +
          'by start time. `sportId` is the numeric sport id, `leagueId` a league (tournament) id. ' +
          `\`limit\` is 1–100 (default 20). Cached for ${eventsMaxAgeSeconds} s.`,
        querystring: sportEventsQuerySchema,
        response: {
          200: sportEventsPageSchema,
          ...errorResponses('validation_error', 'region_restricted'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', `public, max-age=${eventsMaxAgeSeconds}`)
        .send(await catalog.events(request.query)),
  );

  app.get(
    '/api/v2/sport/events/:id',
    {
      schema: {
        tags: ['sport'],
        summary: 'One event with every market and its outcomes (public)',
        description:
          'Market and outcome names are filled from the market type and its specifiers. ' +
          '`version` is the newest feed version applied. ' +
          `Cached for ${eventsMaxAgeSeconds} s.`,
        params: sportEventParamsSchema,
        response: {
          200: sportEventSchema,
          ...errorResponses('validation_error', 'not_found', 'region_restricted'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', `public, max-age=${eventsMaxAgeSeconds}`)
        .send(await catalog.event(request.params.id)),
  );
};
