import type { SportTicket } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isApiError, isNetworkError } from '@/lib/api-error';
import { attemptFor, type IdempotencyAttempt } from '@/lib/idempotency-key';
import { notifyApiError } from '@/lib/notify';
import { applySportTicket, placeSportBet } from '../api/sport-bets';
import type { SlipPlan } from './slip-bets';
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

/**
 * Sends the slip's tickets (singles: one per staked selection), each with its own
 * `Idempotency-Key`: a retry of the same ticket after a lost answer keeps its key, so it is
 * never placed twice. A refusal updates the slip (the book's new prices to accept, the
 * selections it cannot back, the currency's stake limits) and is explained in the slip; the
 * selections stay.
 */
export function useSlipPlacement() {
  const queryClient = useQueryClient();
  const [placement, setPlacement] = useState<Placement>({ phase: 'idle' });
  const [refusal, setRefusal] = useState<SlipRefusal | null>(null);
  const [limits, setLimits] = useState<StakeLimits | null>(null);
  const attempts = useRef(new Map<string, IdempotencyAttempt>());

  const place = useCallback(
    async (plan: SlipPlan) => {
      if (plan.problem !== null || plan.tickets.length === 0) return;
      setPlacement({ phase: 'placing' });
      setRefusal(null);
      const placed: SportTicket[] = [];
      let refused: SlipRefusal | null = null;
      for (const ticket of plan.tickets) {
        const attempt = attemptFor(attempts.current.get(ticket.key) ?? null, ticket.body, () =>
          crypto.randomUUID(),
        );
        attempts.current.set(ticket.key, attempt);
        try {
          const answer = await placeSportBet({ body: ticket.body, idempotencyKey: attempt.key });
          attempts.current.delete(ticket.key);
          applySportTicket(queryClient, answer);
          placed.push(answer);
        } catch (error) {
          // a lost answer keeps the attempt: the same ticket again is a retry, not a new bet
          if (!isNetworkError(error)) attempts.current.delete(ticket.key);
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
              setLimits({ min, max, currency });
          }
        }
      }
      setRefusal(refused);
      if (placed.length > 0) {
        dispatchSlip({ type: 'settleMarks' });
        setPlacement({ phase: 'placed', tickets: placed });
      } else {
        setPlacement({ phase: 'idle' });
      }
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    setPlacement({ phase: 'idle' });
    setRefusal(null);
  }, []);

  const dismissRefusal = useCallback(() => setRefusal(null), []);

  return { placement, refusal, limits, place, reset, dismissRefusal };
}
