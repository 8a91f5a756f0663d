import {
  pushSettingsSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  supportChatConfigSchema,
  updatePushSettingsBodySchema,
  vapidPublicKeySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupportChatConfig } from '../../../config.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { PushService } from './push.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;
const writeErrors = [
  ...playerErrors,
  'validation_error',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
] as const;

/** Web push (issue 23) and the support chat widget's settings. */
export const pushRoutes: FastifyPluginAsyncZod<{
  push: PushService;
  supportChat: SupportChatConfig;
}> = async (app, { push, supportChat }) => {
  app.get(
    '/api/v1/push/vapid-public-key',
    {
      schema: {
        tags: ['push'],
        summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
        description: '404 push_disabled when web push is switched off (the prompt is not shown).',
        response: { 200: vapidPublicKeySchema, ...errorResponses('push_disabled') },
      },
    },
    async () => push.vapidPublicKey(),
  );

  app.patch(
    '/api/v1/me/push_subscription',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['push'],
        summary: 'Subscribe this browser: the serialized PushSubscription as `token`',
        description:
          'The endpoint must be https (a plain-http one only where WEB_PUSH_ALLOW_HTTP_ENDPOINTS ' +
          'allows it, never in production); keys.p256dh a 65-byte and keys.auth a 16-byte ' +
          'base64url value. Several devices per player (the 10 most recent are kept); an ' +
          'endpoint already known moves to this player. At most 60 changes per hour.',
        security: playerSecurity,
        body: pushSubscriptionBodySchema,
        response: {
          200: pushSettingsSchema,
          ...errorResponses(...writeErrors, 'push_disabled'),
        },
      },
    },
    async (request) => await push.subscribe(currentPlayer(request).account.id, request.body.token),
  );

  app.delete(
    '/api/v1/me/push_subscription',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['push'],
        summary: 'Unsubscribe this browser (its endpoint)',
        security: playerSecurity,
        body: pushUnsubscribeBodySchema,
        response: { 200: pushSettingsSchema, ...errorResponses(...writeErrors) },
      },
    },
    async (request) =>
      await push.unsubscribe(currentPlayer(request).account.id, request.body.endpoint),
  );

  app.get(
    '/api/v1/me/push_settings',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['push'],
        summary: 'Consent per notification category and the prompt’s last refusal',
        security: playerSecurity,
        response: { 200: pushSettingsSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => await push.settings(currentPlayer(request).account.id),
  );

  app.patch(
    '/api/v1/me/push_settings',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['push'],
        summary: 'Change consent per category, or record that the prompt was dismissed',
        description:
          '`promptRefused: true` records the refusal now; the prompt is not offered again for 7 ' +
          'days (`promptAllowed`).',
        security: playerSecurity,
        body: updatePushSettingsBodySchema,
        response: { 200: pushSettingsSchema, ...errorResponses(...writeErrors) },
      },
    },
    async (request) => await push.updateSettings(currentPlayer(request).account.id, request.body),
  );

  app.get(
    '/api/v1/support/chat',
    {
      schema: {
        tags: ['support'],
        summary: 'The external support chat widget, when one is configured',
        response: { 200: supportChatConfigSchema, ...errorResponses() },
      },
    },
    async () => ({
      scriptUrl: supportChat.widgetUrl,
      baseUrl: supportChat.widgetUrl === null ? null : new URL(supportChat.widgetUrl).origin,
      websiteToken: supportChat.websiteToken,
    }),
  );
};
