import {
  auditActionsSchema,
  auditExportQuerySchema,
  auditLogPageSchema,
  auditLogQuerySchema,
} from '@casino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/error-body.ts';
import { operatorActor } from '../../../plugins/authentication.ts';
import { operatorSecurity } from '../../../plugins/openapi.ts';
import type { AuditService, OperatorNames } from './audit.service.ts';

/**
 * The operators' audit log, read by admins and read-only operators (auditors): every action an
 * operator took, with its payload. Operators of the other roles do not read it (it holds other
 * wings' details: e-mails, amounts, reasons).
 */
export const auditRoutes: FastifyPluginAsyncZod<{
  audit: AuditService;
  names: OperatorNames;
}> = async (app, { audit, names }) => {
  const readers = app.authorizeOperator('admin', 'read_only');

  app.get(
    '/api/backoffice/v1/audit',
    {
      onRequest: readers,
      schema: {
        tags: ['backoffice'],
        summary: 'The operators’ audit log (admin, read_only)',
        description:
          'Newest first; filters: operatorId, action (exact, or a prefix ending in `.`, e.g. ' +
          '`player.`), targetType, targetId (a player’s globalId, an operator’s id…), from/to ' +
          '(ISO instants, [from, to)). Keyset pages: pass `meta.nextCursor` as `cursor`; ' +
          '`meta.total` counts up to 1,000 entries past the page’s start (`totalCapped`).',
        security: operatorSecurity,
        querystring: auditLogQuerySchema,
        response: {
          200: auditLogPageSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request) => await audit.page(request.query, names),
  );

  app.get(
    '/api/backoffice/v1/audit/actions',
    {
      onRequest: readers,
      schema: {
        tags: ['backoffice'],
        summary: 'The actions the audit log holds (admin, read_only)',
        security: operatorSecurity,
        response: { 200: auditActionsSchema, ...errorResponses('unauthorized', 'forbidden') },
      },
    },
    async () => ({ actions: await audit.actions() }),
  );

  app.get(
    '/api/backoffice/v1/audit/export.csv',
    {
      onRequest: readers,
      schema: {
        tags: ['backoffice'],
        summary: 'The audit log as CSV (admin, read_only)',
        description:
          'The filters of `GET …/audit`, newest first, at most 10,000 rows. RFC 4180 (CRLF, ' +
          'quoted cells), UTF-8, an attachment; a cell starting with = + - @, a tab or CR is ' +
          "prefixed with ' (no spreadsheet formula runs). Columns: id, at_utc, at_local (with " +
          '`timeZone`, IANA), operator_id, operator_email, action, target_type, target_id, ' +
          'payload (JSON), ip, request_id. The export is itself audited (`audit.export`).',
        security: operatorSecurity,
        querystring: auditExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('The CSV text'),
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request, reply) => {
      const csv = await audit.exportCsv(operatorActor(request), request.query, names);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
};
