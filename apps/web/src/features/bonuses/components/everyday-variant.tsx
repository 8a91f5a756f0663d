import type { DailyBonusStatus } from '@casino/contract';
import { CalendarClock, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BonusConditionsList } from './bonus-conditions';
import { BonusFaq } from './bonus-faq';
import { DailyBonusAction } from './daily-bonus-action';

/**
 * The bonus drawer from the fourth deposit on (spec §2, §6, §9): the '+5%' daily banner with
 * its 'use' button or the countdown to the next one, the conditions, the period and the FAQ.
 */
export function EverydayVariant({
  status,
  percent,
}: {
  status: DailyBonusStatus;
  percent: number;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="bonus-drawer-everyday-variant" className="flex flex-col gap-6">
      <section
        data-testid="daily-bonus-banner"
        className="relative overflow-hidden rounded-2xl bg-linear-to-br from-money-600/40 via-ink-800 to-brand-600/30 p-5 ring-1 ring-money-500/30"
      >
        <div
          aria-hidden="true"
          className="absolute -top-10 -right-10 size-40 rounded-full bg-money-400/15 blur-2xl"
        />
        <p className="text-xs font-bold tracking-wider text-money-400 uppercase">
          {t('Bonuses.everyday.title')}
        </p>
        <p
          data-testid="daily-bonus-percent"
          className="mt-1 text-5xl leading-none font-black text-ink-100"
        >
          +{percent}%
        </p>
        <p className="mt-2 text-sm text-ink-200">{t('Bonuses.everyday.banner_text')}</p>
        <div className="mt-4">
          <DailyBonusAction status={status} />
        </div>
      </section>

      {status.offer ? (
        <section className="flex flex-col gap-3">
          <h3 className="flex items-center gap-2 text-base font-bold text-ink-100">
            <ListChecks className="size-4 text-ink-300" aria-hidden="true" />
            {t('Bonuses.everyday.conditions_title')}
          </h3>
          <BonusConditionsList conditions={status.offer.conditions} />
        </section>
      ) : null}

      <section
        data-testid="daily-bonus-period"
        className="flex gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4"
      >
        <CalendarClock className="mt-0.5 size-5 shrink-0 text-ink-300" aria-hidden="true" />
        <div>
          <h3 className="text-sm font-bold text-ink-100">{t('Bonuses.everyday.period_title')}</h3>
          <p className="mt-0.5 text-sm text-ink-300">{t('Bonuses.everyday.period_text')}</p>
        </div>
      </section>

      <BonusFaq variant="everyday" />
    </div>
  );
}
