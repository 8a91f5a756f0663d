/*
 * How lists are asked for: page sizes, the game sorts, when a history has a next page. Apart from
 * the lists' schemas (`games.ts`, `fiat-wallet.ts`), so that the player app's first load takes
 * them without zod.
 */

/** Spec §9: a page of games holds 30 by default; the server caps what a client may ask. */
export const defaultGamesPageSize = 30;
export const maxGamesPageSize = 100;

export const gameSorts = ['rate', 'title', 'popularity', 'recently'] as const;
export type GameSort = (typeof gameSorts)[number];

export const historyPageSizeDefault = 10;
export const historyPageSizeMax = 100;

/** Spec §9: the next page loads while total exceeds limit + offset. */
export function hasNextHistoryPage(meta: { total: number; limit: number; offset: number }) {
  return meta.total > meta.limit + meta.offset;
}
