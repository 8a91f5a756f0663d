import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function PageHeader({
  title,
  subtitle,
  icon,
  back,
  actions,
}: {
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <div className="mb-5 flex flex-col gap-3 md:mb-6">
      {back ? (
        <Link
          to={back.to}
          className="inline-flex w-fit items-center gap-1 text-xs font-semibold text-ink-300 transition-colors hover:text-ink-100"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          {icon ? (
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-ink-750 text-brand-300 ring-1 ring-ink-600">
              {icon}
            </span>
          ) : null}
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-extrabold tracking-tight text-ink-100 md:text-3xl">
              {title}
            </h1>
            {subtitle ? <p className="mt-0.5 text-sm text-ink-300">{subtitle}</p> : null}
          </div>
        </div>
        {actions}
      </div>
    </div>
  );
}
