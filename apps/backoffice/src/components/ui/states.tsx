import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api.ts';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-muted">
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="px-4 py-10 text-center text-sm text-muted">{children}</div>;
}

export function ErrorState({ error }: { error: unknown }) {
  return (
    <div role="alert" className="m-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {errorMessage(error)}
    </div>
  );
}

/** What `QueryState` shows: a TanStack query's state. */
export interface QueryLike<T> {
  data: T | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A query's states: a spinner while it loads (in a box of `spinnerClassName`, e.g. `p-4`), its
 * error, then `children` of its data (nothing while there is none).
 */
export function QueryState<T>({
  query,
  spinnerClassName,
  children,
}: {
  query: QueryLike<T>;
  spinnerClassName?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) {
    return spinnerClassName ? (
      <div className={spinnerClassName}>
        <Spinner />
      </div>
    ) : (
      <Spinner />
    );
  }
  if (query.isError) return <ErrorState error={query.error} />;
  return query.data === undefined ? null : children(query.data);
}
