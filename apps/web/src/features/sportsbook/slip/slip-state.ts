import {
  type FullCoverBet,
  fullCoverBetNames,
  maxAccumulatorSelections,
  maxSystemSelections,
  type OddsChangePolicy,
  oddsChangePolicies,
  type SportBetType,
  type SystemSize,
  sportBetTypes,
} from '@casino/contract';
import {
  arrayOf,
  boolean,
  type Checked,
  either,
  integer,
  nullable,
  object,
  oneOf,
  parseShape,
  recordOf,
  string,
} from '@/lib/shape-check';
import { oddsMovement } from '../odds';
import { systemChoices } from './slip-bets';
import { slipStorageKey } from './slip-count';

/**
 * The bet slip as a pure state and reducer: what the player picked, the stakes typed, the tab,
 * the system chosen and the odds-change policy. The store (`slip-store.ts`) keeps it in
 * localStorage; everything here is plain data so it can be tested and validated on read.
 * What localStorage holds is checked with `@/lib/shape-check` (the slip is on the first load,
 * which carries no zod): another tab, an old version or a hand may have written it.
 */

/** Decimal odds as the feed priced them ("1.85"). */
const oddsPattern = /^\d{1,6}(\.\d{1,4})?$/;
const odds = string((value) => oddsPattern.test(value));

/**
 * Where a selection stands now, from the live prices: open, suspended for a moment (blocks
 * placement until it reopens) or gone for good (market settled, cancelled or the event ended).
 */
export const selectionStates = ['open', 'suspended', 'unavailable'] as const;
export type SelectionState = (typeof selectionStates)[number];

const positiveInteger = integer(1);
const name = string((value) => value.length <= 300);

const slipSelection = object({
  eventId: positiveInteger,
  marketId: positiveInteger,
  outcomeId: string((value) => value.length >= 1 && value.length <= 100),
  sportId: positiveInteger,
  /** "Home v Away", the market's and the outcome's names as the player read them */
  eventName: name,
  marketName: name,
  outcomeName: name,
  /** the event was live when picked */
  live: boolean,
  /** the price the slip sends: the one the player saw and accepted */
  odds,
  /** the price before the last change the slip took, shown as old → new */
  previousOdds: nullable(odds),
  /** a new price the player's policy does not take by itself: "Accept changes" takes it */
  offeredOdds: nullable(odds),
  state: oneOf(selectionStates),
});
export type SlipSelection = Checked<typeof slipSelection>;

/** Stakes are decimal strings as typed (validated when placing, in the currency's scale). */
const stake = string((value) => value.length <= 40);

/** The contract's `systemSizeSchema`: k of n, or a full-cover bet's name. */
const systemSize = either(
  integer(2, maxSystemSelections - 1),
  oneOf<FullCoverBet>(fullCoverBetNames),
);

const slipStateShape = object({
  selections: arrayOf(slipSelection, maxAccumulatorSelections),
  tab: oneOf(sportBetTypes),
  /** singles: a stake per selection (by `selectionKey`) */
  singleStakes: recordOf(stake),
  /** singles: one stake for every selection, when the player chose "same stake for all" */
  sameStake: nullable(stake),
  accumulatorStake: stake,
  /** a system's stake per line: the ticket's stake is this × the lines */
  systemLineStake: stake,
  systemSize: nullable(systemSize),
  policy: oneOf(oddsChangePolicies),
});
export type SlipState = Checked<typeof slipStateShape>;

/** What localStorage holds: the state under a version, so a future shape never reads an old one. */
const storedSlip = object({ version: oneOf([1]), slip: slipStateShape });

export { slipStorageKey };

export const emptySlip: SlipState = {
  selections: [],
  tab: 'single',
  singleStakes: {},
  sameStake: null,
  accumulatorStake: '',
  systemLineStake: '',
  systemSize: null,
  policy: 'higher',
};

/** A stored slip, validated; anything unreadable (another version, a tampered value) is empty. */
export function readStoredSlip(raw: string | null): SlipState {
  if (raw === null) return emptySlip;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return emptySlip;
  }
  const stored = parseShape(storedSlip, parsed);
  if (!stored) return emptySlip;
  return normalize(stored.slip);
}

