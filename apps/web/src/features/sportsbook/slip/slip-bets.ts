import {
  currencyScale,
  formatMinorToDecimal,
  fullCoverBetNames,
  fullCoverBets,
  maxAccumulatorSelections,
  maxSystemSelections,
  type PlaceSportBetBody,
  parseDecimalToMinor,
  potentialPayoutMinor,
  type SportBetType,
  type SystemSize,
  ticketFolds,
  ticketLines,
  unlistedCurrencyScale,
} from '@casino/contract';
import type { SlipSelection, SlipState } from './slip-state';

/**
 * What the slip would place: the tickets, their stakes and potential payouts, or why it cannot
 * place yet. Every figure comes from the contract's payout arithmetic (`potentialPayoutMinor`,
 * `ticketFolds`, `ticketLines`), exact in minor units, so the slip shows what the book computes.
 */

/** The systems offered for n selections: k of n (2 ≤ k < n), then the full covers for n. */
export function systemChoices(selections: number): SystemSize[] {
  if (selections < 3 || selections > maxSystemSelections) return [];
  const sizes: SystemSize[] = [];
  for (let k = 2; k < selections; k += 1) sizes.push(k);
  for (const name of fullCoverBetNames) {
    if (fullCoverBets[name].selections === selections) sizes.push(name);
  }
  return sizes;
}

/** How many lines a system of this size makes of n selections (0 when it does not fit). */
export function systemLineCount(size: SystemSize, selections: number): number {
  const folds = ticketFolds('system', selections, size);
  return folds === null ? 0 : ticketLines(selections, folds);
}

export type SlipProblem =
  | 'no_selections'
  /** two selections of one event on a combination */
  | 'related'
  | 'too_few'
  | 'too_many'
  | 'choose_system'
  | 'stake_missing'
  | 'stake_invalid'
  /** a moved price waits for "Accept changes" */
  | 'offered_changes'
  | 'suspended'
  | 'unavailable';

export interface PlannedTicket {
  /** the selection key for a single, the bet type otherwise */
  key: string;
  body: PlaceSportBetBody;
  stakeMinor: bigint;
  potentialPayoutMinor: bigint;
  lines: number;
}

export interface SlipPlan {
  tickets: PlannedTicket[];
  totalStakeMinor: bigint;
  potentialPayoutMinor: bigint;
  /** the first reason nothing can be placed yet, null when the tickets can go */
  problem: SlipProblem | null;
  /** a system's lines (1 otherwise) */
  lines: number;
  scale: number;
}

function stakeMinor(stake: string, scale: number): bigint | 'missing' | 'invalid' {
  const trimmed = stake.trim();
  if (trimmed === '') return 'missing';
  const minor = parseDecimalToMinor(trimmed, scale);
  if (minor === null) return 'invalid';
  return minor > 0n ? minor : 'invalid';
}

function selectionsOf(selections: readonly SlipSelection[]) {
  return selections.map(({ eventId, marketId, outcomeId, odds }) => ({
    eventId,
    marketId,
    outcomeId,
    odds,
  }));
}

/** A combination's problem with its selections, before any stake is looked at. */
function combinationProblem(type: SportBetType, slip: SlipState): SlipProblem | null {
  const n = slip.selections.length;
  const events = new Set(slip.selections.map((selection) => selection.eventId));
  if (type === 'accumulator') {
    if (n < 2) return 'too_few';
    if (n > maxAccumulatorSelections) return 'too_many';
  } else if (type === 'system') {
    if (n < 3) return 'too_few';
    if (n > maxSystemSelections) return 'too_many';
  }
  if (events.size < n) return 'related';
  if (type === 'system' && (slip.systemSize === null || systemLineCount(slip.systemSize, n) === 0))
    return 'choose_system';
  return null;
}

function stateProblem(slip: SlipState): SlipProblem | null {
  if (slip.selections.some((selection) => selection.state === 'unavailable')) return 'unavailable';
  if (slip.selections.some((selection) => selection.state === 'suspended')) return 'suspended';
  if (slip.selections.some((selection) => selection.offeredOdds !== null)) return 'offered_changes';
  return null;
}

