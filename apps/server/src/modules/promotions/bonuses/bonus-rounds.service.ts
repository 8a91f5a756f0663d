import {
  creditableFreespinWinMinor,
  splitPayout,
  wagerContributionMinor,
  wagerRequirementMinor,
} from '@casino/contract';
import type { DatabaseTransaction } from '../../../db/database.ts';
import {
  type LedgerService,
  type Posting,
  platformAccount,
  playerAccount,
} from '../../money/ledger/ledger.service.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import type { BonusesRepository, UserBonusRow } from './bonuses.repository.ts';
import type { OpenBonuses } from './open-bonuses.ts';

/** A seamless bet's stake counted when placed, or its rollback (`refunded`). */
export interface PlacedStake {
  userId: string;
  gameId: string;
  currency: string;
  /** the round's StakePlan.bonusId */
  bonusId: string | null;
  /** the whole stake (main and bonus parts) */
  stakeMinor: bigint;
  /** the part of the stake that was bonus money (StakePlan.bonusMinor) */
  bonusStakeMinor: bigint;
}

/** A round whose outcome is known: its payout is credited and its stake counted for wagering. */
export interface SettledRound extends PlacedStake {
  /** the round's payout before any split or cap; 0 when it lost */
  payoutMinor: bigint;
  freespin: boolean;
  /** the payout's ledger reference (the round id, the provider's transaction) */
  reference: string;
  /** the payout's ledger type; 'win' by default ('freespin_win' for a free spin) */
  payoutType?: string;
  metadata?: Record<string, unknown>;
  /** false when the stake was already counted when placed (seamless bets) */
  accrue?: boolean;
}

/** A settled sport ticket (sportsbook/betting/settlement.service.ts) as its bonus sees it. */
export interface SettledSportTicket {
  ticketId: string;
  currency: string;
  /** the settlement's generation (what it adds is kept under it for a taking back) */
  generation: number;
  /** the bonus active when the ticket was placed (null: none) */
  bonusId: string | null;
  bonusStakeMinor: bigint;
  /** the part of the stake that played (contract `sportWageredStakeMinor`) */
  wageredStakeMinor: bigint;
}

export interface Settlement {
  /** what the player received: main and bonus parts together */
  creditedMinor: bigint;
  mainMinor: bigint;
  bonusMinor: bigint;
  ledgerTransactionId: string | null;
}

/** Postings paying `main` and `bonus` parts to the player out of the house. */
function payoutPostings(
  userId: string,
  currency: string,
  mainMinor: bigint,
  bonusMinor: bigint,
): Posting[] {
  const postings: Posting[] = [
    { account: platformAccount(currency, 'house'), amountMinor: -(mainMinor + bonusMinor) },
  ];
  if (mainMinor > 0n) {
    postings.push({ account: playerAccount(userId, currency, 'main'), amountMinor: mainMinor });
  }
  if (bonusMinor > 0n) {
    postings.push({ account: playerAccount(userId, currency, 'bonus'), amountMinor: bonusMinor });
  }
  return postings;
}

export interface BonusRoundsDependencies {
  repository: BonusesRepository;
  ledger: Pick<LedgerService, 'postTransaction' | 'convert'>;
  /** ends the bonus a settlement completes or loses */
  lifecycle: Pick<BonusLifecycle, 'settleOutcome'>;
  /** the reader of open bonuses (it keeps which players a transaction found without one) */
  openBonuses: OpenBonuses;
}

/**
 * The bonus engine as stakes and rounds see it (wallet spec §3–§4): the free spin a stake takes,
 * the active bonus a stake plays on (money/wagering plans the split), a settled round's payout
 * and its wagering, a seamless bet's stake and rollback. `freespin_win` (house → bonus) is
 * referenced by the round.
 *
 * The rules:
 * - A stake while a bonus is active takes main money first, then bonus money; its payout is
 *   split in the same proportion (contract `splitStake` / `splitPayout`). A stake above the
 *   bonus's maximum bet is refused before anything moves. (The stake's split and the maximum
 *   bet are planned by money/wagering's `Wagering.plan` on `lockStakeBonus`; the payout's split
 *   is `payoutShare`.)
 * - Every settled round adds stake × the game's contribution to the active bonus's wagering;
 *   a free spin adds nothing but its winnings (capped) add winnings × wagerFreespins to the
 *   requirement. Whether the round completes or loses the bonus is the lifecycle's
 *   `settleOutcome` (bonus-lifecycle.service.ts).
 * - Money of a round whose bonus has since ended ("late" money: a mines cash-out, a provider's
 *   win or rollback) never enters the bonus account: for a completed bonus it is converted to
 *   main money while the conversion cap allows, otherwise it stays with the house.
 */
