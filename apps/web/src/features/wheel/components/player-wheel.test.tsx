// @vitest-environment happy-dom
import type { WheelPrize, WheelSpinResult, WheelStatus } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { PlayerWheel } from './player-wheel';

initI18n('en');

const prizes: WheelPrize[] = Array.from({ length: 15 }, (_, index) => ({
  id: `prize-${index}`,
  amount: index === 0 ? '0.00' : `${index * 5}.00`,
  currency: 'USD',
  balanceType: index % 3 === 0 ? 'other' : 'main',
  weight: 1,
  probability: '0.066667',
}));

const nextAt = '2030-01-02T00:00:00.000Z';
const available: WheelStatus = { isAvailable: true, nextAt };
const used: WheelStatus = { isAvailable: false, nextAt };

function spinResult(overrides: Partial<WheelSpinResult> = {}): WheelSpinResult {
  return {
    id: 'spin-1',
    prizeId: 'prize-4',
    amount: '20.00',
    currency: 'USD',
    promo: null,
    balanceType: 'main',
    serverSeedHash: 'a'.repeat(64),
    clientSeed: 'client',
    nonce: 3,
    createdAt: '2030-01-01T12:00:00.000Z',
    verification: {
      serverSeedHash: 'a'.repeat(64),
      serverSeed: null,
      clientSeed: 'client',
      nonce: 3,
      round: 0,
      prizes: prizes.map((prize) => ({
        prizeId: prize.id,
        weight: prize.weight,
        amountUsd: prize.amount,
        balanceType: prize.balanceType,
      })),
      totalWeight: prizes.length,
      index: 4,
    },
    ...overrides,
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderWheel(status: WheelStatus, handlers: Partial<Record<string, () => void>> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onPrizeWon = vi.fn();
  const onGoToBonuses = vi.fn();
  const onVerifySpin = vi.fn();
  const onClose = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  render(
    <PlayerWheel
      prizes={prizes}
      status={status}
      onPrizeWon={handlers.onPrizeWon ?? onPrizeWon}
      onGoToBonuses={onGoToBonuses}
      onVerifySpin={onVerifySpin}
      onClose={onClose}
    />,
    { wrapper },
  );
  return { queryClient, onPrizeWon, onGoToBonuses, onVerifySpin, onClose };
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the player wheel', () => {
  test('an available wheel spins with an Idempotency-Key and lands on the prize after 5 s', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, spinResult()));
    const { onPrizeWon, onGoToBonuses } = renderWheel(available);
    const button = screen.getByTestId('wheel-spin');
    expect(button.textContent).toBe('Spin');

    fireEvent.click(button);
    expect(screen.getByTestId('player-wheel').dataset.phase).toBe('spinning');
    expect(screen.getByTestId('wheel-spin').textContent).toBe('Spinning…');
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v2/turbine_of_luck');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    // still turning until the landing ends 5 s after the click, then 500 ms more
    await advance(4_900);
    expect(screen.queryByTestId('wheel-result')).toBeNull();
    expect(onPrizeWon).not.toHaveBeenCalled();
    await advance(200);
    expect(onPrizeWon).toHaveBeenCalledWith(expect.objectContaining({ prizeId: 'prize-4' }));
    expect(screen.queryByTestId('wheel-result')).toBeNull();
    await advance(500);

    const result = screen.getByTestId('wheel-result');
    expect(result.dataset.balanceType).toBe('main');
    expect(screen.getByTestId('wheel-result-amount').textContent).toBe('$20.00');
    expect(result.textContent).toContain('Credited to your main balance.');
    // a prize's main button goes to /bonuses
    fireEvent.click(screen.getByTestId('wheel-result-action'));
    expect(onGoToBonuses).toHaveBeenCalledTimes(1);
    // the rotor rests with the prize's slice (index 4) under the pointer
    const transform = screen.getByTestId('wheel-rotor').getAttribute('transform') ?? '';
    const rotation = Number(/rotate\(([-\d.]+)\)/.exec(transform)?.[1]);
    expect((((rotation + 4 * 24) % 360) + 360) % 360).toBeCloseTo(0, 2);
  });

  test('a bonus prize says where it went and shows its promo code', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        200,
        spinResult({ prizeId: 'prize-3', amount: '15.00', balanceType: 'other', promo: 'SPIN15' }),
      ),
    );
    renderWheel(available);
    fireEvent.click(screen.getByTestId('wheel-spin'));
    await advance(5_600);
    const result = screen.getByTestId('wheel-result');
    expect(result.dataset.balanceType).toBe('other');
    expect(result.textContent).toContain('Credited as a bonus');
    expect(result.textContent).toContain('SPIN15');
  });

  test('the result offers to verify the spin: the shell opens it in the fairness verifier', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, spinResult({ id: 'spin-42' })));
    const { onVerifySpin, onGoToBonuses } = renderWheel(available);
    fireEvent.click(screen.getByTestId('wheel-spin'));
    await advance(5_600);
    const verify = screen.getByTestId('wheel-result-verify');
    expect(verify.textContent).toBe('Verify this spin');
    fireEvent.click(verify);
    expect(onVerifySpin).toHaveBeenCalledWith('spin-42');
    expect(onGoToBonuses).not.toHaveBeenCalled();
  });

  test('a zero prize reads no prize and its button only closes', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, spinResult({ prizeId: 'prize-0', amount: '0.00' })),
    );
    const { onClose, onGoToBonuses } = renderWheel(available);
    fireEvent.click(screen.getByTestId('wheel-spin'));
    await advance(5_600);
    expect(screen.getByTestId('wheel-result').textContent).toContain('No prize this time');
    fireEvent.click(screen.getByTestId('wheel-result-action'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onGoToBonuses).not.toHaveBeenCalled();
  });

  test('a used wheel reads rotation used, shakes for 500 ms when pressed and never posts', async () => {
    renderWheel(used);
    const button = screen.getByTestId('wheel-spin');
    expect(button.textContent).toBe('Rotation used');
    expect(screen.getByRole('timer')).toBeTruthy();

    fireEvent.click(button);
    expect(screen.getByTestId('wheel-shaker').dataset.shaking).toBe('true');
    await advance(499);
    expect(screen.getByTestId('wheel-shaker').dataset.shaking).toBe('true');
    await advance(1);
    expect(screen.getByTestId('wheel-shaker').dataset.shaking).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('after a spin the wheel reads rotation used and a second press shakes instead', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, spinResult()));
    renderWheel(available);
    fireEvent.click(screen.getByTestId('wheel-spin'));
    await advance(5_600);
    fireEvent.click(screen.getByRole('button', { name: 'Rotation used' }));
    expect(screen.getByTestId('wheel-shaker').dataset.shaking).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('a refused spin returns to the ready wheel and refreshes the status', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, {
        detail: 'turbine_not_available',
        message: 'Turbine of luck is not available',
        key: 'req-1',
        time: '2030-01-01T10:00:00.000Z',
      }),
    );
    const { queryClient } = renderWheel(available);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(screen.getByTestId('wheel-spin'));
    await advance(0);
    expect(screen.getByTestId('player-wheel').dataset.phase).toBe('ready');
    expect(screen.getByTestId('wheel-spin').textContent).toBe('Spin');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['turbine_of_luck', 'user'] });
  });
});
