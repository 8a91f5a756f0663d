/**
 * How a player appears to other players (the latest-bets feed, tournament leaderboards):
 * "john.smith@example.com" → "jo***h": enough to recognise oneself, not to identify anyone.
 */
export function maskPlayerName(name: string): string {
  const characters = [...name];
  if (characters.length <= 2) return `${characters[0] ?? '*'}***`;
  return `${characters.slice(0, 2).join('')}***${characters.at(-1) ?? ''}`;
}
