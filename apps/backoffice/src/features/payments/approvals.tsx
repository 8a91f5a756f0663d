import {
  type AwaitingSecondApproval,
  type PendingApproval,
  pendingApprovalSchema,
} from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { api, newIdempotencyKey } from '@/lib/api.ts';
import { formatMoney, useFormatDateTime } from '@/lib/format.ts';
import { useCan, useMe } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';
import { CompleteCryptoWithdrawal } from './crypto.tsx';
import { playerColumn, useLiveQueue } from './shared.tsx';

export const approvalsResource = defineResource({
  path: '/approvals',
  item: pendingApprovalSchema,
  idField: 'id',
});
export const approvalsResourceName = 'payments-approvals';

const kindLabels: Record<PendingApproval['kind'], string> = {
  p2p_order: 'Fiat withdrawal',
  crypto_withdrawal: 'Crypto withdrawal',
  adjustment: 'Balance adjustment',
};

function amountOf(row: PendingApproval): string {
  return row.kind === 'crypto_withdrawal'
    ? `${row.amount} ${row.currency}`
    : formatMoney(row.amount, row.currency);
}

/**
 * The second approval. The operator who asked first sees their request without the button (the
 * server refuses them anyway: four_eyes_required); a 409 from a race is shown as it is.
 */
function ApproveAction({ row }: { row: PendingApproval }) {
  const { data: me } = useMe();
  const canOrder = useCan('POST', '/orders/:id/approve');
  const canCrypto = useCan('POST', '/crypto/withdrawals/:id/complete');
  const canAdjustment = useCan('POST', '/players/:globalId/adjustments/:id/approve');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const refresh = () =>
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.includes(approvalsResourceName),
    });
  if (me && row.firstApprover.id === me.id) {
    return (
      <div className="flex items-center justify-end gap-2">
        <span className="text-xs text-muted" data-testid="own-request">
          Your request: another operator approves it
        </span>
        {row.kind === 'adjustment' ? (
          <RejectAdjustment row={row} label="Withdraw" onDone={refresh} />
        ) : null}
      </div>
    );
  }
  const allowed =
    row.kind === 'p2p_order'
      ? canOrder
      : row.kind === 'crypto_withdrawal'
        ? canCrypto
        : canAdjustment;
  if (!allowed) return null;
  if (row.kind === 'crypto_withdrawal') {
    return (
      <div className="flex justify-end">
        <CompleteCryptoWithdrawal
          withdrawal={{ id: row.id, provider: null, amount: row.amount, currency: row.currency }}
          label="Approve"
          onDone={() => void refresh()}
        />
      </div>
    );
  }
  const approve = async () => {
    const path =
      row.kind === 'p2p_order'
        ? `/orders/${row.id}/approve`
        : `/players/${row.playerGlobalId}/adjustments/${row.id}/approve`;
    const answer = await api<{ status: string } | AwaitingSecondApproval>(path, {
      method: 'POST',
      idempotencyKey: key,
    });
    setKey(newIdempotencyKey());
    if (answer.status === 'awaiting_second_approval') {
      toast.info('Recorded: still awaiting a second operator’s approval');
    } else {
      toast.success(row.kind === 'p2p_order' ? 'Withdrawal paid' : 'Adjustment applied');
    }
    void refresh();
  };
  return (
    <div className="flex justify-end gap-2">
      {row.kind === 'adjustment' ? (
        <RejectAdjustment row={row} label="Reject" onDone={refresh} />
      ) : null}
      <Button size="sm" variant="primary" onClick={() => setOpen(true)}>
        Approve
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Approve: ${kindLabels[row.kind].toLowerCase()}`}
        description={`${amountOf(row)} for player ${row.playerGlobalId}, asked by ${row.firstApprover.email}. Your approval ${row.kind === 'p2p_order' ? 'pays it' : 'applies it'}.`}
        confirmLabel="Approve"
        onConfirm={approve}
      />
    </div>
  );
}

/**
 * Turns down a balance adjustment awaiting approval (another operator), or withdraws it (the one
 * who asked): no money moves and it leaves the queue.
 */
function RejectAdjustment({
  row,
  label,
  onDone,
}: {
  row: PendingApproval;
  label: 'Reject' | 'Withdraw';
  onDone: () => Promise<void>;
}) {
  const allowed = useCan('POST', '/players/:globalId/adjustments/:id/reject');
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  if (!allowed) return null;
  const reject = async () => {
    await api(`/players/${row.playerGlobalId}/adjustments/${row.id}/reject`, {
      method: 'POST',
      idempotencyKey: key,
    });
    setKey(newIdempotencyKey());
    toast.success(label === 'Withdraw' ? 'Adjustment withdrawn' : 'Adjustment rejected');
    void onDone();
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`${label}: balance adjustment`}
        description={`${amountOf(row)} for player ${row.playerGlobalId}, asked by ${row.firstApprover.email}. No money moves; it leaves this queue.`}
        confirmLabel={label}
        onConfirm={reject}
      />
    </>
  );
}

export function ApprovalsTable() {
  const formatDateTime = useFormatDateTime();
  useLiveQueue(approvalsResourceName, [
    'approvals',
    'fiatWithdrawalsToPay',
    'cryptoWithdrawalsToPay',
  ]);
  const columns: Column<PendingApproval>[] = [
    {
      id: 'requested',
      header: 'Asked',
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.requestedAt)}</span>,
      csv: (row) => row.requestedAt,
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: (row) => <Badge tone="info">{kindLabels[row.kind]}</Badge>,
      csv: (row) => row.kind,
    },
    playerColumn(),
    {
      id: 'amount',
      header: 'Amount',
      numeric: true,
      cell: amountOf,
      csv: (row) => `${row.amount} ${row.currency}`,
    },
    {
      id: 'reason',
      header: 'Reason',
      className: 'max-w-64 truncate',
      cell: (row) => row.reason ?? <span className="text-muted">—</span>,
      csv: (row) => row.reason,
    },
    {
      id: 'first',
      header: 'Asked by',
      className: 'max-w-56 truncate',
      cell: (row) => <span title={row.firstApprover.email}>{row.firstApprover.email}</span>,
      csv: (row) => row.firstApprover.email,
    },
    { id: 'actions', header: '', cell: (row) => <ApproveAction row={row} /> },
  ];
  return (
    <DataTable<PendingApproval>
      resource={approvalsResourceName}
      columns={columns}
      rowKey={(row) => `${row.kind}:${row.id}`}
      filters={[
        {
          field: 'kind',
          label: 'Kind',
          type: 'select',
          options: [
            { value: 'withdrawal', label: 'Withdrawals' },
            { value: 'adjustment', label: 'Adjustments' },
          ],
        },
        { field: 'playerGlobalId', label: 'Player', type: 'text', placeholder: 'globalId' },
        { field: 'currency', label: 'Currency', type: 'text', placeholder: 'USD' },
      ]}
      csv={{ filename: 'approvals.csv' }}
      empty="Nothing awaits a second approval."
    />
  );
}
