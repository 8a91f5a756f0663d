import { currencyScale, formatMinorToDecimal, splitStake } from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { PlayerLimits } from '../../players/protection/protection.service.ts';
import type { BonusRounds, SettledRound } from '../../promotions/bonuses/bonus-rounds.service.ts';
import { insufficientBalance, type LedgerService } from '../ledger/ledger.service.ts';
import { mainMoneyPlan, type StakeInput, type StakePlan } from './stake-plan.ts';
import type { WagerOutcome, WagerRound, WagerRoundRecord } from './wager-round.ts';
import type { WageringRepository } from './wagering.repository.ts';

/** A round of the general path, planned in the request's transaction (`Wagering.settleOne`). */
export interface PlannedRound {
  /** an open round moving on (a mines reveal or cash-out) instead of a new round */
  existing: boolean;
  round: WagerRoundRecord;
  /** floor(stake × multiplier), capped: the payout before its split and the bonus's caps */
  payoutMinor: bigint;
  sessionId: string;
  /** what the round adds in the running tournaments, given what the player received */
  tournaments: (creditedMinor: bigint) => Promise<{ ids: string[]; scores: string[] }>;
}

export interface WageringDependencies {
  repository: WageringRepository;
  ledger: Pick<LedgerService, 'convert' | 'balances' | 'markBalanceChanged'>;
  bonuses: Pick<BonusRounds, 'takeFreespin' | 'lockStakeBonus' | 'payoutShare' | 'payoutSettled'>;
  /** the responsible-gambling wager and loss limits (players/protection) */
  limits: Pick<PlayerLimits, 'assertStakeAllowed'>;
}

function decimal(minor: bigint, currency: string): string {
  return formatMinorToDecimal(minor, currencyScale(currency));
}

/**
 * Wagering: how a stake is funded (the stake plan: main money first, then the active bonus's
 * money, or a free spin the house funds) and the one settlement path of rounds. Both bet paths
 * of the originals write their rounds and postings through one stored function,
 * settle_rounds (money/wagering/db/): the instant path with a batch computed from what its
 * process kept (`settleBatch`), the general path with a batch of one planned here in the request's
 * transaction (`settleOne`). The bonus's own state (its wagering, free-spin winnings, late money,
 * completion) stays with the bonus engine, called around the statement — but for an instant round
 * of a player holding an active bonus, whose wagering the statement adds itself under the bonus
 * row's lock (the round computed from the kept bonus: `WagerRound.kept.bonus`); a round that
 * would end that bonus is refused there ('bonus') and played by the general path.
 */
export class Wagering {
  private readonly repository: WageringRepository;
  private readonly ledger: WageringDependencies['ledger'];
  private readonly bonuses: WageringDependencies['bonuses'];
  private readonly limits: WageringDependencies['limits'];

  constructor({ repository, ledger, bonuses, limits }: WageringDependencies) {
    this.repository = repository;
    this.ledger = ledger;
    this.bonuses = bonuses;
    this.limits = limits;
  }

