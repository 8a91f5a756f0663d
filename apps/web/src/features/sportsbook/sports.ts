/**
 * Sports and e-sports of the sportsbook. Each route slug is a fixed name plus the numeric id the
 * odds feed uses (`football-1`), so links stay stable when titles are translated.
 */
export const sports = [
  { id: 1, key: 'football', kind: 'sport' },
  { id: 2, key: 'tennis', kind: 'sport' },
  { id: 3, key: 'basketball', kind: 'sport' },
  { id: 4, key: 'ice_hockey', kind: 'sport' },
  { id: 5, key: 'volleyball', kind: 'sport' },
  { id: 6, key: 'table_tennis', kind: 'sport' },
  { id: 7, key: 'counter_strike', kind: 'esport' },
  { id: 8, key: 'dota_2', kind: 'esport' },
  { id: 9, key: 'league_of_legends', kind: 'esport' },
  { id: 10, key: 'valorant', kind: 'esport' },
  { id: 11, key: 'american_football', kind: 'sport' },
  { id: 12, key: 'rugby', kind: 'sport' },
  { id: 13, key: 'mma', kind: 'sport' },
  { id: 14, key: 'darts', kind: 'sport' },
] as const;

export type Sport = (typeof sports)[number];
export type SportKey = Sport['key'];

export function sportSlug(sport: Pick<Sport, 'id' | 'key'>): string {
  return `${sport.key.replaceAll('_', '-')}-${sport.id}`;
}

export function findSportBySlug(slug: string | undefined): Sport | null {
  if (!slug) return null;
  return sports.find((sport) => sportSlug(sport) === slug) ?? null;
}
