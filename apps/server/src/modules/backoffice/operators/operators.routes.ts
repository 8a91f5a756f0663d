import {
  authTokenResponseSchema,
  loginBodySchema,
  operatorProfileSchema,
  operatorSessionCookie,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import { sessionCookieOptions } from '../../../lib/cookies.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator, readSessionToken } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorsService } from './operators.service.ts';

/** The operator cookie never travels with player API calls. */
export const operatorCookiePath = '/api/backoffice';

export const operatorsRoutes: FastifyPluginAsyncZod<{
  operators: OperatorsService;
  config: Config;
}> = async (app, { operators, config }) => {
  app.post(
    '/api/backoffice/v1/auth/login',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Operator sign-in',
        description:
          'Sets the httpOnly `operator_session` cookie (path /api/backoffice). Throttled like ' +
          'the player sign-in (429 rate_limited), and 429 server_busy at once when the server ' +
          'hashes as many passwords as it can; both carry Retry-After.',
        body: loginBodySchema,
        response: {
          200: authTokenResponseSchema,
          ...errorResponses(
            'validation_error',
            'invalid_credentials',
            'payload_too_large',
            'unsupported_media_type',
            'rate_limited',
            'server_busy',
          ),
        },
      },
    },
    async (request, reply) => {
      const session = await operators.login(request.body, requestContext(request));
      reply.setCookie(
        operatorSessionCookie,
        session.token,
        sessionCookieOptions({
          secure: config.cookieSecure,
          path: operatorCookiePath,
          expiresAt: session.expiresAt,
        }),
      );
      return { token: session.token };
    },
  );

  app.post(
    '/api/backoffice/v1/auth/logout',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Operator sign-out (idempotent)',
        response: { 204: z.null().describe('Signed out'), ...errorResponses() },
      },
    },
    async (request, reply) => {
      await operators.logout(readSessionToken(request, operatorSessionCookie));
      reply.clearCookie(
        operatorSessionCookie,
        sessionCookieOptions({ secure: config.cookieSecure, path: operatorCookiePath }),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/backoffice/v1/me',
    {
      onRequest: app.authorizeOperator(),
      schema: {
        tags: ['backoffice'],
        summary: 'The signed-in operator',
        security: operatorSecurity,
        response: { 200: operatorProfileSchema, ...errorResponses('unauthorized') },
      },
    },
    async (request) => currentOperator(request).operator,
  );
};
