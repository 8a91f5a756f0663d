import { type Kysely, sql } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import { afterPosition, cappedCount, type HistoryPosition } from '../../../lib/history-page.ts';

export interface NewAuditEntry {
  operatorId: string;
  action: string;
  targetType: string;
  targetId: string;
  payload: Record<string, unknown>;
  ip: string | null;
  requestId: string;
  createdAt: Date;
}

export interface AuditFilter {
  operatorId?: string | undefined;
  /** exact, or a prefix when it ends with `.` */
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export const auditKeyParts = ['integer'] as const;

/** An entry's columns as the page and the export answer them (ids and addresses as text). */
function entryColumns() {
  return [
    sql<string>`id::text`.as('id'),
    'operator_id',
    'action',
    'target_type',
    'target_id',
    'payload',
    sql<string | null>`host(ip)`.as('ip'),
    'request_id',
    'created_at',
  ] as const;
}

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(entry: NewAuditEntry, executor: DatabaseExecutor = this.db): Promise<void> {
    await executor
      .insertInto('operator_audit_log')
      .values({
        operator_id: entry.operatorId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        payload: JSON.stringify(entry.payload),
        ip: entry.ip,
        request_id: entry.requestId,
        created_at: entry.createdAt,
      })
      .execute();
  }

  private filtered(filter: AuditFilter) {
    let query = this.db.selectFrom('operator_audit_log');
    if (filter.operatorId !== undefined) query = query.where('operator_id', '=', filter.operatorId);
    if (filter.action !== undefined) {
      query = filter.action.endsWith('.')
        ? query.where('action', 'like', `${filter.action.replaceAll('_', '\\_')}%`)
        : query.where('action', '=', filter.action);
    }
    if (filter.targetType !== undefined) query = query.where('target_type', '=', filter.targetType);
    if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
    return query;
  }

  /**
   * A page newest first (by id) from a keyset position or an offset, and the entries from the
   * page's start counted up to the cap.
   */
  async page(
    filter: AuditFilter,
    start: { offset: number; position: HistoryPosition | null },
    limit: number,
  ) {
    let rows = this.filtered(filter);
    if (start.position) {
      rows = rows.where(afterPosition(['id'], auditKeyParts, start.position));
    }
    const [items, counted] = await Promise.all([
      rows
        .select(entryColumns())
        .orderBy('id', 'desc')
        .offset(start.position ? 0 : start.offset)
        .limit(limit)
        .execute(),
      start.position || start.offset === 0
        ? cappedCount(this.db, rows.select('id'))
        : cappedCount(this.db, rows.select('id').orderBy('id', 'desc').offset(start.offset)),
    ]);
    return { items, counted };
  }

  /** Up to `limit` entries newest first (the CSV export). */
  async list(filter: AuditFilter, limit: number) {
    return await this.filtered(filter)
      .select(entryColumns())
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The distinct actions recorded (a loose index scan over the action index). */
  async actions(): Promise<string[]> {
    const result = await sql<{ action: string }>`
      WITH RECURSIVE found AS (
        (SELECT action FROM operator_audit_log ORDER BY action LIMIT 1)
        UNION ALL
        SELECT (SELECT action FROM operator_audit_log WHERE action > found.action
                ORDER BY action LIMIT 1)
        FROM found WHERE found.action IS NOT NULL
      )
      SELECT action FROM found WHERE action IS NOT NULL`.execute(this.db);
    return result.rows.map((row) => row.action);
  }
}
