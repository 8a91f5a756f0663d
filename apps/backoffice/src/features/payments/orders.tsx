import {
  type AwaitingSecondApproval,
  type BackofficeOrder,
  backofficeOrderSchema,
  type FiatOrderQueue,
  fiatOrderStatuses,
} from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { type Column, DataTable, type FilterDefinition } from '@/components/data-table.tsx';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { api, newIdempotencyKey } from '@/lib/api.ts';
import { formatMoney, useFormatDateTime } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';
import { disputeClaim } from './dispute.ts';
import {
  createdColumn,
  dateFilters,
  PlayerImageButton,
  playerColumn,
  useLiveQueue,
} from './shared.tsx';

export const ordersResource = defineResource({ path: '/orders', item: backofficeOrderSchema });
export const ordersResourceName = 'payments-orders';

const statusTones: Partial<Record<BackofficeOrder['status'], BadgeTone>> = {
  completed: 'good',
  declined: 'bad',
  disputed: 'warn',
  wait_for_confirmation: 'info',
  pending: 'info',
  timeouted: 'neutral',
};

export function OrderStatus({ status }: { status: BackofficeOrder['status'] }) {
  return <Badge tone={statusTones[status] ?? 'neutral'}>{status.replaceAll('_', ' ')}</Badge>;
}

type Action = 'approve' | 'decline' | 'resolve';

function OrderActions({ order }: { order: BackofficeOrder }) {
  const canApprove = useCan('POST', '/orders/:id/approve');
  const canDecline = useCan('POST', '/orders/:id/decline');
  const canResolve = useCan('POST', '/orders/:id/resolve-dispute');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Action | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const claim = disputeClaim(order);
  // a CHANGE_INVOICE dispute credits what the player says was sent unless the operator changes it
  const [amount, setAmount] = useState(claim.amount ?? '');
  const refresh = () => {
    setKey(newIdempotencyKey());
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.includes(ordersResourceName),
    });
  };
  const actionable =
    (order.type === 'buy' && order.status === 'wait_for_confirmation') ||
    (order.type === 'sell' && order.status === 'pending');
  if (order.status === 'disputed') {
    if (!canResolve) return null;
    const resolve = async (outcome: 'approve' | 'decline') => {
      await api(`/orders/${order.id}/resolve-dispute`, {
        method: 'POST',
        body:
          outcome === 'approve' && amount.trim() ? { outcome, amount: amount.trim() } : { outcome },
        idempotencyKey: key,
      });
      toast.success(
        outcome === 'approve' ? 'Dispute settled: credited' : 'Dispute settled: declined',
      );
      refresh();
    };
    return (
      <div className="flex justify-end gap-1.5">
        <Button size="sm" variant="primary" onClick={() => setOpen('resolve')}>
          Credit
        </Button>
        <Button size="sm" variant="danger" onClick={() => setOpen('decline')}>
          Decline
        </Button>
        <ConfirmDialog
          open={open === 'resolve'}
          onOpenChange={(next) => setOpen(next ? 'resolve' : null)}
          title="Credit the disputed deposit"
          description={`Order ${order.id}: ${formatMoney(order.amount, order.currency)} invoiced${claim.amount !== null ? `; the player says ${formatMoney(claim.amount, order.currency)} was sent and asks to change the invoice to it` : ''}.`}
          confirmLabel="Credit"
          onConfirm={() => resolve('approve')}
        >
          <InputField
            label={`Amount received (${order.currency})`}
            hint={
              claim.amount !== null
                ? "Filled with the player's amount: check it against the receipt"
                : "Empty: the order's amount"
            }
            inputMode="decimal"
            value={amount}
            placeholder={order.amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </ConfirmDialog>
        <ConfirmDialog
          open={open === 'decline'}
          onOpenChange={(next) => setOpen(next ? 'decline' : null)}
          title="Decline the disputed deposit"
          confirmLabel="Decline"
          tone="danger"
          onConfirm={() => resolve('decline')}
        />
      </div>
    );
  }
  if (!actionable) return null;
  const approve = async () => {
    const answer = await api<BackofficeOrder | AwaitingSecondApproval>(
      `/orders/${order.id}/approve`,
      { method: 'POST', idempotencyKey: key },
    );
    if (answer.status === 'awaiting_second_approval') {
      toast.info('Approved once: awaiting a second operator’s approval');
    } else {
      toast.success(order.type === 'buy' ? 'Deposit credited' : 'Withdrawal paid');
    }
    refresh();
  };
  const decline = async (reason: string) => {
    await api(`/orders/${order.id}/decline`, {
      method: 'POST',
      body: reason ? { reason } : {},
      idempotencyKey: key,
    });
    toast.success(order.type === 'buy' ? 'Deposit declined' : 'Withdrawal declined');
    refresh();
  };
  return (
    <div className="flex justify-end gap-1.5">
      {canApprove ? (
        <Button size="sm" variant="primary" onClick={() => setOpen('approve')}>
          Approve
        </Button>
      ) : null}
      {canDecline ? (
        <Button size="sm" variant="danger" onClick={() => setOpen('decline')}>
          Decline
        </Button>
      ) : null}
      <ConfirmDialog
        open={open === 'approve'}
        onOpenChange={(next) => setOpen(next ? 'approve' : null)}
        title={order.type === 'buy' ? 'Approve the deposit' : 'Pay the withdrawal'}
        description={
          order.type === 'buy'
            ? `Credits ${formatMoney(order.amount, order.currency)} to player ${order.playerGlobalId}, once.`
            : `Pays ${formatMoney(order.amount, order.currency)} to player ${order.playerGlobalId}. Above the four-eyes threshold a second operator must approve too.`
        }
        confirmLabel={order.type === 'buy' ? 'Approve' : 'Approve payout'}
        onConfirm={approve}
      />
      <ConfirmDialog
        open={open === 'decline'}
        onOpenChange={(next) => setOpen(next ? 'decline' : null)}
        title={order.type === 'buy' ? 'Decline the deposit' : 'Decline the withdrawal'}
        description={
          order.type === 'sell' ? 'The held amount returns to the player’s balance.' : undefined
        }
        confirmLabel="Decline"
        tone="danger"
        reason={{ label: 'Reason (kept with the order and in the audit log)' }}
        onConfirm={decline}
      />
    </div>
  );
}

