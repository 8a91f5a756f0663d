// @vitest-environment happy-dom
import { type Banner, type BannersResponse, openPlayerCategory } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { bannersQueryOptions } from '../api/get-banners';
import { autoplayIntervalMs } from '../hooks/use-carousel';
import { BannerCarousel, type BannerCarouselProps, reducedMotionQuery } from './banner-carousel';

initI18n('en');

function banner(id: string, type: Banner['type'], overrides: Partial<Banner> = {}): Banner {
  return {
    id,
    type,
    descriptions: {
      en: {
        image_bg: `/banners/${id}-bg.svg`,
        image_fg: `/banners/${id}-fg.en.svg`,
        image_3: null,
        title: `${id} title`,
        text: `${id} text`,
      },
    },
    url: null,
    games: [],
    game_providers: [],
    game_categories: [],
    promo_category: null,
    tournament: null,
    settings: { geo: [], player_category: openPlayerCategory },
    ...overrides,
  };
}

const banners: BannersResponse = {
  country: 'DE',
  items: [
    banner('bonus', 'bonus_on_deposit', { url: '/bonuses' }),
    banner('race', 'tournament', {
      tournament: {
        id: 'spring-race',
        descriptions: { en: { name: 'Spring race', image: '/t.svg' } },
        ends_at: '2030-05-01T12:00:00.000Z',
        vip_players_only: false,
      },
    }),
    banner('wallet', 'wallet'),
    banner('login', 'login'),
    banner('vip', 'vip', {
      settings: { geo: [], player_category: { ...openPlayerCategory, vip: true } },
    }),
  ],
};

const guest = { signedIn: false, isVip: false, hasDeposits: false, billing: null };

function renderCarousel(viewer: BannerCarouselProps['viewer'] = guest) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(bannersQueryOptions('en', false).queryKey, banners);
  const handlers = {
    onSignUp: vi.fn(),
    onLogin: vi.fn(),
    onOpenWallet: vi.fn(),
    onOpenWheel: vi.fn(),
  };
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/en/']}>
        <BannerCarousel viewer={viewer} {...handlers} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return handlers;
}

function currentSlide(): HTMLElement {
  const slide = screen
    .getAllByRole('group', { hidden: true })
    .find((element) => element.getAttribute('data-current') === 'true');
  if (!slide) throw new Error('no current slide');
  return slide;
}