export function serializeSlip(slip: SlipState): string {
  return JSON.stringify({ version: 1, slip });
}

export function selectionKey(selection: { marketId: number; outcomeId: string }): string {
  return `${selection.marketId}:${selection.outcomeId}`;
}

/** What an outcome button hands the slip when clicked. */
export type NewSelection = Omit<SlipSelection, 'previousOdds' | 'offeredOdds' | 'state'>;

/** A market's live state as the slip reads it from an event snapshot. */
export interface LivePrice {
  marketId: number;
  outcomeId: string;
  /** null while not priced */
  odds: string | null;
  state: SelectionState;
}

export type SlipAction =
  | { type: 'toggle'; selection: NewSelection }
  | { type: 'remove'; key: string }
  | { type: 'clear' }
  | { type: 'setTab'; tab: SportBetType }
  | { type: 'setSingleStake'; key: string; stake: string }
  | { type: 'setSameStake'; stake: string | null }
  | { type: 'setAccumulatorStake'; stake: string }
  | { type: 'setSystemLineStake'; stake: string }
  | { type: 'setSystemSize'; size: SystemSize | null }
  | { type: 'setPolicy'; policy: OddsChangePolicy }
  | { type: 'livePrices'; prices: readonly LivePrice[] }
  /** the book refused the ticket because these prices moved (`sport_odds_changed`) */
  | { type: 'bookPrices'; prices: readonly { marketId: number; outcomeId: string; odds: string }[] }
  /** the book says these cannot be backed (`sport_selection_unavailable`) */
  | { type: 'unavailable'; keys: readonly string[] }
  | { type: 'acceptChanges' }
  /** after a placement: the old → new marks are history now */
  | { type: 'settleMarks' };

export type PriceDecision = 'take' | 'ask';

/**
 * A price moved while the slip was open: the player's policy says whether the slip takes it by
 * itself or asks. `none` asks at any move, `higher` takes a better price and asks at a worse
 * one, `any` takes every move.
 */
export function priceDecision(
  policy: OddsChangePolicy,
  current: string,
  next: string,
): PriceDecision {
  const movement = oddsMovement(current, next);
  if (movement === null) return 'take';
  switch (policy) {
    case 'none':
      return 'ask';
    case 'higher':
      return movement === 'up' ? 'take' : 'ask';
    case 'any':
      return 'take';
  }
}

function withPrice(
  selection: SlipSelection,
  next: string,
  policy: OddsChangePolicy,
): SlipSelection {
  const shown = selection.offeredOdds ?? selection.odds;
  if (oddsMovement(shown, next) === null) return selection;
  // back to the price the slip holds: nothing to accept any more
  if (oddsMovement(selection.odds, next) === null) {
    return { ...selection, offeredOdds: null };
  }
  if (priceDecision(policy, selection.odds, next) === 'take') {
    return { ...selection, previousOdds: selection.odds, odds: next, offeredOdds: null };
  }
  return { ...selection, offeredOdds: next };
}

/** Drops stakes of selections that left, keeps the system size only while it fits. */
function normalize(slip: SlipState): SlipState {
  const keys = new Set(slip.selections.map(selectionKey));
  const singleStakes = Object.fromEntries(
    Object.entries(slip.singleStakes).filter(([key]) => keys.has(key)),
  );
  const systemSize =
    slip.systemSize !== null && systemFits(slip.systemSize, slip.selections.length)
      ? slip.systemSize
      : null;
  return { ...slip, singleStakes, systemSize };
}

/** Whether a system size is one of those offered for n selections. */
export function systemFits(size: SystemSize, selections: number): boolean {
  if (typeof size === 'number') return size >= 2 && size < selections && selections <= 12;
  return systemChoices(selections).some((choice) => choice === size);
}

