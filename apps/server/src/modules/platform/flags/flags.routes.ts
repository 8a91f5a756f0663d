import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import type { FlagsService } from './flags.service.ts';

export const flagsRoutes: FastifyPluginAsyncZod<{ flags: FlagsService }> = async (
  app,
  { flags },
) => {
  app.get(
    '/flags/:file',
    {
      schema: {
        tags: ['languages'],
        summary: 'Country flag (3:2 SVG), e.g. /flags/GB.svg',
        params: z.strictObject({ file: z.string().describe('{ISO country code}.svg') }),
        response: {
          200: z.string().describe('image/svg+xml'),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request, reply) => {
      const match = /^([A-Za-z]{2})\.svg$/.exec(request.params.file);
      const svg = match?.[1] ? await flags.svg(match[1].toUpperCase()) : null;
      if (!svg) throw new AppError('not_found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(svg.toString('utf8'));
    },
  );
};
