// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearAuthToken, getAuthToken } from '@/lib/auth-token';
import { initI18n } from '@/lib/i18n';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

initI18n('en');

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function errorBody(detail: string, payload?: Record<string, unknown>) {
  return {
    detail,
    message: detail,
    ...(payload ? { payload } : {}),
    key: 'req-1',
    time: '2030-01-01T00:00:00.000Z',
  };
}

function renderWith(children: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearAuthToken();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sign-up form', () => {
  async function submitRegister(email: string, password: string) {
    renderWith(<RegisterForm onSuccess={() => undefined} termsHref="/en/terms" />);
    fill('E-mail', email);
    fill('Password', password);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  }

  test.each([
    ['12345678', 'This password is too common or easy to guess. Try a few unrelated words.'],
    ['password', 'This password is too common or easy to guess. Try a few unrelated words.'],
    ['Password1', 'This password is too common or easy to guess. Try a few unrelated words.'],
    ['player@example.com', 'The password must not be your e-mail address or its name part'],
    ['Casino2026!', 'The password must not be the name of the casino'],
  ])('refuses %s beside the field, before asking the server', async (password, message) => {
    await submitRegister('player@example.com', password);
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('sends a password that passes the rules', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { token: 'T'.repeat(43) }));
    await submitRegister('player@example.com', 'correct horse battery');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'player@example.com',
      password: 'correct horse battery',
    });
    await vi.waitFor(() => expect(getAuthToken()).toBe('T'.repeat(43)));
  });

  test('shows the server’s verdict on the password beside the field', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        400,
        errorBody('validation_error', {
          fields: [{ field: 'password', message: 'Validation.password_common' }],
        }),
      ),
    );
    await submitRegister('player@example.com', 'correct horse battery');
    expect(
      await screen.findByText(
        'This password is too common or easy to guess. Try a few unrelated words.',
      ),
    ).toBeTruthy();
  });
});

describe('sign-in form after a 429', () => {
  async function advance(ms: number) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }

  test.each([
    ['server_busy', 'Many players are signing in right now. Try again in'],
    ['rate_limited', 'Too many attempts. Try again in'],
  ])(
    '%s: counts down Retry-After with the button disabled, then lets the player try again',
    async (detail, text) => {
      vi.useFakeTimers({ shouldAdvanceTime: false });
      fetchMock.mockResolvedValueOnce(
        jsonResponse(429, errorBody(detail, { retryAfterSeconds: 3 }), { 'retry-after': '3' }),
      );
      renderWith(<LoginForm onSuccess={() => undefined} />);
      fill('E-mail', 'player@example.com');
      fill('Password', 'correct horse battery');
      const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
      fireEvent.click(button);
      await advance(0);
      await advance(0);

      expect(screen.getByRole('alert').textContent).toBe(`${text} 3\u00a0s.`);
      expect(button.disabled).toBe(true);
      await advance(1_000);
      expect(screen.getByRole('alert').textContent).toBe(`${text} 2\u00a0s.`);
      await advance(1_000);
      expect(screen.getByRole('alert').textContent).toBe(`${text} 1\u00a0s.`);
      expect(button.disabled).toBe(true);
      await advance(1_000);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(button.disabled).toBe(false);

      fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'S'.repeat(43) }));
      fireEvent.click(button);
      await advance(0);
      await advance(0);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(getAuthToken()).toBe('S'.repeat(43));
    },
  );
});
