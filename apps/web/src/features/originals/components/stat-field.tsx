import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A labelled read-only figure of a game (multiplier, win chance, profit on win). */
export function StatField({
  label,
  children,
  className,
  testId,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <span className="text-[11px] font-medium text-ink-400">{label}</span>
      <span
        data-testid={testId}
        className="flex h-10 items-center truncate rounded-xl border border-ink-700 bg-ink-800 px-3 font-mono text-sm text-ink-100 tabular-nums"
      >
        {children}
      </span>
    </div>
  );
}

/** A two- or more-way choice shown as joined buttons (over/under, risk levels). */
export function SegmentedControl<Value extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-xs font-medium text-ink-200">{label}</legend>
      <div className="flex rounded-xl bg-ink-800 p-1 ring-1 ring-ink-700">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={option.value === value}
            onClick={() => onChange(option.value)}
            className={cn(
              'h-8 min-w-0 flex-1 cursor-pointer truncate rounded-lg px-2 text-xs font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
              option.value === value
                ? 'bg-ink-600 text-ink-100 shadow'
                : 'text-ink-300 hover:text-ink-100',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