export class BonusRounds {
  private readonly repository: BonusesRepository;
  private readonly ledger: Pick<LedgerService, 'postTransaction' | 'convert'>;
  private readonly lifecycle: Pick<BonusLifecycle, 'settleOutcome'>;
  private readonly openBonuses: OpenBonuses;

  constructor({ repository, ledger, lifecycle, openBonuses }: BonusRoundsDependencies) {
    this.repository = repository;
    this.ledger = ledger;
    this.lifecycle = lifecycle;
    this.openBonuses = openBonuses;
  }

  /**
   * Takes one free spin of the player's active bonus `bonusId` on a game it allows, for the
   * wagering module's stake plan (money/wagering): the bonus and the spin's value, in its
   * currency; null when there is none to take. The bonus stays locked until the transaction ends.
   */
  async takeFreespin(
    transaction: DatabaseTransaction,
    input: { bonusId: string; userId: string; gameId: string },
  ): Promise<{ bonusId: string; currency: string; spinMinor: bigint } | null> {
    const row = await this.repository.takeFreespin(transaction, input);
    if (!row) return null;
    return { bonusId: row.id, currency: row.currency, spinMinor: row.freespin_amount_minor };
  }

  /**
   * The player's active bonus as a stake sees it (its currency and maximum bet), locked until the
   * transaction ends so that the player's stakes on it serialise; null without one (one read:
   * the lock of a row that does not exist).
   */
  async lockStakeBonus(
    transaction: DatabaseTransaction,
    userId: string,
  ): Promise<{ bonusId: string; currency: string; maxBetMinor: bigint | null } | null> {
    const active = await this.repository.lockActive(transaction, userId);
    if (!active) {
      this.openBonuses.markWithoutBonus(transaction, userId);
      return null;
    }
    return {
      bonusId: active.id,
      currency: active.currency,
      maxBetMinor: active.wager_max_bet_minor,
    };
  }

  /**
   * A round settled: credits its payout (split like its stake; a free spin's winnings, capped,
   * to the bonus account as `freespin_win`), adds its stake to the bonus's wagering and ends the
   * bonus when that completes or loses it. Without a bonus it is the plain `win` posting. (The
   * originals' rounds do the same in three steps around their one settling statement:
   * `payoutShare`, the postings, `payoutSettled`.)
   */
  async settled(transaction: DatabaseTransaction, round: SettledRound): Promise<Settlement> {
    const type = round.payoutType ?? (round.freespin ? 'freespin_win' : 'win');
    const { mainMinor, bonusMinor } = await this.payoutShare(transaction, round);
    const transactionId = await this.pay(transaction, round, type, mainMinor, bonusMinor);
    await this.payoutSettled(transaction, round);
    return {
      creditedMinor: mainMinor + bonusMinor,
      mainMinor,
      bonusMinor,
      ledgerTransactionId: transactionId,
    };
  }

  /**
   * What a settled round's payout credits, before it is posted: main and bonus money. Split like
   * the stake while its bonus is active; a free spin's winnings are capped by its bonus (and
   * raise its wagering requirement); bonus money of a round whose bonus has ended is late money
   * (converted to main money while a completed bonus's cap allows, else kept by the house).
   */
  async payoutShare(
    transaction: DatabaseTransaction,
    round: SettledRound,
  ): Promise<{ mainMinor: bigint; bonusMinor: bigint }> {
    if (round.bonusId === null) return { mainMinor: round.payoutMinor, bonusMinor: 0n };
    const row = await this.repository.lockWithContribution(
      transaction,
      round.bonusId,
      round.gameId,
    );
    if (!row) throw new Error(`round ${round.reference} names an unknown bonus`);
    const active = row.status === 'active';
    if (round.freespin) {
      if (!active) return { mainMinor: 0n, bonusMinor: 0n };
      const credited = creditableFreespinWinMinor(
        round.payoutMinor,
        row.freespins_won_minor,
        row.freespins_max_win_minor,
      );
      if (credited > 0n) {
        await this.repository.addFreespinWin(
          transaction,
          row.id,
          credited,
          wagerRequirementMinor(credited, row.wager_freespins),
        );
      }
      return { mainMinor: 0n, bonusMinor: credited };
    }
    const split =
      round.bonusStakeMinor > 0n
        ? splitPayout(round.payoutMinor, round.stakeMinor, round.bonusStakeMinor)
        : { mainMinor: round.payoutMinor, bonusMinor: 0n };
    if (!active && split.bonusMinor > 0n) {
      const late = await this.lateMoney(transaction, row, split.bonusMinor);
      return { mainMinor: split.mainMinor + late, bonusMinor: 0n };
    }
    return split;
  }

