import { diceOutcomeSchema, type Round } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import {
  bucketHue,
  limboCountValue,
  minesView,
  playedRound,
  randomPicks,
  randomUnrevealedTile,
  resultToneClass,
  themeHue,
  togglePick,
  winningCells,
} from './game-helpers';

describe('limboCountValue', () => {
  it('climbs from 1.00× to the result', () => {
    expect(limboCountValue(250, 0)).toBe(1);
    expect(limboCountValue(250, 1)).toBeCloseTo(250, 9);
    expect(limboCountValue(250, 0.5)).toBeGreaterThan(1);
    expect(limboCountValue(250, 0.5)).toBeLessThan(250);
    expect(limboCountValue(1, 0.7)).toBe(1);
  });
});

describe('mines board', () => {
  const round = (outcome: Record<string, unknown>, state: Round['state'] = 'open') =>
    ({ params: { mines: 5 }, outcome, state }) as unknown as Round;

  it('reads an open round and hides nothing it does not know', () => {
    const view = minesView(round({ revealed: [3, 9], mines: null, hit: null }));
    expect(view).toMatchObject({ mines: 5, revealed: [3, 9], minePositions: null, hit: null });
    expect(minesView(round({ revealed: 'x' }))).toBeNull();
  });

  it('picks a random tile among those not revealed', () => {
    const revealed = Array.from({ length: 24 }, (_, tile) => tile);
    expect(randomUnrevealedTile(revealed, 0.99)).toBe(24);
    expect(randomUnrevealedTile([0, 1], 0)).toBe(2);
    expect(randomUnrevealedTile([...revealed, 24], 0.5)).toBeNull();
  });
});

describe('keno picks', () => {
  it('toggles numbers in order and refuses an eleventh', () => {
    expect(togglePick([5, 9], 7)).toEqual([5, 7, 9]);
    expect(togglePick([5, 7, 9], 7)).toEqual([5, 9]);
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(togglePick(ten, 11)).toEqual(ten);
  });

  it('auto-picks distinct numbers of the board', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const picks = randomPicks(10, random);
    expect(picks).toHaveLength(10);
    expect(new Set(picks).size).toBe(10);
    expect(picks.every((pick) => pick >= 1 && pick <= 40)).toBe(true);
    expect([...picks].sort((left, right) => left - right)).toEqual(picks);
  });
});

describe('colours and highlights', () => {
  it('paints plinko edges red and the centre gold', () => {
    expect(bucketHue(0, 16)).toBe(0);
    expect(bucketHue(16, 16)).toBe(0);
    expect(bucketHue(8, 16)).toBe(45);
  });

  it('gives a theme always the same hue', () => {
    expect(themeHue('ocean')).toBe(themeHue('ocean'));
    expect(themeHue('ocean')).not.toBe(themeHue('volcano'));
    expect(themeHue(undefined)).toBe(262);
  });

  it('highlights the run of each winning line from the left reel', () => {
    const cells = winningCells([
      { line: 0, symbol: 'bell', count: 3, multiplier: '0.5' },
      { line: 3, symbol: 'plum', count: 4, multiplier: '0.2' },
    ]);
    expect([...cells].sort()).toEqual(['0:0', '0:1', '1:1', '2:1', '2:2', '3:1'].sort());
  });
});

describe('resultToneClass', () => {
  it('is neutral while animating, dim before a round, then green or red', () => {
    expect(resultToneClass(true, { won: false })).toBe('text-ink-100');
    expect(resultToneClass(false, null)).toBe('text-ink-600');
    expect(resultToneClass(false, { won: true })).toBe('text-money-400');
    expect(resultToneClass(false, { won: false })).toBe('text-danger-400');
  });
});

describe('playedRound', () => {
  const round = (outcome: Record<string, unknown>) => ({ id: 'r1', outcome }) as unknown as Round;

  it('gives the round with its outcome in the engine shape', () => {
    const played = round({ roll: 42.5 });
    expect(playedRound(played, diceOutcomeSchema)).toEqual({
      round: played,
      outcome: { roll: 42.5 },
    });
  });

  it('is null without a round or with an outcome of another shape', () => {
    expect(playedRound(null, diceOutcomeSchema)).toBeNull();
    expect(playedRound(round({ drawn: [1, 2] }), diceOutcomeSchema)).toBeNull();
  });
});
