import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export const inputClassName =
  'h-11 w-full rounded-xl border border-ink-600 bg-ink-800 px-3.5 text-sm text-ink-100 placeholder:text-ink-400 transition-colors hover:border-ink-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger-500 aria-invalid:focus:ring-danger-500/30';

export interface FieldProps {
  id: string;
  label: string;
  /** A translation key (`Validation.*`) or already translated text. */
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label, control, and either the error (translated from its key) or a hint under it. */
export function Field({ id, label, error, hint, children, className }: FieldProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-xs font-medium text-ink-200">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger-400">
          {t(error)}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(inputClassName, className)} {...props} />;
}
