import { Dices, Gift, type LucideIcon, Menu, Volleyball, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { preload } from '@/components/lazy-layer';
import { SlipTabButton } from '@/features/sportsbook/slip/slip-buttons';
import { useSlipCount } from '@/features/sportsbook/slip/slip-count';
import { useWalletDialog } from '@/features/wallet/hooks/use-wallet-dialog';
import { WheelTabButton } from '@/features/wheel/components/wheel-entry';
import { useWheelEntry } from '@/features/wheel/hooks/use-wheel-entry';
import { cn } from '@/lib/cn';
import { useLocalizedPath } from '@/lib/use-locale';
import { loadWalletDialog } from './layer-chunks';

/** A guest's tap signs in first; a player's brings the wallet, its code fetched from the tap's start. */
const preloadWallet = preload(loadWalletDialog);

const tabClassName =
  'flex flex-1 cursor-pointer flex-col items-center justify-center gap-1 text-xs font-semibold text-ink-300 transition-colors hover:text-ink-100';

function TabLink({
  to,
  end,
  icon: Icon,
  label,
}: {
  to: string;
  end?: boolean;
  icon: LucideIcon;
  label: string;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        cn(tabClassName, isActive && 'text-ink-100 [&_svg]:text-brand-300')
      }
    >
      <Icon className="size-5" aria-hidden="true" />
      {label}
    </NavLink>
  );
}

/**
 * The centre tab, the wheel or the bonuses: its own component, so the wheel's answers (prizes,
 * today's status) re-render this tab, not the whole bar (each answer is a synchronous render: a
 * query's store update is never a transition).
 */
function BonusesTab() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const wheelEntry = useWheelEntry();
  if (wheelEntry.showWheel) return <WheelTabButton className={cn(tabClassName, '-mt-4')} />;
  return (
    <NavLink
      to={localized('/bonuses')}
      className={({ isActive }) => cn(tabClassName, '-mt-4', isActive && 'text-ink-100')}
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-linear-to-b from-brand-500 to-brand-700 text-white shadow-lg shadow-brand-700/40 ring-4 ring-ink-900">
        <Gift className="size-5" aria-hidden="true" />
      </span>
      {t('Sidebar.bonuses')}
    </NavLink>
  );
}

/** Phones: wallet, sport, the wheel or bonuses (shell spec §2), casino and the menu. */
export function BottomTabBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const wallet = useWalletDialog();
  const location = useLocation();
  const slipCount = useSlipCount();
  // the slip's button shows in the sportsbook, and anywhere once the slip holds a selection
  const showSlip = slipCount > 0 || /^\/[^/]+\/sportsbook(\/|$)/.test(location.pathname);

  return (
    <nav
      data-testid="bottom-tab-bar"
      aria-label={t('Sidebar.navigation')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-700 bg-ink-850 pb-safe md:hidden"
    >
      <div className="mx-auto flex h-16 max-w-lg items-stretch px-1">
        <button
          type="button"
          className={tabClassName}
          onPointerDown={preloadWallet}
          onClick={() => wallet.open('deposit')}
        >
          <Wallet className="size-5" aria-hidden="true" />
          {t('Sidebar.wallet')}
        </button>
        <TabLink to={localized('/sportsbook')} icon={Volleyball} label={t('Sidebar.sport')} />
        <BonusesTab />
        <TabLink to={localized('/')} end icon={Dices} label={t('Sidebar.casino')} />
        {showSlip ? <SlipTabButton className={tabClassName} /> : null}
        <button type="button" className={tabClassName} onClick={onOpenMenu}>
          <Menu className="size-5" aria-hidden="true" />
          {t('Sidebar.menu')}
        </button>
      </div>
    </nav>
  );
}
