import {
  historyCountCap,
  type TransactionHistoryItem,
  type TransactionHistoryResponse,
} from '@casino/contract';
import { decodeHistoryCursor, historyMeta } from '../../../lib/history-page.ts';
import type { CashierRail, HistoryKey } from './rail.ts';

/** Newest first; at the same instant the greater id first (as PostgreSQL orders uuids). */
function newestFirst(a: HistoryKey, b: HistoryKey): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/** The cursor's key: [instant, id] (HistoryKey.at with a `T`, as lib/history-page.ts keeps it). */
const cursorParts = ['instant', 'uuid'] as const;

/**
 * The player's history of deposits and withdrawals over every rail, newest first
 * (`GET /api/v2/wallet/txns`). Each rail answers its newest keys after the page's start and how
 * many follow it (counted up to a cap); the page is cut from them merged, and only its entries
 * are read in full, from their rails. After a cursor every rail reads one index range, so a
 * page deep in a long history costs what the first does; an `offset` without a cursor (the
 * spec's parameter, still served) reads each rail's newest offset + limit.
 */
export class TransactionHistory {
  private readonly rails: readonly Pick<CashierRail, 'history'>[];

  constructor({ rails }: { rails: readonly Pick<CashierRail, 'history'>[] }) {
    this.rails = rails;
  }

  async history(
    userId: string,
    page: { limit: number; offset: number; cursor?: string | undefined },
  ): Promise<TransactionHistoryResponse> {
    const position =
      page.cursor === undefined ? null : decodeHistoryCursor(page.cursor, cursorParts);
    const before: HistoryKey | null = position
      ? { at: (position.key[0] ?? '').replace('T', ' '), id: position.key[1] ?? '' }
      : null;
    const offset = position ? position.offset : page.offset;
    // without a cursor a page's entries are among each rail's newest offset + limit
    const skip = position ? 0 : offset;
    const [answers, counts] = await Promise.all([
      Promise.all(
        this.rails.map((rail) => rail.history.keys(userId, { count: skip + page.limit, before })),
      ),
      Promise.all(
        this.rails.map((rail) =>
          rail.history.count(userId, { before, upTo: skip + historyCountCap + 1 }),
        ),
      ),
    ]);
    const pageKeys = answers
      .flatMap((keys, rail) => keys.map((key) => ({ ...key, rail })))
      .sort(newestFirst)
      .slice(skip, skip + page.limit);
    const items = new Map<string, TransactionHistoryItem>();
    await Promise.all(
      this.rails.map(async (rail, index) => {
        const ids = pageKeys.filter((key) => key.rail === index).map((key) => key.id);
        if (ids.length === 0) return;
        for (const item of await rail.history.items(ids)) items.set(item.id, item);
      }),
    );
    const last = pageKeys.at(-1);
    return {
      items: pageKeys.flatMap((key) => {
        const item = items.get(key.id);
        return item ? [item] : [];
      }),
      meta: historyMeta({
        offset,
        limit: page.limit,
        // below zero past the end: total is then the whole (short) history
        counted: counts.reduce((sum, count) => sum + count, 0) - skip,
        rows: pageKeys.length,
        lastKey: last ? [last.at.replace(' ', 'T'), last.id] : null,
      }),
    };
  }
}
