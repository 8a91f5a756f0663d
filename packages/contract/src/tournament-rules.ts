import type { TournamentDescription } from './tournaments.ts';

/*
 * What the player app shows of tournaments before any is opened (the sidebar's), apart from the
 * tournaments' schemas (`tournaments.ts`): the first load takes it without zod.
 */

/** Sidebar tournaments (wallet spec §9). */
export const sidebarTournamentsCount = 3;

/** The tournament's texts in `locale`, else English, else any. */
export function tournamentDescriptionFor(
  descriptions: Record<string, TournamentDescription>,
  locale: string,
): TournamentDescription | undefined {
  return descriptions[locale] ?? descriptions.en ?? Object.values(descriptions)[0];
}
