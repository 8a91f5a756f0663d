import { limitsReviewBodySchema, limitsReviewSchema, playSessionSchema } from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { currentPlayer } from '../../../plugins/authentication.ts';
import { playerSecurity } from '../../../plugins/openapi.ts';
import type { UsersService } from '../accounts/users.service.ts';
import type { RealityChecks } from './reality-check.service.ts';

const playerErrors = ['unauthorized', 'user_banned', 'region_restricted'] as const;

/**
 * Reality checks and the limits prompts (issue 22): the player's play session, the answer to a
 * due reality check, the deposit-limit prompt declined or the 6-monthly review done.
 */
export const realityCheckRoutes: FastifyPluginAsyncZod<{
  realityChecks: RealityChecks;
  users: Pick<UsersService, 'recordLimitsReview'>;
}> = async (app, { realityChecks, users }) => {
  app.get(
    '/api/v1/me/play-session',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'The player’s play session: time played, net result, the next reality check',
        description:
          'A play session starts with the first stake after 30 minutes without one and lasts ' +
          'while stakes keep coming (startedAt null: none in progress). `net` counts its stakes ' +
          'and wins in the primary currency. While `realityCheckDue` is true every stake is ' +
          'refused (403 reality_check_due) until POST /api/v1/me/reality-check/ack.',
        security: playerSecurity,
        response: { 200: playSessionSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => await realityChecks.playSession(currentPlayer(request).account.id),
  );

  app.post(
    '/api/v1/me/reality-check/ack',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Answer the due reality check (“continue”)',
        description:
          'The next check is due an interval from now. Only a check due (or due within a ' +
          'minute) is answered; the answer is the play session either way.',
        security: playerSecurity,
        response: { 200: playSessionSchema, ...errorResponses(...playerErrors) },
      },
    },
    async (request) => await realityChecks.acknowledge(currentPlayer(request).account.id),
  );

  app.post(
    '/api/v1/me/limits/review',
    {
      onRequest: app.authenticatePlayer,
      schema: {
        tags: ['profile'],
        summary: 'Decline the deposit-limit prompt, or record a review of the limits',
        description:
          '`declined`: the prompt (at registration or before the first deposit) is not shown ' +
          'again until the review; `reviewed`: the limits were reviewed (the reminder returns ' +
          'after 6 months). Answers both times.',
        security: playerSecurity,
        body: limitsReviewBodySchema,
        response: {
          200: limitsReviewSchema,
          ...errorResponses(
            ...playerErrors,
            'validation_error',
            'payload_too_large',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request) =>
      await users.recordLimitsReview(currentPlayer(request).account.id, request.body.action),
  );
};