  /**
   * How a stake is funded. Without an active bonus: all main money, after one read (the row
   * lock of the active bonus, of which there is none). With one: refused above its maximum bet
   * (bonus_max_bet_exceeded, payload {maxBet, currency}) and when main and bonus money together
   * fall short (insufficient_balance); else main money first, then bonus money. The active
   * bonus stays locked until the transaction ends, so the player's rounds on it serialise.
   * A free spin (`freespinBonusId`) takes one of that active bonus's spins on one of its games
   * (freespins_unavailable otherwise); the stake must be its spin value. Every other stake
   * first passes the player's responsible-gambling wager and loss limits
   * (`responsible_gambling_limit`), whose rows stay locked until the transaction ends: every
   * bet path plans its stake here (originals, provider bets, sport tickets), and a player with
   * such a limit is sent here by the instant and batch paths (settle_rounds.sql,
   * sport_place_tickets.sql answer 'bonus' for them), so the check and the stake are atomic.
   */
  async plan(transaction: DatabaseTransaction, input: StakeInput): Promise<StakePlan> {
    if (input.freespinBonusId !== undefined) {
      if (input.gameId === undefined) throw new AppError('freespins_unavailable');
      const spin = await this.bonuses.takeFreespin(transaction, {
        bonusId: input.freespinBonusId,
        userId: input.userId,
        gameId: input.gameId,
      });
      if (!spin || spin.currency !== input.currency) throw new AppError('freespins_unavailable');
      if (input.stakeMinor !== spin.spinMinor) {
        throw new AppError('validation_error', {
          payload: { fields: [{ field: 'bet', message: 'Validation.invalid_value' }] },
        });
      }
      return { mainMinor: 0n, bonusMinor: 0n, bonusId: spin.bonusId, freespin: true };
    }
    await this.limits.assertStakeAllowed(transaction, {
      userId: input.userId,
      currency: input.currency,
      stakeMinor: input.stakeMinor,
    });
    const active = await this.bonuses.lockStakeBonus(transaction, input.userId);
    if (!active) return mainMoneyPlan(input.stakeMinor);
    if (active.maxBetMinor !== null) {
      const stakeInBonus = await this.ledger.convert(
        input.stakeMinor,
        input.currency,
        active.currency,
      );
      if (stakeInBonus > active.maxBetMinor) {
        const maxBet = await this.ledger.convert(
          active.maxBetMinor,
          active.currency,
          input.currency,
        );
        throw new AppError('bonus_max_bet_exceeded', {
          payload: { maxBet: decimal(maxBet, input.currency), currency: input.currency },
        });
      }
    }
    if (active.currency !== input.currency) {
      // bonus money is in its own currency: it funds no stake in another one
      return { ...mainMoneyPlan(input.stakeMinor), bonusId: active.bonusId };
    }
    const balances = await this.ledger.balances(input.userId, transaction);
    const balanceOf = (kind: 'main' | 'bonus') =>
      balances.find((account) => account.currency === input.currency && account.kind === kind)
        ?.balanceMinor ?? 0n;
    const main = balanceOf('main');
    const bonus = balanceOf('bonus');
    const split = splitStake(input.stakeMinor, main, bonus);
    if (!split) {
      throw new AppError('insufficient_balance', {
        payload: {
          balance: decimal(main + bonus, input.currency),
          amount: decimal(input.stakeMinor, input.currency),
          currency: input.currency,
        },
      });
    }
    return { ...split, bonusId: active.bonusId, freespin: false };
  }

  /**
   * Rounds computed outside a transaction from what a process kept (the instant path), settled
   * together in one statement; each is applied or refused on its own (WagerOutcome).
   */
  async settleBatch(
    executor: DatabaseExecutor,
    rounds: readonly WagerRound[],
    historySize: number,
  ): Promise<WagerOutcome[]> {
    return await this.repository.settle(executor, rounds, historySize);
  }

  /**
   * A round of the general path, in the request's transaction: its payout split by the bonus
   * engine (like its stake; a free spin's winnings capped; late money), then the round and its
   * postings in the one statement (a batch of one), then the bonus's wagering and its end, and
   * the player's balance announced with the transaction. The stake was planned by `plan` in the
   * same transaction, so only a balance that fell short meanwhile refuses it
   * (insufficient_balance), or a session ended meanwhile (unauthorized). Returns what the
   * player received.
   */
  async settleOne(transaction: DatabaseTransaction, planned: PlannedRound): Promise<bigint> {
    const { round } = planned;
    const settled: SettledRound | null =
      round.state === 'settled'
        ? {
            userId: round.userId,
            gameId: round.gameId,
            currency: round.currency,
            bonusId: round.bonusId,
            stakeMinor: round.betMinor,
            bonusStakeMinor: round.betBonusMinor,
            payoutMinor: planned.payoutMinor,
            freespin: round.freespin,
            reference: round.id,
          }
        : null;
    const payout = settled
      ? await this.bonuses.payoutShare(transaction, settled)
      : { mainMinor: 0n, bonusMinor: 0n };
    const creditedMinor = payout.mainMinor + payout.bonusMinor;
    const tournaments = settled
      ? await planned.tournaments(creditedMinor)
      : { ids: [], scores: [] };
    const [outcome] = await this.repository.settle(
      transaction,
      [
        {
          existing: planned.existing,
          round,
          payout,
          sessionId: planned.sessionId,
          kept: null,
          idempotency: null,
          tournaments,
          publication: null,
        },
      ],
      0,
    );
    switch (outcome?.status) {
      case 'played':
        break;
      case 'short':
        throw insufficientBalance(outcome);
      case 'session':
        throw new AppError('unauthorized');
      default:
        // the stake was planned under the locks this statement takes again: nothing else moves
        throw new Error(`round ${round.id} was refused: ${outcome?.status ?? 'no answer'}`);
    }
    if (settled) await this.bonuses.payoutSettled(transaction, settled);
    const staked = !planned.existing && !round.freespin && round.betMinor > 0n;
    if (staked || creditedMinor > 0n) {
      await this.ledger.markBalanceChanged(transaction, round.userId);
    }
    return creditedMinor;
  }
}
