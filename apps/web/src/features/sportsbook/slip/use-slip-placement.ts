import type { SportTicket } from '@casino/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { isApiError, isNetworkError } from '@/lib/api-error';
import { attemptFor, type IdempotencyAttempt } from '@/lib/idempotency-key';
import { notifyApiError } from '@/lib/notify';
import { applySportTicket, placeSportBet } from '../api/sport-bets';
import type { SlipPlan } from './slip-bets';
import { SlipAccountContext } from './slip-provider';
import { selectionKey } from './slip-state';
import { dispatchSlip } from './slip-store';

/** Refusals the slip explains in place (translated under `BetSlip.refusal.*`), never a toast. */
export const slipRefusals = [
  'sport_odds_changed',
  'sport_selection_unavailable',
  'sport_stake_limit',
  'sport_payout_limit',
  'sport_liability_limit',
  'sport_related_selections',
  'insufficient_balance',
  'bonus_max_bet_exceeded',
] as const;
export type SlipRefusalCode = (typeof slipRefusals)[number];

export interface SlipRefusal {
  code: SlipRefusalCode;
  payload: Record<string, unknown>;
}

/** The stake limits the book told us for a currency (`sport_stake_limit`). */
export interface StakeLimits {
  min: string;
  max: string;
  currency: string;
}

export type Placement =
  | { phase: 'idle' }
  | { phase: 'placing' }
  /** some tickets were taken: the receipt follows them (pending → accepted or rejected) */
  | { phase: 'placed'; tickets: SportTicket[] };

interface PayloadSelection {
  marketId: number;
  outcomeId: string;
  odds?: string;
}

function payloadSelections(payload: Record<string, unknown>): PayloadSelection[] {
  const list = payload.selections;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): PayloadSelection[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { marketId, outcomeId, odds } = item as Record<string, unknown>;
    if (typeof marketId !== 'number' || typeof outcomeId !== 'string') return [];
    return [{ marketId, outcomeId, ...(typeof odds === 'string' ? { odds } : {}) }];
  });
}

interface PlacementState {
  placement: Placement;
  refusal: SlipRefusal | null;
  limits: StakeLimits | null;
}

const idle: PlacementState = { placement: { phase: 'idle' }, refusal: null, limits: null };

/**
 * The placement under way and what the book answered, kept for the page (closing the drawer or
 * leaving the page does not lose a pending ticket or its receipt), with each ticket's attempt.
 */
let state = idle;
const listeners = new Set<() => void>();
const attempts = new Map<string, IdempotencyAttempt>();

function update(patch: Partial<PlacementState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Sends the slip's tickets (singles: one per staked selection), each with its own
 * `Idempotency-Key`: a retry of the same ticket after a lost answer keeps its key, so it is
 * never placed twice. A refusal updates the slip (the book's new prices to accept, the
 * selections it cannot back, the currency's stake limits) and is explained in the slip; the
 * selections stay.
 */
async function place(queryClient: QueryClient, plan: SlipPlan) {
  if (plan.problem !== null || plan.tickets.length === 0) return;
  update({ placement: { phase: 'placing' }, refusal: null });
  const placed: SportTicket[] = [];
  let refused: SlipRefusal | null = null;
  for (const ticket of plan.tickets) {
    const attempt = attemptFor(attempts.get(ticket.key) ?? null, ticket.body, () =>
      crypto.randomUUID(),
    );
    attempts.set(ticket.key, attempt);
    try {
      const answer = await placeSportBet({ body: ticket.body, idempotencyKey: attempt.key });
      attempts.delete(ticket.key);
      applySportTicket(queryClient, answer);
      placed.push(answer);
    } catch (error) {
      // a lost answer keeps the attempt: the same ticket again is a retry, not a new bet
      if (!isNetworkError(error)) attempts.delete(ticket.key);
      const code = isApiError(error)
        ? slipRefusals.find((candidate) => candidate === error.detail)
        : undefined;
      if (!code || !isApiError(error)) {
        notifyApiError(error);
        continue;
      }
      const payload = error.payload ?? {};
      refused ??= { code, payload };
      if (code === 'sport_odds_changed') {
        const prices = payloadSelections(payload).flatMap((item) =>
          item.odds === undefined ? [] : [{ ...item, odds: item.odds }],
        );
        dispatchSlip({ type: 'bookPrices', prices });
      } else if (code === 'sport_selection_unavailable') {
        dispatchSlip({
          type: 'unavailable',
          keys: payloadSelections(payload).map(selectionKey),
        });
      } else if (code === 'sport_stake_limit') {
        const { min, max, currency } = payload;
        if (typeof min === 'string' && typeof max === 'string' && typeof currency === 'string')
          update({ limits: { min, max, currency } });
      }
    }
  }
  update({ refusal: refused });
  if (placed.length > 0) {
    dispatchSlip({ type: 'settleMarks' });
    update({ placement: { phase: 'placed', tickets: placed } });
  } else {
    update({ placement: { phase: 'idle' } });
  }
}

function reset() {
  update({ placement: { phase: 'idle' }, refusal: null });
}

function dismissRefusal() {
  update({ refusal: null });
}

/** Forgets every placement, refusal, limit and attempt (a fresh page, as each test starts). */
export function resetSlipPlacement(): void {
  attempts.clear();
  update(idle);
}

/**
 * The slip's placement and the account it places for (`SlipProvider`, above every page):
 * what the slip and its receipt show and do.
 */
export function useSlipContext() {
  const account = useContext(SlipAccountContext);
  if (!account) throw new Error('The bet slip needs a SlipProvider above it');
  const queryClient = useQueryClient();
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  const placeSlip = useCallback((plan: SlipPlan) => place(queryClient, plan), [queryClient]);
  return { ...account, ...current, place: placeSlip, reset, dismissRefusal };
}
