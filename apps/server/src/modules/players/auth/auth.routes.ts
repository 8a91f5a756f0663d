import {
  authTokenResponseSchema,
  defaultLocale,
  isSupportedLocale,
  loadCommonPasswords,
  loginBodySchema,
  passwordMaxLength,
  passwordMinLength,
  playerSessionCookie,
  registerBodySchemaWith,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { sessionCookieOptions } from '../../../lib/cookies.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { readSessionToken } from '../../../plugins/authentication.ts';
import type { AuthService } from './auth.service.ts';

const localeHintHeaders = z.looseObject({
  'x-locale': z
    .string()
    .optional()
    .describe('Interface language of a new account when it is a supported locale; else en'),
});

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (
  app,
  { auth, config },
) => {
  const cookiePath = '/';
  const registerBodySchema = registerBodySchemaWith(await loadCommonPasswords());

  app.post(
    '/api/v1/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a player account and sign in',
        description:
          'Sets the httpOnly `session` cookie and returns the same token for Bearer use. ' +
          `The password has ${passwordMinLength}–${passwordMaxLength} characters (code points) ` +
          'of any kind and is refused (400, field `password`) when it is a common password ' +
          '(`Validation.password_common`), the e-mail address or its name part ' +
          '(`Validation.password_like_email`) or the service name ' +
          '(`Validation.password_like_service`). ' +
          'Limited to REGISTER_RATE_LIMIT_PER_IP per hour (429 rate_limited); when the server ' +
          'hashes as many passwords as it can, 429 server_busy at once. Both carry Retry-After. ' +
          'An e-mail the national self-exclusion registry lists is 403 `self_excluded`.',
        headers: localeHintHeaders,
        body: registerBodySchema,
        response: {
          201: authTokenResponseSchema,
          ...errorResponses(
            'validation_error',
            'email_taken',
            'self_excluded',
            'payload_too_large',
            'unsupported_media_type',
            'rate_limited',
            'server_busy',
            'region_restricted',
          ),
        },
      },
    },
    async (request, reply) => {
      const hint = request.headers['x-locale'];
      const language = typeof hint === 'string' && isSupportedLocale(hint) ? hint : defaultLocale;
      const session = await auth.register(request.body, language, requestContext(request));
      reply.setCookie(
        playerSessionCookie,
        session.token,
        sessionCookieOptions({
          secure: config.cookieSecure,
          path: cookiePath,
          expiresAt: session.expiresAt,
        }),
      );
      return reply.code(201).send({ token: session.token });
    },
  );

  app.post(
    '/api/v1/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'A wrong e-mail and a wrong password answer the same 401 invalid_credentials. ' +
          'Attempts are limited per IP per minute, and failures per account per 15 minutes ' +
          '(while locked even the right password answers 429 rate_limited). The right password ' +
          'of a player on a time-out or self-exclusion answers 403 `timed_out` / `self_excluded` ' +
          'with `payload.until` (an ended self-exclusion: `reopenable`, see ' +
          '`POST /api/v1/auth/reopen`); a player the national self-exclusion registry lists, ' +
          '403 `self_excluded` with `payload.registry` `national`. When the server ' +
          'hashes as many passwords as it can, 429 server_busy at once. Both carry Retry-After.',
        body: loginBodySchema,
        response: {
          200: authTokenResponseSchema,
          ...errorResponses(
            'validation_error',
            'invalid_credentials',
            'self_excluded',
            'timed_out',
            'payload_too_large',
            'unsupported_media_type',
            'rate_limited',
            'server_busy',
            'region_restricted',
          ),
        },
      },
    },
    async (request, reply) => {
      const session = await auth.login(request.body, requestContext(request));
      reply.setCookie(
        playerSessionCookie,
        session.token,
        sessionCookieOptions({
          secure: config.cookieSecure,
          path: cookiePath,
          expiresAt: session.expiresAt,
        }),
      );
      return { token: session.token };
    },
  );

  app.post(
    '/api/v1/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session and clear the cookie',
        description:
          'Idempotent: answers 204 even when the session is unknown or already over. The ' +
          'realtime connections opened with websocket tokens of this session close (4502) and ' +
          'those tokens are refused from then on; the player’s other sessions keep theirs.',
        response: {
          204: z.null().describe('Signed out'),
          ...errorResponses('region_restricted'),
        },
      },
    },
    async (request, reply) => {
      await auth.logout(readSessionToken(request, playerSessionCookie));
      reply.clearCookie(
        playerSessionCookie,
        sessionCookieOptions({ secure: config.cookieSecure, path: cookiePath }),
      );
      return reply.code(204).send(null);
    },
  );
};
