import {
  currencyScale,
  formatMinorToDecimal,
  parseDecimalToMinor,
  type UserBonus,
  unlistedCurrencyScale,
} from '@casino/contract';

/** The free spins a player can play on one game: the bonus, how many are left, the stake. */
export interface FreespinOffer {
  bonusId: string;
  left: number;
  /** the spin's stake in the game's currency scale ("0.20"): the bet must equal it */
  amount: string;
}

/**
 * The bonus whose free spins this game accepts, as the server's stake plan decides: an active
 * bonus of the player with spins left, in the round's currency, and either no game list or this
 * game on it. Null when there is none.
 */
export function freespinOfferFor(
  bonuses: readonly UserBonus[],
  gameId: string,
  currency: string,
): FreespinOffer | null {
  const scale = currencyScale(currency, unlistedCurrencyScale);
  for (const bonus of bonuses) {
    if (bonus.status !== 'active' || bonus.freespins.left <= 0) continue;
    if (bonus.currency !== currency) continue;
    const games = bonus.conditions?.gamesWagers ?? [];
    if (games.length > 0 && !games.some((game) => game.gameId === gameId)) continue;
    const minor = parseDecimalToMinor(bonus.freespins.amount, scale);
    if (minor === null || minor <= 0n) continue;
    return {
      bonusId: bonus.id,
      left: bonus.freespins.left,
      amount: formatMinorToDecimal(minor, scale),
    };
  }
  return null;
}
