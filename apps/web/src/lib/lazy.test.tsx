// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, test } from 'vitest';
import { lazy } from './lazy';

afterEach(cleanup);

function Page() {
  return <p>the page</p>;
}

test('a preloaded page renders in the first commit, not its fallback', async () => {
  let loads = 0;
  const LazyPage = lazy(async () => {
    loads += 1;
    return { default: Page };
  });
  await LazyPage.preload();
  // synchronously, without act: the first commit holds the page
  render(
    <Suspense fallback={<p>the fallback</p>}>
      <LazyPage />
    </Suspense>,
  );
  expect(screen.getByText('the page')).toBeDefined();
  expect(screen.queryByText('the fallback')).toBeNull();
  // preloading again, or rendering, loads the code once
  await LazyPage.preload();
  expect(loads).toBe(1);
});

test('without a preload the page suspends first, then renders (its code fetched once)', async () => {
  let loads = 0;
  const LazyPage = lazy(async () => {
    loads += 1;
    return { default: Page };
  });
  render(
    <Suspense fallback={<p>the fallback</p>}>
      <LazyPage />
    </Suspense>,
  );
  expect(screen.getByText('the fallback')).toBeDefined();
  await act(async () => {
    await LazyPage.preload();
  });
  expect(await screen.findByText('the page')).toBeDefined();
  expect(loads).toBe(1);
});

test('a failed preload is asked for again by the next one', async () => {
  let loads = 0;
  const LazyPage = lazy(async () => {
    loads += 1;
    if (loads === 1) throw new Error('offline');
    return { default: Page };
  });
  await LazyPage.preload();
  await LazyPage.preload();
  expect(loads).toBe(2);
  render(
    <Suspense fallback={<p>the fallback</p>}>
      <LazyPage />
    </Suspense>,
  );
  expect(screen.getByText('the page')).toBeDefined();
});