  /**
   * A sport ticket's payout (what is due after any debt, sportsbook/betting/settlement.service.ts)
   * split like its stake while the bonus it played on is active; once that bonus has ended its
   * bonus part is late money (converted to main money while a completed bonus's cap allows, else
   * kept by the house), as for a round.
   */
  async ticketPayoutShare(
    transaction: DatabaseTransaction,
    ticket: { bonusId: string; stakeMinor: bigint; bonusStakeMinor: bigint; payoutMinor: bigint },
  ): Promise<{ mainMinor: bigint; bonusMinor: bigint }> {
    const row = await this.repository.lock(transaction, ticket.bonusId);
    if (!row) throw new Error(`a ticket names an unknown bonus ${ticket.bonusId}`);
    const split = splitPayout(ticket.payoutMinor, ticket.stakeMinor, ticket.bonusStakeMinor);
    if (row.status !== 'active' && split.bonusMinor > 0n) {
      const late = await this.lateMoney(transaction, row, split.bonusMinor);
      return { mainMinor: split.mainMinor + late, bonusMinor: 0n };
    }
    return split;
  }

  /**
   * After a settled round's payout is posted: its stake counts for the active bonus's wagering
   * (a free spin's does not), and the bonus completes or is lost when that round decides it.
   */
  async payoutSettled(transaction: DatabaseTransaction, round: SettledRound): Promise<void> {
    if (round.bonusId === null) return;
    const row = await this.repository.lockWithContribution(
      transaction,
      round.bonusId,
      round.gameId,
    );
    if (row?.status !== 'active') return;
    if (round.freespin) {
      await this.lifecycle.settleOutcome(transaction, row, true);
      return;
    }
    const current = round.accrue === false ? row : await this.accrue(transaction, row, round);
    await this.lifecycle.settleOutcome(transaction, current, round.bonusStakeMinor > 0n);
  }

  /**
   * A sport ticket that played on a bonus settled (its payout already posted, split by
   * `ticketPayoutShare`): while that bonus is active, the wagered part of its stake
   * (contract `sportWageredStakeMinor`: a void ticket nothing, a half-void single half) × the offer's
   * `sport_percent` counts for the wagering, recorded under the settlement's generation, and the
   * bonus completes or is lost as after a round (`settleOutcome`). A bonus that has ended takes
   * nothing.
   */
  async sportTicketSettled(
    transaction: DatabaseTransaction,
    ticket: SettledSportTicket,
  ): Promise<void> {
    if (ticket.bonusId === null) return;
    const row = await this.repository.lockWithSportPercent(transaction, ticket.bonusId);
    if (row?.status !== 'active') return;
    const contribution = await this.contributionOf(row, {
      currency: ticket.currency,
      stakeMinor: ticket.wageredStakeMinor,
    });
    let current: UserBonusRow = row;
    if (contribution > 0n) {
      current = (await this.repository.addWager(transaction, row.id, contribution)) ?? row;
      await this.repository.recordSportContribution(transaction, {
        reference: sportReference(ticket.ticketId, ticket.generation),
        bonusId: row.id,
        amountMinor: contribution,
      });
    }
    await this.lifecycle.settleOutcome(transaction, current, ticket.bonusStakeMinor > 0n);
  }

  /**
   * A sport ticket's settlement was taken back: what it added to the wagering is taken back
   * while the bonus is still active (a bonus it completed stays completed, as after a seamless
   * bet's late rollback; one that ended otherwise keeps its state).
   */
  async sportTicketUnsettled(
    transaction: DatabaseTransaction,
    ticket: { ticketId: string; generation: number; bonusId: string | null },
  ): Promise<void> {
    if (ticket.bonusId === null) return;
    const taken = await this.repository.takeSportContribution(
      transaction,
      sportReference(ticket.ticketId, ticket.generation),
    );
    if (!taken) return;
    await this.repository.addWager(transaction, taken.bonusId, -taken.amountMinor);
  }

