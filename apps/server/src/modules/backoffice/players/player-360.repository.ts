import type { OffsetPageMeta } from '@casino/contract';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { UserRow } from '../../../db/schema.ts';
import {
  cappedSqlCount,
  offsetPage,
  offsetPageCount,
  offsetPageMeta,
} from '../../../lib/history-page.ts';

/** `%` and `_` in an operator's search are literal characters, not wildcards. */
function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The player search's filters and order (contract `playerListQuerySchema`, parsed). */
export interface PlayerFilter {
  query?: string | undefined;
  vip?: boolean | undefined;
  banned?: boolean | undefined;
  verified?: boolean | undefined;
  country?: string | undefined;
  registeredFrom?: Date | undefined;
  registeredTo?: Date | undefined;
  sort: 'registered' | 'lastSeen' | 'balance';
  order: 'asc' | 'desc';
}

export type PlayerListRow = UserRow & {
  balance_minor: bigint | null;
  last_seen_at: Date | null;
};

export interface SessionRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface PostingRow {
  id: bigint;
  transaction_id: bigint;
  type: string;
  account_kind: string;
  currency: string;
  amount_minor: bigint;
  external_reference: string | null;
  created_at: Date;
}

export interface OrderRow {
  id: string;
  rail: 'fiat' | 'crypto';
  type: 'deposit' | 'withdrawal';
  status: string;
  method: string;
  currency: string;
  /** the crypto method's precision; null for a fiat order (the currency's scale) */
  scale: number | null;
  amount_minor: bigint;
  credited_minor: bigint | null;
  credited_currency: string | null;
  created_at: Date;
}

export interface RoundRow {
  id: string;
  game_id: string;
  game_title: string | null;
  currency: string;
  bet_minor: bigint;
  payout_minor: bigint;
  bet_bonus_minor: bigint;
  freespin: boolean;
  state: string;
  created_at: Date;
  settled_at: Date | null;
}

export interface AuditRow {
  id: bigint;
  action: string;
  operator_id: string;
  operator_email: string | null;
  payload: unknown;
  ip: string | null;
  created_at: Date;
}

/**
 * The operators' 360° view of players: a read model over the platform (never written), one
 * statement per list, each by an index on the player (see migrations). Writes go through the
 * owning modules' services.
 */
export class Player360Repository {
  constructor(private readonly db: Kysely<Database>) {}

  async search(
    filter: PlayerFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: PlayerListRow[]; meta: OffsetPageMeta }> {
    const [rows, meta] = await Promise.all([
      this.searchRows(filter, page.limit, page.offset),
      offsetPageCount(this.db, this.searchBase(filter), page),
    ]);
    return { rows, meta };
  }

  /**
   * A page of the search in the operator's order, with each player's balance and last visit.
   * The page's players are found first (the default order by users_created_at_idx), and the
   * balance and last visit read for them alone, not for every row an offset passes over (a sort
   * by one of them still reads it for every match).
   */
  async searchRows(filter: PlayerFilter, limit: number, offset: number): Promise<PlayerListRow[]> {
    const lastSeen = sql<Date | null>`(
      SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id)`;
    const balance = sql<bigint | null>`(
      SELECT a.balance_minor FROM ledger_accounts a
      WHERE a.user_id = u.id AND a.owner_type = 'player' AND a.kind = 'main'
        AND a.currency = u.primary_currency)`;
    const sortKey =
      filter.sort === 'lastSeen'
        ? lastSeen
        : filter.sort === 'balance'
          ? sql`coalesce(${balance}, 0)`
          : sql`u.created_at`;
    // only a last visit can be missing: never-seen players come last in descending order
    const nulls = filter.sort === 'lastSeen' ? (filter.order === 'asc' ? 'FIRST' : 'LAST') : null;
    const order = (key: string) =>
      sql`${sql.ref(key)} ${sql.raw(filter.order === 'asc' ? 'ASC' : 'DESC')}${
        nulls ? sql.raw(` NULLS ${nulls}`) : sql``
      }, u.id ${sql.raw(filter.order === 'asc' ? 'ASC' : 'DESC')}`;
    const pagePlayers = this.searchBase(filter)
      .select(['u.id', sortKey.as('sort_key')])
      .orderBy(order('sort_key'))
      .limit(limit)
      .offset(offset);
    return await this.db
      .selectFrom(pagePlayers.as('p'))
      .innerJoin('users as u', 'u.id', 'p.id')
      .selectAll('u')
      .select([balance.as('balance_minor'), lastSeen.as('last_seen_at')])
      .orderBy(order('p.sort_key'))
      .execute();
  }

