import type { OperatorLoginResponse } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { api, errorMessage } from '@/lib/api.ts';
import { meQueryKey } from '@/lib/me.ts';

/**
 * Operator sign-in: e-mail and password, then — for an operator with two-factor on — the code
 * from the authenticator app or one recovery code. The session is an httpOnly cookie.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signedIn = async () => {
    await queryClient.resetQueries({ queryKey: meQueryKey });
    await navigate('/', { replace: true });
  };
  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api<OperatorLoginResponse>('/auth/login', {
        method: 'POST',
        body: { email: email.trim(), password },
      });
      if ('challenge' in result) setChallenge(result.challenge);
      else await signedIn();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setBusy(true);
    setError(null);
    try {
      await api('/auth/totp', { method: 'POST', body: { challenge, code: code.trim() } });
      await signedIn();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-full items-center justify-center p-4">
      <Card className="w-full max-w-sm p-6">
        <div className="mb-6 flex items-center gap-2">
          <img src="/favicon.svg" alt="" className="size-7" />
          <div>
            <h1 className="text-base font-semibold">Lucky Orbit back office</h1>
            <p className="text-xs text-muted">Operators only. Every action is audited.</p>
          </div>
        </div>
        {challenge ? (
          <form onSubmit={submitCode} className="flex flex-col gap-4">
            <InputField
              label="Authentication code"
              hint="The 6-digit code from your authenticator app, or a recovery code."
              error={error ?? undefined}
              name="code"
              autoFocus
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputClassName="font-mono tracking-widest"
            />
            <Button type="submit" variant="primary" loading={busy}>
              Verify
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setChallenge(null);
                setCode('');
                setError(null);
              }}
            >
              Back
            </Button>
          </form>
        ) : (
          <form onSubmit={submitPassword} className="flex flex-col gap-4">
            <InputField
              label="E-mail"
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <InputField
              label="Password"
              error={error ?? undefined}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button type="submit" variant="primary" loading={busy}>
              Sign in
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
