// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { i18next, initI18n, loadAllLanguages } from '@/lib/i18n';
import { useChangeLanguage } from './use-change-language';

// other languages load on demand (lib/i18n.ts); these tests render them at once
beforeAll(loadAllLanguages);

let change: ((locale: 'en' | 'ru') => void) | undefined;

function Probe() {
  change = useChangeLanguage();
  return null;
}

beforeEach(() => {
  initI18n('en');
  window.history.replaceState(null, '', '/en/games?wallet=history#top');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BrowserRouter>
        <Probe />
      </BrowserRouter>
    </QueryClientProvider>,
  );
});
afterEach(cleanup);

test('the locale segment changes and the query and hash stay', async () => {
  await act(async () => change?.('ru'));
  expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
    '/ru/games?wallet=history#top',
  );
  expect(i18next.language).toBe('ru');
});

test('the address the browser is on counts, even before the router rendered it', async () => {
  // The wallet closed: the URL lost its query, but the router has not rendered that yet.
  window.history.replaceState(window.history.state, '', '/en/games');
  await act(async () => change?.('ru'));
  expect(`${window.location.pathname}${window.location.search}`).toBe('/ru/games');
});
