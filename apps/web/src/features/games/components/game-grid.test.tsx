// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { useGames } from '../api/get-games';
import { GameGrid } from './game-grid';
import { clientWithGamesPage, gamesPageFixture } from './games-page.fixture';

afterEach(cleanup);

const page = gamesPageFixture(30);

/** The tiles in the page at the probe's commits (its first is the page's first). */
const tilesAtCommit: number[] = [];

function CommitProbe() {
  useLayoutEffect(() => {
    tilesAtCommit.push(document.querySelectorAll('[data-testid=game-tile]').length);
  });
  return null;
}

function Category() {
  return (
    <>
      <GameGrid query={useGames({ category: 'slots' })} />
      <CommitProbe />
    </>
  );
}

test('the first render draws the first rows of tiles, the rest right after', async () => {
  const queryClient = clientWithGamesPage('slots', page);
  // happy-dom's window is 1024 px wide: 6 columns, so four rows are 24 tiles
  const tree = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/en/categories/slots/games']}>
        <Category />
      </MemoryRouter>
    </QueryClientProvider>
  );
  render(tree);
  await act(async () => {});
  // the first commit: four rows of six; then the rest, in a later commit
  expect(tilesAtCommit[0]).toBe(24);
  expect(screen.getAllByTestId('game-tile')).toHaveLength(30);
});
