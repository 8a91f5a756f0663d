import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '@/hooks/use-copy';
import { cn } from '@/lib/cn';

export interface CopyButtonProps {
  value: string;
  label?: string;
  className?: string;
}

export function CopyButton({ value, label, className }: CopyButtonProps) {
  const { t } = useTranslation();
  const copy = useCopy();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <button
      type="button"
      onClick={() => {
        void copy(value).then(() => setCopied(true));
      }}
      aria-label={label ?? t('Shared.copy')}
      title={label ?? t('Shared.copy')}
      className={cn(
        'grid size-8 shrink-0 cursor-pointer place-items-center rounded-lg text-ink-300 transition-colors hover:bg-ink-700 hover:text-ink-100',
        className,
      )}
    >
      {copied ? (
        <Check className="size-4 text-money-400" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}

/** A value in a mono box with its copy button: user ids, IP addresses, e-mails. */
export function CopyableValue({ value, label, className }: CopyButtonProps) {
  return (
    <div
      className={cn(
        'flex min-w-0 items-center justify-between gap-2 rounded-xl border border-ink-700 bg-ink-800 py-1 pr-1 pl-3.5',
        className,
      )}
    >
      <span className="truncate font-mono text-sm text-ink-100">{value}</span>
      <CopyButton value={value} label={label} />
    </div>
  );
}
