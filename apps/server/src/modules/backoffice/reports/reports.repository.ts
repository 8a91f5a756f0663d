import { paymentQueuePredicates } from '@casino/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/database.ts';

/**
 * Ledger transaction types by what they mean for the reports (README, "Reports: GGR and NGR").
 * Each figure is a signed sum of the postings on the platform's `house` account of the currency,
 * so a reversal of the same kind nets out by itself.
 */
export const reportLedgerTypes = {
  /** stakes in (and stakes handed back: a voided sport leg, a provider's rollback) */
  stakes: ['bet', 'sport_stake', 'provider_bet', 'sport_refund', 'provider_rollback'],
  /** payouts out (and a resettled sport ticket's payout taken back) */
  payouts: ['win', 'sport_win', 'sport_cashout', 'provider_win', 'sport_unsettle'],
  /** what promotions cost the house (a bonus's unused money forfeited comes back) */
  bonus: [
    'bonus_grant',
    'bonus_forfeit',
    'freespin_win',
    'promo_credit',
    'wheel_prize',
    'tournament_prize',
  ],
  /** the types a stake is posted with (active players, bet count) */
  staking: ['bet', 'sport_stake', 'provider_bet'],
} as const;

export interface SummarySums {
  depositsMinor: bigint;
  withdrawalsMinor: bigint;
  betsMinor: bigint;
  winsMinor: bigint;
  bonusCostMinor: bigint;
  activePlayers: number;
  betCount: number;
}

export interface QueueCounts {
  depositsAwaitingApproval: number;
  disputes: number;
  fiatWithdrawalsToPay: number;
  cryptoWithdrawalsToPay: number;
  unmatchedCryptoTransfers: number;
  adjustmentsAwaitingApproval: number;
}

/** Reads only: the figures of the ledger and the queues of the cashier's rails. */
export class ReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One pass over the period's transactions (ledger_transactions_created_at_idx), their postings
   * (ledger_postings_transaction_idx) and accounts (primary key): the platform side for the
   * money figures, the player side for who staked.
   */
  async summary(from: Date, to: Date, currency: string): Promise<SummarySums> {
    const types = reportLedgerTypes;
    const result = await sql<{
      deposits: string | null;
      withdrawals: string | null;
      bets: string | null;
      wins: string | null;
      bonus_cost: string | null;
      active_players: string;
      bet_count: string;
    }>`
      SELECT
        sum(-p.amount_minor) FILTER (
          WHERE a.owner_type = 'platform' AND a.kind = 'provider_clearing' AND t.type = 'deposit'
        ) AS deposits,
        sum(p.amount_minor) FILTER (
          WHERE a.owner_type = 'platform' AND a.kind = 'provider_clearing' AND t.type = 'hold_post'
        ) AS withdrawals,
        sum(p.amount_minor) FILTER (
          WHERE a.owner_type = 'platform' AND a.kind = 'house' AND t.type = ANY(${[...types.stakes]}::text[])
        ) AS bets,
        sum(-p.amount_minor) FILTER (
          WHERE a.owner_type = 'platform' AND a.kind = 'house' AND t.type = ANY(${[...types.payouts]}::text[])
        ) AS wins,
        sum(-p.amount_minor) FILTER (
          WHERE a.owner_type = 'platform' AND a.kind = 'house' AND t.type = ANY(${[...types.bonus]}::text[])
        ) AS bonus_cost,
        count(DISTINCT a.user_id) FILTER (
          WHERE a.owner_type = 'player' AND t.type = ANY(${[...types.staking]}::text[])
        ) AS active_players,
        count(DISTINCT t.id) FILTER (
          WHERE a.owner_type = 'platform' AND a.kind = 'house' AND t.type = ANY(${[...types.staking]}::text[])
        ) AS bet_count
      FROM ledger_transactions t
      JOIN ledger_postings p ON p.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id
      WHERE t.created_at >= ${from} AND t.created_at < ${to} AND p.currency = ${currency}
    `.execute(this.db);
    const row = result.rows[0];
    const minor = (value: string | null | undefined) => BigInt(value ?? '0');
    return {
      depositsMinor: minor(row?.deposits),
      withdrawalsMinor: minor(row?.withdrawals),
      betsMinor: minor(row?.bets),
      winsMinor: minor(row?.wins),
      bonusCostMinor: minor(row?.bonus_cost),
      activePlayers: Number(row?.active_players ?? 0),
      betCount: Number(row?.bet_count ?? 0),
    };
  }

  /** What open sport tickets in the currency would pay beyond their stakes. */
  async sportOpenLiability(currency: string): Promise<bigint> {
    const result = await sql<{ liability: string | null }>`
      SELECT sum(potential_payout_minor - stake_minor) AS liability
      FROM sport_tickets
      WHERE status IN ('pending', 'accepted') AND currency = ${currency}
    `.execute(this.db);
    return BigInt(result.rows[0]?.liability ?? '0');
  }

  /** The queues by their one rule (contract: paymentQueuePredicates), as the lists filter them. */
  async queues(): Promise<QueueCounts> {
    const q = paymentQueuePredicates;
    const result = await sql<Record<keyof QueueCounts, string>>`
      SELECT
        (SELECT count(*) FROM fiat_orders
          WHERE type = ${q.depositsAwaitingApproval.type}
            AND status = ${q.depositsAwaitingApproval.status}) AS "depositsAwaitingApproval",
        (SELECT count(*) FROM fiat_orders WHERE status = ${q.disputes.status}) AS "disputes",
        (SELECT count(*) FROM fiat_orders
          WHERE type = ${q.fiatWithdrawalsToPay.type}
            AND status = ${q.fiatWithdrawalsToPay.status}) AS "fiatWithdrawalsToPay",
        (SELECT count(*) FROM crypto_withdrawals
          WHERE status = ${q.cryptoWithdrawalsToPay.status}) AS "cryptoWithdrawalsToPay",
        (SELECT count(*) FROM crypto_deposits
          WHERE status = ${q.unmatchedCryptoTransfers.status}) AS "unmatchedCryptoTransfers",
        (SELECT count(*) FROM balance_adjustments
          WHERE status = 'awaiting_second_approval') AS "adjustmentsAwaitingApproval"
    `.execute(this.db);
    const row = result.rows[0];
    return {
      depositsAwaitingApproval: Number(row?.depositsAwaitingApproval ?? 0),
      disputes: Number(row?.disputes ?? 0),
      fiatWithdrawalsToPay: Number(row?.fiatWithdrawalsToPay ?? 0),
      cryptoWithdrawalsToPay: Number(row?.cryptoWithdrawalsToPay ?? 0),
      unmatchedCryptoTransfers: Number(row?.unmatchedCryptoTransfers ?? 0),
      adjustmentsAwaitingApproval: Number(row?.adjustmentsAwaitingApproval ?? 0),
    };
  }
}
