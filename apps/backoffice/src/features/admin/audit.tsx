import { type AuditLogEntry, auditActionsSchema, auditLogEntrySchema } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable, type FilterDefinition } from '@/components/data-table.tsx';
import { Page } from '@/components/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { api } from '@/lib/api.ts';
import { useFormatDateTime, useTimeZone } from '@/lib/format.ts';
import { can, useMe } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';
import { operatorsResource } from './operators.tsx';

export const auditResource = defineResource({ path: '/audit', item: auditLogEntrySchema });

/** A one-line digest of an entry's payload (the whole JSON opens in a dialog). */
function digest(payload: Record<string, unknown>): string {
  const text = JSON.stringify(payload);
  return text === '{}' ? '' : text.length > 90 ? `${text.slice(0, 90)}…` : text;
}

export function AuditPage() {
  const formatDateTime = useFormatDateTime();
  const timeZone = useTimeZone();
  const { data: me } = useMe();
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const actions = useQuery({
    queryKey: ['backoffice', 'audit', 'actions'],
    queryFn: async () => auditActionsSchema.parse(await api('/audit/actions')).actions,
  });
  const operators = useQuery({
    queryKey: ['backoffice', 'operators', 'names'],
    enabled: can(me, 'GET', '/operators'),
    queryFn: async () =>
      (await api<{ operators: unknown[] }>('/operators')).operators.map((row) =>
        operatorsResource.item.parse(row),
      ),
  });
  const prefixes = [...new Set((actions.data ?? []).map((action) => action.split('.')[0]))];
  const filters: FilterDefinition[] = [
    {
      field: 'action',
      label: 'Action',
      type: 'select',
      options: [
        ...prefixes.map((prefix) => ({ value: `${prefix}.`, label: `${prefix}.*` })),
        ...(actions.data ?? []).map((action) => ({ value: action, label: action })),
      ],
    },
    ...(operators.data
      ? [
          {
            field: 'operatorId',
            label: 'Operator',
            type: 'select' as const,
            options: operators.data.map((operator) => ({
              value: operator.id,
              label: operator.email,
            })),
          },
        ]
      : []),
    {
      field: 'targetId',
      label: 'Target (player globalId, id…)',
      type: 'text',
      placeholder: 'Exact id',
    },
    { field: 'created', label: 'From', type: 'date', operator: 'gte' },
    { field: 'created', label: 'To', type: 'date', operator: 'lte' },
  ];
  const columns: Column<AuditLogEntry>[] = [
    {
      id: 'at',
      header: 'When',
      cell: (row) => (
        <span className="tabular whitespace-nowrap">
          {formatDateTime(row.createdAt, { seconds: true })}
        </span>
      ),
    },
    {
      id: 'operator',
      header: 'Operator',
      cell: (row) => (
        <span className="whitespace-nowrap">{row.operatorEmail ?? row.operatorId}</span>
      ),
    },
    {
      id: 'action',
      header: 'Action',
      cell: (row) => <Badge tone="neutral">{row.action}</Badge>,
    },
    {
      id: 'target',
      header: 'Target',
      cell: (row) => (
        <span className="whitespace-nowrap">
          <span className="text-muted">{row.targetType}</span>{' '}
          <span className="font-mono text-xs">{row.targetId}</span>
        </span>
      ),
    },
    {
      id: 'details',
      header: 'Details',
      className: 'max-w-[28rem]',
      cell: (row) => (
        <span className="block truncate font-mono text-xs text-muted">{digest(row.payload)}</span>
      ),
    },
    {
      id: 'ip',
      header: 'IP',
      cell: (row) => <span className="font-mono text-xs">{row.ip ?? '—'}</span>,
    },
  ];
  return (
    <Page
      title="Audit log"
      description={`Every operator action, newest first. Days are those of ${timeZone}.`}
    >
      <Card>
        <DataTable<AuditLogEntry>
          resource="audit"
          columns={columns}
          filters={filters}
          permanentFilters={[{ field: 'timeZone', operator: 'eq', value: timeZone }]}
          pageSize={50}
          syncWithLocation
          csv={{ filename: 'audit-log.csv', serverPath: '/audit/export.csv' }}
          onRowClick={(row) => setOpen(row)}
          empty="No operator action matches."
        />
      </Card>
      {open ? (
        <Dialog
          open
          onOpenChange={(next) => !next && setOpen(null)}
          title={open.action}
          description={`${open.operatorEmail ?? open.operatorId} · ${formatDateTime(open.createdAt, { seconds: true })}`}
          className="max-w-2xl"
        >
          <dl className="mb-3 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">Target</dt>
            <dd className="font-mono text-xs break-all">
              {open.targetType} {open.targetId}
            </dd>
            <dt className="text-muted">IP</dt>
            <dd className="font-mono text-xs">{open.ip ?? '—'}</dd>
            <dt className="text-muted">Request</dt>
            <dd className="font-mono text-xs break-all">{open.requestId ?? '—'}</dd>
          </dl>
          <pre className="max-h-[50dvh] overflow-auto rounded-md bg-canvas p-3 text-xs">
            {JSON.stringify(open.payload, null, 2)}
          </pre>
        </Dialog>
      ) : null}
    </Page>
  );
}
