import {
  limitHistoryPageSchema,
  limitHistoryQuerySchema,
  operatorLimitParamsSchema,
  operatorPlayerLimitsSchema,
  operatorSetLimitBodySchema,
  playerGlobalIdParamsSchema,
  playerRgFlagParamsSchema,
  resolveRgFlagBodySchema,
  rgExportQuerySchema,
  rgFlagListQuerySchema,
  rgFlagPageSchema,
  rgFlagParamsSchema,
  rgFlagSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../audit/audit.service.ts';
import type { PlayerProtectionService } from './player-protection.service.ts';

const readErrors = ['validation_error', 'unauthorized', 'forbidden', 'not_found'] as const;
const writeErrors = [...readErrors, 'payload_too_large', 'unsupported_media_type'] as const;

/**
 * The operators' responsible-gambling tools (issue 22): a player's limits, their history,
 * limits imposed by an operator, the flags and their resolution, the CSV export. Admin, support
 * and finance read; admin and support change. Every change is audited.
 */
export const playerProtectionRoutes: FastifyPluginAsyncZod<{
  protection: PlayerProtectionService;
}> = async (app, { protection }) => {
  const actor = (request: Parameters<typeof currentOperator>[0]): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });
  const readers = app.authorizeOperator('admin', 'support', 'finance', 'read_only');
  const writers = app.authorizeOperator('admin', 'support');

  app.get(
    '/api/backoffice/v1/players/:globalId/limits',
    {
      onRequest: readers,
      schema: {
        tags: ['backoffice'],
        summary: 'A player’s responsible-gambling limits (admin, support, finance, read_only)',
        description:
          'What the player sees at `GET /api/v1/me/limits` (usage, reset, pending change), with ' +
          'who set the amount in force (`setBy`) and who asked for the pending change ' +
          '(`pending.requestedBy`): the player or an operator (id and e-mail).',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        response: { 200: operatorPlayerLimitsSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => protection.limits(request.params.globalId),
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/limits/history',
    {
      onRequest: readers,
      schema: {
        tags: ['backoffice'],
        summary:
          'Every change of a player’s limits, newest first (admin, support, finance, read_only)',
        description:
          'Each entry: the limit, the event (set, decreased, increase_requested, ' +
          'removal_requested, increase_applied, removed, cancelled, converted: into a new primary ' +
          'currency), the amounts before and ' +
          'after, when it is in force, who made it (player, operator with id and e-mail, or ' +
          'system: a cooling-off ran out) and an operator’s reason. Paged by `cursor` ' +
          '(`meta.nextCursor`); `limit` defaults to 30, at most 100.',
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        querystring: limitHistoryQuerySchema,
        response: { 200: limitHistoryPageSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => protection.history(request.params.globalId, request.query),
  );

  app.put(
    '/api/backoffice/v1/players/:globalId/limits/:type/:period',
    {
      onRequest: writers,
      schema: {
        tags: ['backoffice'],
        summary: 'Impose, lower, raise or remove a player’s limit (admin, support)',
        description:
          'Imposing a limit or lowering one applies at once (e.g. after an affordability ' +
          'check); a raise or a removal (`amount: null`) waits the same cooling-off as the ' +
          'player’s own, and the player may cancel it. The amount in the limit’s currency (the ' +
          'player’s primary currency for a new one), whole minutes for a session limit. The ' +
          'reason is recorded in the limit’s history and the audit log. Answers every limit.',
        security: operatorSecurity,
        params: operatorLimitParamsSchema,
        body: operatorSetLimitBodySchema,
        response: { 200: operatorPlayerLimitsSchema, ...errorResponses(...writeErrors) },
      },
    },
    async (request) =>
      protection.setLimit(
        actor(request),
        request.params.globalId,
        request.params.type,
        request.params.period,
        request.body,
      ),
  );

  const flagsDescription =
    'Kinds: `deposit_over_limit` (a deposit credited past a limit: a crypto transfer the ' +
    'player did not time), `limit_reached` (a deposit, wager or loss limit used up; one open ' +
    'per limit), `many_limit_increases` (3 or more increase or removal requests by the player ' +
    'within 30 days; one open per player). `status` defaults to open; newest first, paged by ' +
    '`cursor`.';

  app.get(
    '/api/backoffice/v1/rg/flags',
    {
      onRequest: readers,
      schema: {
        tags: ['backoffice'],
        summary: 'Responsible-gambling flags over all players (admin, support, finance, read_only)',
        description: flagsDescription,
        security: operatorSecurity,
        querystring: rgFlagListQuerySchema,
        response: {
          200: rgFlagPageSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) => protection.flags(request.query),
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/rg/flags',
    {
      onRequest: readers,
      schema: {
        tags: ['backoffice'],
        summary: 'A player’s responsible-gambling flags (admin, support, finance, read_only)',
        description: flagsDescription,
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        querystring: rgFlagListQuerySchema,
        response: { 200: rgFlagPageSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => protection.flags(request.query, request.params.globalId),
  );

  const resolveResponses = {
    200: rgFlagSchema,
    ...errorResponses(...writeErrors, 'rg_flag_already_resolved'),
  };

  app.post(
    '/api/backoffice/v1/rg/flags/:flagId/resolve',
    {
      onRequest: writers,
      schema: {
        tags: ['backoffice'],
        summary: 'Resolve a responsible-gambling flag with a note (admin, support)',
        description: 'Audited; 409 rg_flag_already_resolved when it is resolved already.',
        security: operatorSecurity,
        params: rgFlagParamsSchema,
        body: resolveRgFlagBodySchema,
        response: resolveResponses,
      },
    },
    async (request) =>
      protection.resolveFlag(actor(request), request.params.flagId, request.body.note),
  );

  app.post(
    '/api/backoffice/v1/players/:globalId/rg/flags/:flagId/resolve',
    {
      onRequest: writers,
      schema: {
        tags: ['backoffice'],
        summary: 'Resolve one of a player’s responsible-gambling flags (admin, support)',
        description:
          'As `POST /api/backoffice/v1/rg/flags/{flagId}/resolve`; 404 when the flag is not ' +
          'this player’s.',
        security: operatorSecurity,
        params: playerRgFlagParamsSchema,
        body: resolveRgFlagBodySchema,
        response: resolveResponses,
      },
    },
    async (request) =>
      protection.resolveFlag(
        actor(request),
        request.params.flagId,
        request.body.note,
        request.params.globalId,
      ),
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/rg/export.csv',
    {
      onRequest: readers,
      schema: {
        tags: ['backoffice'],
        summary:
          'A player’s limit and exclusion history as CSV (admin, support, finance, read_only)',
        description:
          'RFC 4180 (CRLF, quoted cells), UTF-8, as an attachment; oldest first. Columns: ' +
          'record (limit | exclusion), at_utc, event, limit_type, limit_period, currency ' +
          '(`minutes` for a session limit), from, to, effective_at_utc, exclusion_kind, ' +
          'exclusion_until_utc, actor (player | operator | system), actor_operator_id, ' +
          'actor_operator_email, reason; with `timeZone` (IANA, e.g. Europe/Malta) each instant ' +
          'also in that zone (`*_local`, with its UTC offset). A cell starting with = + - @, a ' +
          "tab or CR is prefixed with ' (no spreadsheet formula runs). Audited.",
        security: operatorSecurity,
        params: playerGlobalIdParamsSchema,
        querystring: rgExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('The CSV text'),
          ...errorResponses(...readErrors),
        },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await protection.exportCsv(
        actor(request),
        request.params.globalId,
        request.query.timeZone,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
};
