import {
  currencyScale,
  formatMinorToDecimal,
  isUuid,
  type PlayerAuditResponse,
  type PlayerBonusesResponse,
  type PlayerExportQuery,
  type PlayerListItem,
  type PlayerListQuery,
  type PlayerListResponse,
  type PlayerOrdersQuery,
  type PlayerOrdersResponse,
  type PlayerOverview,
  type PlayerPageQuery,
  type PlayerPostingsQuery,
  type PlayerPostingsResponse,
  type PlayerRoundsQuery,
  type PlayerRoundsResponse,
  type PlayerSessionsResponse,
  type PlayerSignIn,
  type PlayerSportTicketsResponse,
  playerExportMaximumRows,
} from '@casino/contract';
import type { UserRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { toCsv } from '../../../lib/csv.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { RateLimitsService } from '../../platform/rate-limits/rate-limits.service.ts';
import { countryOfIp } from '../../platform/region/region.service.ts';
import type { AuditService, OperatorActor } from '../audit/audit.service.ts';
import type { Player360Repository, PlayerFilter, SessionRow } from './player-360.repository.ts';
import { localTime } from './player-protection.service.ts';

/** What ends one of a player's sign-in sessions (the players wing's auth service). */
export interface SessionEnder {
  endSession(
    transaction: Parameters<Parameters<Transactions['run']>[0]>[0],
    userId: string,
    sessionId: string,
  ): Promise<boolean>;
}

/** Each operator's CSV exports of the player search: up to 10 000 rows each, 30 an hour. */
const playerExportRule = { bucket: 'players_export', limit: 30, windowSeconds: 3_600 };

export interface Player360ServiceDependencies {
  repository: Player360Repository;
  rateLimits: Pick<RateLimitsService, 'consume'>;
  sessions: SessionEnder;
  audit: AuditService;
  transactions: Transactions;
  clock: Clock;
}

/** A decimal string of minor units at the currency's scale (8 for a code the platform lacks). */
function money(minor: bigint | string | number, currency: string, scale?: number | null): string {
  return formatSigned(BigInt(minor), scale ?? currencyScale(currency, 8));
}

function formatSigned(minor: bigint, scale: number): string {
  return minor < 0n
    ? `-${formatMinorToDecimal(-minor, scale)}`
    : formatMinorToDecimal(minor, scale);
}

const iso = (at: Date | null): string | null => (at === null ? null : at.toISOString());

function filterOf(query: PlayerListQuery | PlayerExportQuery): PlayerFilter {
  return {
    query: query.query,
    vip: query.vip,
    banned: query.banned,
    verified: query.verified,
    country: query.country,
    registeredFrom:
      query.registeredFrom === undefined
        ? undefined
        : boundary(query.registeredFrom, query.timeZone, 0),
    // a day is included whole: up to the start of the next one
    registeredTo:
      query.registeredTo === undefined
        ? undefined
        : boundary(query.registeredTo, query.timeZone, 1),
    sort: query.sort,
    order: query.order,
  };
}

/** The instant, or the start of the day (`days` later) in the zone (UTC when absent). */
function boundary(value: string, timeZone: string | undefined, days: number): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!day) return new Date(value);
  const wallClock = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + days);
  if (timeZone === undefined) return new Date(wallClock);
  // the zone's offset at the guess, then again at the result (a DST change in between)
  let instant = wallClock - offsetMs(new Date(wallClock), timeZone);
  instant = wallClock - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** How far the zone's wall clock is ahead of UTC at the instant. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

function listItem(row: UserRow & { balance_minor: bigint | null; last_seen_at: Date | null }) {
  return {
    globalId: row.global_id.toString(),
    email: row.email,
    isVip: row.is_vip,
    isVerified: row.is_verified,
    banReason: row.ban_reason as PlayerListItem['banReason'],
    createdAt: row.created_at.toISOString(),
    firstName: row.first_name,
    lastName: row.last_name,
    country: row.country,
    primaryCurrency: row.primary_currency,
    balance: money(row.balance_minor ?? 0n, row.primary_currency),
    lastSeenAt: iso(row.last_seen_at),
  } satisfies PlayerListItem;
}

/**
 * The operators' 360° view of players: the search (and its CSV), one player's profile and
 * balances, and their lists across the platform (read model: `Player360Repository`); the one
 * write, ending a sign-in session, goes through the auth service and is audited with it.
 */
export class Player360Service {
  private readonly repository: Player360Repository;
  private readonly rateLimits: Pick<RateLimitsService, 'consume'>;
  private readonly sessionEnder: SessionEnder;
  private readonly audit: AuditService;
  private readonly transactions: Transactions;
  private readonly clock: Clock;

  constructor({
    repository,
    rateLimits,
    sessions,
    audit,
    transactions,
    clock,
  }: Player360ServiceDependencies) {
    this.repository = repository;
    this.rateLimits = rateLimits;
    this.sessionEnder = sessions;
    this.audit = audit;
    this.transactions = transactions;
    this.clock = clock;
  }

