import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ScrollToTopButton } from '@/components/scroll-to-top';
import { AuthDialog } from '@/features/auth/components/auth-dialog';
import { useBalance } from '@/features/balance/api/get-balance';
import { WalletBalanceBar } from '@/features/balance/components/wallet-balance-bar';
import { WalletBonusBanner } from '@/features/bonuses/components/wallet-bonus-banner';
import { bonusDrawerParam } from '@/features/bonuses/hooks/use-bonus-drawer';
import { CryptoGuideDrawer } from '@/features/crypto-guide/components/crypto-guide-drawer';
import { useMe } from '@/features/profile/api/get-me';
import { SlipDrawer } from '@/features/sportsbook/slip/slip-layout';
import { SlipProvider } from '@/features/sportsbook/slip/slip-provider';
import { WalletDialog } from '@/features/wallet/components/wallet-dialog';
import { desktopMediaQuery, useMediaQuery } from '@/hooks/use-media-query';
import { useIsSignedIn } from '@/lib/auth-token';
import { searchString, withSearchParams } from '@/lib/search-params';
import { policiesPath, useLocale } from '@/lib/use-locale';
import { useCurrencyChanged } from '../hooks/use-currency-changed';
import { AppBonuses } from './app-bonuses';
import { AppWheelPromo } from './app-wheel-promo';
import { BottomTabBar } from './bottom-tab-bar';
import { Header } from './header';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';
import { slipPanelMediaQuery } from './sportsbook-layout';
import { useSidebarState } from './use-sidebar-state';

/**
 * The wallet gets the fiat balance it checks withdrawals against and refreshes it after money
 * moves; its tabs get the bonus banner and the balance bar with the currency switcher.
 */
function AppWalletDialog() {
  const balance = useBalance();
  const me = useMe();
  const onCurrencyChanged = useCurrencyChanged();
  const navigate = useNavigate();
  const location = useLocation();
  const fiat = balance.data?.fiat;
  // one navigation closes the wallet and opens the bonus drawer in its place
  const showBonuses = () =>
    void navigate({
      pathname: location.pathname,
      search: searchString(
        withSearchParams(location.search, { wallet: null, [bonusDrawerParam]: '' }),
      ),
    });
  return (
    <WalletDialog
      renderTabHeader={(tab) => (
        <>
          <WalletBonusBanner tab={tab} onShowBonuses={showBonuses} />
          <WalletBalanceBar
            tab={tab}
            hasDeposits={me.data?.hasDeposits}
            onCurrencyChanged={onCurrencyChanged}
          />
        </>
      )}
      fiatBalance={fiat ? { value: fiat.value, currency: fiat.currency.code } : null}
      onBalanceChanged={() => void balance.refetch()}
      hasActiveBonuses={
        balance.data?.userBonuses.some((bonus) => bonus.status === 'active') ?? false
      }
    />
  );
}

/** Header on top, the side menu on desktop, the tab bar on phones, the page in between. */
export function AppShell() {
  const sidebar = useSidebarState();
  const me = useMe();
  const signedIn = useIsSignedIn();
  const slipPanel = useMediaQuery(slipPanelMediaQuery);
  const [menuOpen, setMenuOpen] = useState(false);
  const locale = useLocale();
  // Phones get the tab bar and the menu sheet instead; the sidebar is not rendered at all there.
  const desktop = useMediaQuery(desktopMediaQuery);

  return (
    <SlipProvider currency={me.data?.currency.primary ?? 'USD'} signedIn={signedIn}>
      <div className="min-h-dvh">
        <Header />
        <div className="flex">
          {desktop ? <Sidebar open={sidebar.open} onToggle={sidebar.toggle} /> : null}
          <main className="min-w-0 flex-1 px-3 pt-4 pb-28 sm:px-4 md:px-6 md:pt-6 md:pb-12">
            <div className="mx-auto max-w-[1400px]">
              <Outlet />
            </div>
          </main>
        </div>
        <BottomTabBar onOpenMenu={() => setMenuOpen(true)} />
        <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        <ScrollToTopButton className="bottom-24 md:bottom-6" />
        <AuthDialog termsHref={policiesPath(locale, window.location.hostname)} />
        <AppBonuses />
        <CryptoGuideDrawer />
        <AppWheelPromo />
        <AppWalletDialog />
        {slipPanel ? null : <SlipDrawer />}
      </div>
    </SlipProvider>
  );
}
