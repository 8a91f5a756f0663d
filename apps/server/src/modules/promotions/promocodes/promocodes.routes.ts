import {
  promoActivateBodySchema,
  promoInfoCookie,
  promoInfoSchema,
  showModalInfoSchema,
} from '@casino/contract';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import { countryOfIp } from '../../platform/region/region.service.ts';
import type { PromoCaller, PromoCodesService } from './promocodes.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

/** The promo info cookie lives a day: long enough for the app to show its modal after sign-in. */
const promoInfoCookieMaxAgeSeconds = 24 * 60 * 60;

/**
 * The promo info cookie (wallet spec §3): URL-encoded JSON of the promo info, read by the app
 * (so not HttpOnly), sent on top-level navigations (Lax), on every path.
 */
export function promoInfoCookieOptions(secure: boolean): CookieSerializeOptions {
  return {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: promoInfoCookieMaxAgeSeconds,
  };
}

function caller(request: FastifyRequest): PromoCaller {
  return { userId: currentPlayer(request).account.id, country: countryOfIp(request.ip) };
}

export const promoCodesRoutes: FastifyPluginAsyncZod<{
  promoCodes: PromoCodesService;
  cookieSecure: boolean;
}> = async (app, { promoCodes, cookieSecure }) => {
  app.post(
    '/api/v2/promocodes/activate',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['promocodes'],
        summary: 'Activate a promo code (requires Idempotency-Key)',
        description:
          'Codes match without regard to case. type main credits the amount to the main ' +
          'balance, bonus grants a bonus with its wagering, conditions makes the offer the ' +
          `player’s: the next qualifying deposit receives it. Sets the ${promoInfoCookie} cookie ` +
          '(URL-encoded JSON of the answer, path /, SameSite=Lax, readable by the app, one day).',
        security: playerSecurity,
        body: promoActivateBodySchema,
        response: {
          200: promoInfoSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'promo_code_not_found',
            'promo_code_expired',
            'promo_code_exhausted',
            'promo_code_already_used',
            'promo_code_not_eligible',
            'idempotency_key_reused',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const answer = await app.idempotent(request, reply, async (transaction) => ({
        statusCode: 200,
        body: await promoCodes.activate(transaction, caller(request), request.body.code),
      }));
      // A replay's body comes back from storage: parsing puts its fields in the schema's order,
      // so the cookie of a replay is the cookie of the first answer.
      const info = promoInfoSchema.parse(answer);
      reply.setCookie(promoInfoCookie, JSON.stringify(info), promoInfoCookieOptions(cookieSecure));
      return info;
    },
  );

  app.get(
    '/api/v1/me/show_modal_info',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['promocodes'],
        summary: 'Whether the timed first-deposit promo may show, and the promo it presents',
        description:
          'isShowModal: the player has no completed deposit, was not shown the promo yet, and ' +
          'could activate the first-deposit promo code now. The app opens it 10 minutes after ' +
          'the session’s first mark.',
        security: playerSecurity,
        response: { 200: showModalInfoSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => promoCodes.showModalInfo(caller(request)),
  );

  app.put(
    '/api/v1/me/show_modal_info',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['promocodes'],
        summary: 'Mark the first-deposit promo shown (it does not show again)',
        security: playerSecurity,
        response: { 200: showModalInfoSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => promoCodes.markModalShown(caller(request)),
  );
};