  private searchBase(filter: PlayerFilter) {
    return this.db.selectFrom('users as u').where((eb) => eb.and(this.conditions(filter)));
  }

  private conditions(filter: PlayerFilter): Expression<SqlBool>[] {
    const conditions: Expression<SqlBool>[] = [];
    const query = filter.query?.trim().toLowerCase();
    if (query) {
      const pattern = `%${escapeLikePattern(query)}%`;
      const byText = sql<SqlBool>`(u.email LIKE ${pattern}
        OR lower(u.first_name) LIKE ${pattern} OR lower(u.last_name) LIKE ${pattern}
        OR lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE ${pattern})`;
      conditions.push(
        /^\d{1,18}$/.test(query)
          ? sql<SqlBool>`(${byText} OR u.global_id = ${BigInt(query)})`
          : byText,
      );
    }
    if (filter.vip !== undefined) conditions.push(sql<SqlBool>`u.is_vip = ${filter.vip}`);
    if (filter.verified !== undefined) {
      conditions.push(sql<SqlBool>`u.is_verified = ${filter.verified}`);
    }
    if (filter.banned !== undefined) {
      conditions.push(
        filter.banned ? sql<SqlBool>`u.banned_at IS NOT NULL` : sql<SqlBool>`u.banned_at IS NULL`,
      );
    }
    if (filter.country) conditions.push(sql<SqlBool>`u.country = ${filter.country}`);
    if (filter.registeredFrom) {
      conditions.push(sql<SqlBool>`u.created_at >= ${filter.registeredFrom}`);
    }
    if (filter.registeredTo) conditions.push(sql<SqlBool>`u.created_at < ${filter.registeredTo}`);
    return conditions;
  }

