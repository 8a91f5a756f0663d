import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { UserRow } from '../../../db/schema.ts';

/** `%` and `_` in an operator's search are literal characters, not wildcards. */
function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * One page of a list and the count of all its rows, read at once: `base` is the list's FROM and
 * WHERE (the count reads it as it is), `rows` adds the columns, joins and order of the page.
 */
async function pageWithTotal<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => PageQuery<Row>,
  page: { limit: number; offset: number },
): Promise<{ rows: Row[]; total: number }> {
  const [found, count] = await Promise.all([
    rows(base).limit(page.limit).offset(page.offset).execute(),
    base.select(sql<bigint>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  // the selection's type is not resolved for a generic table; the count is the one column
  return { rows: found, total: Number((count as { total: bigint }).total) };
}

/** What `pageWithTotal`'s `rows` answers: a query still to be limited and offset. */
interface PageQuery<Row> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
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
  ): Promise<{ rows: PlayerListRow[]; total: number }> {
    return await pageWithTotal(
      this.searchBase(filter),
      (query) => this.searchPage(query, filter),
      page,
    );
  }

  async searchRows(filter: PlayerFilter, limit: number, offset: number): Promise<PlayerListRow[]> {
    return await this.searchPage(this.searchBase(filter), filter)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  private searchBase(filter: PlayerFilter) {
    return this.db.selectFrom('users as u').where((eb) => eb.and(this.conditions(filter)));
  }

  /** The search's columns (with the balance and last visit) in the operator's order. */
  private searchPage(query: ReturnType<Player360Repository['searchBase']>, filter: PlayerFilter) {
    const lastSeen = sql<Date | null>`(
      SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id)`;
    const balance = sql<bigint | null>`(
      SELECT a.balance_minor FROM ledger_accounts a
      WHERE a.user_id = u.id AND a.owner_type = 'player' AND a.kind = 'main'
        AND a.currency = u.primary_currency)`;
    const sortExpression =
      filter.sort === 'lastSeen'
        ? sql`last_seen_at`
        : filter.sort === 'balance'
          ? sql`coalesce(${balance}, 0)`
          : sql`u.created_at`;
    const direction = filter.order === 'asc' ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
    const idDirection = filter.order === 'asc' ? sql`ASC` : sql`DESC`;
    return query
      .selectAll('u')
      .select([balance.as('balance_minor'), lastSeen.as('last_seen_at')])
      .orderBy(sql`${sortExpression} ${direction}, u.id ${idDirection}`);
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
  ): Promise<{ rows: SessionRow[]; total: number }> {
    return await pageWithTotal(
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

  /** Fiat orders and crypto transfers of the player, newest first. */
  async orders(
    userId: string,
    filter: { type?: 'deposit' | 'withdrawal' | undefined; rail?: 'fiat' | 'crypto' | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const { rows } = await sql<OrderRow & { total: string }>`
      WITH orders AS (
        SELECT f.id::text AS id, 'fiat' AS rail,
          CASE f.type WHEN 'buy' THEN 'deposit' ELSE 'withdrawal' END AS type, f.status,
          f.method_id AS method,
          f.currency, NULL::int AS scale, f.amount_minor,
          CASE WHEN f.type = 'buy' THEN coalesce(f.balance_amount_minor, f.credited_minor)
            ELSE coalesce(f.balance_amount_minor, f.amount_minor) END AS credited_minor,
          coalesce(f.balance_currency, f.currency) AS credited_currency, f.created_at
        FROM fiat_orders f WHERE f.user_id = ${userId}
        UNION ALL
        SELECT d.id::text, 'crypto', 'deposit', d.status, d.method_code || ' · ' || d.network,
          coalesce(m.asset, d.method_code), m.precision, d.amount_minor, d.credited_minor,
          d.credited_currency, d.created_at
        FROM crypto_deposits d LEFT JOIN crypto_methods m ON m.code = d.method_code
        WHERE d.user_id = ${userId}
        UNION ALL
        SELECT w.id::text, 'crypto', 'withdrawal', w.status, w.method_code || ' · ' || w.network,
          coalesce(m.asset, w.method_code), m.precision, w.amount_minor, w.held_minor,
          w.held_currency, w.created_at
        FROM crypto_withdrawals w LEFT JOIN crypto_methods m ON m.code = w.method_code
        WHERE w.user_id = ${userId}
      )
      SELECT *, count(*) OVER () AS total FROM orders
      WHERE true
        ${filter.type ? sql`AND type = ${filter.type}` : sql``}
        ${filter.rail ? sql`AND rail = ${filter.rail}` : sql``}
      ORDER BY created_at DESC, id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    if (rows.length === 0 && page.offset > 0) {
      const { rows: counted } = await sql<{ total: string }>`
        SELECT (SELECT count(*) FROM fiat_orders WHERE user_id = ${userId}
            ${filter.rail === 'crypto' ? sql`AND false` : sql``}
            ${filter.type ? sql`AND type = ${filter.type === 'deposit' ? 'buy' : 'sell'}` : sql``})
          + (SELECT count(*) FROM crypto_deposits WHERE user_id = ${userId}
            ${filter.rail === 'fiat' || filter.type === 'withdrawal' ? sql`AND false` : sql``})
          + (SELECT count(*) FROM crypto_withdrawals WHERE user_id = ${userId}
            ${filter.rail === 'fiat' || filter.type === 'deposit' ? sql`AND false` : sql``})
          AS total`.execute(this.db);
      return { rows: [], total: Number(counted[0]?.total ?? 0) };
    }
    return {
      rows: rows.map(({ total: _total, ...row }) => row),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  async bonuses(
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: BonusRow[]; total: number }> {
    const { rows, total } = await pageWithTotal(
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
    return { rows: rows as BonusRow[], total };
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
  ): Promise<{ rows: TicketRow[]; total: number }> {
    const { rows, total } = await pageWithTotal(
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
    return { rows: rows as TicketRow[], total };
  }

  /** The audit log's entries about the player, newest first (operator_audit_log_target_idx). */
  async audit(
    globalId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const { rows, total } = await pageWithTotal(
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
    return { rows: rows as AuditRow[], total };
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
