import {
  playerAuditResponseSchema,
  playerBonusesResponseSchema,
  playerExportQuerySchema,
  playerGlobalIdParamsSchema,
  playerOrdersQuerySchema,
  playerOrdersResponseSchema,
  playerOverviewSchema,
  playerPageQuerySchema,
  playerPostingsQuerySchema,
  playerPostingsResponseSchema,
  playerRoundsQuerySchema,
  playerRoundsResponseSchema,
  playerSessionParamsSchema,
  playerSessionsResponseSchema,
  playerSportTicketsResponseSchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { requestContext } from '../../../lib/request-context.ts';
import { currentOperator } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { OperatorActor } from '../audit/audit.service.ts';
import type { Player360Service } from './player-360.service.ts';

const readErrors = ['validation_error', 'unauthorized', 'forbidden', 'not_found'] as const;

/**
 * The operators' 360° view of a player (issue 24): the profile and balances, and the player's
 * postings, sign-in sessions, deposits and withdrawals, bonuses, rounds, sportsbook tickets and
 * the audit of what operators did to them; the search's CSV; ending a sign-in session.
 */
export const player360Routes: FastifyPluginAsyncZod<{ player360: Player360Service }> = async (
  app,
  { player360 },
) => {
  const actor = (request: Parameters<typeof currentOperator>[0]): OperatorActor => ({
    operatorId: currentOperator(request).operator.id,
    context: requestContext(request),
  });
  const readers = app.authorizeOperator('admin', 'support', 'finance', 'read_only');
  const read = (summary: string, description?: string) => ({
    tags: ['backoffice'],
    summary,
    ...(description ? { description } : {}),
    security: operatorSecurity,
    params: playerGlobalIdParamsSchema,
  });

  app.get(
    '/api/backoffice/v1/players/export.csv',
    {
      onRequest: readers,
      schema: {
        tags: ['backoffice'],
        summary: 'The player search as CSV (admin, support, finance, read_only)',
        description:
          'The filters and order of `GET /players`, at most 10 000 rows. RFC 4180 (CRLF, quoted ' +
          'cells), UTF-8, as an attachment. Columns: global_id, email, first_name, last_name, ' +
          'country, currency, balance (main, primary currency), vip, verified, ban_reason, ' +
          'registered_at_utc, last_seen_at_utc; with `timeZone` (IANA) also ' +
          'registered_at_local and last_seen_at_local. A cell starting with = + - @, a tab or CR ' +
          "is prefixed with ' (no spreadsheet formula runs). Audited; 30 exports an hour per " +
          'operator (429 rate_limited).',
        security: operatorSecurity,
        querystring: playerExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('The CSV text'),
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await player360.exportCsv(actor(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.get(
    '/api/backoffice/v1/players/:globalId',
    {
      onRequest: readers,
      schema: {
        ...read(
          'A player’s profile and balances per account (admin, support, finance, read_only)',
          'With the five latest sign-ins and the payment restrictions.',
        ),
        response: { 200: playerOverviewSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => player360.overview(request.params.globalId),
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/postings',
    {
      onRequest: readers,
      schema: {
        ...read(
          'A player’s ledger postings (admin, support, finance, read_only)',
          'Newest first, keyset-paginated: pass the answer’s `meta.nextCursor` as `cursor` ' +
            'for the next page (null: no more). `kind` filters by the ledger transaction type, ' +
            '`currency` by the account’s currency.',
        ),
        querystring: playerPostingsQuerySchema,
        response: { 200: playerPostingsResponseSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => player360.postings(request.params.globalId, request.query),
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/sessions',
    {
      onRequest: readers,
      schema: {
        ...read(
          'A player’s sign-in sessions (admin, support, finance, read_only)',
          'Newest first, open and ended ones (until retention forgets ended sessions).',
        ),
        querystring: playerPageQuerySchema,
        response: { 200: playerSessionsResponseSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => player360.sessions(request.params.globalId, request.query),
  );

  app.delete(
    '/api/backoffice/v1/players/:globalId/sessions/:id',
    {
      onRequest: app.authorizeOperator('admin', 'support'),
      schema: {
        tags: ['backoffice'],
        summary: 'End one of a player’s sign-in sessions (admin, support)',
        description:
          'The app signed in with it is signed out: its next call answers 401 and its realtime ' +
          'connections close as the revocation commits. 404 when the player has no such open ' +
          'session. Audited.',
        security: operatorSecurity,
        params: playerSessionParamsSchema,
        response: { 204: z.null(), ...errorResponses(...readErrors) },
      },
    },
    async (request, reply) => {
      await player360.revokeSession(actor(request), request.params.globalId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/orders',
    {
      onRequest: readers,
      schema: {
        ...read(
          'A player’s deposits and withdrawals on every rail (admin, support, finance, read_only)',
          'Fiat orders and crypto transfers together, newest first; `type` and `rail` filter.',
        ),
        querystring: playerOrdersQuerySchema,
        response: { 200: playerOrdersResponseSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => player360.orders(request.params.globalId, request.query),
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/bonuses',
    {
      onRequest: readers,
      schema: {
        ...read('A player’s bonuses (admin, support, finance, read_only)', 'Newest first.'),
        querystring: playerPageQuerySchema,
        response: { 200: playerBonusesResponseSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => player360.bonuses(request.params.globalId, request.query),
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/rounds',
    {
      onRequest: readers,
      schema: {
        ...read(
          'A player’s casino rounds (admin, support, finance, read_only)',
          'Newest first, keyset-paginated: pass `meta.nextCursor` as `cursor` (null: no more).',
        ),
        querystring: playerRoundsQuerySchema,
        response: { 200: playerRoundsResponseSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => player360.rounds(request.params.globalId, request.query),
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/sport-tickets',
    {
      onRequest: app.authorizeOperator('admin', 'support', 'finance', 'trading', 'read_only'),
      schema: {
        ...read(
          'A player’s sportsbook tickets (admin, support, finance, trading, read_only)',
          'Newest first by placement.',
        ),
        querystring: playerPageQuerySchema,
        response: { 200: playerSportTicketsResponseSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => player360.sportTickets(request.params.globalId, request.query),
  );

  app.get(
    '/api/backoffice/v1/players/:globalId/audit',
    {
      onRequest: readers,
      schema: {
        ...read(
          'What operators did to a player (admin, support, finance, read_only)',
          'The audit log’s entries whose target is the player, newest first, with the ' +
            'operator’s e-mail.',
        ),
        querystring: playerPageQuerySchema,
        response: { 200: playerAuditResponseSchema, ...errorResponses(...readErrors) },
      },
    },
    async (request) => player360.auditTrail(request.params.globalId, request.query),
  );
};
