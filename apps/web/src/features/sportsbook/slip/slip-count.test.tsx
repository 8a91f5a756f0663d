// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { slipStorageKey, storedSelectionCount, useSlipCount } from './slip-count';
import { SlipProvider } from './slip-provider';
import { emptySlip, serializeSlip } from './slip-state';
import { dispatchSlip } from './slip-store';

vi.mock('@/lib/realtime/realtime-provider', () => ({ useRealtimeChannel: () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Count() {
  return <span data-testid="count">{useSlipCount()}</span>;
}

describe('the slip count the shell shows', () => {
  test('a stored slip is counted at a glance; anything unreadable counts none', () => {
    const selection = { eventId: 1, marketId: 2, outcomeId: '1' };
    const stored = serializeSlip({ ...emptySlip, selections: [selection, selection] as never });
    expect(storedSelectionCount(stored)).toBe(2);
    expect(storedSelectionCount(null)).toBe(0);
    expect(storedSelectionCount('{not json')).toBe(0);
    expect(storedSelectionCount('{"version":1,"slip":{"selections":"no"}}')).toBe(0);
  });

  test("counted before the slip's code is in, then as the slip's code checked it, then as it changes", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
    // two selections the slip's checks refuse (another version of the app wrote them, say)
    window.localStorage.setItem(
      slipStorageKey,
      JSON.stringify({ version: 1, slip: { ...emptySlip, selections: [{ eventId: 'x' }, {}] } }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SlipProvider currency="USD" signedIn={false}>
          <Count />
        </SlipProvider>
      </QueryClientProvider>,
    );
    // the first paint: the stored slip at a glance, no slip code needed
    expect(screen.getByTestId('count').textContent).toBe('2');
    // the slip's code came for the stored slip and found nothing it can keep
    await screen.findByText('0');
    act(() => {
      dispatchSlip({
        type: 'toggle',
        selection: {
          eventId: 41,
          marketId: 410,
          outcomeId: '1',
          sportId: 1,
          eventName: 'Northcliff FC v Aldmoor FC',
          marketName: '1x2',
          outcomeName: 'Northcliff FC',
          live: false,
          odds: '2.00',
        },
      });
    });
    expect(screen.getByTestId('count').textContent).toBe('1');
    act(() => dispatchSlip({ type: 'clear' }));
    expect(screen.getByTestId('count').textContent).toBe('0');
  });
});