/** The tickets the slip's current tab would place, in the currency's ledger scale. */
export function planSlip(slip: SlipState, currency: string): SlipPlan {
  const scale = currencyScale(currency, unlistedCurrencyScale);
  const empty: SlipPlan = {
    tickets: [],
    totalStakeMinor: 0n,
    potentialPayoutMinor: 0n,
    problem: null,
    lines: 1,
    scale,
  };
  if (slip.selections.length === 0) return { ...empty, problem: 'no_selections' };
  const type = slip.tab;
  const oddsChange = slip.policy;

  if (type === 'single') {
    const tickets: PlannedTicket[] = [];
    let problem: SlipProblem | null = null;
    for (const selection of slip.selections) {
      const key = `${selection.marketId}:${selection.outcomeId}`;
      const typed = slip.sameStake ?? slip.singleStakes[key] ?? '';
      const stake = stakeMinor(typed, scale);
      if (stake === 'missing') continue;
      if (stake === 'invalid') {
        problem ??= 'stake_invalid';
        continue;
      }
      tickets.push({
        key,
        body: {
          type: 'single',
          stake: formatMinorToDecimal(stake, scale),
          oddsChange,
          selections: selectionsOf([selection]),
        },
        stakeMinor: stake,
        potentialPayoutMinor: potentialPayoutMinor(stake, [selection.odds], [1]) ?? 0n,
        lines: 1,
      });
    }
    if (tickets.length === 0 && problem === null) problem = 'stake_missing';
    return summed(tickets, problem ?? stateProblem(slip), 1, scale);
  }

  const selectionProblem = combinationProblem(type, slip);
  if (selectionProblem) return { ...empty, problem: selectionProblem };
  const n = slip.selections.length;
  const systemSize = type === 'system' ? slip.systemSize : null;
  const folds = ticketFolds(type, n, systemSize) ?? [n];
  const lines = ticketLines(n, folds);
  const typed = type === 'system' ? slip.systemLineStake : slip.accumulatorStake;
  const perLine = stakeMinor(typed, scale);
  if (perLine === 'missing') return { ...empty, lines, problem: 'stake_missing' };
  if (perLine === 'invalid') return { ...empty, lines, problem: 'stake_invalid' };
  // a system's stake is the line stake on every line, so it always divides evenly
  const stake = perLine * BigInt(lines);
  const odds = slip.selections.map((selection) => selection.odds);
  const body: PlaceSportBetBody = {
    type,
    stake: formatMinorToDecimal(stake, scale),
    oddsChange,
    selections: selectionsOf(slip.selections),
    ...(systemSize === null ? {} : { systemSize }),
  };
  const ticket: PlannedTicket = {
    key: type,
    body,
    stakeMinor: stake,
    potentialPayoutMinor: potentialPayoutMinor(stake, odds, folds) ?? 0n,
    lines,
  };
  return summed([ticket], stateProblem(slip), lines, scale);
}

function summed(
  tickets: PlannedTicket[],
  problem: SlipProblem | null,
  lines: number,
  scale: number,
): SlipPlan {
  return {
    tickets,
    totalStakeMinor: tickets.reduce((sum, ticket) => sum + ticket.stakeMinor, 0n),
    potentialPayoutMinor: tickets.reduce((sum, ticket) => sum + ticket.potentialPayoutMinor, 0n),
    problem,
    lines,
    scale,
  };
}

/** Which tabs refuse the slip's selections as they are (shown on the tab, explained inside). */
export function tabProblem(type: SportBetType, slip: SlipState): SlipProblem | null {
  if (type === 'single') return null;
  const problem = combinationProblem(type, slip);
  return problem === 'choose_system' ? null : problem;
}

/**
 * Quick stakes in the player's currency: round amounts a player of that currency would tap
 * (10 USD is about 900 RUB, 45,000 KZT; the steps follow each currency's usual notes).
 */
const quickStakesByCurrency: Record<string, readonly string[]> = {
  USD: ['5', '10', '25', '50'],
  EUR: ['5', '10', '25', '50'],
  RUB: ['100', '500', '1000', '5000'],
  KZT: ['500', '2000', '5000', '20000'],
  UAH: ['50', '200', '500', '1000'],
  UZS: ['10000', '50000', '100000', '500000'],
  AZN: ['5', '10', '20', '50'],
  PLN: ['10', '20', '50', '100'],
  IDR: ['20000', '50000', '100000', '500000'],
  INR: ['100', '500', '1000', '2000'],
  USDT: ['5', '10', '25', '50'],
  USDC: ['5', '10', '25', '50'],
};

export function quickStakes(currency: string): readonly string[] {
  return quickStakesByCurrency[currency] ?? quickStakesByCurrency.USD ?? [];
}

/** Adds a quick stake to what is typed (taps add up, as on the big books). */
export function addQuickStake(typed: string, quick: string, currency: string): string {
  const scale = currencyScale(currency, unlistedCurrencyScale);
  const current = parseDecimalToMinor(typed.trim(), scale) ?? 0n;
  const add = parseDecimalToMinor(quick, scale) ?? 0n;
  const sum = formatMinorToDecimal(current + add, scale);
  // "15.00" reads as "15" in a stake field
  return sum.includes('.') ? sum.replace(/\.?0+$/, '') : sum;
}

/** What a player types into a stake field: digits and one decimal separator (a comma is a dot). */
export function normalizeStakeInput(raw: string): string {
  const cleaned = raw.replace(',', '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot < 0
    ? cleaned
    : `${cleaned.slice(0, dot + 1)}${cleaned.slice(dot + 1).replace(/\./g, '')}`;
}