  async list(query: PlayerListQuery): Promise<PlayerListResponse> {
    const { rows, meta } = await this.repository.search(filterOf(query), query);
    return {
      items: rows.map(listItem),
      meta,
    };
  }

  /** The search's rows (at most 10 000) as CSV; audited (the operator took players' data away). */
  async exportCsv(
    actor: OperatorActor,
    query: PlayerExportQuery,
  ): Promise<{ filename: string; csv: string }> {
    await this.rateLimits.consume(playerExportRule, actor.operatorId);
    const rows = await this.repository.searchRows(filterOf(query), playerExportMaximumRows, 0);
    const zone = query.timeZone;
    const local = (at: Date | null) =>
      at === null || zone === undefined ? null : localTime(at, zone);
    const header = [
      'global_id',
      'email',
      'first_name',
      'last_name',
      'country',
      'currency',
      'balance',
      'vip',
      'verified',
      'ban_reason',
      'registered_at_utc',
      'last_seen_at_utc',
      ...(zone === undefined ? [] : ['registered_at_local', 'last_seen_at_local']),
    ];
    const csv = toCsv(
      header,
      rows.map((row) => {
        const item = listItem(row);
        return [
          item.globalId,
          item.email,
          item.firstName,
          item.lastName,
          item.country,
          item.primaryCurrency,
          item.balance,
          item.isVip ? 'yes' : 'no',
          item.isVerified ? 'yes' : 'no',
          item.banReason,
          item.createdAt,
          item.lastSeenAt,
          ...(zone === undefined ? [] : [local(row.created_at), local(row.last_seen_at)]),
        ];
      }),
    );
    const { timeZone: _zone, ...filters } = query;
    // the filters as given (a day stays a day)
    await this.audit.record(actor, {
      action: 'players.export',
      targetType: 'players',
      targetId: 'search',
      payload: { rows: rows.length, filters, timeZone: zone ?? null },
    });
    const day = this.clock.now().toISOString().slice(0, 10);
    return { filename: `players-${day}.csv`, csv };
  }

  async overview(globalId: string): Promise<PlayerOverview> {
    const user = await this.player(globalId);
    const [accounts, sessions, restrictions] = await Promise.all([
      this.repository.accounts(user.id),
      this.repository.sessions(user.id, { limit: 5, offset: 0 }),
      this.repository.paymentRestrictions(user.id),
    ]);
    const main = accounts.find(
      (account) => account.kind === 'main' && account.currency === user.primary_currency,
    );
    const now = this.clock.now();
    return {
      ...listItem({
        ...user,
        balance_minor: main?.balance_minor ?? 0n,
        last_seen_at: sessions.rows.reduce<Date | null>(
          (latest, session) =>
            latest === null || session.last_seen_at > latest ? session.last_seen_at : latest,
          null,
        ),
      }),
      userId: user.id,
      language: user.language,
      gender: user.gender,
      dateOfBirth: user.date_of_birth,
      bannedAt: iso(user.banned_at),
      firstDepositAt: iso(user.first_deposit_at),
      depositCount: user.deposit_count,
      accounts: accounts.map((account) => ({
        kind: account.kind,
        currency: account.currency,
        balance: money(account.balance_minor, account.currency),
      })),
      lastSignIns: sessions.rows.map((session) => signIn(session, now)),
      paymentRestrictions: {
        buyBanned: restrictions?.buy_banned ?? false,
        fiatBanned: restrictions?.fiat_banned ?? false,
      },
    };
  }

  async sessions(globalId: string, page: PlayerPageQuery): Promise<PlayerSessionsResponse> {
    const user = await this.player(globalId);
    const { rows, meta } = await this.repository.sessions(user.id, page);
    const now = this.clock.now();
    return {
      items: rows.map((session) => signIn(session, now)),
      meta,
    };
  }

  /**
   * Ends one of the player's sign-in sessions: the app signed in with it is signed out (its
   * realtime connections close as the revocation commits). 404 when the player has no such
   * open session. Audited in the same transaction.
   */
  async revokeSession(actor: OperatorActor, globalId: string, sessionId: string): Promise<void> {
    const user = await this.player(globalId);
    await this.transactions.run(async (transaction) => {
      const ended = await this.sessionEnder.endSession(transaction, user.id, sessionId);
      if (!ended) {
        throw new AppError('not_found', { message: 'The player has no such open session.' });
      }
      await this.audit.record(
        actor,
        {
          action: 'player.session.revoke',
          targetType: 'player',
          targetId: globalId,
          payload: { sessionId },
        },
        transaction,
      );
    });
  }

