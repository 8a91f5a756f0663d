import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { getAuthToken } from '@/lib/auth-token';
import type { i18next } from '@/lib/i18n';
import { toastDurationMs, visibleToastLimit } from '@/lib/notify';
import { startOneATask } from '@/lib/one-a-task';
import { realtimeConfigQueryOptions } from '@/lib/realtime/realtime-config';
import { LazyToaster } from '@/lib/toast';
import { AppGate } from './app-gate';
import { AppOddsFormat } from './layout/app-odds-format';
import { createQueryClient } from './query-client';
import { AppRealtime } from './realtime/app-realtime';
import { homeRowRequests } from './router';

/**
 * The requests every page's first commit would otherwise start in its effects, all in one task
 * (the realtime connection's address; on a home page, its rows' first pages), started while the
 * first render is under way, one request a task: starting a request costs the browser a few
 * milliseconds of main thread (about 5 at a 4× slower CPU). The queries that need them find them
 * in flight or answered (fresh: `staleTime`).
 */
function startFirstRequests(queryClient: QueryClient): void {
  const requests = [
    () => queryClient.prefetchQuery(realtimeConfigQueryOptions),
    ...homeRowRequests(queryClient, window.location.pathname, getAuthToken() !== null),
  ];
  startOneATask(requests);
}

export function App({ i18n }: { i18n: typeof i18next }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    startFirstRequests(client);
    return client;
  });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRealtime>
            <AppOddsFormat>
              <AppGate />
            </AppOddsFormat>
          </AppRealtime>
        </BrowserRouter>
        <LazyToaster
          theme="dark"
          position="top-right"
          offset={{ top: 'calc(76px + var(--safe-top))', right: 16 }}
          mobileOffset={{ top: 'calc(72px + var(--safe-top))', left: 12, right: 12 }}
          visibleToasts={visibleToastLimit}
          duration={toastDurationMs}
          closeButton
          richColors
          toastOptions={{
            classNames: {
              toast: '!rounded-xl !border-ink-600 !font-sans',
              description: '!text-ink-200',
            },
          }}
        />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