const queueViews: Record<
  FiatOrderQueue | 'all',
  { empty: string; csv: string; showReceipt: boolean; showDispute: boolean }
> = {
  depositsAwaitingApproval: {
    empty: 'No deposit is waiting for approval.',
    csv: 'deposits-awaiting-approval.csv',
    showReceipt: true,
    showDispute: false,
  },
  disputes: {
    empty: 'No open dispute.',
    csv: 'disputes.csv',
    showReceipt: true,
    showDispute: true,
  },
  fiatWithdrawalsToPay: {
    empty: 'No fiat withdrawal is waiting to be paid.',
    csv: 'fiat-withdrawals-to-pay.csv',
    showReceipt: false,
    showDispute: false,
  },
  all: {
    empty: 'No order matches.',
    csv: 'fiat-orders.csv',
    showReceipt: true,
    showDispute: false,
  },
};

function disputeText(order: BackofficeOrder): string {
  const dispute = order.dispute ?? {};
  const claim = disputeClaim(order);
  const asked =
    claim.amount !== null
      ? `Says ${formatMoney(claim.amount, order.currency)} was sent: change the invoice`
      : claim.option === 'REPAY'
        ? 'Asks for the payment back'
        : null;
  const parts = [asked, dispute.problem, dispute.comment].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.join(' — ');
}