  async postings(globalId: string, query: PlayerPostingsQuery): Promise<PlayerPostingsResponse> {
    const user = await this.player(globalId);
    const after = query.cursor === undefined ? null : postingCursor(query.cursor);
    const rows = await this.repository.postings(
      user.id,
      { kind: query.kind, currency: query.currency },
      query.limit + 1,
      after,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id.toString(),
        transactionId: row.transaction_id.toString(),
        kind: row.type,
        accountKind: row.account_kind,
        currency: row.currency,
        amount: money(row.amount_minor, row.currency),
        reference: row.external_reference,
        createdAt: row.created_at.toISOString(),
      })),
      meta: {
        limit: query.limit,
        nextCursor: rows.length > query.limit && last ? last.id.toString() : null,
      },
    };
  }

  async orders(globalId: string, query: PlayerOrdersQuery): Promise<PlayerOrdersResponse> {
    const user = await this.player(globalId);
    const { rows, meta } = await this.repository.orders(
      user.id,
      { type: query.type, rail: query.rail },
      query,
    );
    return {
      items: rows.map((row) => ({
        id: row.id,
        rail: row.rail,
        type: row.type,
        status: row.status,
        method: row.method,
        currency: row.currency,
        amount: money(row.amount_minor, row.currency, row.scale),
        credited:
          row.credited_minor === null || row.credited_currency === null
            ? null
            : money(row.credited_minor, row.credited_currency),
        creditedCurrency: row.credited_currency,
        createdAt: row.created_at.toISOString(),
      })),
      meta,
    };
  }

  async bonuses(globalId: string, page: PlayerPageQuery): Promise<PlayerBonusesResponse> {
    const user = await this.player(globalId);
    const { rows, meta } = await this.repository.bonuses(user.id, page);
    return {
      items: rows.map((row) => ({
        id: row.id,
        offerId: row.offer_id,
        type: row.type,
        status: row.status,
        currency: row.currency,
        amount: money(row.amount_minor, row.currency),
        wagerTotal: money(row.wager_total_minor, row.currency),
        wagerCurrent: money(row.wager_current_minor, row.currency),
        freespinsTotal: row.freespins_total,
        freespinsLeft: row.freespins_left,
        createdAt: row.created_at.toISOString(),
        expiresAt: iso(row.expires_at),
        endedAt: iso(row.ended_at),
      })),
      meta,
    };
  }

  async rounds(globalId: string, query: PlayerRoundsQuery): Promise<PlayerRoundsResponse> {
    const user = await this.player(globalId);
    if (query.cursor !== undefined && !isUuid(query.cursor)) throw invalidCursor();
    const rows = await this.repository.rounds(user.id, query.limit + 1, query.cursor ?? null);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id,
        gameId: row.game_id,
        gameTitle: row.game_title,
        currency: row.currency,
        bet: money(row.bet_minor, row.currency),
        payout: money(row.payout_minor, row.currency),
        bonusBet: money(row.bet_bonus_minor, row.currency),
        freespin: row.freespin,
        state: row.state,
        createdAt: row.created_at.toISOString(),
        settledAt: iso(row.settled_at),
      })),
      meta: { limit: query.limit, nextCursor: rows.length > query.limit && last ? last.id : null },
    };
  }

  async sportTickets(globalId: string, page: PlayerPageQuery): Promise<PlayerSportTicketsResponse> {
    const user = await this.player(globalId);
    const { rows, meta } = await this.repository.sportTickets(user.id, page);
    return {
      items: rows.map((row) => ({
        id: row.id,
        type: row.type,
        status: row.status,
        currency: row.currency,
        stake: money(row.stake_minor, row.currency),
        odds: row.odds,
        potentialPayout: money(row.potential_payout_minor, row.currency),
        payout: row.payout_minor === null ? null : money(row.payout_minor, row.currency),
        live: row.live,
        placedAt: row.placed_at.toISOString(),
        settledAt: iso(row.settled_at),
      })),
      meta,
    };
  }

  async auditTrail(globalId: string, page: PlayerPageQuery): Promise<PlayerAuditResponse> {
    await this.player(globalId);
    const { rows, meta } = await this.repository.audit(globalId, page);
    return {
      items: rows.map((row) => ({
        id: row.id.toString(),
        action: row.action,
        operatorId: row.operator_id,
        operatorEmail: row.operator_email,
        payload: row.payload,
        ip: row.ip,
        createdAt: row.created_at.toISOString(),
      })),
      meta,
    };
  }

  private async player(globalId: string): Promise<UserRow> {
    const user = await this.repository.findByGlobalId(globalId);
    if (!user) throw new AppError('not_found', { message: 'No player has this globalId.' });
    return user;
  }
}

function signIn(session: SessionRow, now: Date): PlayerSignIn {
  return {
    id: session.id,
    createdAt: session.created_at.toISOString(),
    lastSeenAt: session.last_seen_at.toISOString(),
    expiresAt: session.expires_at.toISOString(),
    revokedAt: iso(session.revoked_at),
    active: session.revoked_at === null && session.expires_at > now,
    ip: session.ip,
    country: session.ip === null ? null : countryOfIp(session.ip),
    userAgent: session.user_agent,
  };
}

function invalidCursor(): AppError {
  return new AppError('validation_error', {
    message: 'The cursor is not one this list answered.',
    payload: { fields: [{ field: 'cursor', message: 'Validation.invalid_value' }] },
  });
}

function postingCursor(cursor: string): bigint {
  if (!/^\d{1,19}$/.test(cursor)) throw invalidCursor();
  return BigInt(cursor);
}
