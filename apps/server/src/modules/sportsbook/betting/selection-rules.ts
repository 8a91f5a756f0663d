import {
  type OddsChangePolicy,
  type SportRejectionReason,
  type SportSelection,
  scaledOdds,
} from '@casino/contract';

/** What the rules need of a selection's current state (BettingRepository.selections). */
export interface SelectionNow {
  event_id: string | null;
  event_status: string | null;
  type_id: number | null;
  market_status: string | null;
  feed_status: string | null;
  outcome_active: boolean | null;
  odds: string | null;
}

/** A selection a ticket wants, with the price the player saw. */
export type WantedSelection = Pick<SportSelection, 'eventId' | 'marketId' | 'outcomeId' | 'odds'>;

export type SelectionVerdict =
  | { kind: 'ok'; odds: string[] }
  | {
      kind: 'unavailable';
      selections: Array<{
        marketId: number;
        outcomeId: string;
        reason: Extract<SportRejectionReason, 'bet_stop' | 'selection_unavailable'>;
      }>;
    }
  | {
      kind: 'odds_changed';
      selections: Array<{ marketId: number; outcomeId: string; odds: string }>;
    };

/**
 * Whether two selections may stand on one accumulator or system. Two of one event are related
 * (their results depend on each other) and no market type of ours allows it today; a market type
 * that would allow it says so here, the one place the rule lives.
 */
export function mayCombine(first: WantedSelection, second: WantedSelection): boolean {
  return first.eventId !== second.eventId;
}

/** The events that appear on a combination more than `mayCombine` allows (empty: none). */
export function relatedEvents(selections: readonly WantedSelection[]): number[] {
  const related = new Set<number>();
  selections.forEach((first, index) => {
    for (const second of selections.slice(index + 1)) {
      if (!mayCombine(first, second)) {
        related.add(first.eventId);
        related.add(second.eventId);
      }
    }
  });
  return [...related].sort((left, right) => left - right);
}

/**
 * Why a selection cannot be backed now, or null when it can: its event must be open (not
 * ended, not cancelled) and the one it was asked under, its market active as players see it
 * (operators' holds and a producer down included), its outcome active with a price. A market
 * the feed itself suspended is a bet stop; anything else is unavailable.
 */
function unavailableReason(
  wanted: WantedSelection,
  now: SelectionNow | undefined,
): 'bet_stop' | 'selection_unavailable' | null {
  if (!now || now.event_id === null || now.outcome_active === null) return 'selection_unavailable';
  if (Number(now.event_id) !== wanted.eventId) return 'selection_unavailable';
  if (now.event_status !== 'live' && now.event_status !== 'not_started') {
    return 'selection_unavailable';
  }
  if (now.market_status !== 'active') {
    return now.feed_status === 'suspended' ? 'bet_stop' : 'selection_unavailable';
  }
  if (!now.outcome_active || now.odds === null) return 'selection_unavailable';
  return null;
}

/**
 * The prices a ticket is taken at under the player's odds-change policy, or why it cannot be:
 * `none` refuses any difference from the price the player saw, `higher` a lower price (a higher
 * one is taken), `any` takes the price now. Unavailable selections are reported before price
 * changes; each list names every selection concerned, with the price now where it moved.
 */
export function checkSelections(
  policy: OddsChangePolicy,
  wanted: readonly WantedSelection[],
  now: readonly (SelectionNow | undefined)[],
): SelectionVerdict {
  const unavailable: Extract<SelectionVerdict, { kind: 'unavailable' }>['selections'] = [];
  const changed: Extract<SelectionVerdict, { kind: 'odds_changed' }>['selections'] = [];
  const odds: string[] = [];
  wanted.forEach((selection, index) => {
    const state = now[index];
    const reason = unavailableReason(selection, state);
    if (reason !== null || !state || state.odds === null) {
      unavailable.push({
        marketId: selection.marketId,
        outcomeId: selection.outcomeId,
        reason: reason ?? 'selection_unavailable',
      });
      return;
    }
    const seen = scaledOdds(selection.odds);
    const current = scaledOdds(state.odds);
    const refused = policy === 'none' ? current !== seen : policy === 'higher' && current < seen;
    if (refused) {
      changed.push({
        marketId: selection.marketId,
        outcomeId: selection.outcomeId,
        odds: state.odds,
      });
    }
    odds.push(state.odds);
  });
  if (unavailable.length > 0) return { kind: 'unavailable', selections: unavailable };
  if (changed.length > 0) return { kind: 'odds_changed', selections: changed };
  return { kind: 'ok', odds };
}
