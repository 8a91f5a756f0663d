import {
  currencyScale,
  formatMinorToDecimal,
  parseDecimalToMinor,
  type SportBetFactor,
  type SportBetLimits,
  type SportBetLimitsBody,
  type SportLiability,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { BettingRepository, LimitsRow } from './betting.repository.ts';
import { type SportBetting, sportLimitCurrency } from './betting.service.ts';

export interface BettingTradingDependencies {
  db: Kysely<Database>;
  repository: BettingRepository;
  transactions: Transactions;
  audit: AuditService;
  clock: Clock;
  /** what the placement keeps (limits, a player's bet factor), forgotten at once on a change here */
  kept: Pick<SportBetting, 'limitsChanged' | 'playerChanged'>;
}

/** Outcome rows read for one event's liability at most (an event has a few hundred outcomes). */
const maxLiabilityRows = 2_000;

const scale = currencyScale(sportLimitCurrency);
const money = (minor: bigint | null) =>
  minor === null ? null : formatMinorToDecimal(minor, scale);

function limitsView(row: LimitsRow): SportBetLimits {
  return {
    sportId: row.sport_id,
    marketTypeId: row.market_type_id,
    minStake: money(row.min_stake_minor),
    maxStake: money(row.max_stake_minor),
    maxPayout: money(row.max_payout_minor),
    marketLiability: money(row.market_liability_minor),
    betDelayMs: row.bet_delay_ms,
    playerLiability: money(row.player_liability_minor),
    currency: sportLimitCurrency,
    updatedAt: row.updated_at.toISOString(),
  };
}

function amountOf(field: string, value: string | null | undefined): bigint | null {
  if (value === undefined || value === null) return null;
  const minor = parseDecimalToMinor(value, scale);
  if (minor === null || minor <= 0n) {
    throw new AppError('validation_error', {
      payload: { fields: [{ field, message: 'Validation.invalid_amount' }] },
    });
  }
  return minor;
}

const invalid = (field: string) =>
  new AppError('validation_error', {
    payload: { fields: [{ field, message: 'Validation.invalid_value' }] },
  });

/**
 * Operators over sport tickets: the liability reserved per event, market and outcome (read as
 * the tickets left it: every placement reserves, every rejection, settlement or cash-out
 * releases), a player's bet factor, and the limits and delays per sport and market type. Every
 * change is audited (before → after) in its transaction and applies to the next ticket.
 */
export class BettingTrading {
  private readonly db: Kysely<Database>;
  private readonly repository: BettingRepository;
  private readonly transactions: Transactions;
  private readonly audit: AuditService;
  private readonly clock: Clock;

  private readonly kept: BettingTradingDependencies['kept'];

  constructor({ db, repository, transactions, audit, clock, kept }: BettingTradingDependencies) {
    this.kept = kept;
    this.db = db;
    this.repository = repository;
    this.transactions = transactions;
    this.audit = audit;
    this.clock = clock;
  }

  async liability(filter: { eventId?: number; marketId?: number }): Promise<SportLiability> {
    const rows = await this.repository.liability(
      this.db,
      { eventId: filter.eventId ?? null, marketId: filter.marketId ?? null },
      maxLiabilityRows,
    );
    const markets = new Map<string, SportLiability['markets'][number] & { worst: bigint }>();
    for (const row of rows) {
      let market = markets.get(row.market_id);
      if (!market) {
        market = {
          marketId: Number(row.market_id),
          eventId: Number(row.event_id),
          liability: '0',
          worst: 0n,
          outcomes: [],
        };
        markets.set(row.market_id, market);
      }
      if (row.liability_minor > market.worst) market.worst = row.liability_minor;
      market.outcomes.push({
        outcomeId: row.outcome_id,
        liability: money(row.liability_minor) ?? '0',
        limit: money(row.limit_minor) ?? '0',
        tickets: row.tickets,
      });
    }
    let total = 0n;
    const list = [...markets.values()].map(({ worst, ...market }) => {
      if (worst > total) total = worst;
      return { ...market, liability: money(worst) ?? '0' };
    });
    return { currency: sportLimitCurrency, total: money(total) ?? '0', markets: list };
  }

  /** The player named by its id or its global id (operators know players by the latter). */
  private async player(key: string): Promise<{ id: string; global_id: string }> {
    const player = await this.repository.playerIds(this.db, key);
    if (!player) throw new AppError('not_found', { message: 'There is no such player.' });
    return player;
  }

  /** A player's bet factor and open liability; `key`: the player's id or global id. */
  async betFactor(key: string): Promise<SportBetFactor> {
    const { id: userId, global_id: globalId } = await this.player(key);
    const row = await this.repository.playerLimits(this.db, userId, false);
    if (!row.exists) throw new AppError('not_found', { message: 'There is no such player.' });
    return {
      userId,
      globalId,
      betFactor: row.bet_factor,
      openLiability: money(row.open_liability_minor) ?? '0',
      currency: sportLimitCurrency,
    };
  }

  async setBetFactor(actor: OperatorActor, key: string, factor: string): Promise<SportBetFactor> {
    if (Number(factor) > 100) throw invalid('betFactor');
    const { id: userId } = await this.player(key);
    await this.transactions.run(async (transaction) => {
      const before = await this.repository.playerLimits(transaction, userId, true);
      if (!before.exists) throw new AppError('not_found', { message: 'There is no such player.' });
      await this.repository.setBetFactor(transaction, userId, factor, this.clock.now());
      await this.audit.record(
        actor,
        {
          action: 'sport.player.bet_factor',
          targetType: 'player',
          targetId: userId,
          payload: { before: { betFactor: before.bet_factor }, after: { betFactor: factor } },
        },
        transaction,
      );
    });
    this.kept.playerChanged(userId);
    return await this.betFactor(userId);
  }

  async limits(): Promise<{ items: SportBetLimits[] }> {
    return { items: (await this.repository.limits(this.db)).map(limitsView) };
  }

  async setLimits(actor: OperatorActor, body: SportBetLimitsBody): Promise<SportBetLimits> {
    const scope = { sportId: body.sportId, marketTypeId: body.marketTypeId };
    if (scope.sportId === null && scope.marketTypeId !== null) throw invalid('sportId');
    const values = {
      min_stake_minor: amountOf('minStake', body.minStake),
      max_stake_minor: amountOf('maxStake', body.maxStake),
      max_payout_minor: amountOf('maxPayout', body.maxPayout),
      market_liability_minor: amountOf('marketLiability', body.marketLiability),
      bet_delay_ms: body.betDelayMs ?? null,
      player_liability_minor: amountOf('playerLiability', body.playerLiability),
    };
    if (scope.sportId !== null && values.player_liability_minor !== null) {
      throw invalid('playerLiability');
    }
    if (scope.sportId === null) {
      for (const [field, value] of Object.entries(values)) {
        if (value === null) throw invalid(field.replace(/_minor$/, ''));
      }
    }
    if (
      values.min_stake_minor !== null &&
      values.max_stake_minor !== null &&
      values.min_stake_minor > values.max_stake_minor
    ) {
      throw invalid('minStake');
    }
    const saved = await this.transactions.run(async (transaction) => {
      if (
        scope.sportId !== null &&
        !(await this.repository.sportExists(transaction, scope.sportId))
      ) {
        throw new AppError('not_found', { message: 'There is no such sport.' });
      }
      const before = await this.repository.lockLimits(transaction, scope);
      const saved = await this.repository.saveLimits(transaction, scope, values, this.clock.now());
      await this.audit.record(
        actor,
        {
          action: 'sport.limits.set',
          targetType: 'sport_limits',
          targetId: `${scope.sportId ?? '*'}:${scope.marketTypeId ?? '*'}`,
          payload: { before: before ? limitsView(before) : null, after: limitsView(saved) },
        },
        transaction,
      );
      return limitsView(saved);
    });
    this.kept.limitsChanged();
    return saved;
  }
}
