import { limitCoolingOffBodySchema, limitCoolingOffSchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { operatorActor } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { SettingsService } from './settings.service.ts';

/** The jurisdiction's cooling-off of a responsible-gambling limit's increase (admin only). */
export const limitCoolingOffRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/api/backoffice/v1/settings/limit-cooling-off',
    {
      onRequest: app.authorizeOperator('admin', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'The cooling-off of a limit increase or removal (admin, read_only)',
        description:
          '`floorHours` is LIMIT_COOLING_OFF_HOURS, `hours` the operator’s setting (null: ' +
          'none), `effectiveHours` what applies: the larger.',
        security: operatorSecurity,
        response: {
          200: limitCoolingOffSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => settings.limitCoolingOff(),
  );

  app.put(
    '/api/backoffice/v1/settings/limit-cooling-off',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Set the cooling-off of a limit increase or removal (admin)',
        description:
          'Whole hours, at least LIMIT_COOLING_OFF_HOURS (24 at least) and at most 2160 (90 ' +
          'days); null drops the setting. An increase or removal asked for afterwards (by a ' +
          'player or an operator) waits the new cooling-off; those pending keep their time. ' +
          'Audited.',
        security: operatorSecurity,
        body: limitCoolingOffBodySchema,
        response: {
          200: limitCoolingOffSchema,
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
    async (request) => settings.setLimitCoolingOff(operatorActor(request), request.body.hours),
  );
};
