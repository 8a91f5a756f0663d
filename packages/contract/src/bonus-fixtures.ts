import type { BonusConditions, BonusOffer } from './bonuses.ts';

/** Bonus fixtures for tests (the contract's own and the web app's); not part of the index. */

export function conditions(overrides: Partial<BonusConditions> = {}): BonusConditions {
  return {
    id: 'conditions',
    personalId: null,
    type: 'welcome',
    currency: 'USD',
    minDepositNumber: 1,
    amountMultiplier: 1,
    freespinsCount: 0,
    freespinsAmount: '0.20',
    minDeposit: '10.00',
    maxDeposit: null,
    wager: 35,
    wagerFreespins: 30,
    wagerMaxBet: '5.00',
    maxAmount: '500.00',
    maxAmountMultiplier: null,
    freespinsMaxAmount: null,
    freespinsMaxAmountMultiplier: null,
    deadlineHours: 72,
    gamesWagers: [],
    sportPercent: 0,
    ...overrides,
  };
}

export function offer(
  id: string,
  overrides: Partial<Omit<BonusOffer, 'conditions'>> & {
    conditions?: Partial<BonusConditions>;
  } = {},
): BonusOffer {
  const { conditions: conditionOverrides, ...rest } = overrides;
  return {
    id,
    title: `Offer ${id}`,
    description: '',
    status: 'inactive',
    isClaimed: false,
    isFirst: false,
    isPersonal: false,
    isCurrent: false,
    ...rest,
    conditions: conditions({ id: `conditions-${id}`, ...conditionOverrides }),
  };
}
