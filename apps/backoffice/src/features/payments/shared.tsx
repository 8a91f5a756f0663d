import type { PaymentQueue } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Column } from '@/components/data-table.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { apiBase } from '@/lib/api.ts';
import { useOperatorEvents } from '@/lib/realtime.ts';

/** The lists of a queue read again whenever the live feed says the queue changed. */
export function useLiveQueue(resource: string, queues: readonly PaymentQueue[]): void {
  const queryClient = useQueryClient();
  useOperatorEvents('queues.changed', ({ queues: changed }) => {
    if (!changed.some((queue) => queues.includes(queue))) return;
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.includes(resource),
    });
    void queryClient.invalidateQueries({ queryKey: ['backoffice', 'payments', 'counts'] });
  });
}

/**
 * An image a player uploaded (a receipt, a dispute's image), shown from the operator API's
 * same-origin path (the session cookie goes with it); the file name is shown as text.
 */
export function PlayerImageButton({
  path,
  label,
  title,
}: {
  /** under the operator API, e.g. `/orders/{id}/receipt` */
  path: string;
  label: ReactNode;
  title: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={title} className="max-w-2xl">
        {open ? (
          <a href={`${apiBase}${path}`} target="_blank" rel="noreferrer noopener">
            <img
              src={`${apiBase}${path}`}
              alt={title}
              className="mx-auto max-h-[70dvh] w-auto rounded-md border border-line bg-canvas object-contain"
            />
          </a>
        ) : null}
      </Dialog>
    </>
  );
}

/** The queues' shared columns: when the row was made, whose it is. */
export function createdColumn<Row extends { createdAt: string }>(
  formatDateTime: (value: string) => string,
): Column<Row> {
  return {
    id: 'created',
    header: 'Created',
    sortField: 'createdAt',
    cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
    csv: (row) => row.createdAt,
  };
}

export function playerColumn<Row extends { playerGlobalId: string | null }>(): Column<Row> {
  return {
    id: 'player',
    header: 'Player',
    cell: (row) => <Player globalId={row.playerGlobalId} />,
    csv: (row) => row.playerGlobalId,
  };
}

export function Player({ globalId }: { globalId: string | null }) {
  if (!globalId) return <span className="text-muted">—</span>;
  return <span className="tabular font-medium">{globalId}</span>;
}

export const dateFilters = [
  { field: 'created', label: 'Created from', type: 'date', operator: 'gte', send: 'instant' },
  { field: 'created', label: 'Created to', type: 'date', operator: 'lte', send: 'instant' },
] as const;
