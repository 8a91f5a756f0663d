import { historyCountCap, type TransactionHistoryItem } from '@casino/contract';
import { describe, expect, test } from 'vitest';
import { TransactionHistory } from './history.service.ts';
import type { HistoryKey, RailHistory } from './rail.ts';

function item(id: string): TransactionHistoryItem {
  return {
    id,
    type: 'deposit',
    status: 'completed',
    timestamp: '2026-01-01T00:00:00.000Z',
    externalId: null,
    address: null,
    paymentDetails: {},
    originalAmount: { value: '1.00', currency: { code: 'USD', displayFormat: '{amount}' } },
    senderBank: null,
    fee: null,
    cancellableUntil: null,
  };
}

const below = (key: HistoryKey, before: HistoryKey | null) =>
  before === null || key.at < before.at || (key.at === before.at && key.id < before.id);

/** A rail whose history is `entries` (any order); it answers as PostgreSQL would. */
function rail(entries: HistoryKey[]): {
  history: RailHistory;
  itemsAsked: string[][];
  keysAsked: number[];
} {
  const itemsAsked: string[][] = [];
  const keysAsked: number[] = [];
  const sorted = [...entries].sort((a, b) =>
    a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1,
  );
  return {
    itemsAsked,
    keysAsked,
    history: {
      keys: async (_userId, { count, before }) => {
        keysAsked.push(count);
        return sorted.filter((key) => below(key, before)).slice(0, count);
      },
      count: async (_userId, { before, upTo }) =>
        Math.min(upTo, sorted.filter((key) => below(key, before)).length),
      items: async (ids) => {
        itemsAsked.push(ids);
        return ids.map(item);
      },
    },
  };
}

const at = (second: number, micros = 0) =>
  `2026-01-01 00:00:${String(second).padStart(2, '0')}.${String(micros).padStart(6, '0')}`;

describe('the history over every rail', () => {
  test('merges the rails newest first, pages the merge and counts every entry', async () => {
    const fiat = rail([
      { id: 'f1', at: at(1) },
      { id: 'f4', at: at(4) },
      { id: 'f6', at: at(6) },
    ]);
    const crypto = rail([
      { id: 'c2', at: at(2) },
      { id: 'c3', at: at(3) },
      { id: 'c5', at: at(5) },
    ]);
    const history = new TransactionHistory({ rails: [fiat, crypto] });
    const first = await history.history('player', { limit: 4, offset: 0 });
    expect(first.items.map((entry) => entry.id)).toEqual(['f6', 'c5', 'f4', 'c3']);
    expect(first.meta).toMatchObject({ total: 6, limit: 4, offset: 0, totalCapped: false });
    const second = await history.history('player', { limit: 4, offset: 4 });
    expect(second.items.map((entry) => entry.id)).toEqual(['c2', 'f1']);
    // only the page's entries are read in full, each from its own rail
    expect(fiat.itemsAsked).toEqual([['f6', 'f4'], ['f1']]);
    expect(crypto.itemsAsked).toEqual([['c5', 'c3'], ['c2']]);
  });

  test('orders by the microsecond, then the greater id first at the same instant', async () => {
    const fiat = rail([
      { id: 'a', at: at(1, 2) },
      { id: 'c', at: at(1, 1) },
    ]);
    const crypto = rail([
      { id: 'b', at: at(1, 1) },
      { id: 'd', at: at(1, 3) },
    ]);
    const history = new TransactionHistory({ rails: [fiat, crypto] });
    const page = await history.history('player', { limit: 10, offset: 0 });
    expect(page.items.map((entry) => entry.id)).toEqual(['d', 'a', 'c', 'b']);
  });

  test('a page past the end is empty, with the total', async () => {
    const history = new TransactionHistory({ rails: [rail([{ id: 'x', at: at(1) }]), rail([])] });
    expect(await history.history('player', { limit: 5, offset: 5 })).toEqual({
      items: [],
      meta: { total: 1, limit: 5, offset: 5, totalCapped: false, nextCursor: null },
    });
  });

  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  test('the cursor pages the merge like offsets do, reading only a page of keys per rail', async () => {
    const entries = Array.from({ length: 23 }, (_, n) => ({ id: uuid(n), at: at(n % 7, n) }));
    const fiat = rail(entries.filter((_, n) => n % 3 === 0));
    const crypto = rail(entries.filter((_, n) => n % 3 !== 0));
    const history = new TransactionHistory({ rails: [fiat, crypto] });
    const byOffset: string[] = [];
    for (let offset = 0; offset < 23; offset += 5) {
      const page = await history.history('player', { limit: 5, offset });
      byOffset.push(...page.items.map((entry) => entry.id));
    }
    const byCursor: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      fiat.keysAsked.length = 0;
      const page = await history.history('player', { limit: 5, offset: 0, cursor });
      expect(page.meta.offset).toBe(pages * 5);
      expect(page.meta.total).toBe(23);
      // after a cursor no rail reads more than a page of keys
      if (cursor !== undefined) expect(fiat.keysAsked).toEqual([5]);
      byCursor.push(...page.items.map((entry) => entry.id));
      cursor = page.meta.nextCursor ?? undefined;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(5);
    expect(byCursor).toEqual(byOffset);
    expect(new Set(byCursor).size).toBe(23);
  });

  test('counts at most the cap from the page on: total is then a lower bound, flagged', async () => {
    const many = Array.from({ length: historyCountCap + 150 }, (_, n) => ({
      id: uuid(n),
      at: at(0, n),
    }));
    const history = new TransactionHistory({ rails: [rail(many), rail([])] });
    const first = await history.history('player', { limit: 10, offset: 0 });
    expect(first.meta).toMatchObject({ total: historyCountCap, totalCapped: true });
    const deep = await history.history('player', { limit: 10, offset: 100 });
    expect(deep.meta).toMatchObject({ total: 100 + historyCountCap, totalCapped: true });
    const nearEnd = await history.history('player', { limit: 10, offset: 140 + historyCountCap });
    expect(nearEnd.meta).toMatchObject({ total: historyCountCap + 150, totalCapped: false });
    expect(nearEnd.meta.nextCursor).toBeNull();
  });

  test('a cursor that is not one is a validation error', async () => {
    const history = new TransactionHistory({ rails: [rail([])] });
    await expect(
      history.history('player', { limit: 5, offset: 0, cursor: 'bm90LWEtY3Vyc29y' }),
    ).rejects.toMatchObject({ code: 'validation_error' });
  });
});
