import type { TransactionHistoryItem, TransactionHistoryResponse } from '@casino/contract';
import type { CashierRail, HistoryKey } from './rail.ts';

/** Newest first; at the same instant the greater id first (as PostgreSQL orders uuids). */
function newestFirst(a: HistoryKey, b: HistoryKey): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/**
 * The player's history of deposits and withdrawals over every rail, newest first
 * (`GET /api/v2/wallet/txns`). Each rail answers its own newest entries and their count; the
 * page is cut from them merged, and only its entries are read in full, from their rails.
 */
export class TransactionHistory {
  private readonly rails: readonly Pick<CashierRail, 'history'>[];

  constructor({ rails }: { rails: readonly Pick<CashierRail, 'history'>[] }) {
    this.rails = rails;
  }

  async history(
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<TransactionHistoryResponse> {
    // a page's entries are among each rail's newest offset + limit
    const answers = await Promise.all(
      this.rails.map((rail) => rail.history.keys(userId, page.offset + page.limit)),
    );
    const pageKeys = answers
      .flatMap((answer, rail) => answer.keys.map((key) => ({ ...key, rail })))
      .sort(newestFirst)
      .slice(page.offset, page.offset + page.limit);
    const items = new Map<string, TransactionHistoryItem>();
    await Promise.all(
      this.rails.map(async (rail, index) => {
        const ids = pageKeys.filter((key) => key.rail === index).map((key) => key.id);
        if (ids.length === 0) return;
        for (const item of await rail.history.items(ids)) items.set(item.id, item);
      }),
    );
    return {
      items: pageKeys.flatMap((key) => {
        const item = items.get(key.id);
        return item ? [item] : [];
      }),
      meta: {
        total: answers.reduce((total, answer) => total + answer.total, 0),
        limit: page.limit,
        offset: page.offset,
      },
    };
  }
}
