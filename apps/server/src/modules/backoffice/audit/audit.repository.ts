import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';

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
}
