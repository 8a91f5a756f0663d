// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n, loadAllLanguages } from '@/lib/i18n';
import { cryptoGuideService } from '../guide-content';
import { useCryptoGuide } from '../hooks/use-crypto-guide';
import { CryptoGuideDrawer } from './crypto-guide-drawer';
import { GuideVideo } from './guide-video';

// other languages load on demand (lib/i18n.ts); these tests render them at once
beforeAll(loadAllLanguages);

let lastLocation = '';
function LocationProbe() {
  const location = useLocation();
  lastLocation = `${location.pathname}${location.search}`;
  return null;
}

function OpenButton() {
  const guide = useCryptoGuide();
  return (
    <button type="button" onClick={() => guide.open('exchange')}>
      open guide
    </button>
  );
}

function renderGuide(path: string, language = 'en') {
  initI18n('en');
  act(() => {
    void i18next.changeLanguage(language);
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <OpenButton />
      <CryptoGuideDrawer />
      <LocationProbe />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  act(() => {
    void i18next.changeLanguage('en');
  });
});

function stepImages() {
  return within(screen.getByTestId('crypto-guide')).getAllByTestId('crypto-guide-step-image');
}

describe('the crypto guide drawer', () => {
  it('stays closed without guide=crypto', () => {
    renderGuide('/en/?guide=bonus');
    expect(screen.queryByTestId('crypto-guide')).toBeNull();
  });

  it('opens from the URL on the first service, with five real tabs and the service link', () => {
    renderGuide('/en/?guide=crypto');
    const drawer = screen.getByRole('dialog', { name: 'How to buy crypto' });
    expect(drawer.getAttribute('data-testid')).toBe('crypto-guide');
    const tabs = within(drawer).getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('data-testid'))).toEqual([
      'crypto-guide-tab-aggregator',
      'crypto-guide-tab-exchange',
      'crypto-guide-tab-crypto-bot',
      'crypto-guide-tab-messenger-wallet',
      'crypto-guide-tab-self-custody',
    ]);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    const panel = within(drawer).getByRole('tabpanel');
    expect(panel.textContent).toContain('Exchange aggregator');
    expect(panel.textContent).toContain('Choose the same coin and the same network');
    expect(panel.textContent).toContain('If the casino shows a memo');
    expect(within(panel).getAllByRole('listitem').length).toBeGreaterThan(8);

    const link = within(drawer).getByTestId('crypto-guide-service-link');
    expect(link.getAttribute('href')).toBe(cryptoGuideService('aggregator').url);
    expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toContain('Open ChangeRadar');

    // English players get the English step images: four phone screens with the step in them
    const images = stepImages();
    expect(images).toHaveLength(4);
    expect(images.every((image) => image.getAttribute('data-language') === 'en')).toBe(true);
    expect(images[1]?.getAttribute('aria-label')).toBe(
      'Step 2: Choose USDT in the same network as the casino',
    );
    expect(images[0]?.textContent).toContain('Step 1');
    // no recording is published for this tab: no video slot at all
    expect(within(drawer).queryByTestId('crypto-guide-video')).toBeNull();
  });

  it('picks the tab from service= and switches tabs, keeping the choice in the URL', () => {
    renderGuide('/en/games?guide=crypto&service=self-custody');
    const drawer = screen.getByTestId('crypto-guide');
    expect(
      within(drawer).getByTestId('crypto-guide-tab-self-custody').getAttribute('aria-selected'),
    ).toBe('true');
    expect(within(drawer).getByTestId('crypto-guide-service-link').getAttribute('href')).toBe(
      cryptoGuideService('self-custody').url,
    );
    expect(within(drawer).getByRole('tabpanel').textContent).toContain('recovery phrase');

    fireEvent.mouseDown(within(drawer).getByTestId('crypto-guide-tab-crypto-bot'), { button: 0 });

    expect(lastLocation).toBe('/en/games?guide=crypto&service=crypto-bot');
    expect(
      within(drawer).getByTestId('crypto-guide-tab-crypto-bot').getAttribute('aria-selected'),
    ).toBe('true');
    const panel = within(drawer).getByRole('tabpanel');
    expect(panel.textContent).toContain('Crypto bot in the messenger');
    expect(panel.textContent).toContain('pay the invoice in the bot');
    expect(within(panel).queryByTestId('crypto-guide-video')).toBeNull();
    expect(within(drawer).getByTestId('crypto-guide-service-link').getAttribute('href')).toBe(
      'https://t.me/CryptoBot',
    );
    expect(stepImages()[0]?.getAttribute('aria-label')).toBe(
      'Step 1: Start the bot and open Wallet',
    );
  });

  it('falls back to the first tab for an unknown service', () => {
    renderGuide('/en/?guide=crypto&service=nope');
    expect(screen.getByTestId('crypto-guide-tab-aggregator').getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('shows Russian-language players the Russian step images', () => {
    renderGuide('/ru/?guide=crypto&service=messenger-wallet', 'ru');
    const drawer = screen.getByRole('dialog', { name: 'Как купить криптовалюту' });
    expect(within(drawer).getByRole('tabpanel').textContent).toContain(
      'Кошелёк, встроенный в мессенджер',
    );
    const images = stepImages();
    expect(images.every((image) => image.getAttribute('data-language') === 'ru')).toBe(true);
    expect(images.every((image) => image.getAttribute('lang') === 'ru')).toBe(true);
    expect(images[2]?.getAttribute('aria-label')).toBe('Шаг 3: Отправьте на адрес, добавьте memo');
    expect(images[2]?.textContent).toContain('Memo / комментарий');
    expect(images[2]?.textContent).not.toContain('Address');
  });

  it('shows everyone else the English images, with the page in their language', () => {
    renderGuide('/uk/?guide=crypto&service=exchange', 'uk');
    const drawer = screen.getByRole('dialog', { name: 'Як купити криптовалюту' });
    expect(within(drawer).getByRole('tabpanel').textContent).toContain('Криптобіржа');
    const images = stepImages();
    expect(images.every((image) => image.getAttribute('data-language') === 'en')).toBe(true);
    expect(images[0]?.getAttribute('aria-label')).toBe('Step 1: Buy USDT with a card or on P2P');
  });

  it('closes with Escape, drops only its own parameters and gives focus back', async () => {
    renderGuide('/en/?wallet=deposit');
    const opener = screen.getByRole('button', { name: 'open guide' });
    opener.focus();
    fireEvent.click(opener);
    expect(lastLocation).toBe('/en/?wallet=deposit&guide=crypto&service=exchange');
    const drawer = screen.getByTestId('crypto-guide');
    expect(
      within(drawer).getByTestId('crypto-guide-tab-exchange').getAttribute('aria-selected'),
    ).toBe('true');

    fireEvent.keyDown(drawer, { key: 'Escape' });

    await waitFor(() => expect(screen.queryByTestId('crypto-guide')).toBeNull());
    expect(lastLocation).toBe('/en/?wallet=deposit');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes with its close button too', () => {
    renderGuide('/en/?guide=crypto&service=exchange');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('crypto-guide')).toBeNull();
    expect(lastLocation).toBe('/en/');
  });
});

describe('the guide video slot', () => {
  it('plays the configured clip with its poster', () => {
    initI18n('en');
    const poster = '/crypto-guide/poster-exchange.svg';
    render(
      <GuideVideo
        service={{ name: 'Coinvale' }}
        video={{ url: 'https://cdn.example/guide.mp4', poster }}
      />,
    );
    const slot = screen.getByTestId('crypto-guide-video');
    const video = slot.querySelector('video');
    expect(video?.getAttribute('src')).toBe('https://cdn.example/guide.mp4');
    expect(video?.getAttribute('poster')).toBe(poster);
    expect(video?.getAttribute('aria-label')).toBe('Video guide: Coinvale');
  });
});
