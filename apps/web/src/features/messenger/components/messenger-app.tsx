import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Splash } from '@/components/splash';
import { getAuthToken, setAuthToken } from '@/lib/auth-token';
import { stripLocale } from '@/lib/locale-path';
import {
  type MessengerLaunch,
  openExternalLink,
  setExternalLinkOpener,
} from '@/lib/messenger-launch';
import { searchString, withSearchParams } from '@/lib/search-params';
import { isInvalidBotError, signInWithMessenger } from '../api/sign-in';
import { type MessengerStartUpResult, runMessengerStartUp, wantsCashier } from '../start-up';
import { createTelegramSdk } from '../telegram-sdk';
import { InvalidBotScreen } from './invalid-bot-screen';

type Sdk = ReturnType<typeof createTelegramSdk>;

let sdk: Sdk | null = null;
let startUp: Promise<MessengerStartUpResult> | null = null;

function log(message: string, error: unknown): void {
  console.warn(message, error);
}

/** Once per page (React may run an effect twice): the start-up and the SDK it set up. */
function startOnce(launch: MessengerLaunch): {
  sdk: Sdk;
  startUp: Promise<MessengerStartUpResult>;
} {
  if (!sdk || !startUp) {
    const created = createTelegramSdk();
    sdk = created;
    document.documentElement.dataset.messenger = 'true';
    setExternalLinkOpener((url) => created.openLink(url));
    startUp = runMessengerStartUp({
      sdk: created,
      launch,
      signIn: signInWithMessenger,
      setToken: setAuthToken,
      isInvalidBot: isInvalidBotError,
      log,
    });
  }
  return { sdk, startUp };
}

/** A link that leaves the app: another origin, or one that asks for a new tab. */
function externalHref(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const anchor = target.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (!/^https?:$/.test(url.protocol)) return null;
  if (url.origin === window.location.origin && anchor.target !== '_blank') return null;
  return url.href;
}

/**
 * The messenger build around the app (shell spec §4): the preloader while the start-up runs
 * (`start-up.ts`), then the app, or only the invalid message when the server does not know the
 * bot. The messenger's back button shows everywhere but on `/` and goes back in the app's
 * history; links that leave the app open through the messenger; a signed-in player whose start
 * parameter asks for the cashier finds the wallet open on the deposit tab.
 */
export function MessengerApp({
  launch,
  children,
}: {
  launch: MessengerLaunch;
  children: ReactNode;
}) {
  const [result, setResult] = useState<MessengerStartUpResult | null>(null);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const where = useRef({ pathname, search, hash });
  where.current = { pathname, search, hash };
  const shell = useRef<Sdk | null>(null);

  useEffect(() => {
    let current = true;
    const started = startOnce(launch);
    shell.current = started.sdk;
    void started.startUp.then((outcome) => {
      if (!current) return;
      setResult(outcome);
      if (!outcome.invalidBot && getAuthToken() && wantsCashier(launch.startParam)) {
        const location = where.current;
        void navigate(
          {
            pathname: location.pathname,
            search: searchString(withSearchParams(location.search, { wallet: 'deposit' })),
            hash: location.hash,
          },
          { replace: true },
        );
      }
    });
    return () => {
      current = false;
    };
  }, [launch, navigate]);

  const ready = result !== null && !result.invalidBot;

  useEffect(() => {
    if (!ready || !shell.current) return;
    const messenger = shell.current;
    try {
      return messenger.onBackButton(() => void navigate(-1));
    } catch (error) {
      log('Messenger back button failed', error);
      return undefined;
    }
  }, [ready, navigate]);

  useEffect(() => {
    if (!ready || !shell.current) return;
    try {
      shell.current.setBackButtonVisible(stripLocale(pathname).replace(/\/+$/, '') !== '');
    } catch (error) {
      log('Messenger back button failed', error);
    }
  }, [ready, pathname]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const href = externalHref(event.target);
      if (!href) return;
      event.preventDefault();
      openExternalLink(href);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  if (result === null) return <Splash />;
  if (result.invalidBot) return <InvalidBotScreen />;
  return <>{children}</>;
}
