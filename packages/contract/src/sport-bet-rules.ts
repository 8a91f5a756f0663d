/**
 * The pure rules of a sport ticket (bet types, statuses, full-cover bets, folds and lines), apart
 * from the ticket's schemas (`sport-bets.ts`) so that the player app's bet slip, on its first
 * load, takes them without zod.
 */

export const sportBetTypes = ['single', 'accumulator', 'system'] as const;
export type SportBetType = (typeof sportBetTypes)[number];

/**
 * What the player accepts when a price moved between the slip and the book's check: nothing
 * (the ticket is refused at any move), a higher price only, or any price.
 */
export const oddsChangePolicies = ['none', 'higher', 'any'] as const;
export type OddsChangePolicy = (typeof oddsChangePolicies)[number];

export const sportTicketStatuses = [
  'pending',
  'accepted',
  'rejected',
  'won',
  'lost',
  'void',
  'cashed_out',
  'half_won',
  'half_lost',
] as const;
export type SportTicketStatus = (typeof sportTicketStatuses)[number];
/** Statuses of a ticket still waiting for its result (`?status=open`). */
export const openSportTicketStatuses = ['pending', 'accepted'] as const;

export const sportLegStatuses = ['open', 'won', 'lost', 'void', 'half_won', 'half_lost'] as const;
export type SportLegStatus = (typeof sportLegStatuses)[number];

/**
 * The named full-cover bets: n selections, every combination of the listed folds. (A Patent and
 * the Lucky bets add the singles to the Trixie, Yankee, Canadian and Heinz.)
 */
export const fullCoverBets = {
  trixie: { selections: 3, folds: [2, 3] },
  patent: { selections: 3, folds: [1, 2, 3] },
  yankee: { selections: 4, folds: [2, 3, 4] },
  lucky15: { selections: 4, folds: [1, 2, 3, 4] },
  canadian: { selections: 5, folds: [2, 3, 4, 5] },
  lucky31: { selections: 5, folds: [1, 2, 3, 4, 5] },
  heinz: { selections: 6, folds: [2, 3, 4, 5, 6] },
  lucky63: { selections: 6, folds: [1, 2, 3, 4, 5, 6] },
  superHeinz: { selections: 7, folds: [2, 3, 4, 5, 6, 7] },
  goliath: { selections: 8, folds: [2, 3, 4, 5, 6, 7, 8] },
} as const satisfies Record<string, { selections: number; folds: readonly number[] }>;
export type FullCoverBet = keyof typeof fullCoverBets;
export const fullCoverBetNames = Object.keys(fullCoverBets) as FullCoverBet[];

/** Most selections on one ticket (an accumulator); a system of k of n takes at most 12. */
export const maxAccumulatorSelections = 20;
export const maxSystemSelections = 12;

/** A system's size: `k` of n, or a full-cover bet's name (`systemSizeSchema` checks it). */
export type SystemSize = number | FullCoverBet;

/** The folds (combination sizes) a ticket stakes on, or null when the size does not fit n. */
export function ticketFolds(
  type: SportBetType,
  selections: number,
  systemSize?: SystemSize | null,
): number[] | null {
  if (selections < 1) return null;
  if (type === 'single') return selections === 1 ? [1] : null;
  if (type === 'accumulator') {
    return selections >= 2 && selections <= maxAccumulatorSelections ? [selections] : null;
  }
  if (systemSize === undefined || systemSize === null) return null;
  if (typeof systemSize === 'number') {
    return systemSize >= 2 && systemSize < selections && selections <= maxSystemSelections
      ? [systemSize]
      : null;
  }
  const bet = fullCoverBets[systemSize];
  return bet.selections === selections ? [...bet.folds] : null;
}

/** How many lines (combinations) the folds make of n selections: Σ C(n, k). */
export function ticketLines(selections: number, folds: readonly number[]): number {
  let lines = 0;
  for (const k of folds) {
    let c = 1;
    for (let i = 1; i <= k; i += 1) c = (c * (selections - k + i)) / i;
    lines += c;
  }
  return lines;
}
