import {
  type HistoryPageMeta,
  type LateDepositNotice,
  type LimitHistoryEvent,
  type LimitPeriod,
  type LimitType,
  lateDepositsListed,
  type PlayerLimit,
  type PlayerLimitHistoryEntry,
  type RgFlagKind,
} from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { decodeHistoryCursor, historyMeta } from '../../../lib/history-page.ts';
import type { UsersService } from '../accounts/users.service.ts';
import type {
  FlagRow,
  KeysetPage,
  LimitChangeRow,
  ProtectionRepository,
} from './protection.repository.ts';
import { amountText, type OperatorLimitChange, type PlayerLimits } from './protection.service.ts';

/** One entry of a player's limit history: what changed, who changed it and why. */
export interface LimitHistoryRecord {
  id: string;
  type: LimitType;
  period: LimitPeriod;
  event: LimitHistoryEvent;
  currency: string | null;
  from: string | null;
  to: string | null;
  effectiveAt: Date;
  at: Date;
  /** player: the player's own change; operator: `operatorId`'s; system: a cooling-off ran out */
  actor: 'player' | 'operator' | 'system';
  operatorId: string | null;
  reason: string | null;
}

/** A flag for the operators. */
export interface ProtectionFlag {
  id: string;
  userId: string;
  kind: RgFlagKind;
  details: Record<string, unknown>;
  createdAt: Date;
  resolution: { at: Date; operatorId: string; note: string } | null;
}

export interface ProtectionOperatorDependencies {
  repository: ProtectionRepository;
  db: DatabaseExecutor;
  clock: Clock;
  limits: PlayerLimits;
  users: Pick<UsersService, 'getPrimaryCurrency'>;
}

/** The page a query asks for: the cursor's position (the list's key), else the offset. */
function pageOf(query: { limit: number; offset: number; cursor?: string | undefined }): KeysetPage {
  const position =
    query.cursor === undefined ? null : decodeHistoryCursor(query.cursor, ['instant', 'integer']);
  return { limit: query.limit, offset: position ? position.offset : query.offset, position };
}

function metaOf(
  page: KeysetPage,
  counted: number,
  rows: ReadonlyArray<{ cursor_at: string; id: string }>,
): HistoryPageMeta {
  const last = rows.at(-1);
  return historyMeta({
    offset: page.offset,
    limit: page.limit,
    counted,
    rows: rows.length,
    lastKey: last ? [last.cursor_at, last.id] : null,
  });
}

function eventOf(row: LimitChangeRow): LimitHistoryEvent {
  switch (row.kind) {
    case 'applied':
      return row.from_minor === null ? 'set' : 'decreased';
    case 'pending':
      return row.to_minor === null ? 'removal_requested' : 'increase_requested';
    case 'matured':
      return row.to_minor === null ? 'removed' : 'increase_applied';
    case 'converted':
      return 'converted';
    default:
      return 'cancelled';
  }
}

function flagOf(row: FlagRow): ProtectionFlag {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    details: row.details,
    createdAt: row.created_at,
    resolution:
      row.resolved_at !== null && row.resolved_by_operator_id !== null
        ? {
            at: row.resolved_at,
            operatorId: row.resolved_by_operator_id,
            note: row.resolution_note ?? '',
          }
        : null,
  };
}

