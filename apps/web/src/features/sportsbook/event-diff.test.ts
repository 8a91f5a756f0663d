import type { SportEvent, SportEventSummary, SportMarket } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import { applyEventDiff, applyListingDiffs, applySummaryDiff } from './event-diff';

function market(id: number, odds: string, status: SportMarket['status'] = 'active'): SportMarket {
  return {
    id,
    typeId: 1,
    name: '1x2',
    specifiers: {},
    status,
    outcomes: [
      { id: '1', name: 'Home', odds, active: true },
      { id: 'X', name: 'Draw', odds: '3.40', active: true },
      { id: '2', name: 'Away', odds: '2.10', active: true },
    ],
  };
}

const base = {
  id: 7,
  sportId: 1,
  league: { id: 'l1', name: 'League', category: { id: 'c1', name: 'Country' } },
  home: { id: 'h', name: 'Home' },
  away: { id: 'a', name: 'Away' },
  startsAt: '2030-01-01T15:00:00Z',
  status: 'live' as const,
  score: { home: 0, away: 0, periods: [] },
  clock: { period: '1st_half', elapsedSeconds: 600, running: true },
  version: 10,
};

const snapshot: SportEvent = { ...base, markets: [market(1, '1.90'), market(2, '2.00')] };

describe('applying a sport_event diff to a snapshot at version S', () => {
  it('drops a diff older than the snapshot', () => {
    expect(applyEventDiff(snapshot, { eventId: 7, previous: 8, version: 9 })).toEqual({
      kind: 'stale',
    });
  });

  it('asks for a refetch when the diff starts after the snapshot (one was missed)', () => {
    expect(applyEventDiff(snapshot, { eventId: 7, previous: 11, version: 12 })).toEqual({
      kind: 'gap',
    });
  });

  it('applies a diff that starts at or before S, replacing markets whole by id', () => {
    const result = applyEventDiff(snapshot, {
      eventId: 7,
      previous: 10,
      version: 12,
      score: { home: 1, away: 0, periods: [] },
      markets: [market(2, '2.50', 'suspended')],
    });
    expect(result.kind).toBe('applied');
    if (result.kind !== 'applied') return;
    expect(result.value.version).toBe(12);
    expect(result.value.score?.home).toBe(1);
    // untouched fields stay
    expect(result.value.clock).toEqual(snapshot.clock);
    expect(result.value.markets.map((each) => [each.id, each.status])).toEqual([
      [1, 'active'],
      [2, 'suspended'],
    ]);
    expect(result.value.markets[1]?.outcomes[0]?.odds).toBe('2.50');
    // the snapshot itself is not changed
    expect(snapshot.markets[1]?.status).toBe('active');
  });

  it('applies every part of a split diff (same previous and version)', () => {
    const first = applyEventDiff(snapshot, {
      eventId: 7,
      previous: 10,
      version: 11,
      markets: [market(1, '1.80')],
    });
    if (first.kind !== 'applied') throw new Error('first part not applied');
    const second = applyEventDiff(first.value, {
      eventId: 7,
      previous: 10,
      version: 11,
      markets: [market(2, '2.20')],
    });
    if (second.kind !== 'applied') throw new Error('second part not applied');
    expect(second.value.markets.map((each) => each.outcomes[0]?.odds)).toEqual(['1.80', '2.20']);
    expect(second.value.version).toBe(11);
  });

  it('adds a market it has not seen at the end', () => {
    const result = applyEventDiff(snapshot, {
      eventId: 7,
      previous: 10,
      version: 11,
      markets: [market(3, '4.00')],
    });
    if (result.kind !== 'applied') throw new Error('not applied');
    expect(result.value.markets.map((each) => each.id)).toEqual([1, 2, 3]);
  });

  it('sets a cleared score to null, and keeps it when the diff does not mention it', () => {
    const cleared = applyEventDiff(snapshot, {
      eventId: 7,
      previous: 10,
      version: 11,
      score: null,
    });
    if (cleared.kind !== 'applied') throw new Error('not applied');
    expect(cleared.value.score).toBeNull();
    const kept = applyEventDiff(snapshot, { eventId: 7, previous: 10, version: 11 });
    if (kept.kind !== 'applied') throw new Error('not applied');
    expect(kept.value.score).toEqual(snapshot.score);
  });
});

const summary: SportEventSummary = { ...base, mainMarket: market(1, '1.90') };

describe('applying sport_live diffs to a listing', () => {
  it('follows only the main market the listing shows', () => {
    const result = applySummaryDiff(summary, {
      eventId: 7,
      previous: 10,
      version: 11,
      markets: [market(1, '1.75')],
    });
    if (result.kind !== 'applied') throw new Error('not applied');
    expect(result.value.mainMarket?.outcomes[0]?.odds).toBe('1.75');
  });

  it('updates listed events, drops stale diffs and ignores upcoming events it does not list', () => {
    const other: SportEventSummary = { ...summary, id: 8, version: 50 };
    const update = applyListingDiffs(
      [summary, other],
      [
        { eventId: 7, previous: 10, version: 11, markets: [market(1, '2.05')] },
        { eventId: 8, previous: 40, version: 45, markets: [market(1, '9.99')] },
        { eventId: 99, previous: 0, version: 1, status: 'not_started' },
      ],
    );
    expect(update).toMatchObject({ changed: true, stale: false, unknownLive: false });
    expect(update.events[0]?.mainMarket?.outcomes[0]?.odds).toBe('2.05');
    expect(update.events[1]).toBe(other);
  });

  it('asks for a refetch on a missed diff, a status change, or an unknown live event', () => {
    expect(applyListingDiffs([summary], [{ eventId: 7, previous: 12, version: 13 }]).stale).toBe(
      true,
    );
    expect(
      applyListingDiffs([summary], [{ eventId: 7, previous: 10, version: 11, status: 'ended' }])
        .stale,
    ).toBe(true);
    expect(
      applyListingDiffs([summary], [{ eventId: 42, previous: 0, version: 1, status: 'live' }])
        .unknownLive,
    ).toBe(true);
  });
});
