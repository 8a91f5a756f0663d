/*
 * The rounds the one settlement path takes and what it answers (settle_rounds,
 * money/wagering/db/; WageringRepository.settle).
 */

/** A round as settle_rounds writes it (the originals' `game_rounds` row, its stake split). */
export interface WagerRoundRecord {
  id: string;
  userId: string;
  gameId: string;
  seedId: string;
  nonce: bigint;
  clientSeed: string;
  currency: string;
  betMinor: bigint;
  /** the part of the stake that is bonus money (StakePlan.bonusMinor) */
  betBonusMinor: bigint;
  /** the bonus the round counts for (StakePlan.bonusId) */
  bonusId: string | null;
  freespin: boolean;
  multiplier: string;
  rtp: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  state: 'open' | 'settled';
  /** when it was played (a new round) or moved on (an open one) */
  at: Date;
}

/** An active bonus as a process keeps it for the instant path (minor units of its currency). */
export interface KeptBonus {
  /** the game's contribution to the wagering, in percent */
  percent: number;
  wagerCurrentMinor: bigint;
  wagerTotalMinor: bigint;
  freespinsLeft: number;
  maxBetMinor: bigint | null;
}

/** One round of a settle_rounds batch (money/wagering/db/settle_rounds.sql). */
export interface WagerRound {
  /** an open round moving on (a mines reveal or cash-out) instead of a new round */
  existing: boolean;
  round: WagerRoundRecord;
  /** what the player receives, main and bonus money (zero while the round is open) */
  payout: { mainMinor: bigint; bonusMinor: bigint };
  /** the session the request came with: the round applies only while it is live */
  sessionId: string;
  /**
   * What a round computed outside a transaction (the instant path) was computed from: compared
   * under the locks. Null: planned in the caller's transaction (the general path).
   */
  kept: {
    primaryCurrency: string;
    /** the main balance in the round's currency */
    mainMinor: bigint;
    /** every balance of the player: "CUR:kind" → minor units */
    sheet: Record<string, string>;
    /**
     * The player's active bonus the round was computed from (its id is the round's `bonusId`;
     * the stake and payout split as `Wagering.plan` and the bonus engine split them): compared
     * under its row lock, and the round's wagering added. Null: the player had no open bonus.
     */
    bonus: KeptBonus | null;
  } | null;
  /** the request's idempotency record, written with the round (null: the caller's transaction) */
  idempotency: { scope: string; key: string; requestHash: Buffer; response: unknown } | null;
  /** what the round adds in the running tournaments that count it */
  tournaments: { ids: string[]; scores: string[] };
  /** the round's `balance#` publication (null: the caller's transaction publishes the balance) */
  publication: { channel: string; data: string } | null;
}

/** The statuses of a round settle_rounds left unapplied, without more to say. */
export const unappliedStatuses = ['session', 'stale', 'bonus', 'moved', 'nohouse', 'key'] as const;
export type UnappliedStatus = (typeof unappliedStatuses)[number];

/** What settle_rounds answered for one round of its batch. */
export type WagerOutcome =
  | { status: 'played'; position: { epoch: string; offset: number } | null }
  | { status: 'short'; currency: string; balanceMinor: bigint; debitMinor: bigint }
  | { status: UnappliedStatus };
