import { CheckCircle2, XCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { inputClassName } from './field';

/**
 * The small fields and verdict lines of the in-browser verifiers (`/fairness`: original rounds
 * and wheel spins), where a player pastes seeds and numbers to recompute a result.
 */

/** A label over the control `children(id)` draws, and an optional hint under it. */
export function LabelledField({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-ink-200">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-[11px] text-ink-400">{hint}</p> : null}
    </div>
  );
}

/** A one-line text input for a seed, a nonce or a number; monospaced unless `mono` is false. */
export function VerifierTextField({
  label,
  value,
  onChange,
  invalid,
  mono = true,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  mono?: boolean;
  hint?: string;
  testId?: string;
}) {
  return (
    <LabelledField label={label} hint={hint}>
      {(id) => (
        <input
          id={id}
          data-testid={testId}
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={invalid ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
          className={cn(inputClassName, mono && 'font-mono text-xs sm:text-sm')}
        />
      )}
    </LabelledField>
  );
}

/** A verdict line: green with a tick when `ok`, red with a cross otherwise. */
export function VerifierCheck({
  ok,
  children,
  testId,
}: {
  ok: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <p
      data-testid={testId}
      data-ok={ok}
      className={cn(
        'flex items-start gap-2 rounded-xl px-3 py-2 text-sm',
        ok ? 'bg-money-500/10 text-money-400' : 'bg-danger-500/10 text-danger-400',
      )}
    >
      {ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <span>{children}</span>
    </p>
  );
}
