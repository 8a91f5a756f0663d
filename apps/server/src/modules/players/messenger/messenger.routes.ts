import {
  authTokenResponseSchema,
  defaultLocale,
  isSupportedLocale,
  messengerAuthBodySchema,
  messengerLinkBodySchema,
  messengerLinkSchema,
  playerSessionCookie,
  promoInfoCookie,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { sessionCookieOptions } from '../../../lib/cookies.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import { promoInfoCookieOptions } from '../../promotions/promocodes/promocodes.routes.ts';
import type { MessengerService } from './messenger.service.ts';

export const messengerRoutes: FastifyPluginAsyncZod<{
  messenger: MessengerService;
  config: Config;
}> = async (app, { messenger, config }) => {
  app.post(
    '/api/v1/auth/messenger',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in from the messenger mini-app with its signed launch data',
        description:
          'Verifies the launch data (Telegram WebApp initData) of the bot `botId` (one of ' +
          'MESSENGER_BOTS): signed with MESSENGER_BOT_TOKEN (`hash`, when that is the bot’s ' +
          'token) or with the messenger’s Ed25519 key for the bot (`signature`, ' +
          'MESSENGER_PUBLIC_KEY), at most MESSENGER_INIT_DATA_MAX_AGE_SECONDS old, and never ' +
          'used before; else 401 invalid_init_data (payload.problem). An unknown bot: 401 ' +
          'invalid_bot. Signs in the player linked to the messenger user, or creates one ' +
          'without a password and links it (a vip bot’s players are VIP); sets the httpOnly ' +
          '`session` cookie and returns the same token for Bearer use. `promo` is the launch’s ' +
          'start parameter: `promo_<CODE>` activates the promo code CODE for an account this ' +
          'call creates, by the same rules as POST /api/v2/promocodes/activate (and sets the ' +
          `same ${promoInfoCookie} cookie); a code refused or failing is only logged and the ` +
          'sign-in stands; a player signing in again never gets it again. Limited per IP per minute ' +
          '(LOGIN_RATE_LIMIT_PER_IP, counted apart; 429 rate_limited with Retry-After).',
        headers: z.looseObject({
          'x-locale': z
            .string()
            .optional()
            .describe('A new account’s language when the launch data names none we have; else en'),
        }),
        body: messengerAuthBodySchema,
        response: {
          200: authTokenResponseSchema,
          ...errorResponses(
            'validation_error',
            'invalid_init_data',
            'invalid_bot',
            'payload_too_large',
            'unsupported_media_type',
            'rate_limited',
            'region_restricted',
          ),
        },
      },
    },
    async (request, reply) => {
      const hint = request.headers['x-locale'];
      const language = typeof hint === 'string' && isSupportedLocale(hint) ? hint : defaultLocale;
      const { session, promo } = await messenger.signIn(
        request.body,
        language,
        requestContext(request),
      );
      if (promo && 'applied' in promo) {
        reply.setCookie(
          promoInfoCookie,
          JSON.stringify(promo.applied),
          promoInfoCookieOptions(config.cookieSecure),
        );
        request.log.info({ code: promo.code }, 'messenger start promo applied');
      } else if (promo) {
        // the sign-in stands; a refused code (unknown, expired, …) is only noted
        const level = promo.refused === 'internal_error' ? 'error' : 'info';
        request.log[level](
          { code: promo.code, refused: promo.refused, err: promo.error },
          'messenger start promo not applied',
        );
      }
      reply.setCookie(
        playerSessionCookie,
        session.token,
        sessionCookieOptions({
          secure: config.cookieSecure,
          path: '/',
          expiresAt: session.expiresAt,
        }),
      );
      return { token: session.token };
    },
  );

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
