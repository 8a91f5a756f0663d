import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { getAuthToken } from '@/lib/auth-token';
import type { i18next } from '@/lib/i18n';
import { toastDurationMs, visibleToastLimit } from '@/lib/notify';
import { LazyToaster } from '@/lib/toast';
import { AppGate } from './app-gate';
import { AppOddsFormat } from './layout/app-odds-format';
import { createQueryClient } from './query-client';
import { AppRealtime } from './realtime/app-realtime';
import { prefetchHomeRows } from './router';

export function App({ i18n }: { i18n: typeof i18next }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // before the page mounts: its rows' effects would otherwise start them all in one task
    prefetchHomeRows(client, window.location.pathname, getAuthToken() !== null);
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
