import { languagesQuerySchema, languagesResponseSchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import type { LanguagesService } from './languages.service.ts';

export const languagesRoutes: FastifyPluginAsyncZod<{ languages: LanguagesService }> = async (
  app,
  { languages },
) => {
  app.get(
    '/api/v1/languages',
    {
      schema: {
        tags: ['languages'],
        summary: 'Languages for the language picker',
        description:
          'Enabled languages that the player app supports, in display order. `mode=1` is what ' +
          'the app sends; only supported locales are ever listed.',
        querystring: languagesQuerySchema,
        response: {
          200: languagesResponseSchema,
          ...errorResponses('validation_error', 'region_restricted'),
        },
      },
    },
    async () => languages.listSupported(),
  );
};