  /** A seamless bet's stake counts for wagering when it is placed. */
  async wagered(transaction: DatabaseTransaction, stake: PlacedStake): Promise<void> {
    if (stake.bonusId === null) return;
    const row = await this.repository.lockWithContribution(
      transaction,
      stake.bonusId,
      stake.gameId,
    );
    if (row?.status !== 'active') return;
    const current = await this.accrue(transaction, row, stake);
    await this.lifecycle.settleOutcome(transaction, current, false);
  }

  /**
   * A seamless bet rolled back: its stake is refunded as it was taken (the bonus part to the
   * bonus account while the bonus is active, else as late money) and its contribution to the
   * wagering is taken back. Returns the refund's ledger transaction (null when nothing moved).
   */
  async refunded(
    transaction: DatabaseTransaction,
    stake: PlacedStake,
    posting: { type: string; reference: string; metadata?: Record<string, unknown> },
  ): Promise<string | null> {
    const round = {
      ...stake,
      payoutMinor: stake.stakeMinor,
      reference: posting.reference,
      metadata: posting.metadata,
    };
    if (stake.bonusId === null) {
      return await this.pay(transaction, round, posting.type, stake.stakeMinor, 0n);
    }
    const row = await this.repository.lockWithContribution(
      transaction,
      stake.bonusId,
      stake.gameId,
    );
    if (!row) throw new Error(`a bet names an unknown bonus ${stake.bonusId}`);
    let mainMinor = stake.stakeMinor - stake.bonusStakeMinor;
    let bonusMinor = stake.bonusStakeMinor;
    if (row.status !== 'active') {
      mainMinor += await this.lateMoney(transaction, row, bonusMinor);
      bonusMinor = 0n;
    }
    const transactionId = await this.pay(transaction, round, posting.type, mainMinor, bonusMinor);
    if (row.status === 'active') {
      const contribution = await this.contributionOf(row, stake);
      if (contribution > 0n) await this.repository.addWager(transaction, row.id, -contribution);
    }
    return transactionId;
  }

  private async pay(
    transaction: DatabaseTransaction,
    round: {
      userId: string;
      currency: string;
      reference: string;
      metadata?: Record<string, unknown> | undefined;
    },
    type: string,
    mainMinor: bigint,
    bonusMinor: bigint,
  ): Promise<string | null> {
    if (mainMinor + bonusMinor <= 0n) return null;
    const { transactionId } = await this.ledger.postTransaction(transaction, {
      type,
      externalReference: round.reference,
      postings: payoutPostings(round.userId, round.currency, mainMinor, bonusMinor),
      ...(round.metadata ? { metadata: round.metadata } : {}),
    });
    return transactionId;
  }

  private async contributionOf(
    row: UserBonusRow & { percent: number },
    stake: { currency: string; stakeMinor: bigint },
  ): Promise<bigint> {
    const stakeInBonus =
      stake.currency === row.currency
        ? stake.stakeMinor
        : await this.ledger.convert(stake.stakeMinor, stake.currency, row.currency);
    return wagerContributionMinor(stakeInBonus, row.percent);
  }

  private async accrue(
    transaction: DatabaseTransaction,
    row: UserBonusRow & { percent: number },
    stake: { currency: string; stakeMinor: bigint },
  ): Promise<UserBonusRow> {
    const contribution = await this.contributionOf(row, stake);
    if (contribution === 0n) return row;
    return (await this.repository.addWager(transaction, row.id, contribution)) ?? row;
  }

  /**
   * Bonus money of a round whose bonus has ended: converted to main money while a completed
   * bonus's conversion cap allows (returned), otherwise kept by the house (never paid).
   */
  private async lateMoney(
    transaction: DatabaseTransaction,
    row: UserBonusRow,
    amountMinor: bigint,
  ): Promise<bigint> {
    if (row.status !== 'completed') return 0n;
    const converted = row.converted_minor ?? 0n;
    const room = row.max_convert_minor === null ? amountMinor : row.max_convert_minor - converted;
    const toMain = room <= 0n ? 0n : room < amountMinor ? room : amountMinor;
    if (toMain > 0n) await this.repository.addConverted(transaction, row.id, toMain);
    return toMain;
  }
}

function sportReference(ticketId: string, generation: number): string {
  return `sport:${ticketId}:${generation}`;
}
