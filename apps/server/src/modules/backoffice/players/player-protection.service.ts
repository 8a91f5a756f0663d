import type {
  LimitActor,
  LimitHistoryEntry,
  LimitHistoryPage,
  LimitHistoryQuery,
  LimitPeriod,
  LimitType,
  OperatorPlayerLimits,
  OperatorSetLimitBody,
  RgFlag,
  RgFlagListQuery,
  RgFlagPage,
} from '@casino/contract';
import { AppError } from '../../../lib/app-error.ts';
import { type CsvValue, toCsv } from '../../../lib/csv.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { PlayerAccount, UsersService } from '../../players/accounts/users.service.ts';
import type {
  LimitHistoryRecord,
  ProtectionFlag,
  ProtectionOperatorService,
} from '../../players/protection/protection-operator.service.ts';
import type { AuditService, OperatorActor } from '../audit/audit.service.ts';
import type { OperatorsService } from '../operators/operators.service.ts';

/**
 * One entry of a player's time-out and self-exclusion history as the export writes it. The
 * exclusions' owner (players/protection, `exclusion.*`) implements ExclusionHistorySource and
 * backoffice.wiring.ts hands it here; until then the export holds the limit history alone.
 */
export interface ExclusionHistoryEntry {
  at: Date;
  /** what happened, e.g. `started`, `ended`, `lift_requested`, `lifted` */
  event: string;
  kind: 'time_out' | 'self_exclusion';
  /** when the exclusion ends; null: indefinite */
  until: Date | null;
  actor: 'player' | 'operator' | 'system';
  operatorId: string | null;
  reason: string | null;
}

export interface ExclusionHistorySource {
  /** every entry of the player's exclusion history, oldest first */
  exclusionHistory(userId: string): Promise<ExclusionHistoryEntry[]>;
}

export interface PlayerProtectionServiceDependencies {
  users: Pick<UsersService, 'findAccountByGlobalId' | 'findAccounts'>;
  operators: Pick<OperatorsService, 'emailsOf'>;
  protection: ProtectionOperatorService;
  audit: AuditService;
  transactions: Transactions;
  /** the exclusions' history for the export; absent: the export has limit rows only */
  exclusions?: ExclusionHistorySource | undefined;
}

/** The export's columns (the `_local` ones only with a time zone). */
const exportColumns = [
  'record',
  'at_utc',
  'at_local',
  'event',
  'limit_type',
  'limit_period',
  'currency',
  'from',
  'to',
  'effective_at_utc',
  'effective_at_local',
  'exclusion_kind',
  'exclusion_until_utc',
  'exclusion_until_local',
  'actor',
  'actor_operator_id',
  'actor_operator_email',
  'reason',
] as const;
type ExportColumn = (typeof exportColumns)[number];

