import {
  currencyScale,
  formatMinorToDecimal,
  type PlaySession,
  playSessionIdleMs,
} from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import type { PlayState, UsageRepository } from './usage.repository.ts';

/** A play session as it stands at the database's `now`. */
export interface PlaySessionState {
  /** a stake in the last 30 minutes: the session is in progress */
  active: boolean;
  startedAt: Date | null;
  minutesPlayed: number;
  nextRealityCheckAt: Date | null;
  realityCheckDue: boolean;
}

/**
 * The play session at `state.now`: in progress while its last stake is less than 30 minutes old
 * (the next stake after that starts a new one); a reality check is due `realityCheckMinutes`
 * after the later of its start and the last answered check.
 */
export function playSessionStateOf(state: PlayState): PlaySessionState {
  const now = state.now.getTime();
  const active =
    state.startedAt !== null &&
    state.lastStakeAt !== null &&
    state.lastStakeAt.getTime() > now - playSessionIdleMs;
  if (!active || state.startedAt === null) {
    return {
      active: false,
      startedAt: null,
      minutesPlayed: 0,
      nextRealityCheckAt: null,
      realityCheckDue: false,
    };
  }
  const started = state.startedAt.getTime();
  const from = Math.max(started, state.realityCheckAckedAt?.getTime() ?? started);
  const next =
    state.realityCheckMinutes === null ? null : new Date(from + state.realityCheckMinutes * 60_000);
  return {
    active: true,
    startedAt: state.startedAt,
    minutesPlayed: Math.max(0, Math.floor((now - started) / 60_000)),
    nextRealityCheckAt: next,
    realityCheckDue: next !== null && next.getTime() <= now,
  };
}

/** An answer a minute early still counts (the app's clock may run ahead of the database's). */
const earlyAnswerMs = 60_000;

export interface RealityChecksDependencies {
  usage: UsageRepository;
  db: DatabaseExecutor;
  /** the session's stakes and wins in the primary currency (display: rounded down) */
  ledger: Pick<LedgerService, 'convert'>;
}

/**
 * Reality checks (issue 22): the player's play session (`GET /api/v1/me/play-session`), the check
 * that refuses a stake while a reality check is due and unanswered (`assertNoneDue`, asked by
 * the limits engine before every stake, so a script cannot skip the modal) and its answer
 * (`POST /api/v1/me/reality-check/ack`). The session itself is kept with the usage
 * (db/player_usage_add.sql, for every money movement) on the database's clock.
 */
export class RealityChecks {
  private readonly usage: UsageRepository;
  private readonly db: DatabaseExecutor;
  private readonly ledger: RealityChecksDependencies['ledger'];

  constructor({ usage, db, ledger }: RealityChecksDependencies) {
    this.usage = usage;
    this.db = db;
    this.ledger = ledger;
  }

  async playSession(userId: string): Promise<PlaySession> {
    const state = await this.usage.playState(this.db, userId);
    if (!state) throw new AppError('unauthorized');
    const session = playSessionStateOf(state);
    const currency = state.primaryCurrency;
    let stakedMinor = 0n;
    let wonMinor = 0n;
    if (session.active) {
      for (const total of await this.usage.sessionTotals(this.db, userId)) {
        stakedMinor += await this.ledger.convert(total.stakedMinor, total.currency, currency);
        wonMinor += await this.ledger.convert(total.wonMinor, total.currency, currency);
      }
    }
    const decimal = (minor: bigint) => formatMinorToDecimal(minor, currencyScale(currency));
    return {
      startedAt: session.startedAt?.toISOString() ?? null,
      minutesPlayed: session.minutesPlayed,
      net: {
        currency,
        staked: decimal(stakedMinor),
        won: decimal(wonMinor),
        result: decimal(wonMinor - stakedMinor),
      },
      realityCheckMinutes: state.realityCheckMinutes,
      nextRealityCheckAt: session.nextRealityCheckAt?.toISOString() ?? null,
      realityCheckDue: session.realityCheckDue,
    };
  }

  /**
   * The player answers the reality check ("continue"): the next one is due an interval from now.
   * Only a check that is due (or due within a minute) is answered; the answer is the session.
   */
  async acknowledge(userId: string): Promise<PlaySession> {
    const state = await this.usage.playState(this.db, userId);
    if (!state) throw new AppError('unauthorized');
    const session = playSessionStateOf(state);
    if (
      session.nextRealityCheckAt !== null &&
      session.nextRealityCheckAt.getTime() <= state.now.getTime() + earlyAnswerMs
    ) {
      await this.usage.acknowledge(this.db, userId);
    }
    return await this.playSession(userId);
  }

  /** Refuses a stake (403 reality_check_due) while the player's reality check is unanswered. */
  async assertNoneDue(transaction: DatabaseTransaction, userId: string): Promise<void> {
    const state = await this.usage.playState(transaction, userId);
    if (!state || state.realityCheckMinutes === null) return;
    const session = playSessionStateOf(state);
    if (!session.realityCheckDue || !session.startedAt || !session.nextRealityCheckAt) return;
    throw new AppError('reality_check_due', {
      payload: {
        startedAt: session.startedAt.toISOString(),
        minutesPlayed: session.minutesPlayed,
        dueAt: session.nextRealityCheckAt.toISOString(),
      },
    });
  }
}
