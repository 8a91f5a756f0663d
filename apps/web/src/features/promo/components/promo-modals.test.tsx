// @vitest-environment happy-dom
import type { PromoInfo, ShowModalInfo } from '@casino/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { initI18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { sessionFirstMarkKey } from '../first-deposit-timer';
import { parsePromoInfo, promoCookieChanged } from '../promo-cookie';
import { PromoCodeForm } from './promo-code-form';
import { FirstDepositPromoModal, PromoCookieModal } from './promo-modals';

initI18n('en');

const info: PromoInfo = {
  amount: '10.00',
  currency: 'USD',
  freespins_count: 0,
  freespins_amount: '0',
  code: 'FREE10',
  type: 'main',
};

function setPromoCookie(value: PromoInfo) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie
  document.cookie = `promo_info=${encodeURIComponent(JSON.stringify(value))}; path=/`;
  promoCookieChanged();
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderWith(children: ReactNode) {
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAuthToken();
  // biome-ignore lint/suspicious/noDocumentCookie: resets the test's cookie
  document.cookie = 'promo_info=; path=/; max-age=0';
  promoCookieChanged();
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The modal's code is fetched when it first opens (`LazyLayer`): waits for it to show. */
function shownModal(testId: string) {
  return vi.waitFor(() => screen.getByTestId(testId));
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('promo cookie modal', () => {
  test.each([
    ['main', 'promo-modal-added', 'Money added'],
    ['bonus', 'promo-modal-available', 'Bonus available'],
    ['conditions', 'promo-modal-have-promocode', 'You have a promo code'],
  ] as const)('cookie type %s shows %s', async (type, testId, title) => {
    setPromoCookie({ ...info, type });
    renderWith(<PromoCookieModal authStepOpen={false} onTopUp={() => undefined} />);
    const modal = await shownModal(testId);
    expect(modal.textContent).toContain(title);
    expect(modal.textContent).toContain('FREE10');
  });

  test('no cookie, no modal', () => {
    renderWith(<PromoCookieModal authStepOpen={false} onTopUp={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('it waits while the sign-in or sign-up step is open', async () => {
    setPromoCookie(info);
    const { rerender } = renderWith(
      <PromoCookieModal authStepOpen={true} onTopUp={() => undefined} />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PromoCookieModal authStepOpen={false} onTopUp={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await shownModal('promo-modal-added')).toBeTruthy();
  });

  test('closing hides it at once and clears the cookie 300 ms later', async () => {
    setPromoCookie(info);
    renderWith(<PromoCookieModal authStepOpen={false} onTopUp={() => undefined} />);
    await shownModal('promo-modal-added');
    fireEvent.click(screen.getByRole('button', { name: 'Great' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(299);
    expect(parsePromoInfo(document.cookie)).not.toBeNull();
    await advance(1);
    expect(parsePromoInfo(document.cookie)).toBeNull();
  });

  test('the have-promocode top-up button opens the wallet', async () => {
    setPromoCookie({ ...info, type: 'conditions' });
    const onTopUp = vi.fn();
    renderWith(<PromoCookieModal authStepOpen={false} onTopUp={onTopUp} />);
    await shownModal('promo-modal-have-promocode');
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(onTopUp).toHaveBeenCalledTimes(1);
  });

  test('free spins are listed and copying the code confirms for 2 s', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const success = vi.spyOn(toast, 'success');
    setPromoCookie({ ...info, type: 'bonus', freespins_count: 50, freespins_amount: '0.20' });
    renderWith(<PromoCookieModal authStepOpen={false} onTopUp={() => undefined} />);
    expect((await shownModal('promo-modal-freespins')).textContent).toBe('+50 free spins of $0.20');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith('FREE10');
    expect(success).toHaveBeenCalledWith(
      'Copied to clipboard',
      expect.objectContaining({ duration: 2000 }),
    );
  });
});

describe('first-deposit promo', () => {
  const shown: ShowModalInfo = { isShowModal: true, promo: { ...info, type: 'conditions' } };

  test('asks the server 10 minutes after the first mark, opens, and marks it shown', async () => {
    setAuthToken('token');
    fetchMock.mockImplementation(async () => jsonResponse(200, shown));
    renderWith(<FirstDepositPromoModal authStepOpen={false} onTopUp={() => undefined} />);
    expect(sessionStorage.getItem(sessionFirstMarkKey)).toBe(String(Date.now()));

    await advance(599_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [getCall, putCall] = fetchMock.mock.calls;
    expect(getCall?.[0]).toBe('/api/v1/me/show_modal_info');
    expect(getCall?.[1]?.method).toBe('GET');
    expect(putCall?.[0]).toBe('/api/v1/me/show_modal_info');
    expect(putCall?.[1]?.method).toBe('PUT');
    expect((await shownModal('promo-modal-have-promocode')).textContent).toContain(
      'A bonus for your first deposit',
    );
  });

  test('opens at once when the mark is older than 10 minutes', async () => {
    setAuthToken('token');
    sessionStorage.setItem(sessionFirstMarkKey, String(Date.now() - 11 * 60_000));
    fetchMock.mockImplementation(async () => jsonResponse(200, shown));
    renderWith(<FirstDepositPromoModal authStepOpen={false} onTopUp={() => undefined} />);
    await advance(0);
    await vi.waitFor(() => screen.getByTestId('promo-modal-have-promocode'));
  });

  test('the server saying no leaves it closed and unmarked', async () => {
    setAuthToken('token');
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { isShowModal: false, promo: null }),
    );
    renderWith(<FirstDepositPromoModal authStepOpen={false} onTopUp={() => undefined} />);
    await advance(600_000);
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('closing the wallet asks at once instead of waiting for the timer', async () => {
    setAuthToken('token');
    fetchMock.mockImplementation(async () => jsonResponse(200, shown));
    const view = renderWith(
      <FirstDepositPromoModal authStepOpen={false} onTopUp={() => undefined} />,
    );
    await advance(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
    // the app layer counts the wallet's closings
    view.rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <FirstDepositPromoModal
            authStepOpen={false}
            onTopUp={() => undefined}
            checkFirstDepositNow={1}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await advance(0);
    await vi.waitFor(() => screen.getByTestId('promo-modal-have-promocode'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/me/show_modal_info');
  });

  test('a guest is never asked', async () => {
    renderWith(<FirstDepositPromoModal authStepOpen={false} onTopUp={() => undefined} />);
    await advance(20 * 60_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('promo code form', () => {
  test('activates with an Idempotency-Key and reports the promo', async () => {
    setAuthToken('token');
    fetchMock.mockImplementation(async () => {
      setPromoCookie(info);
      return jsonResponse(200, info);
    });
    const onActivated = vi.fn();
    renderWith(<PromoCodeForm onActivated={onActivated} />);
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: ' free10 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await vi.waitFor(() => expect(onActivated).toHaveBeenCalledWith(info));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v2/promocodes/activate');
    expect(init?.body).toBe(JSON.stringify({ code: 'free10' }));
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect((screen.getByLabelText('Promo code') as HTMLInputElement).value).toBe('');
  });

  test('a refusal shows under the field; a malformed code is never sent', async () => {
    setAuthToken('token');
    fetchMock.mockImplementation(async () =>
      jsonResponse(409, {
        detail: 'promo_code_already_used',
        message: 'You have already used this promo code.',
        key: 'req',
        time: '2030-01-01T00:00:00.000Z',
      }),
    );
    renderWith(<PromoCodeForm />);
    const input = screen.getByLabelText('Promo code');
    fireEvent.change(input, { target: { value: 'no spaces allowed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid value');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'FREE10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('You have already used this promo code.'),
    );
  });
});
