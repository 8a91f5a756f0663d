import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LazyLayer } from '@/components/lazy-layer';
import { ScrollToTopButton } from '@/components/scroll-to-top';
import { parseAuthStep } from '@/features/auth/hooks/use-auth-dialog';
import { balanceQueryOptions } from '@/features/balance/api/get-balance';
import { dailyBonusQueryOptions } from '@/features/bonuses/api/get-daily-bonus';
import { userBonusesQueryOptions } from '@/features/bonuses/api/get-user-bonuses';
import { cryptoGuideParam, cryptoGuideValue } from '@/features/crypto-guide/hooks/use-crypto-guide';
import { meQueryKey, useMe } from '@/features/profile/api/get-me';
import { useSlipDrawerOpen } from '@/features/sportsbook/slip/slip-count';
import { SlipProvider } from '@/features/sportsbook/slip/slip-provider';
import { cryptoMethodsQueryOptions } from '@/features/wallet/api/get-crypto-methods';
import { dateLocaleQueryOptions } from '@/features/wallet/api/get-date-locale';
import { fiatConditionsQueryOptions } from '@/features/wallet/api/get-fiat-conditions';
import { transactionsQueryOptions } from '@/features/wallet/api/get-transactions';
import { parseWalletTab } from '@/features/wallet/hooks/use-wallet-dialog';
import { wheelPrizesQueryOptions } from '@/features/wheel/api/get-wheel-prizes';
import { wheelStatusQueryOptions } from '@/features/wheel/api/get-wheel-status';
import { desktopMediaQuery, useMediaQuery } from '@/hooks/use-media-query';
import { afterLoadWhenIdle } from '@/lib/after-load';
import { useIsSignedIn } from '@/lib/auth-token';
import { lazy } from '@/lib/lazy';
import { startOneATask } from '@/lib/one-a-task';
import { setSupportChatUser } from '@/lib/support-chat-user';
import { policiesPath, useLocale } from '@/lib/use-locale';
import { AppBonuses } from './app-bonuses';
import { AppWheelPromo } from './app-wheel-promo';
import { BottomTabBar } from './bottom-tab-bar';
import { Header } from './header';
import { loadAuthDialog, loadCryptoGuide, loadSlipDrawer, loadWalletDialog } from './layer-chunks';
import { Sidebar } from './sidebar';
import { slipPanelMediaQuery } from './slip-media-query';
import { useSidebarState } from './use-sidebar-state';

// The dialogs and drawers the URL opens load when first opened (see LazyLayer), each its own chunk.
const AppWalletDialog = lazy(async () => ({
  default: (await loadWalletDialog()).AppWalletDialog,
}));
const AuthDialog = lazy(async () => ({ default: (await loadAuthDialog()).AuthDialog }));
const CryptoGuideDrawer = lazy(async () => ({
  default: (await loadCryptoGuide()).CryptoGuideDrawer,
}));
/** After the first paint and the page's first requests, not competing with them. */
const idlePreloadDelayMs = 1_000;

// The web-push prompt (its service worker, API calls and card) is fetched after the first paint,
// for signed-in players only.
const WebPushPrompt = lazy(async () => ({
  default: (await import('@/features/web-push/components/web-push-prompt')).WebPushPrompt,
}));
const webPushPromptDelayMs = 3_000;

