import { messengerLinkBodySchema, messengerLinkSchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { MessengerService } from './messenger.service.ts';

export const messengerRoutes: FastifyPluginAsyncZod<{ messenger: MessengerService }> = async (
  app,
  { messenger },
) => {
  app.post(
    '/api/v1/me/messenger',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Link the player’s messenger account from the mini-app’s signed launch data',
        description:
          'The launch data (Telegram WebApp initData) must be signed with MESSENGER_BOT_TOKEN and ' +
          'be at most a day old. Crypto-bot withdrawals are paid to the linked messenger user. ' +
          '503 service_unavailable when no bot is configured.',
        security: playerSecurity,
        body: messengerLinkBodySchema,
        response: {
          200: messengerLinkSchema,
          ...errorResponses(
            'unauthorized',
            'user_banned',
            'region_restricted',
            'validation_error',
            'messenger_already_linked',
            'service_unavailable',
          ),
        },
      },
    },
    async (request) => messenger.link(currentPlayer(request).account.id, request.body.initData),
  );
};
