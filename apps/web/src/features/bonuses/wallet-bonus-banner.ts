import {
  type BonusOffersResponse,
  bonusPercent,
  type DailyBonusStatus,
  dailyBonusState,
  everydayBonusDefaultPercent,
  type WelcomeStep,
  welcomeSteps,
} from '@casino/contract';

/** What the wallet's deposit tab advertises: the bonus the player's next deposit really gets. */
export type WalletBonusBanner =
  /** below four deposits: the welcome step the next deposit claims */
  | { kind: 'welcome'; step: WelcomeStep }
  /** from the fourth deposit: the everyday bonus, to activate or already active today */
  | { kind: 'everyday'; percent: number; activated: boolean };

/**
 * The deposit tab's bonus banner, from the same data the bonus drawer shows, so the wallet never
 * promises what the drawer does not: the available welcome step (none when the player turned the
 * welcome bonus off or claimed every step), or the everyday bonus once it applies. Null: no
 * banner.
 */
export function walletBonusBanner(
  daily: DailyBonusStatus,
  offers: BonusOffersResponse | null,
  now: Date,
): WalletBonusBanner | null {
  const everyday = dailyBonusState(daily, now);
  if (everyday.kind !== 'locked') {
    if (everyday.kind === 'unavailable') return null;
    const percent = daily.offer
      ? bonusPercent(daily.offer.conditions.amountMultiplier)
      : everydayBonusDefaultPercent;
    return { kind: 'everyday', percent, activated: everyday.kind === 'used' };
  }
  if (!offers) return null;
  if (!offers.settings.isWelcomeEnabledFiat && !offers.settings.isWelcomeEnabledCrypto) return null;
  const step = welcomeSteps(offers.items, daily.countDeposit).find(
    (candidate) => candidate.state === 'available',
  );
  return step ? { kind: 'welcome', step } : null;
}
