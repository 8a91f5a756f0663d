import {
  exclusionSchema,
  operatorExclusionBodySchema,
  playerExclusionsSchema,
  playerGlobalIdParamsSchema,
  playerSessionCookie,
  reopenBodySchema,
  reopenResponseSchema,
  selfExclusionBodySchema,
  timeOutBodySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config.ts';
import { sessionCookieOptions } from '../../../lib/cookies.ts';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator, currentPlayer } from '../../../plugins/authentication.ts';
import { operatorSecurity, playerSecurity } from '../../../plugins/openapi.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Exclusions } from './exclusion.service.ts';

const playerWriteErrors = [
  'unauthorized',
  'user_banned',
  'region_restricted',
  'validation_error',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'exclusion_not_shortenable',
] as const;

/**
 * Time-out and self-exclusion (issue 22): the player takes one (their sessions end with it), asks
 * to reopen an account whose self-exclusion ended, and operators read and set them.
 */
export const exclusionRoutes: FastifyPluginAsyncZod<{
  exclusions: Exclusions;
  auth: AuthService;
  config: Config;
}> = async (app, { exclusions, auth, config }) => {
  const clearSession = (reply: { clearCookie: (name: string, options: object) => unknown }) =>
    reply.clearCookie(
      playerSessionCookie,
      sessionCookieOptions({ secure: config.cookieSecure, path: '/' }),
    );

  app.post(
    '/api/v1/me/time-out',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Take a time-out of 1 to 42 days (immediate)',
        description:
          '`confirm: true` is the app’s confirmation step. Every sign-in session of the player ' +
          'ends at once (this one included: the cookie is cleared; open apps get the realtime ' +
          'session-ended close), sign-in answers 403 `timed_out` with `payload.until` until it ' +
          'ends, and no deposit, stake or promotion is possible. A time-out in force can only be ' +
          'lengthened: one ending sooner, or a time-out during a self-exclusion, is 409 ' +
          '`exclusion_not_shortenable`. At most 10 requests per hour.',
        security: playerSecurity,
        body: timeOutBodySchema,
        response: { 200: exclusionSchema, ...errorResponses(...playerWriteErrors) },
      },
    },
    async (request, reply) => {
      const exclusion = await exclusions.timeOut(
        currentPlayer(request).account.id,
        request.body.days,
      );
      clearSession(reply);
      return exclusion;
    },
  );

  app.post(
    '/api/v1/me/self-exclusion',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Self-exclude for 6 months, 1 or 5 years, or indefinitely (immediate)',
        description:
          '`confirm: true` is the app’s confirmation step. Every sign-in session ends at once ' +
          '(as for a time-out); sign-in answers 403 `self_excluded` with `payload.until` (null: ' +
          'indefinite). It cannot be shortened or lifted (409 `exclusion_not_shortenable`); once ' +
          'it ended the account stays closed until the player asks (`POST /api/v1/auth/reopen`) ' +
          'and 24 hours pass. Months and years are calendar ones (UTC).',
        security: playerSecurity,
        body: selfExclusionBodySchema,
        response: { 200: exclusionSchema, ...errorResponses(...playerWriteErrors) },
      },
    },
    async (request, reply) => {
      const exclusion = await exclusions.selfExclude(
        currentPlayer(request).account.id,
        request.body.period,
      );
      clearSession(reply);
      return exclusion;
    },
  );

  app.post(
    '/api/v1/auth/reopen',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ask to reopen an account whose self-exclusion ended',
        description:
          'With the account’s e-mail and password (throttled like sign-in). Answers when the ' +
          'account reopens: 24 hours after the first request (asked again: the same time). A ' +
          'self-exclusion still running is 403 `self_excluded` with its end; an account with ' +
          'no ended self-exclusion, 409 `account_not_reopenable`.',
        body: reopenBodySchema,
        response: {
          200: reopenResponseSchema,
          ...errorResponses(
            'validation_error',
            'invalid_credentials',
            'self_excluded',
            'account_not_reopenable',
            'payload_too_large',
            'unsupported_media_type',
            'rate_limited',
            'server_busy',
            'region_restricted',
          ),
        },
      },
    },
    async (request) => {
      const userId = await auth.checkCredentials(request.body, requestContext(request));
      const reopensAt = await exclusions.requestReopen(userId);
      return { reopensAt: reopensAt.toISOString() };
    },
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/exclusions',
    {
      onRequest: app.authorizeOperator('admin', 'support', 'finance', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary: 'A player’s time-out or self-exclusion and its history (who and when)',
        description:
          '`current`: the exclusion in force (a self-exclusion that ended but was not reopened ' +
          'included), null when none; `history`: every change, newest first.',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        response: {
          200: playerExclusionsSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found'),
        },
      },
    },
    async (request) => await exclusions.forOperator(request.params.globalId),
  );

  app.post(
    '/api/backoffice/v1/players/:globalId/exclusions',
    {
      onRequest: app.authorizeOperator('admin'),
      schema: {
        tags: ['backoffice'],
        summary: 'Set a time-out or self-exclusion on the player’s behalf (admin, audited)',
        description:
          'As the player’s own request: immediate, every session of the player ends; it can ' +
          'only lengthen one in force (409 `exclusion_not_shortenable`).',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        body: operatorExclusionBodySchema,
        response: {
          200: exclusionSchema,
          ...errorResponses(
            'validation_error',
            'unauthorized',
            'forbidden',
            'not_found',
            'exclusion_not_shortenable',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request) =>
      await exclusions.setForPlayer(
        {
          operatorId: currentOperator(request).operator.id,
          context: requestContext(request),
        },
        request.params.globalId,
        request.body,
      ),
  );
};
