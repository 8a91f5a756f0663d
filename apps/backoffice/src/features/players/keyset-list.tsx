import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState, ErrorState, Spinner } from '@/components/ui/states.tsx';
import { api, type QueryValue } from '@/lib/api.ts';
import { cn } from '@/lib/cn.ts';

export interface KeysetColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

interface KeysetPage<Row> {
  items: Row[];
  meta: { nextCursor: string | null };
}

/**
 * A list that grows (postings, rounds): newest first, paged by the server's keyset cursor with
 * "Load more" (an offset would skip or repeat rows as new ones arrive).
 */
export function KeysetList<Row extends { id: string }>({
  path,
  query,
  columns,
  parse,
  empty,
  pageSize = 50,
}: {
  path: string;
  query: Record<string, QueryValue>;
  columns: KeysetColumn<Row>[];
  parse: (body: unknown) => KeysetPage<Row>;
  empty: ReactNode;
  pageSize?: number;
}) {
  const list = useInfiniteQuery({
    queryKey: ['backoffice', 'keyset', path, query],
    queryFn: async ({ pageParam }) =>
      parse(
        await api(path, {
          query: { ...query, limit: pageSize, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.nextCursor,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="min-w-0">
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-line bg-canvas/60 text-xs text-muted">
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cn(
                    'px-4 py-2 font-medium whitespace-nowrap',
                    column.numeric && 'text-right',
                  )}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-line last:border-0">
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cn(
                      'px-4 py-2 align-middle',
                      column.numeric && 'tabular text-right whitespace-nowrap',
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {list.isLoading ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : list.isError ? (
          <ErrorState error={list.error} />
        ) : rows.length === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-line px-4 py-2 text-xs text-muted">
        <span className="tabular">
          {rows.length.toLocaleString('en')} {rows.length === 1 ? 'row' : 'rows'} shown
        </span>
        {list.hasNextPage ? (
          <Button
            size="sm"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </div>
    </div>
  );
}
