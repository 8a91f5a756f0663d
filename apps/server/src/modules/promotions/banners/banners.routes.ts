import {
  bannersQuerySchema,
  bannersResponseSchema,
  partnersQuerySchema,
  partnersResponseSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { countryOfIp } from '../../platform/region/region.service.ts';
import type { BannersService } from './banners.service.ts';

/** A banned player's token still answers user_banned. */
const guestErrors = ['user_banned', 'region_restricted'] as const;

/** Spec §9: banner data is cached for a day. */
const oneDaySeconds = 86_400;

export const bannersRoutes: FastifyPluginAsyncZod<{
  banners: BannersService;
}> = async (app, { banners }) => {
  app.get(
    '/api/v2/banners',
    {
      onRequest: app.identifyPlayer,
      schema: {
        tags: ['banners'],
        summary: 'The banners this viewer may see, in display order (public)',
        description:
          'The server applies the hiding and type rules of the contract (banner-rules.ts) for ' +
          'the viewer: the country of the IP (geo), signed in or not, VIP, and the deposit count ' +
          'and USD sum from billing; VIP-only and deposit-bound banners never reach anyone else. ' +
          '`locale` narrows the descriptions to that language and English; `placement` home ' +
          '(default) is every type but exit_window. A guest’s answer depends on the IP only and ' +
          'may be kept a day; a player’s is private and revalidated.',
        querystring: bannersQuerySchema,
        response: {
          200: bannersResponseSchema,
          ...errorResponses('validation_error', ...guestErrors),
        },
      },
    },
    async (request, reply) => {
      const result = await banners.forViewer(
        { userId: request.player?.account.id ?? null, country: countryOfIp(request.ip) },
        request.query,
      );
      return reply
        .header(
          'cache-control',
          request.player ? 'private, no-cache' : `private, max-age=${oneDaySeconds}`,
        )
        .header('vary', 'Authorization, Cookie')
        .send(result);
    },
  );

  app.get(
    '/api/v2/partners',
    {
      schema: {
        tags: ['banners'],
        summary: 'The partners the partners modal presents, in `locale` else English (public)',
        querystring: partnersQuerySchema,
        response: {
          200: partnersResponseSchema,
          ...errorResponses('validation_error', 'region_restricted'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', `public, max-age=${oneDaySeconds}`)
        .send(await banners.partners(request.query.locale)),
  );
};
