import {
  backofficeLeaderboardSchema,
  backofficeTournamentSchema,
  backofficeTournamentsSchema,
  leaderboardQuerySchema,
  newTournamentBodySchema,
  tournamentIdParamsSchema,
  updateTournamentBodySchema,
} from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { TournamentsService } from './tournaments.service.ts';

const bodyErrors = ['payload_too_large', 'unsupported_media_type'] as const;
const operatorErrors = ['unauthorized', 'forbidden'] as const;

/** The operator's tournament calls (admin); every change is audited with its request. */
export const tournamentsBackofficeRoutes: FastifyPluginAsyncZod<{
  tournaments: TournamentsService;
}> = async (app, { tournaments }) => {
  const actor = (request: FastifyRequest): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });

  app.get(
    '/api/backoffice/v1/tournaments',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'Every tournament, latest start first, with its player count (admin, marketing, read_only)',
        security: operatorSecurity,
        response: { 200: backofficeTournamentsSchema, ...errorResponses(...operatorErrors) },
      },
    },
    async () => tournaments.backofficeList(),
  );

  app.get(
    '/api/backoffice/v1/tournaments/:id/leaderboard',
    {
      onRequest: app.authorizeOperator('admin', 'marketing', 'read_only'),
      schema: {
        tags: ['backoffice'],
        summary:
          'A page of a tournament’s leaderboard, players unmasked (admin, marketing, read_only)',
        description:
          'Players with a positive score, best first (ties: who reached the score first), with ' +
          'e-mail, globalId and the prize of their place. `limit` defaults to 30, at most 100.',
        security: operatorSecurity,
        params: tournamentIdParamsSchema,
        querystring: leaderboardQuerySchema,
        response: {
          200: backofficeLeaderboardSchema,
          ...errorResponses(...operatorErrors, 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => tournaments.backofficeLeaderboard(request.params.id, request.query),
  );

  app.post(
    '/api/backoffice/v1/tournaments',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Create a tournament (admin, marketing)',
        description:
          '`id` is the slug of /tournaments/{id}. Texts per locale (English required); prizes by ' +
          'place 1…n in `currency`; `gameIds` empty: every game counts. Prizes are paid once ' +
          'at `endsAt`, converted to each winner’s primary currency.',
        security: operatorSecurity,
        body: newTournamentBodySchema,
        response: {
          201: backofficeTournamentSchema,
          ...errorResponses(...operatorErrors, 'validation_error', ...bodyErrors),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tournaments.create(actor(request), request.body)),
  );

  app.patch(
    '/api/backoffice/v1/tournaments/:id',
    {
      onRequest: app.authorizeOperator('admin', 'marketing'),
      schema: {
        tags: ['backoffice'],
        summary: 'Change a tournament (admin, marketing)',
        description:
          'Once started, its scoring, currency, games and start are fixed; once ended, nothing ' +
          'changes.',
        security: operatorSecurity,
        params: tournamentIdParamsSchema,
        body: updateTournamentBodySchema,
        response: {
          200: backofficeTournamentSchema,
          ...errorResponses(...operatorErrors, 'validation_error', 'not_found', ...bodyErrors),
        },
      },
    },
    async (request) => tournaments.update(actor(request), request.params.id, request.body),
  );
};
