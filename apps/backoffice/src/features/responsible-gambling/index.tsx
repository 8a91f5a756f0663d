import { type RgFlag, rgFlagKinds, rgFlagSchema } from '@casino/contract';
import { useInvalidate } from '@refinedev/core';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, Route } from 'react-router';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { Page } from '@/components/page.tsx';
import { RequirePage } from '@/components/require.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { api } from '@/lib/api.ts';
import { formatMoney, useFormatDateTime } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';
import type { Feature } from '../types.ts';

const kindLabels: Record<RgFlag['kind'], string> = {
  deposit_over_limit: 'Deposit over a limit',
  deposit_while_excluded: 'Deposit while excluded',
  limit_reached: 'Limit reached',
  many_limit_increases: 'Many limit increases',
};

/** What raised the flag, in a line: the limit and its use, or the count of increases. */
function describe(flag: RgFlag): string {
  const details = flag.details;
  const text = (key: string) =>
    typeof details[key] === 'string' ? (details[key] as string) : null;
  const currency = text('currency');
  const amount = text('amount');
  const used = text('used');
  const parts: string[] = [];
  if (text('type'))
    parts.push(`${text('type')} limit${text('period') ? ` (${text('period')})` : ''}`);
  if (amount && currency) parts.push(`limit ${formatMoney(amount, currency)}`);
  if (used && currency) parts.push(`used ${formatMoney(used, currency)}`);
  if (typeof details.count === 'number') parts.push(`${details.count} increases in 30 days`);
  return parts.join(' · ') || '—';
}

function FlagsPage() {
  const formatDateTime = useFormatDateTime();
  const invalidate = useInvalidate();
  const mayResolve = useCan('POST', '/rg/flags/:flagId/resolve');
  const [resolving, setResolving] = useState<RgFlag | null>(null);
  const columns: Column<RgFlag>[] = [
    {
      id: 'createdAt',
      header: 'Raised',
      cell: (flag) => <span className="whitespace-nowrap">{formatDateTime(flag.createdAt)}</span>,
      csv: (flag) => flag.createdAt,
    },
    {
      id: 'player',
      header: 'Player',
      cell: (flag) => (
        <Link to={`/players/${flag.player.globalId}`} className="text-accent-700 hover:underline">
          {flag.player.email}
        </Link>
      ),
      csv: (flag) => flag.player.email,
    },
    {
      id: 'kind',
      header: 'Flag',
      cell: (flag) => (
        <Badge tone={flag.kind === 'deposit_while_excluded' ? 'bad' : 'warn'}>
          {kindLabels[flag.kind]}
        </Badge>
      ),
      csv: (flag) => flag.kind,
    },
    { id: 'details', header: 'Details', cell: describe, csv: describe },
    {
      id: 'status',
      header: 'Status',
      cell: (flag) =>
        flag.resolution ? (
          <div className="text-xs">
            <Badge tone="good">Resolved</Badge>
            <div className="mt-1 max-w-72 text-muted">
              {flag.resolution.by.name ?? flag.resolution.by.kind},{' '}
              {formatDateTime(flag.resolution.at)}: {flag.resolution.note}
            </div>
          </div>
        ) : mayResolve ? (
          <Button size="sm" onClick={() => setResolving(flag)}>
            Resolve
          </Button>
        ) : (
          <Badge>Open</Badge>
        ),
      csv: (flag) => flag.resolution?.note ?? flag.status,
    },
  ];
  return (
    <Page
      title="Responsible gambling flags"
      description="Deposits past a limit or during an exclusion, limits used up and repeated limit increases: review the player and note what was done."
    >
      <Card>
        <DataTable<RgFlag>
          resource="rgFlags"
          columns={columns}
          syncWithLocation
          filters={[
            {
              field: 'status',
              label: 'Status',
              type: 'select',
              options: [
                { value: 'open', label: 'Open' },
                { value: 'resolved', label: 'Resolved' },
              ],
            },
            {
              field: 'kind',
              label: 'Flag',
              type: 'select',
              options: rgFlagKinds.map((kind) => ({ value: kind, label: kindLabels[kind] })),
            },
          ]}
          csv={{ filename: 'responsible-gambling-flags.csv' }}
          empty="No flags to review."
        />
      </Card>
      <ConfirmDialog
        open={resolving !== null}
        onOpenChange={(open) => !open && setResolving(null)}
        title="Resolve the flag"
        description={resolving ? `${kindLabels[resolving.kind]} — ${resolving.player.email}` : null}
        confirmLabel="Resolve"
        reason={{ label: 'What was done (kept in the audit log)' }}
        onConfirm={async (note) => {
          if (!resolving) return;
          await api(`/rg/flags/${resolving.id}/resolve`, { method: 'POST', body: { note } });
          await invalidate({ resource: 'rgFlags', invalidates: ['list'] });
        }}
      />
    </Page>
  );
}

export const responsibleGamblingFeature: Feature = {
  id: 'responsible-gambling',
  nav: [
    {
      group: 'Players',
      label: 'RG flags',
      path: '/rg/flags',
      icon: ShieldAlert,
      requires: ['GET', '/rg/flags'],
    },
  ],
  routes: (
    <Route
      path="rg/flags"
      element={
        <RequirePage method="GET" path="/rg/flags">
          <FlagsPage />
        </RequirePage>
      }
    />
  ),
  resources: { rgFlags: defineResource({ path: '/rg/flags', item: rgFlagSchema }) },
};
