import {
  type BonusConditions,
  type BonusOffer,
  currencyScale,
  factorToNumber,
  formatMinorToDecimal,
  type GameWager,
  type UserBonus,
} from '@casino/contract';
import type { OfferGameRow, OfferRow, UserBonusRow } from './bonuses.repository.ts';

/** Offers keep USD cents; everything the player sees is converted into their currency. */
export const offerCurrency = 'USD';

export function decimal(minor: bigint, currency: string): string {
  return formatMinorToDecimal(minor, currencyScale(currency));
}

/** A text in the player's language, else English (every offer has an English text). */
export function localized(texts: Record<string, string>, language: string): string {
  return texts[language] ?? texts.en ?? Object.values(texts)[0] ?? '';
}

/** Converts USD minor units into another currency (rounded down); the ledger's rates. */
export type UsdConverter = (usdMinor: bigint) => Promise<bigint>;

/** The games list of an offer, named. */
export function gamesWagersOf(
  games: readonly OfferGameRow[],
  titles: ReadonlyMap<string, string>,
): GameWager[] {
  return games.map((game) => ({
    gameId: game.game_id,
    title: titles.get(game.game_id) ?? game.game_id,
    percent: game.percent,
  }));
}

/** An offer's conditions in `currency` (wallet spec §3 "Bonus offer" `conditions`). */
export async function conditionsOf(
  offer: OfferRow,
  gamesWagers: GameWager[],
  currency: string,
  convert: UsdConverter,
  personalId: string | null,
): Promise<BonusConditions> {
  const money = async (usdMinor: bigint | null) =>
    usdMinor === null ? null : decimal(await convert(usdMinor), currency);
  return {
    id: offer.id,
    personalId,
    type: offer.type,
    currency,
    minDepositNumber: offer.min_deposit_number,
    amountMultiplier: factorToNumber(offer.amount_multiplier),
    freespinsCount: offer.freespins_count,
    freespinsAmount: decimal(await convert(offer.freespins_amount_usd_minor), currency),
    minDeposit: await money(offer.min_deposit_usd_minor),
    maxDeposit: await money(offer.max_deposit_usd_minor),
    wager: factorToNumber(offer.wager),
    wagerFreespins: factorToNumber(offer.wager_freespins),
    wagerMaxBet: await money(offer.wager_max_bet_usd_minor),
    maxAmount: await money(offer.max_amount_usd_minor),
    maxAmountMultiplier:
      offer.max_amount_multiplier === null ? null : factorToNumber(offer.max_amount_multiplier),
    freespinsMaxAmount: await money(offer.freespins_max_amount_usd_minor),
    freespinsMaxAmountMultiplier:
      offer.freespins_max_amount_multiplier === null
        ? null
        : factorToNumber(offer.freespins_max_amount_multiplier),
    deadlineHours: offer.deadline_hours,
    gamesWagers,
    sportPercent: offer.sport_percent,
  };
}

export function offerView(
  offer: OfferRow,
  conditions: BonusConditions,
  language: string,
  flags: Pick<BonusOffer, 'status' | 'isClaimed' | 'isFirst' | 'isPersonal' | 'isCurrent'>,
): BonusOffer {
  return {
    id: offer.id,
    title: localized(offer.title, language),
    description: localized(offer.description, language),
    ...flags,
    conditions,
  };
}

/**
 * A granted bonus as the player sees it. `balance`: the bonus money it holds now (the ledger's
 * bonus account while active), the amount it will bring while pending, 0 once ended.
 */
export function userBonusView(
  row: UserBonusRow,
  offer: OfferRow | undefined,
  conditions: BonusConditions | null,
  language: string,
  activeBalanceMinor: bigint,
): UserBonus {
  const money = (minor: bigint) => decimal(minor, row.currency);
  const balanceMinor =
    row.status === 'active' ? activeBalanceMinor : row.status === 'pending' ? row.amount_minor : 0n;
  return {
    id: row.id,
    offerId: row.offer_id,
    title: offer ? localized(offer.title, language) : row.type,
    type: row.type,
    status: row.status,
    currency: row.currency,
    amount: money(row.amount_minor),
    balance: money(balanceMinor),
    wager: { current: money(row.wager_current_minor), total: money(row.wager_total_minor) },
    wagerMaxBet: row.wager_max_bet_minor === null ? null : money(row.wager_max_bet_minor),
    freespins: {
      left: row.freespins_left,
      total: row.freespins_total,
      amount: money(row.freespin_amount_minor),
    },
    convertedAmount: row.converted_minor === null ? null : money(row.converted_minor),
    conditions,
    createdAt: row.created_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
  };
}
