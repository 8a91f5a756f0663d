import { Plus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from './ui/button.tsx';

/** A screen's title row and body. */
export function Page({
  title,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A list screen's primary "New …" button, with its plus. */
export function NewButton({ children, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button variant="primary" {...props}>
      <Plus className="size-4" /> {children}
    </Button>
  );
}
