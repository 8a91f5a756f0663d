// @vitest-environment happy-dom
import type { WheelPrize } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { initI18n } from '@/lib/i18n';
import { useWheelDialog } from '../hooks/use-wheel-dialog';
import { WheelDialog } from './wheel-dialog';
import { WheelTile } from './wheel-tile';

initI18n('en');

const prizes: WheelPrize[] = Array.from({ length: 8 }, (_, index) => ({
  id: `prize-${index}`,
  amount: `${(index + 1) * 10}.00`,
  currency: 'USD',
  balanceType: 'main',
  weight: 1,
  probability: '0.125000',
}));

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

let location = '';
function LocationProbe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

function Harness({ children }: { children: ReactNode }) {
  const wheel = useWheelDialog();
  return (
    <>
      {children}
      <WheelDialog onSignUp={() => wheel.close({ auth: 'register' })} />
      <LocationProbe />
    </>
  );
}

function renderAt(path: string, children: ReactNode = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Harness>{children}</Harness>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const fetchMock = vi.fn<typeof fetch>();
const requested = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAuthToken();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the wheel modal', () => {
  test('a guest gets the logged-out wheel, never the status, and the sign-up prompt after 5.5 s', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(prizes));
    renderAt('/en/?wheel=1');
    await vi.waitFor(() => screen.getByTestId('logged-out-wheel'));
    // 15 slices even though the operator set 8
    expect(screen.getAllByTestId('wheel-slice')).toHaveLength(15);
    expect(requested()).toEqual(['/api/v2/turbine_of_luck/prizes']);

    fireEvent.click(screen.getByTestId('wheel-spin'));
    await advance(5_000);
    expect(screen.queryByTestId('wheel-sign-up-prompt')).toBeNull();
    await advance(500);
    const prompt = screen.getByTestId('wheel-sign-up-prompt');
    expect(prompt.textContent).toMatch(/Your prize: \$\d+\.00/);

    fireEvent.click(screen.getByTestId('wheel-sign-up'));
    expect(location).toBe('/en/?auth=register');
    expect(screen.queryByTestId('wheel-modal')).toBeNull();
    expect(requested()).not.toContain('/api/v2/turbine_of_luck/user');
  });

  test('nothing is rendered without prizes', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]));
    renderAt('/en/?wheel=1');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await advance(100);
    expect(screen.queryByTestId('wheel-modal')).toBeNull();
  });

  test("a player's wheel fetches the status; closing refreshes every wheel query", async () => {
    setAuthToken('token');
    fetchMock.mockImplementation(async (url) =>
      jsonResponse(
        String(url).endsWith('/user')
          ? { isAvailable: true, nextAt: '2030-01-02T00:00:00.000Z' }
          : prizes,
      ),
    );
    const queryClient = renderAt('/en/?wheel=1');
    // the prizes first, then the status the player's wheel asks for
    await vi.waitFor(() => screen.getByTestId('player-wheel'));
    // at most 15 shown, the first moved to the end
    const labels = screen.getAllByTestId('wheel-slice').map((slice) => slice.dataset.label);
    expect(labels).toEqual(['$20', '$30', '$40', '$50', '$60', '$70', '$80', '$10']);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(location).toBe('/en/');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['turbine_of_luck'] });
  });
});

describe('the wheel tile', () => {
  test('an available spin opens the wheel', async () => {
    setAuthToken('token');
    fetchMock.mockImplementation(async (url) =>
      jsonResponse(
        String(url).endsWith('/user')
          ? { isAvailable: true, nextAt: '2030-01-02T00:00:00.000Z' }
          : prizes,
      ),
    );
    renderAt('/en/bonuses', <WheelTile />);
    await vi.waitFor(() =>
      expect(screen.getByTestId('wheel-tile-state').textContent).toBe('Available rotation'),
    );
    fireEvent.click(screen.getByTestId('wheel-tile'));
    expect(location).toBe('/en/bonuses?wheel=1');
  });

  test('a used spin reads rotation used and shakes for 500 ms instead of opening', async () => {
    setAuthToken('token');
    fetchMock.mockImplementation(async (url) =>
      jsonResponse(
        String(url).endsWith('/user')
          ? { isAvailable: false, nextAt: '2030-01-02T00:00:00.000Z' }
          : prizes,
      ),
    );
    renderAt('/en/bonuses', <WheelTile />);
    await vi.waitFor(() =>
      expect(screen.getByTestId('wheel-tile-state').textContent).toBe('Rotation used'),
    );
    const tile = screen.getByTestId('wheel-tile');
    fireEvent.click(tile);
    expect(tile.dataset.shaking).toBe('true');
    expect(location).toBe('/en/bonuses');
    await advance(500);
    expect(tile.dataset.shaking).toBeUndefined();
  });
});
