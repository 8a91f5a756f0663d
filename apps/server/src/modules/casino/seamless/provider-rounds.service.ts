import {
  currencyScale,
  formatMinorToDecimal,
  type HistoryPageQuery,
  type ProviderRound,
  type ProviderRoundsPage,
  unlistedCurrencyScale,
} from '@casino/contract';
import { AppError } from '../../../lib/app-error.ts';
import { decodeHistoryCursor, historyMeta } from '../../../lib/history-page.ts';
import {
  type PlayerRoundRow,
  roundKeyParts,
  type SeamlessRepository,
} from './seamless.repository.ts';

export interface ProviderRoundsServiceDependencies {
  repository: Pick<SeamlessRepository, 'pagePlayerRounds'>;
}

/**
 * The player's side of provider games: the history of their rounds of one game, built from the
 * bets, wins and rollbacks the provider sent to our wallet (a round is what shares a round id),
 * free bets marked as such. Shown under the game, where the originals show their round history.
 */
export class ProviderRoundsService {
  private readonly repository: Pick<SeamlessRepository, 'pagePlayerRounds'>;

  constructor({ repository }: ProviderRoundsServiceDependencies) {
    this.repository = repository;
  }

  /** not_found when the game is not a provider's. */
  async history(
    userId: string,
    gameId: string,
    page: HistoryPageQuery,
  ): Promise<ProviderRoundsPage> {
    const position =
      page.cursor === undefined ? null : decodeHistoryCursor(page.cursor, roundKeyParts);
    const offset = position ? position.offset : page.offset;
    const found = await this.repository.pagePlayerRounds(userId, gameId, {
      offset,
      limit: page.limit,
      position,
    });
    if (!found) throw new AppError('not_found', { message: 'No provider game has this id.' });
    return {
      items: found.rows.map((row) => toProviderRound(gameId, row)),
      meta: historyMeta({
        offset,
        limit: page.limit,
        counted: found.counted,
        rows: found.rows.length,
        lastKey: found.rows.at(-1)?.key ?? null,
      }),
    };
  }
}

function toProviderRound(gameId: string, row: PlayerRoundRow): ProviderRound {
  const scale = currencyScale(row.currency, unlistedCurrencyScale);
  const standing = row.standingBets > 0;
  return {
    id: row.round,
    gameId,
    currency: row.currency,
    bet: formatMinorToDecimal(standing ? row.standingBetMinor : row.rolledBackBetMinor, scale),
    payout: formatMinorToDecimal(row.payoutMinor, scale),
    freeBet: row.freeBet,
    state: !standing ? 'rolled_back' : row.settledAt === null ? 'open' : 'settled',
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
