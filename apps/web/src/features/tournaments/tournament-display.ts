import {
  formatMoney,
  type Tournament,
  type TournamentStatus,
  tournamentDescriptionFor,
} from '@casino/contract';

/** The tournament's name, text and picture in the locale, else English. */
export function tournamentTexts(
  tournament: Pick<Tournament, 'id' | 'descriptions'>,
  locale: string,
) {
  const description = tournamentDescriptionFor(tournament.descriptions, locale);
  return {
    name: description?.name ?? tournament.id,
    description: description?.description ?? '',
    image: description?.image ?? '',
  };
}

/**
 * The status now: the list may be a day old (spec §9), so the start and end are read against
 * the clock; finished and paid come only from the server.
 */
export function currentStatus(
  tournament: Pick<Tournament, 'status' | 'startsAt' | 'endsAt'>,
  nowMs: number,
): TournamentStatus {
  if (tournament.status === 'finished' || tournament.status === 'paid') return tournament.status;
  if (nowMs < Date.parse(tournament.startsAt)) return 'upcoming';
  if (nowMs < Date.parse(tournament.endsAt)) return 'running';
  return 'finished';
}

/** Money in the tournament currency ('$1,500.00'). */
export function tournamentMoney(amount: string, currency: string): string {
  return formatMoney(amount, currency);
}

/** A leaderboard score: money in the tournament currency, or a multiplier ('×12.40'). */
export function formatScore(tournament: Pick<Tournament, 'scoring' | 'currency'>, score: string) {
  return tournament.scoring === 'best_multiplier'
    ? `×${score}`
    : formatMoney(score, tournament.currency);
}

/**
 * The games shown while the list is collapsed: one row (`rowLength`, the grid's columns), and how
 * many more "show all" unfolds; everything once expanded.
 */
export function collapsedGames<Game>(
  games: readonly Game[],
  rowLength: number,
  expanded: boolean,
): { visible: Game[]; hiddenCount: number } {
  if (expanded || games.length <= rowLength) return { visible: [...games], hiddenCount: 0 };
  return { visible: games.slice(0, rowLength), hiddenCount: games.length - rowLength };
}
