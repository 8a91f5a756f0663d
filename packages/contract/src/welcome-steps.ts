/**
 * The welcome bonus (wallet spec §1, §4, §9): one step per deposit over the player's first
 * deposits. The server grants with these functions and the drawer shows with them, so what the
 * drawer calls "available now" is what the next deposit receives.
 *
 * The rule: each of the player's first `welcomeStepCount` deposits receives the first welcome
 * step the player has not received yet, provided the deposit meets that step's minimum and
 * maximum (and welcome bonuses are on for its method). A deposit that misses does not use the
 * step up: the next deposit is offered the same step again. A step is never received before its
 * own deposit number (its offer's `minDepositNumber`), and after the first four deposits the
 * welcome bonus is over (the everyday bonus takes its place). So deposit 1 qualifying, deposit 2
 * below step 2's minimum and deposit 3 qualifying give steps 1 and 2; deposit 4 then gets step 3.
 *
 * Why: the spec's drawer shows "the first unclaimed step" as available, which is only true if a
 * missed step stays open; a player expects a too-small deposit to earn nothing rather than to
 * forfeit a step; and it cannot be abused, since steps come one at a time, in order, each at
 * most once and within its own cap, and only the first four deposits take part.
 */

/** Wallet spec §9 "Bonus deposit steps: 4": the welcome bonus is spread over this many deposits. */
export const welcomeStepCount = 4;

/** What the rule needs to know of a welcome offer. */
export interface WelcomeStepCandidate {
  /** the offer's `minDepositNumber`: the step it stands for, 1 … welcomeStepCount */
  depositNumber: number | null;
  freespinsCount: number;
  /** the player has received this offer */
  isClaimed: boolean;
}

/** A candidate that is one of the steps: its deposit number is 1 … welcomeStepCount. */
export type WelcomeStepOf<Candidate extends WelcomeStepCandidate> = Candidate & {
  depositNumber: number;
};

/** Whether deposit number `depositNumber` (1: the player's first) takes part in the welcome bonus. */
export function isWelcomeDeposit(depositNumber: number): boolean {
  return Number.isInteger(depositNumber) && depositNumber >= 1 && depositNumber <= welcomeStepCount;
}

function isStep<Candidate extends WelcomeStepCandidate>(
  candidate: Candidate,
): candidate is WelcomeStepOf<Candidate> {
  return candidate.depositNumber !== null && isWelcomeDeposit(candidate.depositNumber);
}

/**
 * The welcome steps among the welcome offers (spec §4), ordered by deposit number: one per
 * number; of several offers for the last step the one with the most free spins (the first
 * listed on a tie), for the other steps the first listed. An offer whose number is missing or
 * beyond the last step is no step.
 */
export function pickWelcomeSteps<Candidate extends WelcomeStepCandidate>(
  offers: readonly Candidate[],
): WelcomeStepOf<Candidate>[] {
  const byDeposit = new Map<number, WelcomeStepOf<Candidate>>();
  for (const offer of offers) {
    if (!isStep(offer)) continue;
    const kept = byDeposit.get(offer.depositNumber);
    const replaces =
      kept === undefined ||
      (offer.depositNumber === welcomeStepCount && offer.freespinsCount > kept.freespinsCount);
    if (replaces) byDeposit.set(offer.depositNumber, offer);
  }
  return [...byDeposit.values()].sort((left, right) => left.depositNumber - right.depositNumber);
}

/** The first step the player has not received, whatever the deposit: null when all are received. */
export function nextWelcomeStep<Candidate extends WelcomeStepCandidate>(
  offers: readonly Candidate[],
): WelcomeStepOf<Candidate> | null {
  return pickWelcomeSteps(offers).find((step) => !step.isClaimed) ?? null;
}

/**
 * The welcome step deposit number `depositNumber` receives if it meets the step's minimum and
 * maximum: the first step not yet received, unless the deposit is past the first
 * `welcomeStepCount` or comes before the step's own number. Null: the deposit gets no step.
 * The server's grant asks with the deposit's number; the drawer with the number of the next
 * deposit (deposits made + 1).
 */
export function welcomeStepForDeposit<Candidate extends WelcomeStepCandidate>(
  offers: readonly Candidate[],
  depositNumber: number,
): WelcomeStepOf<Candidate> | null {
  if (!isWelcomeDeposit(depositNumber)) return null;
  const step = nextWelcomeStep(offers);
  return step !== null && step.depositNumber <= depositNumber ? step : null;
}
