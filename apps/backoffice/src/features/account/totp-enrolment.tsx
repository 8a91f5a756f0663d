import type { TotpEnrolment as Enrolment } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { api, errorMessage } from '@/lib/api.ts';
import { meQueryKey } from '@/lib/me.ts';

/**
 * Two-factor enrolment: the server makes a secret and its QR code, the operator scans it into an
 * authenticator app and proves it with a code; the ten recovery codes are shown once.
 */
export function TotpEnrolment({ onDone }: { onDone?: () => void }) {
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setEnrolment(await api<Enrolment>('/me/totp/enrol', { method: 'POST', body: {} }));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api<{ recoveryCodes: string[] }>('/me/totp/confirm', {
        method: 'POST',
        body: { code: code.trim() },
      });
      setRecoveryCodes(result.recoveryCodes);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">
          Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in once
          if you lose your authenticator. They are not shown again.
        </p>
        <ul
          data-testid="recovery-codes"
          className="grid grid-cols-2 gap-1 rounded-md bg-canvas p-3 font-mono text-sm"
        >
          {recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>{recoveryCode}</li>
          ))}
        </ul>
        <Button
          variant="primary"
          onClick={async () => {
            await queryClient.invalidateQueries({ queryKey: meQueryKey });
            onDone?.();
          }}
        >
          I have saved them
        </Button>
      </div>
    );
  }
  if (!enrolment) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted">
          Protect your account with a code from an authenticator app (Google Authenticator,
          1Password, Authy…) at every sign-in.
        </p>
        {error ? <p className="text-sm text-red-600">{error}</p> : null}
        <Button variant="primary" onClick={() => void start()} loading={busy}>
          Set up two-factor sign-in
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={confirm} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start gap-4">
        <img
          src={enrolment.qrCode}
          alt="QR code for your authenticator app"
          className="size-44 rounded-md border border-line bg-white p-2"
        />
        <div className="min-w-0 flex-1 text-sm">
          <p>Scan the code with your authenticator app, or type this key:</p>
          <code
            data-testid="totp-secret"
            className="mt-2 block rounded bg-canvas px-2 py-1 font-mono text-xs break-all"
          >
            {enrolment.secret}
          </code>
        </div>
      </div>
      <InputField
        label="The 6-digit code your app shows"
        error={error ?? undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputClassName="w-40 font-mono tracking-widest"
      />
      <div>
        <Button type="submit" variant="primary" loading={busy}>
          Turn on
        </Button>
      </div>
    </form>
  );
}
