import { everydayMinDeposits } from './bonus-constants.ts';
import type { BonusOffer, DailyBonusStatus, UserBonus, UserBonusStatus } from './bonuses.ts';
import { formatMoney } from './money-format.ts';
import { isSameUtcDay, utcDayEnd } from './utc-day.ts';
import { nextWelcomeStep, pickWelcomeSteps, welcomeStepForDeposit } from './welcome-steps.ts';

/**
 * How the player app shows bonuses (wallet spec §3, §4, §9): the welcome steps and their state,
 * percentages, the deposit-bonus badge, the games tooltip and the UTC day of the daily bonus.
 * Pure functions, so the rules are tested once and the screens only render their answers.
 */

/** Wallet spec §9: the games tooltip names this many games, then a count of the rest. */
export const bonusGamesTooltipLimit = 10;

export type WelcomeStepState = 'claimed' | 'available' | 'disabled';

/** Wallet spec §3 "Welcome bonus step": the bonus, its values and its state. */
export interface WelcomeStep {
  /** the step's number, its offer's minDepositNumber (1 … welcomeStepCount) */
  depositNumber: number;
  bonus: BonusOffer;
  /** percent of the deposit granted (amountMultiplier × 100) */
  bonusValue: number;
  /** free spins granted with it */
  freeSpinValue: number;
  state: WelcomeStepState;
}

/** Bonus percent = amountMultiplier × 100 (spec §9), without float noise (0.07 → 7, not 7.000…1). */
export function bonusPercent(amountMultiplier: number): number {
  return Math.round(amountMultiplier * 10_000) / 100;
}

/**
 * The welcome steps from the offer list (spec §4): only non-personal welcome offers, one per
 * deposit number in order (welcome-steps.ts picks them). A step is claimed when its bonus is;
 * the one step available is the one the player's next deposit receives by the server's rule
 * (`welcomeStepForDeposit` with `depositCount + 1`): the first step not yet received, so a
 * deposit that missed a step's minimum leaves that step available. Every other step is
 * disabled. Without `depositCount` (a listing that knows no player) the first step not yet
 * received is the available one.
 */
export function welcomeSteps(offers: readonly BonusOffer[], depositCount?: number): WelcomeStep[] {
  const candidates = offers
    .filter((offer) => !offer.isPersonal && offer.conditions.type === 'welcome')
    .map((bonus) => ({
      bonus,
      depositNumber: bonus.conditions.minDepositNumber,
      freespinsCount: bonus.conditions.freespinsCount,
      isClaimed: bonus.isClaimed,
    }));
  const next =
    depositCount === undefined
      ? nextWelcomeStep(candidates)
      : welcomeStepForDeposit(candidates, depositCount + 1);
  return pickWelcomeSteps(candidates).map((step) => ({
    depositNumber: step.depositNumber,
    bonus: step.bonus,
    bonusValue: bonusPercent(step.bonus.conditions.amountMultiplier),
    freeSpinValue: step.freespinsCount,
    state: step.isClaimed ? 'claimed' : step === next ? 'available' : 'disabled',
  }));
}

/** Spec §9: the deposit bonus of a crypto method as '+{percent}%', fraction × 100, no decimals. */
export function depositBonusLabel(fraction: number): string {
  return `+${Math.round(fraction * 100)}%`;
}

/** Spec §9: the games tooltip lists the first 10 games, then how many more there are. */
export function gamesTooltip(
  games: readonly { title: string }[],
  limit: number = bonusGamesTooltipLimit,
): { titles: string[]; restCount: number } {
  return {
    titles: games.slice(0, limit).map((game) => game.title),
    restCount: Math.max(0, games.length - limit),
  };
}

// ─── the player's bonuses ───────────────────────────────────────────────────────────────────

const currentStatuses: readonly UserBonusStatus[] = ['active', 'pending'];

/** Active and pending bonuses are current (they can still be wagered and cancelled). */
export function isCurrentUserBonus(bonus: Pick<UserBonus, 'status'>): boolean {
  return currentStatuses.includes(bonus.status);
}

/**
 * The `/bonuses` page's order: the active bonus, then pending ones, then the finished, each
 * group keeping the server's order (newest first).
 */
export function orderUserBonuses<Bonus extends Pick<UserBonus, 'status'>>(
  bonuses: readonly Bonus[],
): { current: Bonus[]; finished: Bonus[] } {
  const current = bonuses.filter(isCurrentUserBonus);
  return {
    current: [
      ...current.filter((bonus) => bonus.status === 'active'),
      ...current.filter((bonus) => bonus.status !== 'active'),
    ],
    finished: bonuses.filter((bonus) => !isCurrentUserBonus(bonus)),
  };
}

/** A money figure of a bonus: the app's one money format (`formatMoney`). */
export function formatBonusMoney(value: string, currency: string): string {
  return formatMoney(value, currency);
}

function decimalToScaled(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(`${whole || '0'}${fraction.padEnd(scale, '0').slice(0, scale)}`);
}

/**
 * Wagering progress as a whole percent in 0…100, on integers (no float rounding money up): a
 * requirement of zero counts as met.
 */
export function bonusWagerPercent(wager: { current: string; total: string }): number {
  const scale = Math.max(
    wager.current.split('.')[1]?.length ?? 0,
    wager.total.split('.')[1]?.length ?? 0,
  );
  const total = decimalToScaled(wager.total, scale);
  if (total <= 0n) return 100;
  const current = decimalToScaled(wager.current, scale);
  if (current >= total) return 100;
  return Number((current * 100n) / total);
}

// ─── the daily (everyday) bonus ─────────────────────────────────────────────────────────────

/** Wallet spec §9: the daily bonus banner's figure when no everyday offer is at hand. */
export const everydayBonusDefaultPercent = 5;

/** The drawer's variant (spec §6): the everyday bonus from the fourth deposit on. */
export function bonusDrawerVariant(countDeposit: number): 'welcome' | 'everyday' {
  return countDeposit >= everydayMinDeposits ? 'everyday' : 'welcome';
}

export type DailyBonusState =
  /** fewer than four deposits: the welcome bonus applies instead */
  | { kind: 'locked' }
  /** the 'use' button */
  | { kind: 'available' }
  /** used today: a countdown to the next UTC midnight, when the next one opens */
  | { kind: 'used'; nextAt: Date }
  /** not used, yet not open either (no everyday offer right now) */
  | { kind: 'unavailable' };

/**
 * Spec §4 "Daily bonus": after 4 or more deposits the 'use' button shows unless the bonus was
 * used today (UTC); once used, a countdown to the end of the UTC day. Judged on `now`, so a
 * page left open past midnight offers the next one without asking the server.
 */
export function dailyBonusState(
  status: Pick<DailyBonusStatus, 'countDeposit' | 'isAvailable' | 'usedAt'>,
  now: Date,
): DailyBonusState {
  if (status.countDeposit < everydayMinDeposits) return { kind: 'locked' };
  if (status.usedAt !== null && isSameUtcDay(new Date(status.usedAt), now)) {
    return { kind: 'used', nextAt: utcDayEnd(now) };
  }
  if (status.usedAt !== null) return { kind: 'available' };
  return status.isAvailable ? { kind: 'available' } : { kind: 'unavailable' };
}
