import { isUuid } from '@casino/contract';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../../../db/database.ts';
import type { CryptobotInvoicesTable, CryptobotTransfersTable } from './cryptobot.tables.ts';

export type CryptoBotInvoiceRow = Selectable<CryptobotInvoicesTable>;
export type CryptoBotInvoiceUpdate = Updateable<CryptobotInvoicesTable>;
export type CryptoBotTransferRow = Selectable<CryptobotTransfersTable>;

/** cryptobot_invoices and cryptobot_transfers (migrations/0018). */
export class CryptoBotRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertInvoice(
    invoice: {
      id: string;
      userId: string;
      methodCode: string;
      asset: string;
      amountMinor: bigint;
      providerInvoiceId: string;
      payUrl: string;
      expiresAt: Date;
      at: Date;
    },
    executor: DatabaseExecutor = this.db,
  ): Promise<CryptoBotInvoiceRow> {
    return await executor
      .insertInto('cryptobot_invoices')
      .values({
        id: invoice.id,
        user_id: invoice.userId,
        method_code: invoice.methodCode,
        asset: invoice.asset,
        amount_minor: invoice.amountMinor,
        provider_invoice_id: invoice.providerInvoiceId,
        pay_url: invoice.payUrl,
        payload: invoice.id,
        expires_at: invoice.expiresAt,
        created_at: invoice.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findInvoice(
    id: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<CryptoBotInvoiceRow | null> {
    if (!isUuid(id)) return null;
    const row = await executor
      .selectFrom('cryptobot_invoices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async lockInvoice(executor: DatabaseExecutor, id: string): Promise<CryptoBotInvoiceRow | null> {
    if (!isUuid(id)) return null;
    const row = await executor
      .selectFrom('cryptobot_invoices')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ?? null;
  }

  async updateInvoice(
    executor: DatabaseExecutor,
    id: string,
    changes: CryptoBotInvoiceUpdate,
  ): Promise<CryptoBotInvoiceRow> {
    return await executor
      .updateTable('cryptobot_invoices')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Records a sandbox transfer once per spend id; answers the row that holds it. */
  async recordTransfer(
    executor: DatabaseExecutor,
    transfer: {
      spendId: string;
      messengerUserId: string;
      asset: string;
      amount: string;
      transferId: string;
      at: Date;
    },
  ): Promise<CryptoBotTransferRow> {
    await executor
      .insertInto('cryptobot_transfers')
      .values({
        spend_id: transfer.spendId,
        messenger_user_id: transfer.messengerUserId,
        asset: transfer.asset,
        amount: transfer.amount,
        transfer_id: transfer.transferId,
        created_at: transfer.at,
      })
      .onConflict((conflict) => conflict.column('spend_id').doNothing())
      .execute();
    return await executor
      .selectFrom('cryptobot_transfers')
      .selectAll()
      .where('spend_id', '=', transfer.spendId)
      .executeTakeFirstOrThrow();
  }
}
