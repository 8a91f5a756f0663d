import { isCurrentUserBonus, type UserBonus } from '@casino/contract';

/** How many bonus ids are remembered (newest first). */
export const seenBonusesLimit = 200;

/**
 * Which bonuses are new since the list was last looked at, and the ids to remember next. The
 * first look remembers everything without announcing it, so only a bonus that arrives while the
 * player is here is announced (one granted while away is waiting on the bonuses page). Only
 * active and pending bonuses are announced, never finished ones.
 */
export function unseenBonuses(
  bonuses: readonly UserBonus[],
  seen: readonly string[] | null,
): { fresh: UserBonus[]; seen: string[] } {
  const listed = bonuses.map((bonus) => bonus.id);
  if (seen === null) return { fresh: [], seen: listed.slice(0, seenBonusesLimit) };
  const known = new Set(seen);
  const fresh = bonuses.filter((bonus) => isCurrentUserBonus(bonus) && !known.has(bonus.id));
  const listedSet = new Set(listed);
  const next = [...listed, ...seen.filter((id) => !listedSet.has(id))].slice(0, seenBonusesLimit);
  return { fresh, seen: next };
}
