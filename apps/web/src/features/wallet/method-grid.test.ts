import type { FiatPaymentMethod } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import {
  groupFiatMethods,
  methodGridCapacity,
  methodGridSlots,
  playerCurrencyFirst,
} from './method-grid';

const conditions = {
  minAmount: '100',
  maxAmount: '10000',
  multiplyOrdersAllowed: false,
  externalDetailsFields: { required: [], optional: [] },
};

function method(
  id: string,
  name: string,
  buyPriority: number | null,
  sellPriority: number | null = null,
  currency = 'RUB',
): FiatPaymentMethod {
  return {
    id,
    name,
    icon: '',
    iconBig: '',
    label: name,
    method: 'p2p',
    currency,
    buy: buyPriority === null ? null : { ...conditions, priority: buyPriority },
    sell:
      sellPriority === null
        ? null
        : { ...conditions, levels: [], subbanks: [], priority: sellPriority },
  };
}

describe('groupFiatMethods', () => {
  const methods = [
    method('sbp', 'SBP', 2, 1),
    method('steam', 'Steam', 1, 3),
    method('card', 'visa/mastercard', 1, 2),
    method('sell-only', 'Bank transfer', null, 0),
  ];

  it('puts Steam in the other group and sorts each group by buy priority', () => {
    expect(
      groupFiatMethods(methods, 'buy').map((group) => [
        group.kind,
        group.methods.map((item) => item.id),
      ]),
    ).toEqual([
      ['fiat', ['card', 'sbp']],
      ['other', ['steam']],
    ]);
  });

  it('keeps only methods of the side, sorted by that side’s priority', () => {
    expect(groupFiatMethods(methods, 'sell')[0]?.methods.map((item) => item.id)).toEqual([
      'sell-only',
      'sbp',
      'card',
    ]);
  });

  it('leaves out empty groups', () => {
    expect(groupFiatMethods([method('a', 'Card', 1)], 'buy').map((group) => group.kind)).toEqual([
      'fiat',
    ]);
  });
});

describe('methodGridSlots', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

  it('uses 4 slots from tablet width and 6 below', () => {
    expect(methodGridCapacity(true)).toBe(4);
    expect(methodGridCapacity(false)).toBe(6);
  });

  it('turns the last slot into "other (N)" when the methods do not fit', () => {
    expect(methodGridSlots(items, 4, false)).toEqual({ visible: ['a', 'b', 'c'], hiddenCount: 4 });
    expect(methodGridSlots(items, 6, false)).toEqual({
      visible: ['a', 'b', 'c', 'd', 'e'],
      hiddenCount: 2,
    });
  });

  it('shows everything when it fits or once expanded', () => {
    expect(methodGridSlots(items.slice(0, 4), 4, false)).toEqual({
      visible: ['a', 'b', 'c', 'd'],
      hiddenCount: 0,
    });
    expect(methodGridSlots(items, 4, true)).toEqual({ visible: items, hiddenCount: 0 });
  });
});

describe('playerCurrencyFirst', () => {
  // the demo methods' deposit order by priority alone: a dollar player saw zloty, som and tenge first
  const demo = [
    method('blik-pln', 'BLIK', 1, 1, 'PLN'),
    method('humo-uzs', 'Humo', 1, 1, 'UZS'),
    method('kaspi-kzt', 'Kaspi', 1, 1, 'KZT'),
    method('sber-rub', 'Sberbank', 1, 1, 'RUB'),
    method('wise-usd', 'Wise', 1, 2, 'USD'),
    method('sbp-rub', 'SBP', 2, 2, 'RUB'),
    method('visa-mastercard-usd', 'visa/mastercard', 2, 1, 'USD'),
  ];
  const ids = (list: readonly FiatPaymentMethod[]) => list.map((item) => item.id);

  it('puts the methods in the player’s currency first, then the rest, both in their order', () => {
    expect(ids(playerCurrencyFirst(demo, 'USD'))).toEqual([
      'wise-usd',
      'visa-mastercard-usd',
      'blik-pln',
      'humo-uzs',
      'kaspi-kzt',
      'sber-rub',
      'sbp-rub',
    ]);
    expect(ids(playerCurrencyFirst(demo, 'RUB')).slice(0, 2)).toEqual(['sber-rub', 'sbp-rub']);
  });

  it('keeps the order when no method is in the currency or the currency is unknown', () => {
    expect(ids(playerCurrencyFirst(demo, 'EUR'))).toEqual(ids(demo));
    expect(ids(playerCurrencyFirst(demo, null))).toEqual(ids(demo));
  });

  it('applies within each group, after the side’s priority', () => {
    const groups = groupFiatMethods(
      [
        ...demo,
        method('steam', 'Steam', null, 9, 'RUB'),
        method('steam-usd', 'Steam', null, 1, 'USD'),
      ],
      'sell',
      'USD',
    );
    expect(groups.map((group) => [group.kind, ids(group.methods)])).toEqual([
      [
        'fiat',
        [
          'visa-mastercard-usd',
          'wise-usd',
          'blik-pln',
          'humo-uzs',
          'kaspi-kzt',
          'sber-rub',
          'sbp-rub',
        ],
      ],
      ['other', ['steam-usd', 'steam']],
    ]);
  });
});
