import { useQueryClient } from '@tanstack/react-query';
import { Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Splash } from '@/components/splash';
import { useLanguages } from '@/features/languages/api/get-languages';
import { useMe } from '@/features/profile/api/get-me';
import { getAuthToken, useIsSignedIn } from '@/lib/auth-token';
import { useGlobalErrors } from '@/lib/global-errors';
import { lazy } from '@/lib/lazy';
import { stripLocale } from '@/lib/locale-path';
import { currentMessengerLaunch } from '@/lib/messenger-launch';
import { toast } from '@/lib/toast';
import { policiesPath, useLocale } from '@/lib/use-locale';
import { useSessionEndedNotice } from './hooks/use-session-ended-notice';
import { prefetchShellData } from './layout/app-shell';
import { retryAfterRegionBlock } from './query-client';
import { AppRoutes, prefetchLandingData } from './router';

const UnstableConnectionModal = lazy(() =>
  import('@/features/connection/components/unstable-connection-modal').then((module) => ({
    default: module.UnstableConnectionModal,
  })),
);

// The flag set is large; it loads only when the region block actually happens.
const RegionModal = lazy(() =>
  import('@/features/region/components/region-modal').then((module) => ({
    default: module.RegionModal,
  })),
);

// A banned player's screen: loaded when a ban is met, never on a first paint.
const BanScreen = lazy(() =>
  import('@/features/ban/components/ban-screen').then((module) => ({
    default: module.BanScreen,
  })),
);

// The messenger build's start-up and its SDK: fetched only when the messenger opened the app.
const MessengerApp = lazy(() =>
  import('@/features/messenger/components/messenger-app').then((module) => ({
    default: module.MessengerApp,
  })),
);

function isPoliciesPath(pathname: string): boolean {
  return stripLocale(pathname).startsWith('/policies/');
}

/**
 * The app, inside the messenger's start-up when the messenger opened it (the mini-app: its
 * preloader, sign-in and invalid-bot message come first, features/messenger).
 */
export function AppGate() {
  const launch = currentMessengerLaunch();
  if (!launch) return <AppGateContent />;
  return (
    <Suspense fallback={<Splash />}>
      <MessengerApp launch={launch}>
        <AppGateContent />
      </MessengerApp>
    </Suspense>
  );
}

/**
 * What the player sees above the pages: the splash until the shell's data is in, the ban screen
 * instead of everything (the terms stay reachable), the blocking region and connection modals,
 * and the notice of a session that ended elsewhere.
 */
function AppGateContent() {
  const { ban, region, connectionLost } = useGlobalErrors();
  const { pathname } = useLocation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const signedIn = useIsSignedIn();
  const languages = useLanguages();
  const me = useMe();
  const loading = languages.isPending || (signedIn && me.isPending);
  // with the shell's data already in (the page brought it), the first render is the page's
  const [booted, setBooted] = useState(!loading);
  const [retrying, setRetrying] = useState(false);
  // One element for the gate's life: a render of the gate (a profile answer, a modal opening or
  // closing) leaves the pages as they are instead of rendering the whole app again,
  // synchronously (a query's answer is never a transition); navigation reaches the routes
  // through the router's context all the same.
  const routes = useMemo(() => <AppRoutes />, []);
  useSessionEndedNotice();

  // A player's shell and landing page ask for their first answers beside the profile (the
  // balance, the wheel, the bonuses; a game's session), so the shell mounts with them in.
  useEffect(() => {
    const signedInNow = getAuthToken() !== null;
    // (the terms are drawn without the shell)
    if (signedInNow && !isPoliciesPath(window.location.pathname)) prefetchShellData(queryClient);
    prefetchLandingData(queryClient, window.location.pathname, signedInNow);
  }, [queryClient]);

  // The shell and the page mount in a transition: React renders them in slices between the
  // browser's tasks instead of one long task (the signed-in first render waits for the profile).
  useEffect(() => {
    if (!loading) startTransition(() => setBooted(true));
  }, [loading]);

  // Nothing said before the ban (a welcome toast, say) still applies.
  useEffect(() => {
    if (ban) toast.dismiss();
  }, [ban]);

  if (ban && !isPoliciesPath(pathname)) {
    return (
      <Suspense fallback={<Splash />}>
        <BanScreen ban={ban} termsHref={policiesPath(locale, window.location.hostname)} />
      </Suspense>
    );
  }

  return (
    <>
      {booted ? routes : <Splash />}
      {connectionLost ? (
        <Suspense fallback={null}>
          <UnstableConnectionModal />
        </Suspense>
      ) : null}
      {region && !connectionLost ? (
        <Suspense fallback={null}>
          <RegionModal
            region={region}
            retrying={retrying}
            onRetry={() => {
              setRetrying(true);
              void retryAfterRegionBlock(queryClient).finally(() => setRetrying(false));
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
