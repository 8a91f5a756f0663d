import { formatMoney } from '@casino/contract';
import { ChevronRight, Gift, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBonusOffers } from '../api/get-bonus-offers';
import { useDailyBonus } from '../api/get-daily-bonus';
import { useUserBonuses } from '../api/get-user-bonuses';
import { walletBonusBanner } from '../wallet-bonus-banner';

export interface WalletBonusBannerProps {
  tab: 'deposit' | 'withdraw';
  /** Opens the bonus drawer (`?bonus10`) in place of the wallet. */
  onShowBonuses: () => void;
}

const bannerClassName =
  'flex w-full items-center gap-3 rounded-2xl border border-gold-500/30 bg-linear-to-r from-brand-600/30 via-ink-800 to-gold-500/15 p-3 text-left';

function DepositBanner({ onShowBonuses }: Pick<WalletBonusBannerProps, 'onShowBonuses'>) {
  const { t } = useTranslation();
  const daily = useDailyBonus();
  const offers = useBonusOffers();
  if (!daily.data) return null;
  const banner = walletBonusBanner(daily.data, offers.data ?? null, new Date());
  if (!banner) return null;

  const percent = banner.kind === 'welcome' ? banner.step.bonusValue : banner.percent;
  const conditions = banner.kind === 'welcome' ? banner.step.bonus.conditions : null;
  const details = conditions
    ? [
        conditions.maxAmount === null
          ? null
          : t('Bonuses.welcome.up_to', {
              amount: formatMoney(conditions.maxAmount, conditions.currency),
            }),
        banner.kind === 'welcome' && banner.step.freeSpinValue > 0
          ? t('Bonuses.welcome.free_spins', { count: banner.step.freeSpinValue })
          : null,
        conditions.minDeposit === null
          ? null
          : t('Bonuses.welcome.min_deposit', {
              amount: formatMoney(conditions.minDeposit, conditions.currency),
            }),
      ]
        .filter((part) => part !== null)
        .join(' · ')
    : banner.kind === 'everyday' && banner.activated
      ? t('Bonuses.everyday.used')
      : t('Bonuses.everyday.banner_text');

  return (
    <button
      type="button"
      data-testid="wallet-bonus-banner"
      data-kind={banner.kind}
      onClick={onShowBonuses}
      className={`${bannerClassName} cursor-pointer transition-colors hover:border-gold-400/60`}
    >
      <span className="grid h-12 min-w-12 shrink-0 place-items-center rounded-xl bg-gold-400/15 px-1.5 text-base font-extrabold text-gold-300 tabular-nums">
        +{percent}%
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5 text-sm font-bold text-ink-100">
          <Gift className="size-4 shrink-0 text-gold-400" aria-hidden="true" />
          {banner.kind === 'welcome'
            ? t('Bonuses.wallet_banner.welcome_title', { number: banner.step.depositNumber })
            : t('Bonuses.everyday.title')}
        </span>
        <span className="mt-0.5 block text-xs text-ink-200">{details}</span>
      </span>
      <ChevronRight className="size-4 shrink-0 text-ink-300" aria-hidden="true" />
    </button>
  );
}

/** Withdrawing forfeits an active bonus (wallet spec §4): said before the player picks a method. */
function WithdrawBanner() {
  const { t } = useTranslation();
  const bonuses = useUserBonuses();
  const active = bonuses.data?.items.find((bonus) => bonus.status === 'active');
  if (!active) return null;
  return (
    <p
      data-testid="wallet-bonus-banner"
      data-kind="forfeit"
      className="flex items-start gap-2.5 rounded-2xl border border-gold-500/30 bg-gold-500/10 p-3 text-xs text-gold-300"
    >
      <TriangleAlert className="mt-px size-4 shrink-0" aria-hidden="true" />
      {t('Bonuses.wallet_banner.forfeit', {
        amount: formatMoney(active.balance, active.currency),
      })}
    </p>
  );
}

/**
 * The wallet's bonus banner (wallet spec §2, "each method tab shows banners"): on the deposit
 * tab the bonus the next deposit really gets, from the drawer's own data; on the withdraw tab
 * the active bonus a withdrawal would cancel.
 */
export function WalletBonusBanner({ tab, onShowBonuses }: WalletBonusBannerProps) {
  return tab === 'deposit' ? <DepositBanner onShowBonuses={onShowBonuses} /> : <WithdrawBanner />;
}
