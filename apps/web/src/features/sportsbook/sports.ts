/**
 * Sports and e-sports of the sportsbook, with the industry's numeric sport ids (Sportradar's: 1
 * soccer, 5 tennis, 109 Counter-Strike) and the fixed slugs the server's catalog uses. A route
 * slug is the slug plus the id (`soccer-1`), so links stay stable when titles are translated.
 * `key` names the sport's title in the locales (`Pages.sportsbook.sport.{key}`).
 */
export const sports = [
  { id: 1, slug: 'soccer', key: 'soccer', kind: 'sport' },
  { id: 5, slug: 'tennis', key: 'tennis', kind: 'sport' },
  { id: 2, slug: 'basketball', key: 'basketball', kind: 'sport' },
  { id: 4, slug: 'ice-hockey', key: 'ice_hockey', kind: 'sport' },
  { id: 23, slug: 'volleyball', key: 'volleyball', kind: 'sport' },
  { id: 20, slug: 'table-tennis', key: 'table_tennis', kind: 'sport' },
  { id: 109, slug: 'counter-strike', key: 'counter_strike', kind: 'esport' },
  { id: 111, slug: 'dota-2', key: 'dota_2', kind: 'esport' },
  { id: 110, slug: 'league-of-legends', key: 'league_of_legends', kind: 'esport' },
  { id: 194, slug: 'valorant', key: 'valorant', kind: 'esport' },
  { id: 16, slug: 'american-football', key: 'american_football', kind: 'sport' },
  { id: 12, slug: 'rugby', key: 'rugby', kind: 'sport' },
  { id: 117, slug: 'mma', key: 'mma', kind: 'sport' },
  { id: 22, slug: 'darts', key: 'darts', kind: 'sport' },
] as const;

export type Sport = (typeof sports)[number];
export type SportKey = Sport['key'];

export function sportSlug(sport: Pick<Sport, 'id' | 'slug'>): string {
  return `${sport.slug}-${sport.id}`;
}

export function findSportBySlug(slug: string | undefined): Sport | null {
  if (!slug) return null;
  return sports.find((sport) => sportSlug(sport) === slug) ?? null;
}

export function findSportById(id: number): Sport | null {
  return sports.find((sport) => sport.id === id) ?? null;
}
