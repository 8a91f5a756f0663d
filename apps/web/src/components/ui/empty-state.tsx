import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  text?: string;
  action?: ReactNode;
  className?: string;
}

/** The honest answer of a list with nothing in it. */
export function EmptyState({ icon: Icon, title, text, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-ink-700 bg-ink-850/60 px-6 py-12 text-center',
        className,
      )}
    >
      <div className="mb-4 grid size-14 place-items-center rounded-2xl bg-ink-750 text-brand-300 ring-1 ring-ink-600">
        <Icon className="size-7" aria-hidden="true" />
      </div>
      <p className="text-base font-semibold text-ink-100">{title}</p>
      {text ? <p className="mt-1 max-w-sm text-sm text-ink-300">{text}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
