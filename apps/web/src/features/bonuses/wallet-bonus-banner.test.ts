import type { BonusOffersResponse, DailyBonusStatus } from '@casino/contract';
import { offer } from '@casino/contract/bonus-fixtures';
import { describe, expect, it } from 'vitest';
import { walletBonusBanner } from './wallet-bonus-banner';

const now = new Date('2026-05-10T12:00:00Z');

function daily(overrides: Partial<DailyBonusStatus> = {}): DailyBonusStatus {
  return {
    countDeposit: 0,
    isAvailable: false,
    isShowModal: false,
    lastShowModalAt: null,
    usedAt: null,
    nextAt: '2026-05-11T00:00:00.000Z',
    offer: null,
    ...overrides,
  };
}

const settings = {
  isWelcomeEnabledFiat: true,
  isWelcomeEnabledCrypto: true,
  preferredFiat: { id: null, isEnabled: false },
  preferredCrypto: { id: null, isEnabled: false },
} satisfies BonusOffersResponse['settings'];

const welcome: BonusOffersResponse = {
  settings,
  items: [
    offer('w1', { isClaimed: true, conditions: { minDepositNumber: 1, amountMultiplier: 1 } }),
    offer('w2', { conditions: { minDepositNumber: 2, amountMultiplier: 0.75 } }),
    offer('w3', { conditions: { minDepositNumber: 3, amountMultiplier: 0.5 } }),
  ],
};

describe('walletBonusBanner', () => {
  it('advertises the welcome step the next deposit claims', () => {
    const banner = walletBonusBanner(daily({ countDeposit: 1 }), welcome, now);
    expect(banner?.kind).toBe('welcome');
    expect(
      banner?.kind === 'welcome' ? [banner.step.depositNumber, banner.step.bonusValue] : null,
    ).toEqual([2, 75]);
  });

  it('after a deposit below step 2’s minimum still advertises step 2, which the next deposit gets', () => {
    const banner = walletBonusBanner(daily({ countDeposit: 2 }), welcome, now);
    expect(
      banner?.kind === 'welcome' ? [banner.step.depositNumber, banner.step.bonusValue] : null,
    ).toEqual([2, 75]);
  });

  it('advertises no step before its own deposit number', () => {
    const gap = { ...welcome, items: welcome.items.filter((item) => item.id !== 'w2') };
    expect(walletBonusBanner(daily({ countDeposit: 1 }), gap, now)).toBeNull();
    const banner = walletBonusBanner(daily({ countDeposit: 2 }), gap, now);
    expect(banner?.kind === 'welcome' ? banner.step.depositNumber : null).toBe(3);
  });

  it('shows nothing when the player turned the welcome bonus off or claimed every step', () => {
    const off = {
      ...welcome,
      settings: { ...settings, isWelcomeEnabledFiat: false, isWelcomeEnabledCrypto: false },
    };
    expect(walletBonusBanner(daily({ countDeposit: 1 }), off, now)).toBeNull();
    const claimed = {
      ...welcome,
      items: welcome.items.map((item) => ({ ...item, isClaimed: true })),
    };
    expect(walletBonusBanner(daily({ countDeposit: 3 }), claimed, now)).toBeNull();
    expect(walletBonusBanner(daily({ countDeposit: 1 }), null, now)).toBeNull();
  });

  it('from the fourth deposit advertises the everyday bonus at its offer’s percent', () => {
    const everyday = offer('e', { conditions: { type: 'everyday', amountMultiplier: 0.07 } });
    expect(
      walletBonusBanner(
        daily({ countDeposit: 4, isAvailable: true, offer: everyday }),
        welcome,
        now,
      ),
    ).toEqual({ kind: 'everyday', percent: 7, activated: false });
    expect(
      walletBonusBanner(
        daily({ countDeposit: 5, usedAt: '2026-05-10T08:00:00.000Z', offer: everyday }),
        welcome,
        now,
      ),
    ).toEqual({ kind: 'everyday', percent: 7, activated: true });
    expect(
      walletBonusBanner(daily({ countDeposit: 4, isAvailable: false }), welcome, now),
    ).toBeNull();
  });
});
