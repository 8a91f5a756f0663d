import {
  type AwaitingSecondApproval,
  type BackofficeCryptoDeposit,
  type BackofficeCryptoWithdrawal,
  backofficeCryptoDepositSchema,
  backofficeCryptoWithdrawalSchema,
} from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { type Column, DataTable } from '@/components/data-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { api, newIdempotencyKey } from '@/lib/api.ts';
import { useFormatDateTime } from '@/lib/format.ts';
import { useCan } from '@/lib/me.ts';
import { defineResource } from '@/lib/resources.ts';
import { createdColumn, dateFilters, playerColumn, useLiveQueue } from './shared.tsx';

export const cryptoWithdrawalsResource = defineResource({
  path: '/crypto/withdrawals',
  item: backofficeCryptoWithdrawalSchema,
});
export const cryptoWithdrawalsResourceName = 'payments-crypto-withdrawals';
export const cryptoDepositsResource = defineResource({
  path: '/crypto/deposits',
  item: backofficeCryptoDepositSchema,
});
export const cryptoDepositsResourceName = 'payments-crypto-deposits';

function useRefresh(resource: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(resource) });
}

function short(value: string | null, size = 10): string {
  if (!value) return '—';
  return value.length > size * 2 ? `${value.slice(0, size)}…${value.slice(-6)}` : value;
}

export function CompleteCryptoWithdrawal({
  withdrawal,
  label = 'Pay',
  onDone,
}: {
  withdrawal: { id: string; provider: string | null; amount: string; currency: string };
  label?: string;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [txHash, setTxHash] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const chain = withdrawal.provider !== 'cryptobot';
  const complete = async () => {
    const answer = await api<BackofficeCryptoWithdrawal | AwaitingSecondApproval>(
      `/crypto/withdrawals/${withdrawal.id}/complete`,
      {
        method: 'POST',
        body: chain && txHash.trim() ? { txHash: txHash.trim() } : {},
        idempotencyKey: key,
      },
    );
    setKey(newIdempotencyKey());
    if (answer.status === 'awaiting_second_approval') {
      toast.info('Approved once: awaiting a second operator’s approval');
    } else {
      toast.success('Crypto withdrawal paid');
    }
    setTxHash('');
    onDone();
  };
  return (
    <>
      <Button size="sm" variant="primary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Pay the crypto withdrawal"
        description={`${withdrawal.amount} ${withdrawal.currency}. Above the four-eyes threshold a second operator must approve too.`}
        confirmLabel="Pay"
        onConfirm={complete}
      >
        {chain ? (
          <InputField
            label="Transaction hash"
            hint="The chain transaction that sent the coins (empty for a crypto-bot payout)"
            value={txHash}
            onChange={(event) => setTxHash(event.target.value)}
            autoComplete="off"
          />
        ) : (
          <p className="text-sm text-muted">The crypto bot transfers it to the player.</p>
        )}
      </ConfirmDialog>
    </>
  );
}

function CryptoWithdrawalActions({ withdrawal }: { withdrawal: BackofficeCryptoWithdrawal }) {
  const canComplete = useCan('POST', '/crypto/withdrawals/:id/complete');
  const canReject = useCan('POST', '/crypto/withdrawals/:id/reject');
  const refresh = useRefresh(cryptoWithdrawalsResourceName);
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  if (withdrawal.status !== 'pending') return null;
  const reject = async (reason: string) => {
    await api(`/crypto/withdrawals/${withdrawal.id}/reject`, {
      method: 'POST',
      body: { reason },
      idempotencyKey: key,
    });
    setKey(newIdempotencyKey());
    toast.success('Crypto withdrawal declined');
    void refresh();
  };
  return (
    <div className="flex justify-end gap-1.5">
      {canComplete ? (
        <CompleteCryptoWithdrawal withdrawal={withdrawal} onDone={() => void refresh()} />
      ) : null}
      {canReject ? (
        <>
          <Button size="sm" variant="danger" onClick={() => setOpen(true)}>
            Decline
          </Button>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="Decline the crypto withdrawal"
            description="The held amount returns to the player’s balance."
            confirmLabel="Decline"
            tone="danger"
            reason={{ label: 'Reason' }}
            onConfirm={reject}
          />
        </>
      ) : null}
    </div>
  );
}

export function CryptoWithdrawalsTable() {
  const formatDateTime = useFormatDateTime();
  useLiveQueue(cryptoWithdrawalsResourceName, ['cryptoWithdrawalsToPay', 'approvals']);
  const columns: Column<BackofficeCryptoWithdrawal>[] = [
    createdColumn(formatDateTime),
    playerColumn(),
    {
      id: 'amount',
      header: 'Amount',
      numeric: true,
      cell: (row) => `${row.amount} ${row.currency}`,
      csv: (row) => row.amount,
    },
    { id: 'asset', header: 'Method', cell: (row) => row.currency, csv: (row) => row.currency },
    {
      id: 'held',
      header: 'Held',
      numeric: true,
      cell: (row) => `${row.held.value} ${row.held.currency}`,
      csv: (row) => `${row.held.value} ${row.held.currency}`,
    },
    {
      id: 'to',
      header: 'To',
      cell: (row) =>
        row.provider === 'cryptobot' ? (
          <Badge tone="info">crypto bot</Badge>
        ) : (
          <span className="font-mono text-xs" title={row.address ?? ''}>
            {short(row.address)}
            {row.memo ? ` · memo ${row.memo}` : ''}
          </span>
        ),
      csv: (row) => row.address,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <Badge tone={row.status === 'pending' ? 'info' : 'neutral'}>{row.status}</Badge>
      ),
      csv: (row) => row.status,
    },
    { id: 'actions', header: '', cell: (row) => <CryptoWithdrawalActions withdrawal={row} /> },
  ];
  return (
    <DataTable<BackofficeCryptoWithdrawal>
      resource={cryptoWithdrawalsResourceName}
      columns={columns}
      filters={[
        { field: 'playerGlobalId', label: 'Player', type: 'text', placeholder: 'globalId' },
        { field: 'method', label: 'Method', type: 'text', placeholder: 'USDTTRC20' },
        ...dateFilters,
      ]}
      permanentFilters={[{ field: 'status', operator: 'eq', value: 'pending' }]}
      initialSorters={[{ field: 'createdAt', order: 'asc' }]}
      csv={{ filename: 'crypto-withdrawals.csv' }}
      empty="No crypto withdrawal is waiting to be paid."
    />
  );
}

