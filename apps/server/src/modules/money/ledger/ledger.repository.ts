import { isUuid } from '@casino/contract';
import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { accountKey } from './account-key.ts';
import type {
  AccountBalance,
  AccountRef,
  Hold,
  HoldKind,
  HoldStatus,
  LedgerCheckReport,
  PlayerAccountKind,
  PostTransactionInput,
} from './ledger.service.ts';

/** The player account that would have gone below zero, with what it held and was asked for. */
export interface ShortAccount {
  currency: string;
  balanceMinor: bigint;
  debitMinor: bigint;
}

export type PostOutcome =
  | { kind: 'posted' | 'replayed'; transactionId: string }
  | { kind: 'short'; short: ShortAccount };

interface HoldRow {
  id: string;
  kind: string;
  user_id: string;
  currency: string;
  amount_minor: bigint;
  bonus_amount_minor: bigint;
  reference: string;
  status: string;
  created_at: Date;
  settled_at: Date | null;
}

function toHold(row: HoldRow): Hold {
  return {
    holdId: row.id,
    kind: row.kind as HoldKind,
    userId: row.user_id,
    currency: row.currency,
    amountMinor: row.amount_minor,
    bonusAmountMinor: row.bonus_amount_minor,
    reference: row.reference,
    status: row.status as HoldStatus,
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

export type HoldCreation =
  | { kind: 'created' | 'replayed'; holdId: string }
  | { kind: 'short'; short: ShortAccount };

export type HoldSettlement =
  | { kind: 'settled'; transactionId: string; userId: string }
  | { kind: 'missing' }
  | { kind: 'not_pending'; status: string };

/** How a violation list is capped: the check reports the first ones of each kind. */
const maxViolationsPerCheck = 20;

/** A player's accounts with their globalId and primary currency. */
export interface PlayerBalanceSheet {
  globalId: string;
  primaryCurrency: string;
  accounts: AccountBalance[];
}

export class LedgerRepository {
  /** One round trip: ledger_post creates, locks, checks and writes (ledger/db/ledger_post.sql). */
  async post(executor: DatabaseExecutor, input: PostTransactionInput): Promise<PostOutcome> {
    const ownerTypes: string[] = [];
    const userIds: (string | null)[] = [];
    const currencies: string[] = [];
    const kinds: string[] = [];
    const amounts: string[] = [];
    for (const { account, amountMinor } of input.postings) {
      ownerTypes.push(account.owner.type);
      userIds.push(account.owner.type === 'player' ? account.owner.userId : null);
      currencies.push(account.currency);
      kinds.push(account.kind);
      amounts.push(amountMinor.toString());
    }
    const result = await sql<{
      transaction_id: bigint | null;
      replayed: boolean;
      short_currency: string | null;
      short_balance_minor: bigint | null;
      short_debit_minor: bigint | null;
    }>`SELECT * FROM ledger_post(
      ${input.type}, ${input.externalReference ?? null}, ${JSON.stringify(input.metadata ?? {})}::jsonb,
      ${ownerTypes}::text[], ${userIds}::uuid[], ${currencies}::text[], ${kinds}::text[],
      ${amounts}::bigint[]
    )`.execute(executor);
    const row = result.rows[0];
    if (!row) throw new Error('ledger_post returned no row');
    if (row.short_currency !== null) {
      return {
        kind: 'short',
        short: {
          currency: row.short_currency,
          balanceMinor: row.short_balance_minor ?? 0n,
          debitMinor: row.short_debit_minor ?? 0n,
        },
      };
    }
    if (row.transaction_id === null) throw new Error('ledger_post returned no transaction');
    return {
      kind: row.replayed ? 'replayed' : 'posted',
      transactionId: row.transaction_id.toString(),
    };
  }

  /**
   * One round trip for many movements, each with its external reference: ledger_post_many
   * creates, locks, checks and writes them all (ledger/db/ledger_post_many.sql). Answers each
   * movement's transaction in input order, or the first short account (nothing written).
   */
  async postMany(
    executor: DatabaseExecutor,
    inputs: readonly PostTransactionInput[],
  ): Promise<
    | { kind: 'posted'; movements: Array<{ transactionId: string; replayed: boolean }> }
    | { kind: 'short'; short: ShortAccount }
  > {
    const types: string[] = [];
    const references: string[] = [];
    const metadata: string[] = [];
    const positions: number[] = [];
    const ownerTypes: string[] = [];
    const userIds: (string | null)[] = [];
    const currencies: string[] = [];
    const kinds: string[] = [];
    const amounts: string[] = [];
    inputs.forEach((input, index) => {
      if (input.externalReference === undefined) {
        throw new RangeError('a movement of a batch needs its external reference');
      }
      types.push(input.type);
      references.push(input.externalReference);
      metadata.push(JSON.stringify(input.metadata ?? {}));
      for (const { account, amountMinor } of input.postings) {
        positions.push(index + 1);
        ownerTypes.push(account.owner.type);
        userIds.push(account.owner.type === 'player' ? account.owner.userId.toLowerCase() : null);
        currencies.push(account.currency);
        kinds.push(account.kind);
        amounts.push(amountMinor.toString());
      }
    });
    const { rows } = await sql<{
      idx: number | null;
      transaction_id: bigint | null;
      replayed: boolean;
      short_currency: string | null;
      short_balance_minor: bigint | null;
      short_debit_minor: bigint | null;
    }>`SELECT * FROM ledger_post_many(
      ${types}::text[], ${references}::text[], ${metadata}::jsonb[], ${positions}::integer[],
      ${ownerTypes}::text[], ${userIds}::uuid[], ${currencies}::text[], ${kinds}::text[],
      ${amounts}::bigint[]
    )`.execute(executor);
    const first = rows[0];
    if (first && first.short_currency !== null) {
      return {
        kind: 'short',
        short: {
          currency: first.short_currency,
          balanceMinor: first.short_balance_minor ?? 0n,
          debitMinor: first.short_debit_minor ?? 0n,
        },
      };
    }
    if (rows.length !== inputs.length) {
      throw new Error(`ledger_post_many answered ${rows.length} of ${inputs.length} movements`);
    }
    return {
      kind: 'posted',
      movements: rows.map((row) => {
        if (row.transaction_id === null)
          throw new Error('ledger_post_many returned no transaction');
        return { transactionId: row.transaction_id.toString(), replayed: row.replayed };
      }),
    };
  }

  /**
   * Player balances under row locks held until the caller's transaction ends, the accounts
   * locked in id order (the ledger's lock order); in the order asked, an account never used 0.
   */
  async lockPlayerBalances(
    executor: DatabaseExecutor,
    accounts: readonly AccountRef[],
  ): Promise<bigint[]> {
    const keys = accounts.map(accountKey);
    if (keys.length === 0) return [];
    const { rows } = await sql<{ account_key: string; balance_minor: bigint }>`
      SELECT a.account_key, a.balance_minor FROM ledger_accounts a
      WHERE a.account_key = ANY (${[...new Set(keys)]}::text[]) AND a.owner_type = 'player'
      ORDER BY a.id
      FOR UPDATE OF a`.execute(executor);
    const balances = new Map(rows.map((row) => [row.account_key, row.balance_minor]));
    return keys.map((key) => balances.get(key) ?? 0n);
  }

  /**
   * A player account's balance is kept on its row; a platform account's is the sum of its
   * postings (ledger/db/ledger_post.sql never locks nor updates a platform row).
   */
  async accountBalance(executor: DatabaseExecutor, account: AccountRef): Promise<bigint> {
    if (account.owner.type === 'platform') {
      const { rows } = await sql<{ total: bigint | null }>`
        SELECT sum(p.amount_minor)::bigint AS total
        FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id
        WHERE a.account_key = ${accountKey(account)}`.execute(executor);
      return rows[0]?.total ?? 0n;
    }
    const row = await executor
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('account_key', '=', accountKey(account))
      .executeTakeFirst();
    return row?.balance_minor ?? 0n;
  }

  /** The balance under a row lock held until the caller's transaction ends (0 if no account). */
  async lockAccountBalance(executor: DatabaseExecutor, account: AccountRef): Promise<bigint> {
    const row = await executor
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('account_key', '=', accountKey(account))
      .forUpdate()
      .executeTakeFirst();
    return row?.balance_minor ?? 0n;
  }

  async playerBalances(executor: DatabaseExecutor, userId: string): Promise<AccountBalance[]> {
    const rows = await executor
      .selectFrom('ledger_accounts')
      .select(['currency', 'kind', 'balance_minor'])
      .where('user_id', '=', userId)
      .orderBy('currency')
      .orderBy('kind')
      .execute();
    return rows.map((row) => ({
      currency: row.currency,
      kind: row.kind as PlayerAccountKind,
      balanceMinor: row.balance_minor,
    }));
  }

  /**
   * The player's accounts together with what showing them needs (globalId, primary currency),
   * in one statement; null when there is no such player.
   */
  async playerBalanceSheet(
    executor: DatabaseExecutor,
    userId: string,
  ): Promise<PlayerBalanceSheet | null> {
    const rows = await executor
      .selectFrom('users as u')
      .leftJoin('ledger_accounts as a', 'a.user_id', 'u.id')
      .select(['u.global_id', 'u.primary_currency', 'a.currency', 'a.kind', 'a.balance_minor'])
      .where('u.id', '=', userId)
      .orderBy('a.currency')
      .orderBy('a.kind')
      .execute();
    const first = rows[0];
    if (!first) return null;
    const accounts: AccountBalance[] = [];
    for (const row of rows) {
      if (row.currency === null || row.kind === null || row.balance_minor === null) continue;
      accounts.push({
        currency: row.currency,
        kind: row.kind as PlayerAccountKind,
        balanceMinor: row.balance_minor,
      });
    }
    return {
      globalId: first.global_id.toString(),
      primaryCurrency: first.primary_currency,
      accounts,
    };
  }

  /** One round trip: ledger_hold_create posts and records the hold (ledger/db/ledger_hold_create.sql). */
  async createHold(
    executor: DatabaseExecutor,
    hold: {
      kind: HoldKind;
      userId: string;
      currency: string;
      mainMinor: bigint;
      bonusMinor: bigint;
      reference: string;
      metadata: Record<string, unknown>;
    },
  ): Promise<HoldCreation> {
    const { rows } = await sql<{
      hold_id: string | null;
      replayed: boolean;
      short_currency: string | null;
      short_balance_minor: bigint | null;
      short_debit_minor: bigint | null;
    }>`SELECT * FROM ledger_hold_create(${hold.kind}, ${hold.userId}, ${hold.currency},
        ${hold.mainMinor.toString()}::bigint, ${hold.bonusMinor.toString()}::bigint,
        ${hold.reference}, ${JSON.stringify(hold.metadata)}::jsonb)`.execute(executor);
    const row = rows[0];
    if (!row) throw new Error('ledger_hold_create returned no row');
    if (row.short_currency !== null) {
      return {
        kind: 'short',
        short: {
          currency: row.short_currency,
          balanceMinor: row.short_balance_minor ?? 0n,
          debitMinor: row.short_debit_minor ?? 0n,
        },
      };
    }
    if (row.hold_id === null) throw new Error('ledger_hold_create returned no hold');
    return { kind: row.replayed ? 'replayed' : 'created', holdId: row.hold_id };
  }

  /**
   * One round trip: ledger_hold_settle posts (to the platform account `toKind`) or voids a
   * pending hold under its row lock (ledger/db/ledger_hold_settle.sql).
   */
  async settleHoldInDatabase(
    executor: DatabaseExecutor,
    holdId: string,
    settlement: {
      post: boolean;
      toKind: string | null;
      type: string;
      externalReference: string | null;
      metadata: Record<string, unknown>;
    },
  ): Promise<HoldSettlement> {
    if (!isUuid(holdId)) return { kind: 'missing' };
    try {
      const { rows } = await sql<{ transaction_id: bigint; user_id: string }>`
        SELECT ledger_hold_settle(${holdId}::uuid, ${settlement.post}, ${settlement.toKind},
          ${settlement.type}, ${settlement.externalReference},
          ${JSON.stringify(settlement.metadata)}::jsonb) AS transaction_id,
          (SELECT user_id FROM ledger_holds WHERE id = ${holdId}::uuid) AS user_id`.execute(
        executor,
      );
      const row = rows[0];
      if (!row) throw new Error('ledger_hold_settle returned no row');
      return { kind: 'settled', transactionId: row.transaction_id.toString(), userId: row.user_id };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'LH002') return { kind: 'missing' };
      if (code === 'LH001') return { kind: 'not_pending', status: (error as Error).message };
      throw error;
    }
  }

  async findHold(executor: DatabaseExecutor, holdId: string): Promise<Hold | null> {
    if (!isUuid(holdId)) return null;
    const row = await executor
      .selectFrom('ledger_holds')
      .selectAll()
      .where('id', '=', holdId)
      .executeTakeFirst();
    return row ? toHold(row) : null;
  }

  /** Locks the hold row so a concurrent post and void of it serialise. */
  async lockHold(executor: DatabaseExecutor, holdId: string): Promise<Hold | null> {
    if (!isUuid(holdId)) return null;
    const row = await executor
      .selectFrom('ledger_holds')
      .selectAll()
      .where('id', '=', holdId)
      .forUpdate()
      .executeTakeFirst();
    return row ? toHold(row) : null;
  }

  async settleHold(
    executor: DatabaseExecutor,
    holdId: string,
    status: 'posted' | 'voided',
    settleTransactionId: string,
  ): Promise<void> {
    const result = await executor
      .updateTable('ledger_holds')
      .set({
        status,
        settle_transaction_id: BigInt(settleTransactionId),
        settled_at: sql<Date>`now()`,
      })
      .where('id', '=', holdId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new Error(`hold ${holdId} was not pending`);
  }

  /**
   * See LedgerService.check. Given a REPEATABLE READ, read-only transaction, reads one consistent
   * snapshot.
   */
  async check(executor: DatabaseExecutor): Promise<LedgerCheckReport> {
    const violations: string[] = [];
    const collect = (rows: { violation: string }[]) => {
      for (const row of rows) violations.push(row.violation);
    };

    const counts = await sql<{
      transactions: bigint;
      postings: bigint;
      accounts: bigint;
      holds: bigint;
    }>`SELECT
        (SELECT count(*) FROM ledger_transactions) AS transactions,
        (SELECT count(*) FROM ledger_postings) AS postings,
        (SELECT count(*) FROM ledger_accounts) AS accounts,
        (SELECT count(*) FROM ledger_holds) AS holds`.execute(executor);

    collect(
      (
        await sql<{ violation: string }>`
          SELECT format('transaction %s does not balance in %s (sum %s)', transaction_id, currency, sum(amount_minor)) AS violation
          FROM ledger_postings GROUP BY transaction_id, currency HAVING sum(amount_minor) <> 0
          ORDER BY transaction_id LIMIT ${maxViolationsPerCheck}`.execute(executor)
      ).rows,
    );
    collect(
      (
        await sql<{ violation: string }>`
          SELECT format('transaction %s has fewer than two postings', t.id) AS violation
          FROM ledger_transactions t
          WHERE (SELECT count(*) FROM ledger_postings p WHERE p.transaction_id = t.id) < 2
          ORDER BY t.id LIMIT ${maxViolationsPerCheck}`.execute(executor)
      ).rows,
    );
    collect(
      (
        await sql<{ violation: string }>`
          SELECT format('account %s (%s) holds %s but its postings sum to %s', a.id, a.account_key, a.balance_minor, coalesce(p.total, 0)) AS violation
          FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ledger_postings GROUP BY account_id) p
            ON p.account_id = a.id
          WHERE a.owner_type = 'player' AND a.balance_minor <> coalesce(p.total, 0)
          ORDER BY a.id LIMIT ${maxViolationsPerCheck}`.execute(executor)
      ).rows,
    );
    collect(
      (
        await sql<{ violation: string }>`
          SELECT format('platform account %s (%s) keeps a balance of %s on its row; platform balances are the sums of their postings', id, account_key, balance_minor) AS violation
          FROM ledger_accounts WHERE owner_type = 'platform' AND balance_minor <> 0
          ORDER BY id LIMIT ${maxViolationsPerCheck}`.execute(executor)
      ).rows,
    );
    collect(
      (
        await sql<{ violation: string }>`
          SELECT format('player account %s (%s) is negative: %s', id, account_key, balance_minor) AS violation
          FROM ledger_accounts WHERE owner_type = 'player' AND balance_minor < 0
          ORDER BY id LIMIT ${maxViolationsPerCheck}`.execute(executor)
      ).rows,
    );
    // A hold's creation moves exactly its amount into the hold account of its kind
    // (withdrawal_hold, bet_hold): its bonus part from the player's bonus account, the rest from
    // main; a post moves it out of the hold account to anywhere but the player; a void moves each
    // part back where it came from.
    collect(
      (
        await sql<{ violation: string }>`
          WITH hold_postings AS (
            SELECT h.id AS hold_id, role.name AS role, a.owner_type, a.user_id, a.kind,
                   p.amount_minor AS posting
            FROM ledger_holds h
            CROSS JOIN LATERAL (VALUES ('create', h.create_transaction_id), ('settle', h.settle_transaction_id))
              AS role(name, transaction_id)
            JOIN ledger_postings p ON p.transaction_id = role.transaction_id
            JOIN ledger_accounts a ON a.id = p.account_id
          ), summary AS (
            SELECT h.id, h.status, h.amount_minor, h.bonus_amount_minor,
              coalesce(sum(hp.posting) FILTER (WHERE hp.role = 'create' AND hp.user_id = h.user_id AND hp.kind = 'main'), 0) AS create_main,
              coalesce(sum(hp.posting) FILTER (WHERE hp.role = 'create' AND hp.user_id = h.user_id AND hp.kind = 'bonus'), 0) AS create_bonus,
              coalesce(sum(hp.posting) FILTER (WHERE hp.role = 'create' AND hp.user_id = h.user_id AND hp.kind = h.kind || '_hold'), 0) AS create_hold,
              count(*) FILTER (WHERE hp.role = 'create') AS create_postings,
              coalesce(sum(hp.posting) FILTER (WHERE hp.role = 'settle' AND hp.user_id = h.user_id AND hp.kind = h.kind || '_hold'), 0) AS settle_hold,
              coalesce(sum(hp.posting) FILTER (WHERE hp.role = 'settle' AND hp.user_id = h.user_id AND hp.kind = 'main'), 0) AS settle_main,
              coalesce(sum(hp.posting) FILTER (WHERE hp.role = 'settle' AND hp.user_id = h.user_id AND hp.kind = 'bonus'), 0) AS settle_bonus,
              coalesce(sum(hp.posting) FILTER (WHERE hp.role = 'settle' AND hp.owner_type = 'player' AND (hp.user_id <> h.user_id OR hp.kind NOT IN ('main', 'bonus', h.kind || '_hold'))), 0) AS settle_other_player,
              coalesce(sum(hp.posting) FILTER (WHERE hp.role = 'settle' AND hp.owner_type = 'platform'), 0) AS settle_platform
            FROM ledger_holds h LEFT JOIN hold_postings hp ON hp.hold_id = h.id
            GROUP BY h.id, h.status, h.amount_minor, h.bonus_amount_minor
          )
          SELECT format('hold %s (%s) does not match its postings', id, status) AS violation
          FROM summary
          WHERE create_postings <> 2 + (bonus_amount_minor > 0 AND bonus_amount_minor < amount_minor)::int
             OR create_main <> -(amount_minor - bonus_amount_minor) OR create_bonus <> -bonus_amount_minor
             OR create_hold <> amount_minor
             OR CASE status
                  WHEN 'pending' THEN settle_hold <> 0 OR settle_main <> 0 OR settle_bonus <> 0 OR settle_platform <> 0
                  WHEN 'posted' THEN settle_hold <> -amount_minor OR settle_main <> 0 OR settle_bonus <> 0
                    OR settle_platform + settle_other_player <> amount_minor
                  ELSE settle_hold <> -amount_minor OR settle_main <> amount_minor - bonus_amount_minor
                    OR settle_bonus <> bonus_amount_minor
                    OR settle_platform <> 0 OR settle_other_player <> 0
                END
          ORDER BY id LIMIT ${maxViolationsPerCheck}`.execute(executor)
      ).rows,
    );
    collect(
      (
        await sql<{ violation: string }>`
          SELECT format('hold account %s (%s) holds %s but its pending holds total %s', a.id, a.account_key, a.balance_minor, coalesce(h.total, 0)) AS violation
          FROM ledger_accounts a
          LEFT JOIN (
            SELECT user_id, currency, kind || '_hold' AS account_kind, sum(amount_minor) AS total
            FROM ledger_holds WHERE status = 'pending' GROUP BY user_id, currency, kind
          ) h ON h.user_id = a.user_id AND h.currency = a.currency AND h.account_kind = a.kind
          WHERE a.kind IN ('withdrawal_hold', 'bet_hold') AND a.balance_minor <> coalesce(h.total, 0)
          ORDER BY a.id LIMIT ${maxViolationsPerCheck}`.execute(executor)
      ).rows,
    );
    collect(
      (
        await sql<{ violation: string }>`
          SELECT format('pending %s holds of player %s in %s total %s but there is no hold account', h.kind, h.user_id, h.currency, sum(h.amount_minor)) AS violation
          FROM ledger_holds h
          WHERE h.status = 'pending' AND NOT EXISTS (
            SELECT 1 FROM ledger_accounts a
            WHERE a.user_id = h.user_id AND a.currency = h.currency AND a.kind = h.kind || '_hold'
          )
          GROUP BY h.kind, h.user_id, h.currency LIMIT ${maxViolationsPerCheck}`.execute(executor)
      ).rows,
    );

    const count = counts.rows[0];
    return {
      transactions: Number(count?.transactions ?? 0n),
      postings: Number(count?.postings ?? 0n),
      accounts: Number(count?.accounts ?? 0n),
      holds: Number(count?.holds ?? 0n),
      violations,
    };
  }
}
