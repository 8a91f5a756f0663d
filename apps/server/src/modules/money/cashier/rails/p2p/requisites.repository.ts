import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../../../db/database.ts';
import type { FiatRequisitesTable } from './p2p.tables.ts';

export type RequisiteRow = Selectable<FiatRequisitesTable>;

export interface NewRequisite {
  methodId: string;
  recipientBank: string;
  card: string | null;
  phone: string | null;
  bankName: string | null;
  holderName: string | null;
  active: boolean;
}

export class RequisitesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(executor: DatabaseExecutor = this.db): Promise<RequisiteRow[]> {
    return await executor
      .selectFrom('fiat_requisites')
      .selectAll()
      .orderBy('method_id')
      .orderBy('created_at')
      .execute();
  }

  async methodExists(methodId: string, executor: DatabaseExecutor = this.db): Promise<boolean> {
    const row = await executor
      .selectFrom('fiat_payment_methods')
      .select('id')
      .where('id', '=', methodId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(executor: DatabaseExecutor, requisite: NewRequisite): Promise<RequisiteRow> {
    return await executor
      .insertInto('fiat_requisites')
      .values({
        method_id: requisite.methodId,
        recipient_bank: requisite.recipientBank,
        card: requisite.card,
        phone: requisite.phone,
        bank_name: requisite.bankName,
        holder_name: requisite.holderName,
        active: requisite.active,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async lock(executor: DatabaseExecutor, id: string): Promise<RequisiteRow | null> {
    const row = await executor
      .selectFrom('fiat_requisites')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async update(
    executor: DatabaseExecutor,
    id: string,
    changes: Updateable<FiatRequisitesTable>,
  ): Promise<RequisiteRow> {
    return await executor
      .updateTable('fiat_requisites')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Round robin: takes the active requisite of the method assigned longest ago (never-assigned
   * first), skipping rows another order is assigning right now, and stamps it.
   */
  async assignNext(
    executor: DatabaseExecutor,
    methodId: string,
    now: Date,
  ): Promise<RequisiteRow | null> {
    const next = await executor
      .selectFrom('fiat_requisites')
      .selectAll()
      .where('method_id', '=', methodId)
      .where('active', '=', true)
      .orderBy(
        (eb) => eb.ref('last_assigned_at'),
        (order) => order.asc().nullsFirst(),
      )
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!next) return null;
    return await this.update(executor, next.id, { last_assigned_at: now });
  }
}
