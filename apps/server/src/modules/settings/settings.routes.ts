import { restrictedCountriesSchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-body.ts';
import { requestContext } from '../../lib/request-context.ts';
import { currentOperator } from '../../plugins/authentication.ts';
import { operatorSecurity } from '../../plugins/openapi.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/api/backoffice/v1/settings/restricted-countries',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Countries whose visitors get 451 on the player API (admin)',
        security: operatorSecurity,
        response: {
          200: restrictedCountriesSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => settings.getRestrictedCountries(),
  );

  app.put(
    '/api/backoffice/v1/settings/restricted-countries',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Replace the restricted countries (admin)',
        description: 'Every server process applies the change within a few seconds.',
        security: operatorSecurity,
        body: restrictedCountriesSchema,
        response: {
          200: restrictedCountriesSchema,
          ...errorResponses(
            'validation_error',
            'unauthorized',
            'forbidden',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request) =>
      settings.setRestrictedCountries(
        { operatorId: currentOperator(request).operator.id, context: requestContext(request) },
        request.body,
      ),
  );
};
