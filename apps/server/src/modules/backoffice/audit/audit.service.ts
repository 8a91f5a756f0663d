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

/** The zone's UTC offset (ms) at an instant. */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return local - Math.floor(at / 1000) * 1000;
}

/** The instant a day (`YYYY-MM-DD`, plus `days`) starts in the zone. */
export function startOfDayIn(day: string, timeZone: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, date + days);
  let instant = midnight - zoneOffsetMs(midnight, timeZone);
  // across a change of offset, the offset at the found instant is the one that applies
  instant = midnight - zoneOffsetMs(instant, timeZone);
  // a midnight the clocks skip: the day starts when they land after it
  const shortfall = midnight - (instant + zoneOffsetMs(instant, timeZone));
  if (shortfall > 0) instant += shortfall;
  return new Date(instant);
}

function later(a: Date | undefined, b: Date | undefined): Date | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

function earlier(a: Date | undefined, b: Date | undefined): Date | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}

function filterOf(query: AuditLogQuery | AuditExportQuery): AuditFilter {
  const zone = query.timeZone ?? 'UTC';
  return {
    operatorId: query.operatorId,
    action: query.action,
    targetType: query.targetType,
    targetId: query.targetId,
    from: later(
      query.from === undefined ? undefined : new Date(query.from),
      query.createdFrom === undefined ? undefined : startOfDayIn(query.createdFrom, zone),
    ),
    to: earlier(
      query.to === undefined ? undefined : new Date(query.to),
      query.createdTo === undefined ? undefined : startOfDayIn(query.createdTo, zone, 1),
    ),
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
