import {
  cryptoMethodCodes,
  cryptoMethodSchema,
  cryptoMethodsResponseSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addressFormats } from '../src/modules/money/cashier/rails/crypto/chains/index.ts';
import { bearer, createTestApp, loginOperator, type TestApp } from './support/app.ts';
import { BonusWorld } from './support/bonuses.ts';
import { CryptoWorld } from './support/crypto-deposits.ts';

let testApp: TestApp;
let bonusWorld: BonusWorld;
let world: CryptoWorld;

beforeAll(async () => {
  testApp = await createTestApp();
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  bonusWorld = new BonusWorld(testApp, admin);
  world = new CryptoWorld(testApp.app, admin);
});
afterAll(async () => {
  await testApp.close();
});

async function methods(headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ url: '/api/v1/wallet/currencies/crypto', headers });
  expect(response.statusCode, response.body).toBe(200);
  const list = cryptoMethodsResponseSchema.parse(response.json());
  for (const method of list) cryptoMethodSchema.strict().parse(method);
  return list;
}

describe('GET /api/v1/wallet/currencies/crypto', () => {
  test('guests get all 14 methods with every field of the spec and no rate', async () => {
    const list = await methods();
    expect(list.map((method) => method.code)).toEqual([...cryptoMethodCodes]);
    expect(list.find((method) => method.code === 'USDTTRC20')).toEqual({
      code: 'USDTTRC20',
      asset: 'USDT',
      networkId: 'tron',
      network: 'Tron',
      name: 'Tether USD (TRC20)',
      precision: 2,
      icon: '/crypto/usdt.svg',
      iconBig: '/crypto/usdt.svg',
      isFiat: false,
      displayFormat: '{amount} USDT',
      minDepositAmount: '5.00',
      minWithdrawAmount: '10.00',
      addressFormat: addressFormats.tron,
      withdrawAllowed: true,
      depositBonusAvailable: false,
      depositBonus: 0,
      valuePresets: ['10', '50', '100', '500'],
      additionalProviders: ['cryptobot'],
      memoSupported: false,
      confirmations: 20,
      rate: null,
    });
    expect(list.find((method) => method.code === 'BTC')).toMatchObject({
      precision: 8,
      minDepositAmount: '0.00010000',
      confirmations: 2,
      addressFormat: addressFormats.bitcoin,
    });
    for (const code of ['TON', 'USDTTON', 'NOT']) {
      expect(list.find((method) => method.code === code)).toMatchObject({
        networkId: 'ton',
        additionalProviders: ['cryptobot', 'ton_connect'],
        memoSupported: true,
      });
    }
    // every address format is an anchored regular expression the browser can compile
    for (const method of list) expect(() => new RegExp(method.addressFormat)).not.toThrow();
  });

  test('a signed-in player gets the rate of one unit in their primary currency', async () => {
    const { player } = await bonusWorld.newPlayer();
    const inUsd = await methods(bearer(player));
    expect(inUsd.find((method) => method.code === 'USDCSOL')?.rate).toBe('1');
    expect(inUsd.find((method) => method.code === 'BTC')?.rate).toBe('96000');
    await world.setPrimary(player, 'EUR');
    const inEur = await methods(bearer(player));
    const { rate } = await testApp.app.services.exchangeRates.rate('ETH', 'EUR');
    expect(inEur.find((method) => method.code === 'ETH')?.rate).toBe(rate);
  });

  test('the deposit bonus comes from the bonus table by asset and network', async () => {
    const offer = await bonusWorld.createOffer({
      type: 'deposit',
      amountMultiplier: 0.05,
      maxAmountUsd: '100',
      wager: 10,
      minDepositUsd: '10',
    });
    await testApp.db
      .insertInto('currency_deposit_bonuses')
      .values([
        { code: 'USDT', network: 'TRC20', fraction: '0.05', offer_id: offer.id },
        { code: 'TON', network: null, fraction: '0.1', offer_id: offer.id },
        { code: 'USDC', network: null, fraction: '0.03', offer_id: offer.id, is_enabled: false },
      ])
      .execute();
    const list = await methods();
    const bonusOf = (code: string) => {
      const method = list.find((entry) => entry.code === code);
      return [method?.depositBonusAvailable, method?.depositBonus];
    };
    expect(bonusOf('USDTTRC20')).toEqual([true, 0.05]);
    expect(bonusOf('USDTERC20')).toEqual([false, 0]);
    expect(bonusOf('TON')).toEqual([true, 0.1]);
    expect(bonusOf('USDCSOL')).toEqual([false, 0.03]);
    expect(bonusOf('NOT')).toEqual([false, 0]);
  });

  test('a method the operator disabled is not offered', async () => {
    await testApp.db
      .updateTable('crypto_methods')
      .set({ deposit_enabled: false })
      .where('code', '=', 'LTC')
      .execute();
    try {
      expect((await methods()).map((method) => method.code)).not.toContain('LTC');
    } finally {
      await testApp.db
        .updateTable('crypto_methods')
        .set({ deposit_enabled: true })
        .where('code', '=', 'LTC')
        .execute();
    }
  });
});