/** A queue of fiat orders (or every order): live, filterable, with its actions. */
export function OrdersTable({ queue }: { queue: FiatOrderQueue | null }) {
  const formatDateTime = useFormatDateTime();
  const view = queueViews[queue ?? 'all'];
  useLiveQueue(ordersResourceName, [
    'depositsAwaitingApproval',
    'disputes',
    'fiatWithdrawalsToPay',
    'approvals',
  ]);
  const columns: Column<BackofficeOrder>[] = [
    createdColumn(formatDateTime),
    playerColumn(),
    ...(queue === null
      ? [
          {
            id: 'type',
            header: 'Type',
            cell: (row: BackofficeOrder) => (row.type === 'buy' ? 'Deposit' : 'Withdrawal'),
            csv: (row: BackofficeOrder) => row.type,
          },
        ]
      : []),
    {
      id: 'method',
      header: 'Method',
      className: 'whitespace-nowrap',
      cell: (row) => row.methodId,
      csv: (row) => row.methodId,
    },
    {
      id: 'amount',
      header: 'Amount',
      numeric: true,
      cell: (row) => formatMoney(row.amount, row.currency),
      csv: (row) => row.amount,
    },
    {
      id: 'currency',
      header: 'Currency',
      cell: (row) => <span className="text-muted">{row.currency}</span>,
      csv: (row) => row.currency,
    },
    {
      id: 'payer',
      header: queue === 'fiatWithdrawalsToPay' ? 'Pay to' : 'Payer name',
      className: 'max-w-64 truncate',
      cell: (row) =>
        row.type === 'sell'
          ? Object.values(row.details).join(' · ')
          : (row.payerName ?? <span className="text-muted">—</span>),
      csv: (row) => (row.type === 'sell' ? Object.values(row.details).join(' ') : row.payerName),
    },
  ];
  if (queue === null || queue === 'fiatWithdrawalsToPay') {
    columns.push({
      id: 'status',
      header: 'Status',
      cell: (row) => <OrderStatus status={row.status} />,
      csv: (row) => row.status,
    });
  }
  if (view.showDispute) {
    columns.push({
      id: 'dispute',
      header: 'Player’s message',
      className: 'max-w-72',
      cell: (row) => (
        <div className="flex items-center gap-2">
          <span className="line-clamp-2 min-w-0">{disputeText(row) || '—'}</span>
          <PlayerImageButton
            path={`/orders/${row.id}/dispute-image`}
            label="Image"
            title={`Dispute image: ${String(row.dispute?.name ?? '')}`}
          />
        </div>
      ),
      csv: disputeText,
    });
  }
  if (view.showReceipt) {
    columns.push({
      id: 'receipt',
      header: 'Receipt',
      cell: (row) =>
        row.hasReceipt ? (
          <PlayerImageButton
            path={`/orders/${row.id}/receipt`}
            label="View"
            title={`Receipt of order ${row.id}`}
          />
        ) : (
          <span className="text-muted">—</span>
        ),
    });
  }
  if (queue === null) {
    columns.push({
      id: 'declineReason',
      header: 'Decline reason',
      className: 'max-w-56 truncate',
      cell: (row) => row.declineReason ?? '',
      csv: (row) => row.declineReason,
    });
  }
  columns.push({ id: 'actions', header: '', cell: (row) => <OrderActions order={row} /> });
  const filters: FilterDefinition[] = [
    { field: 'playerGlobalId', label: 'Player', type: 'text', placeholder: 'globalId' },
    { field: 'currency', label: 'Currency', type: 'text', placeholder: 'USD' },
    { field: 'methodId', label: 'Method', type: 'text', placeholder: 'sber-rub' },
    ...dateFilters,
  ];
  if (queue === null) {
    filters.unshift(
      {
        field: 'type',
        label: 'Type',
        type: 'select',
        options: [
          { value: 'buy', label: 'Deposits' },
          { value: 'sell', label: 'Withdrawals' },
        ],
      },
      {
        field: 'status',
        label: 'Status',
        type: 'select',
        options: fiatOrderStatuses.map((status) => ({
          value: status,
          label: status.replaceAll('_', ' '),
        })),
      },
    );
  }
  return (
    <DataTable<BackofficeOrder>
      resource={ordersResourceName}
      columns={columns}
      filters={filters}
      permanentFilters={queue ? [{ field: 'queue', operator: 'eq', value: queue }] : []}
      initialSorters={[{ field: 'createdAt', order: queue ? 'asc' : 'desc' }]}
      csv={{ filename: view.csv }}
      empty={view.empty}
    />
  );
}
