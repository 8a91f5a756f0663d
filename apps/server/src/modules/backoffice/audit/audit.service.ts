import {
  type AuditExportQuery,
  type AuditLogEntry,
  type AuditLogPage,
  type AuditLogQuery,
  auditExportMaxRows,
} from '@casino/contract';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import { toCsv } from '../../../lib/csv.ts';
import { decodeHistoryCursor, historyMeta } from '../../../lib/history-page.ts';
import type { RequestContext } from '../../../lib/request-context.ts';
import { type AuditFilter, type AuditRepository, auditKeyParts } from './audit.repository.ts';

/** Operators' e-mails by id (the operators module answers; the log keeps only ids). */
export type OperatorNames = (ids: readonly string[]) => Promise<Map<string, string>>;

type AuditRow = Awaited<ReturnType<AuditRepository['list']>>[number];

function filterOf(query: AuditLogQuery | AuditExportQuery): AuditFilter {
  return {
    operatorId: query.operatorId,
    action: query.action,
    targetType: query.targetType,
    targetId: query.targetId,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  };
}

/** An instant as `YYYY-MM-DD HH:MM:SS ±HH:MM` in the zone. */
function localTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} ${offset}`;
}

/** The operator behind an action and the request that carried it. */
export interface OperatorActor {
  operatorId: string;
  context: RequestContext;
}

export interface AuditedAction {
  action: string;
  targetType: string;
  targetId: string;
  payload?: Record<string, unknown>;
}

export interface AuditServiceDependencies {
  repository: AuditRepository;
  clock: Clock;
}

/** Records operator actions; pass the caller's transaction so the record commits with the change. */
export class AuditService {
  private readonly repository: AuditRepository;
  private readonly clock: Clock;

  constructor({ repository, clock }: AuditServiceDependencies) {
    this.repository = repository;
    this.clock = clock;
  }

  /** `GET /api/backoffice/v1/audit`: a page newest first. */
  async page(query: AuditLogQuery, names: OperatorNames): Promise<AuditLogPage> {
    const position =
      query.cursor === undefined ? null : decodeHistoryCursor(query.cursor, auditKeyParts);
    const offset = position ? position.offset : query.offset;
    const { items, counted } = await this.repository.page(
      filterOf(query),
      { offset, position },
      query.limit,
    );
    const emails = await names(items.map((row) => row.operator_id));
    const last = items.at(-1);
    return {
      items: items.map((row) => toEntry(row, emails)),
      meta: historyMeta({
        offset,
        limit: query.limit,
        counted,
        rows: items.length,
        lastKey: last ? [last.id] : null,
      }),
    };
  }

  /** The distinct actions recorded, for the filter's choices. */
  async actions(): Promise<string[]> {
    return await this.repository.actions();
  }

  /**
   * The filtered log as CSV (RFC 4180, formula-guarded), newest first, at most
   * auditExportMaxRows rows; the export itself is recorded.
   */
  async exportCsv(
    actor: OperatorActor,
    query: AuditExportQuery,
    names: OperatorNames,
  ): Promise<string> {
    const rows = await this.repository.list(filterOf(query), auditExportMaxRows);
    const emails = await names(rows.map((row) => row.operator_id));
    const zone = query.timeZone;
    const header = [
      'id',
      'at_utc',
      ...(zone === undefined ? [] : ['at_local']),
      'operator_id',
      'operator_email',
      'action',
      'target_type',
      'target_id',
      'payload',
      'ip',
      'request_id',
    ];
    const csv = toCsv(
      header,
      rows.map((row) => [
        row.id,
        row.created_at.toISOString(),
        ...(zone === undefined ? [] : [localTime(row.created_at, zone)]),
        row.operator_id,
        emails.get(row.operator_id) ?? null,
        row.action,
        row.target_type,
        row.target_id,
        JSON.stringify(row.payload),
        row.ip,
        row.request_id,
      ]),
    );
    const { timeZone: _zone, ...filters } = query;
    await this.record(actor, {
      action: 'audit.export',
      targetType: 'audit_log',
      targetId: 'export',
      payload: { rows: rows.length, filters },
    });
    return csv;
  }

  async record(actor: OperatorActor, action: AuditedAction, executor?: DatabaseExecutor) {
    await this.repository.insert(
      {
        operatorId: actor.operatorId,
        action: action.action,
        targetType: action.targetType,
        targetId: action.targetId,
        payload: action.payload ?? {},
        ip: actor.context.inet,
        requestId: actor.context.requestId,
        createdAt: this.clock.now(),
      },
      executor,
    );
  }
}

function toEntry(row: AuditRow, emails: Map<string, string>): AuditLogEntry {
  return {
    id: row.id,
    operatorId: row.operator_id,
    operatorEmail: emails.get(row.operator_id) ?? null,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    payload:
      typeof row.payload === 'object' && row.payload !== null && !Array.isArray(row.payload)
        ? (row.payload as Record<string, unknown>)
        : { value: row.payload },
    ip: row.ip,
    requestId: row.request_id,
    createdAt: row.created_at.toISOString(),
  };
}
