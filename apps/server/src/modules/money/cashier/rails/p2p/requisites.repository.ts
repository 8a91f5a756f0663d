import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../../../db/database.ts';
import type { FiatPaymentMethodsTable, FiatRequisitesTable } from './p2p.tables.ts';

export type PaymentMethodRow = Selectable<FiatPaymentMethodsTable>;

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

  /** Every fiat payment method, enabled or not. */
  async listMethods(executor: DatabaseExecutor = this.db): Promise<PaymentMethodRow[]> {
    return await executor.selectFrom('fiat_payment_methods').selectAll().orderBy('id').execute();
  }

  async lockMethod(executor: DatabaseExecutor, id: string): Promise<PaymentMethodRow | null> {
    const row = await executor
      .selectFrom('fiat_payment_methods')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async updateMethod(
    executor: DatabaseExecutor,
    id: string,
    changes: Updateable<FiatPaymentMethodsTable>,
  ): Promise<PaymentMethodRow> {
    return await executor
      .updateTable('fiat_payment_methods')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
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
   * Round robin: the active requisite of the method assigned longest ago (never-assigned first)
   * goes next, and is stamped. A requisite is not reserved by an order (many players may pay to
   * one card), so another order being written must never make the pool look empty: the stamp
   * skips rows another order is stamping right now (`SKIP LOCKED`, which spreads simultaneous
   * orders over the pool), and when every active row is being stamped the longest-unassigned one
   * is shared unstamped. `null` only when the method has no active requisite at all.
   *
   * Issue 21 item 12: this returned `null` for every order opened while another order of the
   * same method was still in its transaction (the stamped row stays locked until commit), so
   * with one or two requisites per method about 6% of eight simultaneous deposits failed.
   */
  async assignNext(
    executor: DatabaseExecutor,
    methodId: string,
    now: Date,
  ): Promise<RequisiteRow | null> {
    const next = await this.nextActive(executor, methodId)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (next) return await this.update(executor, next.id, { last_assigned_at: now });
    return (await this.nextActive(executor, methodId).executeTakeFirst()) ?? null;
  }

  private nextActive(executor: DatabaseExecutor, methodId: string) {
    return executor
      .selectFrom('fiat_requisites')
      .selectAll()
      .where('method_id', '=', methodId)
      .where('active', '=', true)
      .orderBy(
        (eb) => eb.ref('last_assigned_at'),
        (order) => order.asc().nullsFirst(),
      )
      .orderBy('id')
      .limit(1);
  }
}
