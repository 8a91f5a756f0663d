import { clientSeedSchema } from '@casino/contract';
import { KeyRound, RefreshCw, ShieldCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyableValue } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useLocalizedPath } from '@/lib/use-locale';
import { useFairness } from '../api/get-fairness';
import { useRotateSeed } from '../api/rotate-seed';
import { useSetClientSeed } from '../api/set-client-seed';

function Labeled({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div data-testid={testId} className="flex min-w-0 flex-col gap-1">
      <span className="text-[11px] font-medium tracking-wide text-ink-400 uppercase">{label}</span>
      {children}
    </div>
  );
}

function ClientSeedForm({ current, disabled }: { current: string; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const save = useSetClientSeed();

  useEffect(() => setDraft(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = clientSeedSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Validation.invalid_value');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      <label htmlFor={id} className="text-[11px] font-medium tracking-wide text-ink-400 uppercase">
        {t('Originals.fairness.client_seed')}
      </label>
      <div className="flex gap-1.5">
        <input
          id={id}
          value={draft}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          className={cn(inputClassName, 'h-10 font-mono')}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={disabled || save.isPending || draft.trim() === current}
        >
          {save.isPending ? <Spinner /> : null}
          {t('Originals.fairness.save_seed')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-danger-400">
          {t(error)}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Provably fair controls: the committed server seed hash, the client seed (editable), the next
 * nonce, and the rotation that reveals the previous server seed.
 */
export function FairnessPanel({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const fairness = useFairness();
  const rotate = useRotateSeed();
  const state = fairness.data;

  return (
    <section
      data-testid="fairness-panel"
      aria-labelledby="fairness-panel-title"
      className="rounded-2xl border border-ink-700 bg-ink-850"
    >
      <header className="flex items-center justify-between gap-2 border-b border-ink-700 px-4 py-3">
        <h2
          id="fairness-panel-title"
          className="flex items-center gap-2 text-sm font-bold text-ink-100"
        >
          <ShieldCheck className="size-4 text-money-400" aria-hidden="true" />
          {t('Originals.fairness.title')}
        </h2>
        <Link
          to={localized('/fairness')}
          className="text-xs font-semibold text-brand-300 hover:text-brand-300/80"
        >
          {t('Originals.fairness.open_verifier')}
        </Link>
      </header>
      {!state ? (
        <div className="grid place-items-center py-8 text-ink-300">
          {fairness.isError ? t('Shared.temporary_difficulties') : <Spinner />}
        </div>
      ) : (
        <div className="flex flex-col gap-3 p-4">
          <Labeled
            label={t('Originals.fairness.server_seed_hash')}
            testId="fairness-server-seed-hash"
          >
            <CopyableValue value={state.serverSeedHash} />
          </Labeled>
          <ClientSeedForm current={state.clientSeed} disabled={locked} />
          <div className="flex items-end justify-between gap-3">
            <Labeled label={t('Originals.fairness.nonce')}>
              <span data-testid="fairness-nonce" className="font-mono text-sm text-ink-100">
                {state.nonce}
              </span>
            </Labeled>
            <Button
              variant="outline"
              size="sm"
              disabled={locked || rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              {rotate.isPending ? <Spinner /> : <RefreshCw className="size-3.5" aria-hidden />}
              {t('Originals.fairness.rotate')}
            </Button>
          </div>
          {locked ? <p className="text-xs text-ink-400">{t('Originals.fairness.locked')}</p> : null}
          {state.previous ? (
            <div
              data-testid="fairness-previous"
              className="flex flex-col gap-2 rounded-xl bg-ink-800 p-3"
            >
              <p className="flex items-center gap-1.5 text-xs font-semibold text-ink-200">
                <KeyRound className="size-3.5 text-gold-400" aria-hidden="true" />
                {t('Originals.fairness.previous_title', { count: state.previous.rounds })}
              </p>
              <Labeled label={t('Originals.fairness.server_seed')}>
                <CopyableValue value={state.previous.serverSeed} />
              </Labeled>
              <Labeled label={t('Originals.fairness.server_seed_hash')}>
                <span className="font-mono text-xs break-all text-ink-300">
                  {state.previous.serverSeedHash}
                </span>
              </Labeled>
              <Labeled label={t('Originals.fairness.client_seed')}>
                <span className="font-mono text-xs break-all text-ink-300">
                  {state.previous.clientSeed}
                </span>
              </Labeled>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
