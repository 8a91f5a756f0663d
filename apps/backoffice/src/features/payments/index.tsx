import { dashboardSchema } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  CircleHelp,
  ListChecks,
  MessageSquareWarning,
  Receipt,
} from 'lucide-react';
import { useState } from 'react';
import { Route } from 'react-router';
import { Page } from '@/components/page.tsx';
import { RequirePage } from '@/components/require.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { api } from '@/lib/api.ts';
import { useCan } from '@/lib/me.ts';
import { useOperatorEvents } from '@/lib/realtime.ts';
import type { Feature } from '../types.ts';
import { ApprovalsTable, approvalsResource, approvalsResourceName } from './approvals.tsx';
import {
  CryptoWithdrawalsTable,
  cryptoDepositsResource,
  cryptoDepositsResourceName,
  cryptoWithdrawalsResource,
  cryptoWithdrawalsResourceName,
  UnmatchedTransfersTable,
} from './crypto.tsx';
import { OrdersTable, ordersResource, ordersResourceName } from './orders.tsx';

type Counts = ReturnType<typeof dashboardSchema.parse>['queues'];

/** The queues' lengths beside the navigation, read again as the live feed says they changed. */
function useQueueCounts(): Counts | undefined {
  const allowed = useCan('GET', '/reports/dashboard');
  const counts = useQuery({
    queryKey: ['backoffice', 'payments', 'counts'],
    enabled: allowed,
    queryFn: async () => dashboardSchema.parse(await api('/reports/dashboard')).queues,
    staleTime: 30_000,
  });
  useOperatorEvents('queues.changed', () => {
    if (allowed) void counts.refetch();
  });
  return counts.data;
}

function CountBadge({ pick }: { pick: (counts: Counts) => number }) {
  const counts = useQueueCounts();
  const value = counts ? pick(counts) : 0;
  if (!value) return null;
  return (
    <span className="tabular ml-auto rounded-full bg-accent-50 px-1.5 text-[11px] font-semibold text-accent-700">
      {value}
    </span>
  );
}

function DepositsPage() {
  return (
    <Page
      title="Deposits awaiting approval"
      description="Deposits whose player sent a receipt, oldest first. Approving credits the player once."
    >
      <Card>
        <OrdersTable queue="depositsAwaitingApproval" />
      </Card>
    </Page>
  );
}

function DisputesPage() {
  return (
    <Page
      title="Disputes"
      description="Deposits a player disputed: read their message and image, then credit (optionally another amount) or decline."
    >
      <Card>
        <OrdersTable queue="disputes" />
      </Card>
    </Page>
  );
}

function WithdrawalsPage() {
  const canCrypto = useCan('GET', '/crypto/withdrawals');
  const canFiat = useCan('GET', '/orders');
  const [tab, setTab] = useState(canFiat ? 'fiat' : 'crypto');
  return (
    <Page
      title="Withdrawals to pay"
      description="Held withdrawals, oldest first. Above the four-eyes threshold a second operator approves too (Approvals)."
    >
      <Tabs
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'fiat',
            label: 'Fiat',
            hidden: !canFiat,
            content: (
              <Card>
                <OrdersTable queue="fiatWithdrawalsToPay" />
              </Card>
            ),
          },
          {
            value: 'crypto',
            label: 'Crypto',
            hidden: !canCrypto,
            content: (
              <Card>
                <CryptoWithdrawalsTable />
              </Card>
            ),
          },
        ]}
      />
    </Page>
  );
}

function UnmatchedPage() {
  return (
    <Page
      title="Unmatched crypto transfers"
      description="Transfers no player could be matched to (no memo, an old address): assign each to its player."
    >
      <Card>
        <UnmatchedTransfersTable />
      </Card>
    </Page>
  );
}

function ApprovalsPage() {
  return (
    <Page
      title="Approvals"
      description="Maker-checker: withdrawals and balance adjustments above the four-eyes threshold wait for a second operator. Whoever asked first cannot approve."
    >
      <Card>
        <ApprovalsTable />
      </Card>
    </Page>
  );
}

function OrdersPage() {
  return (
    <Page title="Fiat orders" description="Every deposit and withdrawal order, newest first.">
      <Card>
        <OrdersTable queue={null} />
      </Card>
    </Page>
  );
}

export const paymentsFeature: Feature = {
  id: 'payments',
  resources: {
    [ordersResourceName]: ordersResource,
    [cryptoWithdrawalsResourceName]: cryptoWithdrawalsResource,
    [cryptoDepositsResourceName]: cryptoDepositsResource,
    [approvalsResourceName]: approvalsResource,
  },
  nav: [
    {
      group: 'Payments',
      label: 'Deposits',
      path: '/payments/deposits',
      icon: ArrowDownToLine,
      requires: ['GET', '/orders'],
      badge: () => <CountBadge pick={(counts) => counts.depositsAwaitingApproval} />,
    },
    {
      group: 'Payments',
      label: 'Disputes',
      path: '/payments/disputes',
      icon: MessageSquareWarning,
      requires: ['GET', '/orders'],
      badge: () => <CountBadge pick={(counts) => counts.disputes} />,
    },
    {
      group: 'Payments',
      label: 'Withdrawals',
      path: '/payments/withdrawals',
      icon: ArrowUpFromLine,
      requires: ['GET', '/crypto/withdrawals'],
      badge: () => (
        <CountBadge
          pick={(counts) => counts.fiatWithdrawalsToPay + counts.cryptoWithdrawalsToPay}
        />
      ),
    },
    {
      group: 'Payments',
      label: 'Unmatched crypto',
      path: '/payments/crypto-unmatched',
      icon: CircleHelp,
      requires: ['GET', '/crypto/deposits'],
      badge: () => <CountBadge pick={(counts) => counts.unmatchedCryptoTransfers} />,
    },
    {
      group: 'Payments',
      label: 'Approvals',
      path: '/payments/approvals',
      icon: ListChecks,
      requires: ['GET', '/approvals'],
    },
    {
      group: 'Payments',
      label: 'All fiat orders',
      path: '/payments/orders',
      icon: Receipt,
      requires: ['GET', '/orders'],
    },
  ],
  routes: (
    <>
      <Route
        path="payments/deposits"
        element={
          <RequirePage method="GET" path="/orders">
            <DepositsPage />
          </RequirePage>
        }
      />
      <Route
        path="payments/disputes"
        element={
          <RequirePage method="GET" path="/orders">
            <DisputesPage />
          </RequirePage>
        }
      />
      <Route
        path="payments/withdrawals"
        element={
          <RequirePage method="GET" path="/crypto/withdrawals">
            <WithdrawalsPage />
          </RequirePage>
        }
      />
      <Route
        path="payments/crypto-unmatched"
        element={
          <RequirePage method="GET" path="/crypto/deposits">
            <UnmatchedPage />
          </RequirePage>
        }
      />
      <Route
        path="payments/approvals"
        element={
          <RequirePage method="GET" path="/approvals">
            <ApprovalsPage />
          </RequirePage>
        }
      />
      <Route
        path="payments/orders"
        element={
          <RequirePage method="GET" path="/orders">
            <OrdersPage />
          </RequirePage>
        }
      />
    </>
  ),
};