  async findByGlobalId(globalId: string): Promise<UserRow | null> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('global_id', '=', BigInt(globalId))
      .executeTakeFirst();
    return row ?? null;
  }

  async accounts(
    userId: string,
  ): Promise<Array<{ kind: string; currency: string; balance_minor: bigint }>> {
    return await this.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'currency', 'balance_minor'])
      .where('user_id', '=', userId)
      .where('owner_type', '=', 'player')
      .orderBy('currency')
      .orderBy('kind')
      .execute();
  }

  async sessions(
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: SessionRow[]; meta: OffsetPageMeta }> {
    return await offsetPage(
      this.db,
      this.db.selectFrom('sessions').where('user_id', '=', userId),
      (query) =>
        query
          .select([
            'id',
            'created_at',
            'last_seen_at',
            'expires_at',
            'revoked_at',
            'ip',
            'user_agent',
          ])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc'),
      page,
    );
  }

  /** The player's postings, newest first, by the accounts' (account_id, id) index. */
  async postings(
    userId: string,
    filter: { kind?: string | undefined; currency?: string | undefined },
    limit: number,
    after: bigint | null,
  ): Promise<PostingRow[]> {
    const { rows } = await sql<PostingRow>`
      SELECT p.id, p.transaction_id, t.type, a.kind AS account_kind, p.currency, p.amount_minor,
        t.external_reference, t.created_at
      FROM ledger_accounts a
      JOIN ledger_postings p ON p.account_id = a.id
      JOIN ledger_transactions t ON t.id = p.transaction_id
      WHERE a.user_id = ${userId} AND a.owner_type = 'player'
        ${filter.currency ? sql`AND a.currency = ${filter.currency}` : sql``}
        ${filter.kind ? sql`AND t.type = ${filter.kind}` : sql``}
        ${after === null ? sql`` : sql`AND p.id < ${after}`}
      ORDER BY p.id DESC
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Fiat orders and crypto transfers of the player, newest first. The page is found on the
   * three tables' (user_id, created_at DESC, id DESC) indexes, merged (the player and the
   * filters stand outside the union, where the planner sees them on every branch), and only
   * its rows are read in full; its count reads up to 1,000 rows past its start.
   */
  async orders(
    userId: string,
    filter: { type?: 'deposit' | 'withdrawal' | undefined; rail?: 'fiat' | 'crypto' | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ rows: OrderRow[]; meta: OffsetPageMeta }> {
    const from = sql`
      FROM (
        SELECT f.user_id, f.id, f.created_at, 'fiat'::text AS source, f.type AS direction
        FROM fiat_orders f
        UNION ALL
        SELECT d.user_id, d.id, d.created_at, 'deposit'::text, 'buy'::text FROM crypto_deposits d
        UNION ALL
        SELECT w.user_id, w.id, w.created_at, 'withdrawal'::text, 'sell'::text
        FROM crypto_withdrawals w
      ) orders
      WHERE user_id = ${userId}
        ${filter.type ? sql`AND direction = ${filter.type === 'deposit' ? 'buy' : 'sell'}` : sql``}
        ${filter.rail === 'fiat' ? sql`AND source = 'fiat'` : sql``}
        ${filter.rail === 'crypto' ? sql`AND source <> 'fiat'` : sql``}`;
    // a withdrawal whose money went back to the balance (declined, refunded, timed out) took nothing
    const returned = sql`o.direction = 'sell'
      AND coalesce(f.status, w.status) IN ('declined', 'refund', 'timeouted')`;
    const [{ rows }, counted] = await Promise.all([
      sql<OrderRow>`
        SELECT o.id, CASE o.source WHEN 'fiat' THEN 'fiat' ELSE 'crypto' END AS rail,
          CASE o.direction WHEN 'buy' THEN 'deposit' ELSE 'withdrawal' END AS type,
          coalesce(f.status, d.status, w.status) AS status,
          coalesce(f.method_id, d.method_code || ' · ' || d.network,
            w.method_code || ' · ' || w.network) AS method,
          coalesce(f.currency, m.asset, d.method_code, w.method_code) AS currency,
          m.precision AS scale,
          coalesce(f.amount_minor, d.amount_minor, w.amount_minor) AS amount_minor,
          CASE WHEN ${returned} THEN NULL ELSE CASE o.source
            WHEN 'fiat' THEN coalesce(f.balance_amount_minor,
              CASE f.type WHEN 'buy' THEN f.credited_minor ELSE f.amount_minor END)
            WHEN 'deposit' THEN d.credited_minor
            ELSE w.held_minor END END AS credited_minor,
          CASE WHEN ${returned} THEN NULL ELSE CASE o.source
            WHEN 'fiat' THEN coalesce(f.balance_currency, f.currency)
            WHEN 'deposit' THEN d.credited_currency
            ELSE w.held_currency END END AS credited_currency,
          o.created_at
        FROM (
          SELECT id, created_at, source, direction ${from}
          ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}
        ) o
        LEFT JOIN fiat_orders f ON o.source = 'fiat' AND f.id = o.id
        LEFT JOIN crypto_deposits d ON o.source = 'deposit' AND d.id = o.id
        LEFT JOIN crypto_withdrawals w ON o.source = 'withdrawal' AND w.id = o.id
        LEFT JOIN crypto_methods m ON m.code = coalesce(d.method_code, w.method_code)
        ORDER BY o.created_at DESC, o.id DESC`.execute(this.db),
      cappedSqlCount(this.db, from, page.offset),
    ]);
    return { rows, meta: offsetPageMeta(page, counted) };
  }

  async bonuses(
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: BonusRow[]; meta: OffsetPageMeta }> {
    const { rows, meta } = await offsetPage(
      this.db,
      this.db.selectFrom('user_bonuses').where('user_id', '=', userId),
      (query) =>
        query
          .select([
            'id',
            'offer_id',
            'type',
            'status',
            'currency',
            'amount_minor',
            'wager_total_minor',
            'wager_current_minor',
            'freespins_total',
            'freespins_left',
            'created_at',
            'expires_at',
            'ended_at',
          ])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc'),
      page,
    );
    return { rows: rows as BonusRow[], meta };
  }

  /** Casino rounds, newest first, by game_rounds_user (user_id, created_at DESC). */
  async rounds(userId: string, limit: number, after: string | null): Promise<RoundRow[]> {
    const { rows } = await sql<RoundRow>`
      SELECT r.id, r.game_id, g.title AS game_title, r.currency, r.bet_minor, r.payout_minor,
        r.bet_bonus_minor, r.freespin, r.state, r.created_at, r.settled_at
      FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id
      WHERE r.user_id = ${userId}
        ${
          after === null
            ? sql``
            : sql`AND (r.created_at, r.id) < (
                SELECT c.created_at, c.id FROM game_rounds c
                WHERE c.id = ${after}::uuid AND c.user_id = ${userId})`
        }
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  async sportTickets(
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TicketRow[]; meta: OffsetPageMeta }> {
    const { rows, meta } = await offsetPage(
      this.db,
      this.db.selectFrom('sport_tickets').where('user_id', '=', userId),
      (query) =>
        query
          .select([
            'id',
            'type',
            'status',
            'currency',
            'stake_minor',
            'odds',
            'potential_payout_minor',
            'payout_minor',
            'live',
            'placed_at',
            'settled_at',
          ])
          .orderBy('placed_at', 'desc')
          .orderBy('id', 'desc'),
      page,
    );
    return { rows: rows as TicketRow[], meta };
  }

  /** The audit log's entries about the player, newest first (operator_audit_log_target_idx). */
  async audit(
    globalId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: AuditRow[]; meta: OffsetPageMeta }> {
    const { rows, meta } = await offsetPage(
      this.db,
      this.db
        .selectFrom('operator_audit_log as l')
        .where('l.target_type', '=', 'player')
        .where('l.target_id', '=', globalId),
      (query) =>
        query
          .leftJoin('operators as o', 'o.id', 'l.operator_id')
          .select([
            'l.id',
            'l.action',
            'l.operator_id',
            'o.email as operator_email',
            'l.payload',
            'l.ip',
            'l.created_at',
          ])
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc'),
      page,
    );
    return { rows: rows as AuditRow[], meta };
  }

  async paymentRestrictions(
    userId: string,
  ): Promise<{ buy_banned: boolean; fiat_banned: boolean } | null> {
    const row = await this.db
      .selectFrom('player_payment_restrictions')
      .select(['buy_banned', 'fiat_banned'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? null;
  }
}

export interface BonusRow {
  id: string;
  offer_id: string;
  type: string;
  status: string;
  currency: string;
  amount_minor: bigint;
  wager_total_minor: bigint;
  wager_current_minor: bigint;
  freespins_total: number;
  freespins_left: number;
  created_at: Date;
  expires_at: Date | null;
  ended_at: Date | null;
}

export interface TicketRow {
  id: string;
  type: string;
  status: string;
  currency: string;
  stake_minor: string;
  odds: string;
  potential_payout_minor: string;
  payout_minor: string | null;
  live: boolean;
  placed_at: Date;
  settled_at: Date | null;
}