function AssignTransfer({ deposit }: { deposit: BackofficeCryptoDeposit }) {
  const canAssign = useCan('POST', '/crypto/deposits/:id/assign');
  const refresh = useRefresh(cryptoDepositsResourceName);
  const [open, setOpen] = useState(false);
  const [globalId, setGlobalId] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  if (!canAssign || deposit.status !== 'unmatched') return null;
  const assign = async () => {
    await api(`/crypto/deposits/${deposit.id}/assign`, {
      method: 'POST',
      body: { playerGlobalId: globalId.trim() },
      idempotencyKey: key,
    });
    setKey(newIdempotencyKey());
    setGlobalId('');
    toast.success('Transfer assigned');
    void refresh();
  };
  return (
    <div className="flex justify-end">
      <Button size="sm" variant="primary" onClick={() => setOpen(true)}>
        Assign
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Assign the transfer to a player"
        description={`${deposit.amount} ${deposit.currency}: credited to the player once confirmed, exactly once.`}
        confirmLabel="Assign"
        onConfirm={assign}
      >
        <InputField
          label="Player globalId"
          inputMode="numeric"
          value={globalId}
          onChange={(event) => setGlobalId(event.target.value)}
        />
      </ConfirmDialog>
    </div>
  );
}

export function UnmatchedTransfersTable() {
  const formatDateTime = useFormatDateTime();
  useLiveQueue(cryptoDepositsResourceName, ['unmatchedCryptoTransfers']);
  const columns: Column<BackofficeCryptoDeposit>[] = [
    {
      id: 'created',
      header: 'Seen',
      sortField: 'createdAt',
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.createdAt)}</span>,
      csv: (row) => row.createdAt,
    },
    {
      id: 'amount',
      header: 'Amount',
      numeric: true,
      cell: (row) => `${row.amount} ${row.currency}`,
      csv: (row) => row.amount,
    },
    { id: 'network', header: 'Network', cell: (row) => row.network, csv: (row) => row.network },
    {
      id: 'address',
      header: 'Address',
      cell: (row) => (
        <span className="font-mono text-xs" title={row.address ?? ''}>
          {short(row.address)}
          {row.memo ? ` · memo ${row.memo}` : ''}
        </span>
      ),
      csv: (row) => row.address,
    },
    {
      id: 'tx',
      header: 'Transaction',
      cell: (row) => (
        <span className="font-mono text-xs" title={row.txHash}>
          {short(row.txHash)}
        </span>
      ),
      csv: (row) => row.txHash,
    },
    {
      id: 'confirmations',
      header: 'Confirmations',
      numeric: true,
      cell: (row) => `${row.confirmations} / ${row.requiredConfirmations}`,
    },
    playerColumn(),
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (
        <Badge tone={row.status === 'unmatched' ? 'warn' : 'neutral'}>
          {row.status.replaceAll('_', ' ')}
        </Badge>
      ),
      csv: (row) => row.status,
    },
    { id: 'actions', header: '', cell: (row) => <AssignTransfer deposit={row} /> },
  ];
  return (
    <DataTable<BackofficeCryptoDeposit>
      resource={cryptoDepositsResourceName}
      columns={columns}
      filters={[
        { field: 'method', label: 'Method', type: 'text', placeholder: 'USDTTRC20' },
        ...dateFilters,
      ]}
      permanentFilters={[{ field: 'status', operator: 'eq', value: 'unmatched' }]}
      initialSorters={[{ field: 'createdAt', order: 'asc' }]}
      csv={{ filename: 'unmatched-crypto-transfers.csv' }}
      empty="No unmatched transfer."
    />
  );
}