export function slipReducer(slip: SlipState, action: SlipAction): SlipState {
  switch (action.type) {
    case 'toggle': {
      const key = selectionKey(action.selection);
      if (slip.selections.some((selection) => selectionKey(selection) === key)) {
        return normalize({
          ...slip,
          selections: slip.selections.filter((selection) => selectionKey(selection) !== key),
        });
      }
      const fresh: SlipSelection = {
        ...action.selection,
        previousOdds: null,
        offeredOdds: null,
        state: 'open',
      };
      const sameMarket = slip.selections.findIndex(
        (selection) => selection.marketId === action.selection.marketId,
      );
      // a second outcome of one market replaces the first, where it stood
      if (sameMarket >= 0) {
        const selections = [...slip.selections];
        const replaced = selections[sameMarket] as SlipSelection;
        selections[sameMarket] = fresh;
        const singleStakes = { ...slip.singleStakes };
        const stake = singleStakes[selectionKey(replaced)];
        if (stake !== undefined) singleStakes[key] = stake;
        return normalize({ ...slip, selections, singleStakes });
      }
      if (slip.selections.length >= maxAccumulatorSelections) return slip;
      return normalize({ ...slip, selections: [...slip.selections, fresh] });
    }
    case 'remove':
      return normalize({
        ...slip,
        selections: slip.selections.filter((selection) => selectionKey(selection) !== action.key),
      });
    case 'clear':
      return { ...emptySlip, policy: slip.policy, tab: slip.tab };
    case 'setTab':
      return { ...slip, tab: action.tab };
    case 'setSingleStake':
      return { ...slip, singleStakes: { ...slip.singleStakes, [action.key]: action.stake } };
    case 'setSameStake':
      return { ...slip, sameStake: action.stake };
    case 'setAccumulatorStake':
      return { ...slip, accumulatorStake: action.stake };
    case 'setSystemLineStake':
      return { ...slip, systemLineStake: action.stake };
    case 'setSystemSize':
      return normalize({ ...slip, systemSize: action.size });
    case 'setPolicy': {
      // a policy that now takes what was waiting takes it at once
      const selections = slip.selections.map((selection) =>
        selection.offeredOdds === null
          ? selection
          : withPrice({ ...selection, offeredOdds: null }, selection.offeredOdds, action.policy),
      );
      return { ...slip, policy: action.policy, selections };
    }
    case 'livePrices': {
      const byKey = new Map(action.prices.map((price) => [selectionKey(price), price]));
      let changed = false;
      const selections = slip.selections.map((selection) => {
        const price = byKey.get(selectionKey(selection));
        if (!price) return selection;
        let next: SlipSelection =
          price.state === selection.state ? selection : { ...selection, state: price.state };
        if (price.state === 'open' && price.odds !== null) {
          next = withPrice(next, price.odds, slip.policy);
        }
        if (next !== selection) changed = true;
        return next;
      });
      return changed ? { ...slip, selections } : slip;
    }
    case 'bookPrices': {
      const byKey = new Map(action.prices.map((price) => [selectionKey(price), price.odds]));
      const selections = slip.selections.map((selection) => {
        const odds = byKey.get(selectionKey(selection));
        if (odds === undefined || oddsMovement(selection.odds, odds) === null) return selection;
        // the book refused at this price under the policy: the player decides
        return { ...selection, offeredOdds: odds };
      });
      return { ...slip, selections };
    }
    case 'unavailable': {
      const keys = new Set(action.keys);
      return {
        ...slip,
        selections: slip.selections.map((selection) =>
          keys.has(selectionKey(selection)) && selection.state === 'open'
            ? { ...selection, state: 'suspended' }
            : selection,
        ),
      };
    }
    case 'acceptChanges':
      return {
        ...slip,
        selections: slip.selections.map((selection) =>
          selection.offeredOdds === null
            ? selection
            : {
                ...selection,
                previousOdds: selection.odds,
                odds: selection.offeredOdds,
                offeredOdds: null,
              },
        ),
      };
    case 'settleMarks':
      return {
        ...slip,
        selections: slip.selections.map((selection) =>
          selection.previousOdds === null ? selection : { ...selection, previousOdds: null },
        ),
      };
  }
}

/** Selections sharing an event with another one in the slip (a combination refuses them). */
export function relatedEventIds(selections: readonly SlipSelection[]): Set<number> {
  const seen = new Set<number>();
  const related = new Set<number>();
  for (const selection of selections) {
    if (seen.has(selection.eventId)) related.add(selection.eventId);
    seen.add(selection.eventId);
  }
  return related;
}

/** Some price waits for the player's "Accept changes". */
export function hasOfferedChanges(slip: SlipState): boolean {
  return slip.selections.some((selection) => selection.offeredOdds !== null);
}
