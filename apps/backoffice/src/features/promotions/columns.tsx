import type { Column } from '@/components/data-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';

/** The promotions lists' shared columns: on or off, position, last change. */
export function enabledColumn<Row extends { isEnabled: boolean }>(): Column<Row> {
  return {
    id: 'status',
    header: 'Status',
    cell: (row) => (row.isEnabled ? <Badge tone="good">Enabled</Badge> : <Badge>Disabled</Badge>),
    csv: (row) => (row.isEnabled ? 'enabled' : 'disabled'),
  };
}

export function positionColumn<Row extends { position: number }>(): Column<Row> {
  return {
    id: 'position',
    header: 'Pos.',
    numeric: true,
    cell: (row) => row.position,
    csv: (row) => row.position,
  };
}

export function updatedColumn<Row extends { updatedAt: string }>(
  formatDateTime: (value: string) => string,
): Column<Row> {
  return {
    id: 'updated',
    header: 'Updated',
    cell: (row) => (
      <span className="whitespace-nowrap text-muted">{formatDateTime(row.updatedAt)}</span>
    ),
    csv: (row) => row.updatedAt,
  };
}
