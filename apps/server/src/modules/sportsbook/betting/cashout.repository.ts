import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { QuotedLegPrices } from './cashout.tables.ts';

export interface CashoutSettingsRow {
  enabled: boolean;
  margin_basis_points: number;
}

export interface NewQuote {
  ticketId: string;
  stakeMinor: bigint;
  amountMinor: bigint;
  marginBasisPoints: number;
  prices: QuotedLegPrices[];
  createdAt: Date;
  expiresAt: Date;
}

export interface NewCashout {
  ticketId: string;
  n: number;
  quoteId: string;
  full: boolean;
  amountMinor: bigint;
  mainPaidMinor: bigint;
  bonusPaidMinor: bigint;
  releasedStakeMinor: bigint;
  releasedBonusStakeMinor: bigint;
  createdAt: Date;
}

/** What a cash-out changes on its ticket: the whole of it, or the stake that stays. */
export type TicketAfterCashout =
  | { full: true; amountMinor: bigint; settledAt: Date }
  | {
      full: false;
      amountMinor: bigint;
      stakeMinor: bigint;
      bonusStakeMinor: bigint;
      potentialPayoutMinor: bigint;
    };

/** The cash-out's tables (migration 0039) and its changes to a ticket. */
export class CashoutRepository {
  async settings(executor: DatabaseExecutor): Promise<CashoutSettingsRow> {
    return await executor
      .selectFrom('sport_cashout_settings')
      .select(['enabled', 'margin_basis_points'])
      .executeTakeFirstOrThrow();
  }

  /** Locks the settings row and answers it as it was (the audit's "before"). */
  async lockSettings(executor: DatabaseExecutor): Promise<CashoutSettingsRow> {
    return await executor
      .selectFrom('sport_cashout_settings')
      .select(['enabled', 'margin_basis_points'])
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  async updateSettings(
    executor: DatabaseExecutor,
    settings: CashoutSettingsRow,
    now: Date,
  ): Promise<void> {
    await executor
      .updateTable('sport_cashout_settings')
      .set({ ...settings, updated_at: now })
      .execute();
  }

  /** Locks the player's ticket's row (FOR UPDATE); false when there is no such ticket of theirs. */
  async lockOwnTicket(
    executor: DatabaseExecutor,
    ticketId: string,
    userId: string,
  ): Promise<boolean> {
    const row = await executor
      .selectFrom('sport_tickets')
      .select('id')
      .where('id', '=', ticketId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Quotes given for the ticket since `since` (the per-ticket quote limit). */
  async quotesSince(executor: DatabaseExecutor, ticketId: string, since: Date): Promise<number> {
    const row = await executor
      .selectFrom('sport_cashout_quotes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('ticket_id', '=', ticketId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Deletes the quotes never used that expired before `before`; a used quote stays with the
   * cash-out it paid (`sport_cashouts.quote_id`). Answers how many went.
   */
  async deleteUnusedQuotesBefore(executor: DatabaseExecutor, before: Date): Promise<number> {
    const result = await executor
      .deleteFrom('sport_cashout_quotes')
      .where('used_at', 'is', null)
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async insertQuote(executor: DatabaseExecutor, quote: NewQuote): Promise<string> {
    const row = await executor
      .insertInto('sport_cashout_quotes')
      .values({
        ticket_id: quote.ticketId,
        stake_minor: quote.stakeMinor,
        amount_minor: quote.amountMinor,
        margin_basis_points: quote.marginBasisPoints,
        prices: JSON.stringify(quote.prices),
        created_at: quote.createdAt,
        expires_at: quote.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The ticket's quote (read under the ticket's lock, which every use of a quote holds). */
  async quote(executor: DatabaseExecutor, ticketId: string, quoteId: string) {
    return await executor
      .selectFrom('sport_cashout_quotes')
      .select(['id', 'stake_minor', 'amount_minor', 'expires_at', 'used_at'])
      .where('id', '=', quoteId)
      .where('ticket_id', '=', ticketId)
      .executeTakeFirst();
  }

  /** The number of the ticket's next cash-out (1 for the first). */
  async nextCashoutNumber(executor: DatabaseExecutor, ticketId: string): Promise<number> {
    const row = await executor
      .selectFrom('sport_cashouts')
      .select(sql<number>`coalesce(max(n), 0) + 1`.as('next'))
      .where('ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow();
    return Number(row.next);
  }

  /**
   * Records a paid cash-out, marks its quote used and changes its ticket, in one statement;
   * false (the caller rolls back) when the ticket was no longer accepted.
   */
  async recordCashout(
    executor: DatabaseExecutor,
    cashout: NewCashout,
    ticket: TicketAfterCashout,
  ): Promise<boolean> {
    const ticketChange = ticket.full
      ? sql`status = 'cashed_out', payout_minor = ${ticket.amountMinor.toString()}::bigint,
          cashed_out_minor = cashed_out_minor + ${ticket.amountMinor.toString()}::bigint,
          settled_at = ${ticket.settledAt}`
      : sql`stake_minor = ${ticket.stakeMinor.toString()}::bigint,
          bonus_stake_minor = ${ticket.bonusStakeMinor.toString()}::bigint,
          potential_payout_minor = ${ticket.potentialPayoutMinor.toString()}::bigint,
          cashed_out_minor = cashed_out_minor + ${ticket.amountMinor.toString()}::bigint`;
    const result = await sql`
      WITH recorded AS (
        INSERT INTO sport_cashouts (ticket_id, n, quote_id, whole, amount_minor, main_paid_minor,
          bonus_paid_minor, released_stake_minor, released_bonus_stake_minor, created_at)
        VALUES (${cashout.ticketId}, ${cashout.n}, ${cashout.quoteId}, ${cashout.full},
          ${cashout.amountMinor.toString()}::bigint, ${cashout.mainPaidMinor.toString()}::bigint,
          ${cashout.bonusPaidMinor.toString()}::bigint,
          ${cashout.releasedStakeMinor.toString()}::bigint,
          ${cashout.releasedBonusStakeMinor.toString()}::bigint, ${cashout.createdAt})
      ), used AS (
        UPDATE sport_cashout_quotes SET used_at = ${cashout.createdAt} WHERE id = ${cashout.quoteId}
      )
      UPDATE sport_tickets SET ${ticketChange}
      WHERE id = ${cashout.ticketId} AND status = 'accepted'`.execute(executor);
    return result.numAffectedRows === 1n;
  }
}
