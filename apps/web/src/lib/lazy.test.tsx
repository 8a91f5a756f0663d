// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy';

vi.mock('./i18n', () => ({ loadLaterTexts: () => Promise.resolve() }));

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPage', () => {
  it('once preloaded, renders the page in the first render, not the Suspense fallback', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Page = lazyPage(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Page name="player" />
      </Suspense>,
    );
    // synchronously: no fallback committed first
    expect(screen.getByText('Hello player')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    // preloading again, or rendering, loads the code once
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not preloaded, it suspends like React.lazy until the code is in', async () => {
    let resolve: (module: { default: typeof Greeting }) => void = () => {};
    const Page = lazyPage(
      () =>
        new Promise<{ default: typeof Greeting }>((done) => {
          resolve = done;
        }),
    );
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Page name="guest" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => resolve({ default: Greeting }));
    expect(await screen.findByText('Hello guest')).toBeTruthy();
  });

  it('a failed load is asked for again at the next preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: Greeting });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
