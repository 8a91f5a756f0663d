import { describe, expect, it } from 'vitest';
import { roundSummary } from './round-summary';

describe('roundSummary', () => {
  it('describes a dice roll against its target', () => {
    expect(
      roundSummary({
        engine: 'dice',
        params: { target: 50.5, direction: 'over' },
        outcome: { roll: 73.1 },
      }),
    ).toEqual({ key: 'Originals.summary.dice_over', params: { roll: '73.10', target: '50.50' } });
  });

  it('counts mines tiles, keno hits, slot lines and the plinko bucket', () => {
    expect(
      roundSummary({
        engine: 'mines',
        params: { mines: 3 },
        outcome: { revealed: [1, 2], mines: null, hit: null },
      }),
    ).toEqual({ key: 'Originals.summary.mines', params: { revealed: 2, mines: 3 } });
    expect(
      roundSummary({
        engine: 'keno',
        params: { picks: [1, 2, 3], risk: 'low' },
        outcome: { drawn: [1, 5, 6, 7, 8, 9, 10, 11, 12, 13], hits: 1 },
      }),
    ).toEqual({ key: 'Originals.summary.keno', params: { hits: 1, picks: 3 } });
    expect(roundSummary({ engine: 'slot', params: {}, outcome: { reels: [], wins: [] } })).toEqual({
      key: 'Originals.summary.slot',
      params: { count: 0 },
    });
    expect(
      roundSummary({
        engine: 'plinko',
        params: { rows: 8, risk: 'low' },
        outcome: { path: [0, 0, 0, 0, 0, 0, 0, 1], bucket: 1 },
      }),
    ).toEqual({ key: 'Originals.summary.plinko', params: { rows: 8, bucket: 2 } });
  });

  it('falls back to the engine name for a round it cannot read', () => {
    expect(roundSummary({ engine: 'limbo', params: {}, outcome: {} })).toEqual({
      key: 'Originals.summary.unknown',
      params: { engine: 'limbo' },
    });
  });
});
