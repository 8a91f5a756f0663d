// @vitest-environment happy-dom
import type { NavigationCategory } from '@casino/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { CategoryRow, stripTilesAhead } from './game-row';
import { clientWithGamesPage, gamesPageFixture } from './games-page.fixture';

afterEach(cleanup);

const page = gamesPageFixture(120);

const popular: NavigationCategory = {
  id: 1,
  parentId: null,
  position: 0,
  title: 'Popular',
  value: 'popular',
  icon: 'flame',
  entity: 'category',
};

test('a strip keeps the screen it shows, the next one and one more tile rendered', () => {
  // before layout: one screen, the next, one peeking
  expect(stripTilesAhead(3, 0, 0)).toBe(7);
  // 3 columns of a 390 px strip (gaps of 12): a tile and its gap are 134 px
  expect(stripTilesAhead(3, 0, 390)).toBe(7);
  // one screen scrolled: tiles 4–6 shown, 7–9 next, one more
  expect(stripTilesAhead(3, 402, 390)).toBe(10);
  // half a tile further: the seventh tile is partly shown
  expect(stripTilesAhead(3, 469, 390)).toBe(11);
});

test('a row renders the tiles it shows, then a screen ahead, then more as it is scrolled', async () => {
  const queryClient = clientWithGamesPage('popular', page);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/en/']}>
        <CategoryRow category={popular} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await act(async () => {});
  const row = screen.getByTestId('category-row');
  const tiles = () => within(row).getAllByTestId('game-tile');
  // happy-dom's window is 1024 px wide: 6 columns; a screen, the next one and one more
  expect(tiles()).toHaveLength(13);
  expect(within(row).getByTestId('see-all').textContent).toContain('120');

  // the strip laid out 600 px wide: a tile and its gap are 102 px
  const strip = tiles()[0]?.parentElement?.parentElement;
  if (!strip) throw new Error('no strip');
  Object.defineProperty(strip, 'clientWidth', { configurable: true, value: 600 });
  strip.scrollLeft = 612;
  fireEvent.scroll(strip);
  // tiles 7–12 shown, 13–18 next, one more
  expect(tiles()).toHaveLength(19);
  // the "next" button renders the screen it moves to (and the one after) before it scrolls
  strip.scrollBy = () => undefined;
  fireEvent.click(within(row).getByRole('button', { name: 'Scroll right' }));
  expect(tiles()).toHaveLength(25);
  // scrolled to the end, every game of the row is there, in order
  strip.scrollLeft = 30 * 102;
  fireEvent.scroll(strip);
  expect(tiles().map((tile) => tile.dataset.gameId)).toEqual(page.items.map((game) => game.id));
});
