import type { FiatPaymentMethod } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import { groupDigits, groupFiatMethods, methodGridCapacity, methodGridSlots } from './method-grid';

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
): FiatPaymentMethod {
  return {
    id,
    name,
    icon: '',
    iconBig: '',
    label: name,
    method: 'p2p',
    currency: 'RUB',
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

describe('groupDigits', () => {
  it('groups thousands with narrow spaces and keeps decimals', () => {
    expect(groupDigits('20000000')).toBe('20\u202f000\u202f000');
    expect(groupDigits('1500.50')).toBe('1\u202f500.50');
    expect(groupDigits('999')).toBe('999');
  });
});
