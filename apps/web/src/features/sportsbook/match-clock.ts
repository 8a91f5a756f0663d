/** A period code of the feed (`1st_half`, `set_2`, `q3`, `ot1`, `map_1`) as a locale key and its number. */
export function periodKey(period: string): { key: string; number?: number } {
  const numbered = /^(set|map|q|ot)_?(\d+)$/.exec(period);
  if (numbered) {
    const kinds: Record<string, string> = {
      set: 'set',
      map: 'map',
      q: 'quarter',
      ot: 'overtime',
    };
    return { key: kinds[numbered[1] as string] as string, number: Number(numbered[2]) };
  }
  return { key: period };
}

/**
 * The match clock shown while it runs: the feed's elapsed seconds plus the real time since
 * that reading, as `mm:ss` (minutes go past 59: `93:12`).
 */
export function clockText(elapsedSeconds: number, sinceReadingMs: number): string {
  const seconds = Math.max(0, elapsedSeconds + Math.floor(Math.max(0, sinceReadingMs) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
