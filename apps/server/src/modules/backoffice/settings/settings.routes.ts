import {
  fourEyesSettingSchema,
  restrictedCountriesSchema,
  type SandboxAutoApprove,
  sandboxAutoApproveBodySchema,
  sandboxAutoApproveSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { operatorActor } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsService;
  /** SANDBOX_AUTO_APPROVE_SECONDS: 0, the sandbox approves nothing whatever the switch says */
  sandboxAutoApproveSeconds: number;
}> = async (app, { settings, sandboxAutoApproveSeconds }) => {
  const autoApproveView = (enabled: boolean): SandboxAutoApprove => ({
    enabled,
    delaySeconds: sandboxAutoApproveSeconds,
    active: enabled && sandboxAutoApproveSeconds > 0,
  });

  app.get(
    '/api/backoffice/v1/settings/four-eyes',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'The maker-checker threshold (USD; default 500)',
        security: operatorSecurity,
        response: { 200: fourEyesSettingSchema, ...errorResponses('unauthorized', 'forbidden') },
      },
    },
    async () => await settings.getFourEyesThreshold(),
  );

  app.put(
    '/api/backoffice/v1/settings/four-eyes',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Set the maker-checker threshold (admin; audited)',
        description:
          'A withdrawal or a manual balance adjustment worth more than this many USD (other ' +
          'currencies at the operator’s rates) needs a second operator’s approval.',
        security: operatorSecurity,
        body: fourEyesSettingSchema,
        response: {
          200: fourEyesSettingSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) => await settings.setFourEyesThreshold(operatorActor(request), request.body),
  );

  app.get(
    '/api/backoffice/v1/settings/sandbox-auto-approve',
    {
      onRequest: app.authorizeOperator('admin', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Whether the sandbox approves deposits with a receipt by itself (admin, finance, read_only)',
        security: operatorSecurity,
        response: {
          200: sandboxAutoApproveSchema,
          ...errorResponses('unauthorized', 'forbidden'),
        },
      },
    },
    async () => autoApproveView(await settings.isSandboxAutoApproveEnabled()),
  );

  app.put(
    '/api/backoffice/v1/settings/sandbox-auto-approve',
    {
      onRequest: app.authorizeOperator('admin', 'finance'),
      schema: {
        tags: ['backoffice'],
        summary: 'Turn the sandbox’s automatic deposit approval on or off (admin, finance)',
        description:
          'Off: a deposit with a receipt waits for an operator, including those already ' +
          'waiting. On: each is approved SANDBOX_AUTO_APPROVE_SECONDS after its receipt. ' +
          'Applies to every server process at once; audited. With ' +
          'SANDBOX_AUTO_APPROVE_SECONDS=0 (production) the switch is kept but nothing is ' +
          'approved (`active` false).',
        security: operatorSecurity,
        body: sandboxAutoApproveBodySchema,
        response: {
          200: sandboxAutoApproveSchema,
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
      autoApproveView(
        await settings.setSandboxAutoApprove(operatorActor(request), request.body.enabled),
      ),
  );

  app.get(
    '/api/backoffice/v1/settings/restricted-countries',
    {
      onRequest: app.authorizeOperator('admin', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'Countries whose visitors get 451 on the player API (admin, read_only)',
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
    async (request) => settings.setRestrictedCountries(operatorActor(request), request.body),
  );
};
