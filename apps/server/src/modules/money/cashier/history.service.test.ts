import type { TransactionHistoryItem } from '@casino/contract';
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

/** A rail whose history is `entries` (any order); it answers as PostgreSQL would. */
function rail(entries: HistoryKey[]): { history: RailHistory; itemsAsked: string[][] } {
  const itemsAsked: string[][] = [];
  const sorted = [...entries].sort((a, b) =>
    a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1,
  );
  return {
    itemsAsked,
    history: {
      keys: async (_userId, count) => ({ keys: sorted.slice(0, count), total: entries.length }),
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
    expect(first.meta).toEqual({ total: 6, limit: 4, offset: 0 });
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
      meta: { total: 1, limit: 5, offset: 5 },
    });
  });
});
