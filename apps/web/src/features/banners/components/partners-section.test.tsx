// @vitest-environment happy-dom
import type { Partner } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { partnersQueryOptions } from '../api/get-partners';
import { PartnersSection } from './partners-section';

initI18n('en');

const partners: Partner[] = [
  {
    id: 'safer-play',
    title: 'Safer Play Foundation',
    description: 'Free and confidential help, around the clock.',
    image: '/banners/partner-safer-play.svg',
    url: 'https://example.com/safer-play',
  },
  {
    id: 'orbit-esports',
    title: 'Orbit Esports',
    description: 'Our esports team.',
    image: '/banners/partner-esports.svg',
    url: 'https://example.com/orbit-esports',
  },
];

function renderSection(list: Partner[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(partnersQueryOptions('en').queryKey, list);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/en/']}>
        <PartnersSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
});

// the modal's code is fetched when it first opens (`LazyLayer`): fetched once here, so the test
// waits for the modal rather than for the module's first transform
beforeAll(() => import('./partners-modal'));

describe('the partners modal', () => {
  test('opens on a partner with its picture, title, description and site in a new tab', async () => {
    renderSection(partners);
    expect(screen.queryByTestId('partners-modal')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'About Safer Play Foundation' }));
    const modal = await screen.findByTestId('partners-modal');
    expect(within(modal).getByRole('heading', { name: 'Safer Play Foundation' })).toBeTruthy();
    expect(modal.textContent).toContain('Free and confidential help, around the clock.');
    expect(modal.querySelector('img')?.getAttribute('src')).toBe('/banners/partner-safer-play.svg');
    const site = within(modal).getByTestId('partners-modal-open');
    expect(site.getAttribute('href')).toBe('https://example.com/safer-play');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');

    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('partners-modal')).toBeNull();
    fireEvent.click(screen.getByTestId('partner-orbit-esports'));
    expect(screen.getByTestId('partners-modal').textContent).toContain('Our esports team.');
  });

  test('shows nothing without partners', () => {
    renderSection([]);
    expect(screen.queryByRole('heading', { name: 'Our partners' })).toBeNull();
  });
});