/** `2026-11-26 13:00:00 GMT+01:00`: the instant in the zone, with its offset then. */
export function localTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} ${part('timeZoneName')}`;
}

/**
 * The back office's responsible-gambling tools on players (issue 22): limits with who set them,
 * their history, limits an operator imposes (audited with the reason), the flags and their
 * resolution (audited), and the CSV export of a player's limit and exclusion history. The
 * protection module owns the data; this names players by globalId and operators by e-mail.
 */
export class PlayerProtectionService {
  private readonly users: PlayerProtectionServiceDependencies['users'];
  private readonly operators: PlayerProtectionServiceDependencies['operators'];
  private readonly protection: ProtectionOperatorService;
  private readonly audit: AuditService;
  private readonly transactions: Transactions;
  private readonly exclusions: ExclusionHistorySource | undefined;

  constructor(dependencies: PlayerProtectionServiceDependencies) {
    this.users = dependencies.users;
    this.operators = dependencies.operators;
    this.protection = dependencies.protection;
    this.audit = dependencies.audit;
    this.transactions = dependencies.transactions;
    this.exclusions = dependencies.exclusions;
  }

  async limits(globalId: string): Promise<OperatorPlayerLimits> {
    const player = await this.player(globalId);
    const limits = await this.protection.limits(player.id);
    const names = await this.operators.emailsOf(
      limits.flatMap((entry) => [entry.setByOperatorId, entry.pendingByOperatorId]).filter(isId),
    );
    return limits.map(({ limit, setByOperatorId, pendingByOperatorId }) => ({
      ...limit,
      setBy: actorOf(setByOperatorId === null ? 'player' : 'operator', setByOperatorId, names),
      pending: limit.pending
        ? {
            ...limit.pending,
            requestedBy: actorOf(
              pendingByOperatorId === null ? 'player' : 'operator',
              pendingByOperatorId,
              names,
            ),
          }
        : null,
    }));
  }

  async history(globalId: string, query: LimitHistoryQuery): Promise<LimitHistoryPage> {
    const player = await this.player(globalId);
    const { items, meta } = await this.protection.history(player.id, query);
    const names = await this.operators.emailsOf(items.map((item) => item.operatorId).filter(isId));
    return { items: items.map((item) => historyEntry(item, names)), meta };
  }

  /**
   * An operator imposes, lowers, raises or removes a player's limit: imposing or lowering applies
   * at once, a raise or a removal waits the cooling-off as the player's would. Audited with the
   * reason in the same transaction. Answers the player's limits after it.
   */
  async setLimit(
    actor: OperatorActor,
    globalId: string,
    type: LimitType,
    period: LimitPeriod,
    body: OperatorSetLimitBody,
  ): Promise<OperatorPlayerLimits> {
    const player = await this.player(globalId);
    await this.transactions.run(async (transaction) => {
      const change = await this.protection.setLimit(
        transaction,
        player.id,
        type,
        period,
        body.amount,
        { id: actor.operatorId, reason: body.reason },
      );
      await this.audit.record(
        actor,
        {
          action: 'player.limit.set',
          targetType: 'player',
          targetId: globalId,
          payload: { type, period, amount: body.amount, reason: body.reason, ...change },
        },
        transaction,
      );
    });
    return await this.limits(globalId);
  }

  async flags(query: RgFlagListQuery, globalId?: string): Promise<RgFlagPage> {
    const player = globalId === undefined ? undefined : await this.player(globalId);
    const { items, meta } = await this.protection.flags(
      {
        status: query.status,
        kind: query.kind,
        ...(player ? { userId: player.id } : {}),
      },
      query,
    );
    return { items: await this.describeFlags(items), meta };
  }

  /** Resolves an open flag with a note (audited); `globalId`: the flag must be that player's. */
  async resolveFlag(
    actor: OperatorActor,
    flagId: string,
    note: string,
    globalId?: string,
  ): Promise<RgFlag> {
    const player = globalId === undefined ? undefined : await this.player(globalId);
    const flag = await this.transactions.run(async (transaction) => {
      const resolved = await this.protection.resolveFlag(transaction, {
        flagId,
        operatorId: actor.operatorId,
        note,
        ...(player ? { userId: player.id } : {}),
      });
      const [described] = await this.describeFlags([resolved]);
      if (!described) throw new AppError('not_found', { message: 'No such flag.' });
      await this.audit.record(
        actor,
        {
          action: 'player.rg_flag.resolve',
          targetType: 'player',
          targetId: described.player.globalId,
          payload: { flagId, kind: resolved.kind, note },
        },
        transaction,
      );
      return described;
    });
    return flag;
  }

  /**
   * The player's limit and exclusion history as CSV, oldest first (limits and exclusions
   * interleaved by time): instants in ISO UTC, and in `timeZone` too when given. Audited (the
   * operator took a player's data away).
   */
  async exportCsv(
    actor: OperatorActor,
    globalId: string,
    timeZone: string | undefined,
  ): Promise<{ filename: string; csv: string }> {
    const player = await this.player(globalId);
    const limits = await this.protection.fullHistory(player.id);
    const exclusions = (await this.exclusions?.exclusionHistory(player.id)) ?? [];
    const names = await this.operators.emailsOf(
      [...limits, ...exclusions].map((entry) => entry.operatorId).filter(isId),
    );
    const local = (at: Date | null) =>
      at === null || timeZone === undefined ? null : localTime(at, timeZone);
    const records: Array<{ at: Date; cells: Partial<Record<ExportColumn, CsvValue>> }> = [];
    for (const entry of limits) {
      records.push({
        at: entry.at,
        cells: {
          record: 'limit',
          event: entry.event,
          limit_type: entry.type,
          limit_period: entry.period,
          currency: entry.currency ?? 'minutes',
          from: entry.from,
          to: entry.to,
          effective_at_utc: entry.effectiveAt.toISOString(),
          effective_at_local: local(entry.effectiveAt),
          ...actorCells(entry.actor, entry.operatorId, names),
          reason: entry.reason,
        },
      });
    }
    for (const entry of exclusions) {
      records.push({
        at: entry.at,
        cells: {
          record: 'exclusion',
          event: entry.event,
          exclusion_kind: entry.kind,
          exclusion_until_utc: entry.until?.toISOString() ?? 'indefinite',
          exclusion_until_local: entry.until === null ? 'indefinite' : local(entry.until),
          ...actorCells(entry.actor, entry.operatorId, names),
          reason: entry.reason,
        },
      });
    }
    records.sort((a, b) => a.at.getTime() - b.at.getTime());
    const columns = exportColumns.filter(
      (column) => timeZone !== undefined || !column.endsWith('_local'),
    );
    const csv = toCsv(
      columns,
      records.map(({ at, cells }) => {
        const full: Partial<Record<ExportColumn, CsvValue>> = {
          ...cells,
          at_utc: at.toISOString(),
          at_local: local(at),
        };
        return columns.map((column) => full[column]);
      }),
    );
    await this.audit.record(actor, {
      action: 'player.rg_export',
      targetType: 'player',
      targetId: globalId,
      payload: {
        limitRows: limits.length,
        exclusionRows: exclusions.length,
        timeZone: timeZone ?? null,
      },
    });
    return { filename: `responsible-gambling-${globalId}.csv`, csv };
  }

  private async player(globalId: string): Promise<PlayerAccount> {
    const player = await this.users.findAccountByGlobalId(globalId);
    if (!player) throw new AppError('not_found', { message: 'No player has this globalId.' });
    return player;
  }

  private async describeFlags(flags: ProtectionFlag[]): Promise<RgFlag[]> {
    const players = await this.users.findAccounts(flags.map((flag) => flag.userId));
    const names = await this.operators.emailsOf(
      flags.map((flag) => flag.resolution?.operatorId ?? null).filter(isId),
    );
    return flags.map((flag) => {
      const player = players.get(flag.userId);
      return {
        id: flag.id,
        player: { globalId: player?.globalId ?? '', email: player?.email ?? '' },
        kind: flag.kind,
        details: flag.details,
        createdAt: flag.createdAt.toISOString(),
        status: flag.resolution ? 'resolved' : 'open',
        resolution: flag.resolution
          ? {
              at: flag.resolution.at.toISOString(),
              by: actorOf('operator', flag.resolution.operatorId, names),
              note: flag.resolution.note,
            }
          : null,
      };
    });
  }
}

function isId(id: string | null): id is string {
  return id !== null;
}

function actorOf(
  kind: LimitActor['kind'],
  operatorId: string | null,
  names: Map<string, string>,
): LimitActor {
  if (kind !== 'operator' || operatorId === null) return { kind, id: null, name: null };
  return { kind, id: operatorId, name: names.get(operatorId) ?? null };
}

function actorCells(
  kind: LimitActor['kind'],
  operatorId: string | null,
  names: Map<string, string>,
): Partial<Record<ExportColumn, CsvValue>> {
  const actor = actorOf(kind, operatorId, names);
  return { actor: actor.kind, actor_operator_id: actor.id, actor_operator_email: actor.name };
}

function historyEntry(item: LimitHistoryRecord, names: Map<string, string>): LimitHistoryEntry {
  return {
    id: item.id,
    type: item.type,
    period: item.period,
    event: item.event,
    currency: item.currency,
    from: item.from,
    to: item.to,
    effectiveAt: item.effectiveAt.toISOString(),
    at: item.at.toISOString(),
    actor: actorOf(item.actor, item.operatorId, names),
    reason: item.reason,
  };
}
