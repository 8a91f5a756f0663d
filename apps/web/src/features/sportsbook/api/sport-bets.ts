import {
  hasNextHistoryPage,
  type PlaceSportBetBody,
  type SportCashoutBody,
  type SportCashoutQuote,
  type SportTicket,
  type SportTicketsPage,
} from '@casino/contract';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sportQueryKey } from './get-sports';

/** The player's tickets: `GET/POST /api/v2/sport/bets…` (issue 20). */

export const sportBetsQueryKey = [...sportQueryKey, 'bets'] as const;

export function sportTicketQueryKey(ticketId: string) {
  return [...sportBetsQueryKey, 'ticket', ticketId] as const;
}

export type TicketListStatus = 'open' | 'settled';

export function sportTicketsQueryKey(status: TicketListStatus) {
  return [...sportBetsQueryKey, 'list', status] as const;
}

/** `POST /api/v2/sport/bets` with its `Idempotency-Key`: the ticket, pending or decided. */
export function placeSportBet(input: {
  body: PlaceSportBetBody;
  idempotencyKey: string;
}): Promise<SportTicket> {
  return apiRequest('/api/v2/sport/bets', {
    method: 'POST',
    body: input.body,
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

export function getSportTicket(ticketId: string, signal?: AbortSignal): Promise<SportTicket> {
  return apiRequest(`/api/v2/sport/bets/${encodeURIComponent(ticketId)}`, {
    signal,
  });
}

/**
 * One ticket. While it is pending (the in-play delay) it is asked for every second: the
 * decision also arrives on `transaction#`, and this is the fallback when that is missed.
 */
export function sportTicketQueryOptions(ticketId: string) {
  return queryOptions({
    queryKey: sportTicketQueryKey(ticketId),
    queryFn: ({ signal }) => getSportTicket(ticketId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
    staleTime: 5_000,
  });
}

export const ticketsPageSize = 10;

/** A page: the first, or the one after `cursor` (the previous page's `meta.nextCursor`). */
export function getSportTickets(
  status: TicketListStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SportTicketsPage> {
  return apiRequest('/api/v2/sport/bets', {
    query: { status, limit: ticketsPageSize, ...(cursor === null ? {} : { cursor }) },
    signal,
  });
}

/**
 * Pages of 10, the next one asked for by the cursor (it costs the server the same however many
 * tickets came before) while total exceeds offset + limit.
 */
export function sportTicketsQueryOptions(status: TicketListStatus) {
  return infiniteQueryOptions({
    queryKey: sportTicketsQueryKey(status),
    queryFn: ({ pageParam, signal }) => getSportTickets(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      hasNextHistoryPage(last.meta) ? (last.meta.nextCursor ?? undefined) : undefined,
    // open tickets change with the matches: kept fresh by the ticket events and a slow poll
    refetchInterval: status === 'open' ? 15_000 : false,
  });
}

export function useSportTickets(status: TicketListStatus, enabled: boolean) {
  return useInfiniteQuery({ ...sportTicketsQueryOptions(status), enabled });
}

/** `POST /api/v2/sport/bets/{id}/cashout/quote`: what cashing out pays now, until `expiresAt`. */
export function quoteCashout(ticketId: string): Promise<SportCashoutQuote> {
  return apiRequest(`/api/v2/sport/bets/${encodeURIComponent(ticketId)}/cashout/quote`, {
    method: 'POST',
  });
}

/** `POST /api/v2/sport/bets/{id}/cashout` with its `Idempotency-Key`: the ticket afterwards. */
export function cashOut(input: {
  ticketId: string;
  body: SportCashoutBody;
  idempotencyKey: string;
}): Promise<SportTicket> {
  return apiRequest(`/api/v2/sport/bets/${encodeURIComponent(input.ticketId)}/cashout`, {
    method: 'POST',
    body: input.body,
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}

/**
 * A ticket changed (its event on `transaction#`, a placement's or a cash-out's answer): the
 * ticket's own query takes it at once, the lists are read again.
 */
export function applySportTicket(queryClient: QueryClient, ticket: SportTicket): void {
  queryClient.setQueryData(sportTicketQueryKey(ticket.id), ticket);
  void queryClient.invalidateQueries({ queryKey: [...sportBetsQueryKey, 'list'] });
}