function AppWebPushPrompt({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const [due, setDue] = useState(false);
  // its code (and what decides whether to offer) runs once the page has loaded and is idle, not
  // inside a slow device's load; on a settled page that is the same 3 s after the shell mounts
  useEffect(() => {
    if (!signedIn) return;
    return afterLoadWhenIdle(() => setDue(true), { delayMs: webPushPromptDelayMs });
  }, [signedIn]);
  if (!signedIn || !due) return null;
  return (
    <Suspense fallback={null}>
      <WebPushPrompt
        onSubscribed={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
      />
    </Suspense>
  );
}

// A player's reality checks and limits review: not needed on a guest's first paint.
const AppResponsibleGambling = lazy(async () => ({
  default: (await import('./app-responsible-gambling')).AppResponsibleGambling,
}));
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu')).MobileMenu }));
const SlipDrawer = lazy(async () => ({ default: (await loadSlipDrawer()).SlipDrawer }));

/**
 * The signed-in shell's own answers (the balance, the wheel's prizes and today's spin, the
 * player's bonuses and the daily bonus), asked for beside the profile as the app starts
 * (`app-gate.tsx`), not once the shell has mounted after the profile's answer: they are in when
 * the shell mounts in its transition, which React renders in slices, instead of each answer
 * starting a synchronous render of its part of the shell (a query's update is never a
 * transition), and the mount's effects start no requests. Each query keeps its answer fresh
 * for at least the time between the two (its `staleTime`); the shell's observers use it.
 */
export function prefetchShellData(queryClient: QueryClient): void {
  const prefetches = [
    () => queryClient.prefetchQuery(balanceQueryOptions(true)),
    () => queryClient.prefetchQuery(wheelPrizesQueryOptions(true)),
    () => queryClient.prefetchQuery(wheelStatusQueryOptions(true)),
    () => queryClient.prefetchQuery(userBonusesQueryOptions(true)),
    () => queryClient.prefetchQuery(dailyBonusQueryOptions(true)),
  ];
  // one request a task: five beside the profile's made one long task
  startOneATask(prefetches);
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
  const search = new URLSearchParams(useLocation().search);
  // Once the page is idle, the dialog this viewer most likely opens next is fetched (not run: see
  // `prefetchLayer`): the wallet for a player, the sign-in for a guest (each a click away in the
  // header). A player's sign-in comes beside the wallet: a session ended elsewhere opens it with
  // no wait for the network.
  useEffect(
    () =>
      afterLoadWhenIdle(
        () =>
          void import('./layer-prefetch')
            .then(({ prefetchLayer }) => {
              if (signedIn) prefetchLayer('wallet');
              prefetchLayer('auth');
            })
            .catch(() => undefined),
        { delayMs: idlePreloadDelayMs },
      ),
    [signedIn],
  );
  // The support chat widget (when loaded) knows the signed-in player; a guest is anonymous.
  const chatUser = signedIn ? (me.data?.supportChatUser ?? null) : null;
  useEffect(() => setSupportChatUser(chatUser), [chatUser]);
  const slipDrawerOpen = useSlipDrawerOpen();
  // The wallet's first answers are asked for as it opens, beside its code, not after it arrived.
  // The history's first page and its month names likewise: on a page opened at
  // `?wallet=history` they were asked for only once the dialog's code had arrived and run.
  const walletTab = signedIn ? parseWalletTab(search.get('wallet')) : null;
  const walletOpen = walletTab !== null;
  const historyOpen = walletTab === 'history';
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!walletOpen) return;
    void queryClient.prefetchQuery(fiatConditionsQueryOptions(true));
    void queryClient.prefetchQuery(cryptoMethodsQueryOptions(true));
  }, [walletOpen, queryClient]);
  useEffect(() => {
    if (!historyOpen) return;
    void queryClient.prefetchInfiniteQuery(transactionsQueryOptions(true));
    void queryClient.prefetchQuery(dateLocaleQueryOptions(locale));
  }, [historyOpen, locale, queryClient]);

  return (
    <SlipProvider currency={me.data?.currency.primary ?? 'USD'} signedIn={signedIn}>
      <div className="min-h-dvh">
        <Header />
        <div className="flex">
          {desktop ? <Sidebar open={sidebar.open} onToggle={sidebar.toggle} /> : null}
          <main className="min-w-0 flex-1 px-3 pt-4 pb-28 sm:px-4 md:px-6 md:pt-6 md:pb-12">
            <div className="mx-auto max-w-[1400px]">
              {/* a page's chunk on its way: the shell stays, the page's space waits */}
              <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
                <Outlet />
              </Suspense>
            </div>
          </main>
        </div>
        <BottomTabBar onOpenMenu={() => setMenuOpen(true)} />
        <LazyLayer open={menuOpen}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </LazyLayer>
        <ScrollToTopButton className="bottom-[calc(6rem+var(--safe-bottom))] md:bottom-6" />
        <LazyLayer open={parseAuthStep(search.get('auth')) !== null && !signedIn}>
          <AuthDialog termsHref={policiesPath(locale, window.location.hostname)} />
        </LazyLayer>
        <AppBonuses />
        <LazyLayer open={search.get(cryptoGuideParam) === cryptoGuideValue}>
          <CryptoGuideDrawer />
        </LazyLayer>
        <AppWheelPromo />
        <AppWebPushPrompt signedIn={signedIn} />
        {signedIn ? (
          <Suspense fallback={null}>
            <AppResponsibleGambling />
          </Suspense>
        ) : null}
        <LazyLayer open={parseWalletTab(search.get('wallet')) !== null}>
          <AppWalletDialog />
        </LazyLayer>
        {slipPanel ? null : (
          <LazyLayer open={slipDrawerOpen}>
            <SlipDrawer />
          </LazyLayer>
        )}
      </div>
    </SlipProvider>
  );
}
