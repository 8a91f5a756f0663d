import { type LastBet, latestBetsKept } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import { addLatestBet, formatBetMultiplier, isZeroAmount } from './latest-bets';

function bet(id: number, secondsAfterStart = id): LastBet {
  return {
    id: `bet-${id}`,
    gameId: 'dice',
    gameTitle: 'Dice',
    player: 'Jo***n',
    bet: '1.00',
    multiplier: '2.00',
    payout: '2.00',
    currency: 'USD',
    timestamp: new Date(Date.UTC(2026, 10, 21, 8, 0, secondsAfterStart)).toISOString(),
  };
}

const keep = (bets: LastBet[], next: LastBet) => addLatestBet(bets, next);
const ids = (bets: readonly LastBet[]) => bets.map((item) => item.id);

describe('addLatestBet', () => {
  it('keeps the latest 10, newest first', () => {
    let bets: LastBet[] = [];
    for (let id = 1; id <= 13; id += 1) bets = addLatestBet(bets, bet(id));
    expect(latestBetsKept).toBe(10);
    expect(ids(bets)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map((id) => `bet-${id}`));
  });

  it('keeps each bet once when it is delivered again', () => {
    let bets = [bet(1), bet(2)].reduce<LastBet[]>(keep, []);
    bets = addLatestBet(bets, { ...bet(1), payout: '0.00' });
    expect(ids(bets)).toEqual(['bet-2', 'bet-1']);
    expect(bets[1]?.payout).toBe('0.00');
  });

  it('places a late arrival by its settlement time and drops it when it is too old', () => {
    let bets = [1, 3].map((id) => bet(id)).reduce<LastBet[]>(keep, []);
    bets = addLatestBet(bets, bet(2));
    expect(ids(bets)).toEqual(['bet-3', 'bet-2', 'bet-1']);

    const full = Array.from({ length: 10 }, (_, index) => bet(index + 10)).reduce<LastBet[]>(
      keep,
      [],
    );
    expect(ids(addLatestBet(full, bet(1)))).toEqual(ids(full));
  });

  it('does not change the list it was given', () => {
    const bets = [bet(1)];
    addLatestBet(bets, bet(2));
    expect(ids(bets)).toEqual(['bet-1']);
  });
});

describe('isZeroAmount', () => {
  it('tells a lost round from a paid one', () => {
    expect(isZeroAmount('0')).toBe(true);
    expect(isZeroAmount('0.00')).toBe(true);
    expect(isZeroAmount('0.01')).toBe(false);
    expect(isZeroAmount('10')).toBe(false);
  });
});

describe('formatBetMultiplier', () => {
  it('shows two decimals, cut rather than rounded', () => {
    expect(formatBetMultiplier('1.9800')).toBe('1.98');
    expect(formatBetMultiplier('0.9999')).toBe('0.99');
    expect(formatBetMultiplier('24.7')).toBe('24.70');
    expect(formatBetMultiplier('1000')).toBe('1000.00');
    expect(formatBetMultiplier('2.50')).toBe('2.50');
  });

  it('leaves a value it cannot read as it came', () => {
    expect(formatBetMultiplier('n/a')).toBe('n/a');
  });
});
