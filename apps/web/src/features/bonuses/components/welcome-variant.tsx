import { type BonusOffer, welcomeStepCount, welcomeSteps } from '@casino/contract';
import { CalendarClock, Gift, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { BonusFaq } from './bonus-faq';
import { BonusVideo } from './bonus-video';
import { LoyaltySettings } from './loyalty-settings';
import { WelcomeSteps } from './welcome-steps';

/**
 * The bonus drawer for players with fewer than four deposits, and for guests (spec §2): the
 * wheel tile, the four welcome steps, the everyday bonus, the video and the FAQ.
 */
export function WelcomeVariant({
  offers,
  depositCount,
  everydayPercent,
  wheelTile,
  onDeposit,
  onSignUp,
}: {
  /** the player's offer list; null for a guest, who is asked to sign up instead */
  offers: readonly BonusOffer[] | null;
  /** the player's completed deposits: the available step is the one the next deposit receives */
  depositCount: number | null;
  everydayPercent: number;
  wheelTile?: ReactNode;
  onDeposit: () => void;
  onSignUp: () => void;
}) {
  const { t } = useTranslation();
  const steps = offers ? welcomeSteps(offers, depositCount ?? undefined) : [];
  const topPercent = steps.reduce((top, step) => Math.max(top, step.bonusValue), 0);

  return (
    <div data-testid="bonus-drawer-welcome" className="flex flex-col gap-6">
      <div className="rounded-2xl bg-linear-to-br from-brand-600/40 via-ink-800 to-gold-500/15 p-4 ring-1 ring-brand-500/30">
        <p className="flex items-center gap-2 text-xs font-bold tracking-wider text-gold-300 uppercase">
          <Gift className="size-4" aria-hidden="true" />
          {t('Bonuses.welcome.title')}
        </p>
        <p className="mt-1 text-xl font-extrabold text-ink-100">
          {topPercent > 0
            ? t('Bonuses.welcome.headline', { percent: topPercent, count: welcomeStepCount })
            : t('Bonuses.welcome.headline_plain', { count: welcomeStepCount })}
        </p>
      </div>

      {/* the tile renders nothing while the wheel has no prizes: no empty gap then */}
      {wheelTile ? (
        <div data-testid="bonus-drawer-wheel-tile" className="empty:hidden">
          {wheelTile}
        </div>
      ) : null}

      <section className="flex flex-col gap-3">
        <h3 className="text-base font-bold text-ink-100">{t('Bonuses.welcome.steps_title')}</h3>
        {offers === null ? (
          <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-ink-600 bg-ink-850 p-4">
            <p className="text-sm text-ink-200">{t('Bonuses.welcome.guest_text')}</p>
            <Button onClick={onSignUp} data-testid="bonus-drawer-sign-up">
              <UserPlus className="size-4" aria-hidden="true" />
              {t('Bonuses.welcome.sign_up')}
            </Button>
          </div>
        ) : steps.length > 0 ? (
          <WelcomeSteps steps={steps} onDeposit={onDeposit} />
        ) : (
          <p className="text-sm text-ink-300">{t('Bonuses.welcome.none')}</p>
        )}
        {offers === null ? null : <LoyaltySettings />}
      </section>

      <section
        data-testid="bonus-drawer-everyday"
        className="flex items-center gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4"
      >
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-money-500/15 text-lg font-extrabold text-money-400">
          +{everydayPercent}%
        </span>
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-sm font-bold text-ink-100">
            <CalendarClock className="size-4 text-ink-300" aria-hidden="true" />
            {t('Bonuses.everyday.title')}
          </p>
          <p className="text-xs text-ink-300">
            {t('Bonuses.everyday.teaser', { percent: everydayPercent, count: welcomeStepCount })}
          </p>
        </div>
      </section>

      <section className="flex flex-col gap-3">
        <h3 className="text-base font-bold text-ink-100">{t('Bonuses.video.title')}</h3>
        <BonusVideo percent={topPercent > 0 ? topPercent : null} />
      </section>

      <BonusFaq variant="welcome" />
    </div>
  );
}