/** A history entry as the player sees it: who changed it, never which operator nor why. */
function playerEntryOf(record: LimitHistoryRecord): PlayerLimitHistoryEntry {
  return {
    id: record.id,
    type: record.type,
    period: record.period,
    event: record.event,
    currency: record.currency,
    from: record.from,
    to: record.to,
    effectiveAt: record.effectiveAt.toISOString(),
    at: record.at.toISOString(),
    by: record.actor,
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A late-deposit flag as the player's notice; null for one written before it kept the deposit. */
function lateDepositOf(row: FlagRow): LateDepositNotice | null {
  const details = row.details;
  if (row.kind === 'deposit_while_excluded') {
    const amount = text(details.amount);
    const currency = text(details.currency);
    if (amount === null || currency === null) return null;
    return {
      notice: 'deposit_while_excluded',
      amount,
      currency,
      limit: null,
      at: row.created_at.toISOString(),
    };
  }
  const deposit = details.deposit as Record<string, unknown> | undefined;
  const amount = text(deposit?.amount);
  const currency = text(deposit?.currency);
  const period = text(details.period);
  const limitAmount = text(details.amount);
  const limitCurrency = text(details.currency);
  if (amount === null || currency === null || limitAmount === null || limitCurrency === null) {
    return null;
  }
  if (period !== 'day' && period !== 'week' && period !== 'month') return null;
  return {
    notice: 'deposit_over_limit',
    amount,
    currency,
    limit: { period, amount: limitAmount, currency: limitCurrency },
    at: row.created_at.toISOString(),
  };
}

/** The most entries a player's export holds (a limit changes rarely; this is a safety net). */
export const exportHistoryCap = 50_000;

/**
 * The operators' side of player protection (issue 22): a player's limits with who set them,
 * their history, operators' changes, and the flags. The back office (modules/backoffice/players)
 * names players and operators and audits; the tables stay this module's.
 */
export class ProtectionOperatorService {
  private readonly repository: ProtectionRepository;
  private readonly db: DatabaseExecutor;
  private readonly clock: Clock;
  private readonly limitsEngine: PlayerLimits;
  private readonly users: ProtectionOperatorDependencies['users'];

  constructor(dependencies: ProtectionOperatorDependencies) {
    this.repository = dependencies.repository;
    this.db = dependencies.db;
    this.clock = dependencies.clock;
    this.limitsEngine = dependencies.limits;
    this.users = dependencies.users;
  }

  async limits(userId: string): Promise<
    Array<{
      limit: PlayerLimit;
      setByOperatorId: string | null;
      pendingByOperatorId: string | null;
    }>
  > {
    return await this.limitsEngine.describe(userId);
  }

  /** An operator's change of the player's limit in the caller's transaction (see PlayerLimits). */
  async setLimit(
    transaction: DatabaseTransaction,
    userId: string,
    type: LimitType,
    period: LimitPeriod,
    amount: string | null,
    operator: OperatorLimitChange,
  ) {
    return await this.limitsEngine.setByOperator(
      transaction,
      userId,
      type,
      period,
      amount,
      operator,
    );
  }

  /** A newest-first page of the player's limit history. */
  async history(
    userId: string,
    query: { limit: number; offset: number; cursor?: string | undefined },
  ): Promise<{ items: LimitHistoryRecord[]; meta: HistoryPageMeta }> {
    const page = pageOf(query);
    await this.limitsEngine.settleMatured(userId);
    const { rows, counted } = await this.repository.changes(this.db, userId, page);
    return { items: await this.records(userId, rows), meta: metaOf(page, counted, rows) };
  }

  /** `GET /api/v1/me/limits/history`: the player's own page, without operators' names or reasons. */
  async playerHistory(
    userId: string,
    query: { limit: number; offset: number; cursor?: string | undefined },
  ): Promise<{ items: PlayerLimitHistoryEntry[]; meta: HistoryPageMeta }> {
    const page = await this.history(userId, query);
    return { items: page.items.map(playerEntryOf), meta: page.meta };
  }

  /** `GET /api/v1/me/limits/late-deposits`: the newest deposits credited past a limit. */
  async lateDeposits(userId: string): Promise<LateDepositNotice[]> {
    const rows = await this.repository.lateDepositFlags(this.db, userId, lateDepositsListed);
    return rows.flatMap((row) => lateDepositOf(row) ?? []);
  }

  /** The player's whole limit history, oldest first (the export). */
  async fullHistory(userId: string): Promise<LimitHistoryRecord[]> {
    await this.limitsEngine.settleMatured(userId);
    const rows = await this.repository.allChanges(this.db, userId, exportHistoryCap);
    return await this.records(userId, rows);
  }

  /** A newest-first page of flags: open or resolved, of a kind, of one player or all. */
  async flags(
    filter: { status: 'open' | 'resolved'; kind?: RgFlagKind | undefined; userId?: string },
    query: { limit: number; offset: number; cursor?: string | undefined },
  ): Promise<{ items: ProtectionFlag[]; meta: HistoryPageMeta }> {
    const page = pageOf(query);
    const { rows, counted } = await this.repository.flags(this.db, filter, page);
    return { items: rows.map(flagOf), meta: metaOf(page, counted, rows) };
  }

  /**
   * Resolves an open flag with the operator's note, in the caller's transaction (its audit record
   * commits with it): 404 when there is no such flag (of `userId`, when given), 409
   * rg_flag_already_resolved when it is resolved already.
   */
  async resolveFlag(
    transaction: DatabaseTransaction,
    resolution: { flagId: string; userId?: string; operatorId: string; note: string },
  ): Promise<ProtectionFlag> {
    const row = await this.repository.lockFlag(transaction, resolution.flagId);
    if (!row || (resolution.userId !== undefined && row.user_id !== resolution.userId)) {
      throw new AppError('not_found', { message: 'No such flag.' });
    }
    if (row.resolved_at !== null) throw new AppError('rg_flag_already_resolved');
    return flagOf(
      await this.repository.resolveFlag(transaction, {
        id: resolution.flagId,
        operatorId: resolution.operatorId,
        note: resolution.note,
        at: this.clock.now(),
      }),
    );
  }

  private async records(userId: string, rows: LimitChangeRow[]): Promise<LimitHistoryRecord[]> {
    let fallback: string | undefined;
    const records: LimitHistoryRecord[] = [];
    for (const row of rows) {
      let currency = row.type === 'session' ? 'MIN' : row.currency;
      if (currency === null) {
        // written before migration 0055: the limits were set in the primary currency
        fallback ??= await this.users.getPrimaryCurrency(userId, this.db);
        currency = fallback;
      }
      const unit = { type: row.type, currency };
      records.push({
        id: row.id,
        type: row.type,
        period: row.period,
        event: eventOf(row),
        currency: row.type === 'session' ? null : currency,
        from: row.from_minor === null ? null : amountText(row.from_minor, unit),
        to: row.to_minor === null ? null : amountText(row.to_minor, unit),
        effectiveAt: row.effective_at,
        at: row.created_at,
        actor: row.operator_id !== null ? 'operator' : row.kind === 'matured' ? 'system' : 'player',
        operatorId: row.operator_id,
        reason: row.reason,
      });
    }
    return records;
  }
}
