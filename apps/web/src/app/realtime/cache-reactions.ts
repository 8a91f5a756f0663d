import {
  type BalanceEvent,
  formatMoney,
  type SportTicket,
  type TournamentEvent,
  type TransactionEvent,
} from '@casino/contract';
import type { QueryClient } from '@tanstack/react-query';
import { balanceQueryOptions } from '@/features/balance/api/get-balance';
import { billingQueryOptions } from '@/features/profile/api/get-billing';
import { meQueryOptions } from '@/features/profile/api/get-me';
import { buyOrdersQueryKeyPrefix } from '@/features/wallet/api/get-buy-order';
import { transactionsQueryKey } from '@/features/wallet/api/get-transactions';
import { bonusesQueryKeyPrefix, wheelQueryKeyPrefix } from '@/lib/query-keys';

/** Transaction types that count as a deposit in billing (spec §4). */
const depositTypes: readonly TransactionEvent['type'][] = ['deposit', 'buy'];

/**
 * `transaction#{globalId}` (shell spec §4 "Transaction completed event"): the player now has
 * deposits, the wallet's lists and the wheel are refetched, and a deposit or buy counts in
 * billing. Returns whether the event was a completion, which also closes the pending view.
 */
export function applyTransactionEvent(queryClient: QueryClient, event: TransactionEvent): boolean {
  if (event.status !== 'completed') return false;
  queryClient.setQueryData(meQueryOptions(true).queryKey, (profile) =>
    profile ? { ...profile, hasDeposits: true } : profile,
  );
  if (depositTypes.includes(event.type)) {
    queryClient.setQueryData(billingQueryOptions(true).queryKey, (billing) =>
      billing ? { ...billing, countDeposit: billing.countDeposit + 1 } : billing,
    );
  }
  void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
  void queryClient.invalidateQueries({ queryKey: buyOrdersQueryKeyPrefix });
  void queryClient.invalidateQueries({ queryKey: wheelQueryKeyPrefix });
  return true;
}

/** `balance#{globalId}` (spec §4 "Balance event"): the event is the new balance. */
export function applyBalanceEvent(queryClient: QueryClient, event: BalanceEvent): void {
  queryClient.setQueryData(balanceQueryOptions(true).queryKey, event);
  void queryClient.invalidateQueries({ queryKey: bonusesQueryKeyPrefix });
}

/** What the tournament-win toast says (spec §4 "Tournament event"). */
export function tournamentWinMessage(event: TournamentEvent): {
  key: 'Tournaments.win_text';
  params: { name: string; place: number; prize: string };
} {
  return {
    key: 'Tournaments.win_text',
    params: {
      name: event.name,
      place: event.place,
      prize: formatMoney(event.prize.value, event.prize.currency),
    },
  };
}

/** A ticket that just won (or won half) earns a toast with what it paid; others pass quietly. */
export function settledTicketMessage(ticket: SportTicket): {
  key: 'BetSlip.toast_won';
  params: { amount: string };
} | null {
  if ((ticket.status !== 'won' && ticket.status !== 'half_won') || ticket.payout === null) {
    return null;
  }
  return {
    key: 'BetSlip.toast_won',
    params: { amount: formatMoney(ticket.payout, ticket.currency) },
  };
}