function stubReducedMotion(reduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === reducedMotionQuery ? reduced : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the banner carousel', () => {
  test('is a labelled carousel region of labelled slides with previous and next buttons', () => {
    renderCarousel();
    const region = screen.getByTestId('banner-carousel');
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(region.getAttribute('aria-label')).toBe('Promotions');
    // a guest: no VIP banner
    expect(screen.queryByTestId('banner-slide-vip')).toBeNull();
    const first = screen.getByTestId('banner-slide-bonus');
    expect(first.getAttribute('aria-roledescription')).toBe('slide');
    expect(first.getAttribute('aria-label')).toBe('1 of 4');
    expect(screen.getByTestId('banner-slide-race').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('banner-prev').getAttribute('aria-label')).toBe('Previous banner');
    expect(screen.getByTestId('banner-next').getAttribute('aria-label')).toBe('Next banner');
    // the arrows are hidden below md
    expect(screen.getByTestId('banner-next').className).toMatch(/\bhidden\b.*\bmd:grid\b/);
  });

  test('a slide’s pictures are asked for once it is shown or next to the one shown, then kept', () => {
    renderCarousel();
    const pictures = (id: string) =>
      screen.getByTestId(`banner-slide-${id}`).querySelectorAll('img').length;
    // the first slide, the next one and the last (before it, wrapping around)
    expect(pictures('bonus')).toBe(2);
    expect(pictures('race')).toBe(2);
    expect(pictures('login')).toBe(2);
    // two away: its copy is there, its pictures are not fetched yet
    expect(pictures('wallet')).toBe(0);
    expect(
      within(screen.getByTestId('banner-slide-wallet')).getByText('wallet title'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('banner-next'));
    expect(pictures('wallet')).toBe(2);
    fireEvent.click(screen.getByTestId('banner-prev'));
    fireEvent.click(screen.getByTestId('banner-prev'));
    // back at the last slide: the ones seen keep their pictures
    expect(pictures('wallet')).toBe(2);
    expect(pictures('bonus')).toBe(2);
  });

  test('the arrows and arrow keys turn the slides, wrapping around', () => {
    renderCarousel();
    fireEvent.click(screen.getByTestId('banner-next'));
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-race');
    fireEvent.click(screen.getByTestId('banner-prev'));
    fireEvent.click(screen.getByTestId('banner-prev'));
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-login');
    fireEvent.keyDown(screen.getByTestId('banner-carousel'), { key: 'ArrowRight' });
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-bonus');
  });

  test('autoplay turns the slide and waits while the pointer is over the carousel', () => {
    renderCarousel();
    act(() => vi.advanceTimersByTime(autoplayIntervalMs));
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-race');
    fireEvent.mouseEnter(screen.getByTestId('banner-carousel'));
    act(() => vi.advanceTimersByTime(autoplayIntervalMs * 3));
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-race');
    fireEvent.mouseLeave(screen.getByTestId('banner-carousel'));
    act(() => vi.advanceTimersByTime(autoplayIntervalMs));
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-wallet');
  });

  test('autoplay waits while focus is inside the carousel', () => {
    renderCarousel();
    fireEvent.focus(screen.getByTestId('banner-next'));
    act(() => vi.advanceTimersByTime(autoplayIntervalMs * 2));
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-bonus');
  });

  test('autoplay never runs under reduced motion', () => {
    stubReducedMotion(true);
    renderCarousel();
    expect(screen.getByTestId('banner-carousel').getAttribute('data-playing')).toBe('false');
    act(() => vi.advanceTimersByTime(autoplayIntervalMs * 5));
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-bonus');
    // the arrows still work
    fireEvent.click(screen.getByTestId('banner-next'));
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-race');
  });

  test('a guest clicking the deposit bonus banner gets the sign-up step; login the sign-in', () => {
    const handlers = renderCarousel();
    fireEvent.click(within(screen.getByTestId('banner-slide-bonus')).getByRole('button'));
    expect(handlers.onSignUp).toHaveBeenCalledTimes(1);
    fireEvent.click(
      within(screen.getByTestId('banner-slide-login')).getByRole('button', { hidden: true }),
    );
    expect(handlers.onLogin).toHaveBeenCalledTimes(1);
    fireEvent.click(
      within(screen.getByTestId('banner-slide-wallet')).getByRole('button', { hidden: true }),
    );
    expect(handlers.onOpenWallet).toHaveBeenCalledTimes(1);
  });

  test('the tournament banner links to its page in the current locale', () => {
    renderCarousel();
    const link = within(screen.getByTestId('banner-slide-race')).getByRole('link', {
      hidden: true,
    });
    expect(link.getAttribute('href')).toBe('/en/tournaments/spring-race');
  });

  test('the tournament banner writes its end in the language’s date format (made in a task of its own)', () => {
    renderCarousel();
    act(() => vi.advanceTimersByTime(1));
    const slide = screen.getByTestId('banner-slide-race');
    const expected = new Intl.DateTimeFormat('en', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date('2030-05-01T12:00:00.000Z'));
    expect(within(slide).getByText(`Ends ${expected}`)).toBeTruthy();
  });

  test('a depositing VIP player: the wallet banner is gone, the VIP banner is there', () => {
    const handlers = renderCarousel({
      signedIn: true,
      isVip: true,
      hasDeposits: true,
      billing: { countDeposit: 1, sumDeposits: '20.00' },
    });
    expect(screen.queryByTestId('banner-slide-wallet')).toBeNull();
    expect(screen.queryByTestId('banner-slide-vip')).not.toBeNull();
    // signed in: the deposit bonus banner follows its url instead of the sign-up step
    const bonus = within(screen.getByTestId('banner-slide-bonus')).getByRole('link');
    expect(bonus.getAttribute('href')).toBe('/en/bonuses');
    fireEvent.click(bonus);
    expect(handlers.onSignUp).not.toHaveBeenCalled();
  });

  test('a swipe on touch turns the slide and is not taken as a click', () => {
    const handlers = renderCarousel();
    const viewport = screen.getByTestId('banner-slide-bonus').parentElement?.parentElement;
    if (!viewport) throw new Error('no viewport');
    const touch = { pointerId: 1, pointerType: 'touch' };
    fireEvent.pointerDown(viewport, { ...touch, clientX: 300, clientY: 100 });
    fireEvent.pointerMove(viewport, { ...touch, clientX: 250, clientY: 102 });
    fireEvent.pointerMove(viewport, { ...touch, clientX: 150, clientY: 104 });
    fireEvent.pointerUp(viewport, { ...touch, clientX: 150, clientY: 104 });
    fireEvent.click(
      within(screen.getByTestId('banner-slide-bonus')).getByRole('button', { hidden: true }),
    );
    expect(currentSlide().getAttribute('data-testid')).toBe('banner-slide-race');
    expect(handlers.onSignUp).not.toHaveBeenCalled();
  });
});
