import { randomUUID } from 'node:crypto';
import {
  balanceSchema,
  bonusOffersResponseSchema,
  bonusSettingsSchema,
  currencyDepositBonusesSchema,
  formatMinorToDecimal,
  gamesPageSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import { bearer, createTestApp, loginOperator, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';

let testApp: TestApp;
let world: BonusWorld;
let dice: string;
/** welcome step 1: 100 % up to 500 USD, wager ×0.1, converts at most ×0.5, max bet 2 USD */
let welcomeOfferId: string;
/** a fixed 100 USD promo offer with the same conditions */
let promoOfferId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  world = new BonusWorld(testApp, await loginOperator(testApp.app, undefined, testApp.config));
  dice = await world.diceGame();
  const conditions = {
    wager: 0.1,
    maxAmountMultiplier: 0.5,
    wagerMaxBetUsd: '2',
    minDepositUsd: '10',
    deadlineHours: 24,
  };
  welcomeOfferId = (
    await world.createOffer({
      type: 'welcome',
      title: { en: 'First deposit', ru: 'Первый депозит' },
      minDepositNumber: 1,
      amountMultiplier: 1,
      maxAmountUsd: '500',
      ...conditions,
    })
  ).id;
  promoOfferId = (await world.createOffer({ type: 'promo', amountUsd: '100', ...conditions })).id;
});
afterAll(async () => {
  await testApp.close();
});

/** A player holding a 100 USD bonus granted by the service (no deposit: main money is 0). */
async function playerWithFixedBonus(offerId = promoOfferId, amountUsd = '100') {
  const who = await world.newPlayer();
  const bonus = await world.services.transactions.run((transaction) =>
    world.services.bonuses.lifecycle.grantFixed(transaction, {
      userId: who.userId,
      offerId,
      amountUsdMinor: usd(amountUsd),
      reference: `test:${randomUUID()}`,
    }),
  );
  return { ...who, bonus };
}

const money = (minor: bigint) => formatMinorToDecimal(minor, 2);

describe('welcome bonus', () => {
  test('the first deposit is credited its welcome step exactly once, however often it is approved', async () => {
    const { player, userId } = await world.newPlayer();
    const orderId = await world.createDeposit(player, '100');
    const approvals = await Promise.all(Array.from({ length: 5 }, () => world.approve(orderId)));
    for (const approval of approvals) expect(approval.statusCode, approval.body).toBe(200);
    expect((await world.approve(orderId)).statusCode).toBe(200);
    // a repeated completion callback of the same deposit grants nothing more
    await world.services.transactions.run((transaction) =>
      world.services.bonuses.cashier.onDepositCompleted(transaction, {
        userId,
        depositId: orderId,
        amountMinor: usd('100'),
        currency: 'USD',
        methodKind: 'fiat',
      }),
    );

    const bonuses = await world.userBonuses(player);
    expect(bonuses).toHaveLength(1);
    const [bonus] = bonuses;
    expect(bonus).toMatchObject({
      offerId: welcomeOfferId,
      title: 'First deposit',
      type: 'welcome',
      status: 'active',
      currency: 'USD',
      amount: '100.00',
      balance: '100.00',
      wager: { current: '0.00', total: '10.00' },
      wagerMaxBet: '2.00',
    });
    expect(await world.postings('bonus_grant', bonus?.id ?? '')).toBe(1);
    expect(await world.balance(userId, 'bonus')).toBe(usd('100'));
    expect(await world.balance(userId, 'main')).toBe(usd('100'));

    const balance = balanceSchema.parse(
      (await testApp.app.inject({ url: '/api/v1/balance', headers: bearer(player) })).json(),
    );
    expect(balance.total.primaryValue).toBe('200.00');
    expect(balance.fiat.value).toBe('100.00');
    expect(balance.userBonuses).toEqual([
      {
        status: 'active',
        amount: { value: '100.00', primaryPrecision: 2 },
        wager: { current: '0.00', total: '10.00' },
      },
    ]);

    // the step is claimed: the next deposit (step 2, no offer) grants nothing more
    await world.deposit(player, '50');
    expect(await world.userBonuses(player)).toHaveLength(1);
    const offers = bonusOffersResponseSchema.parse(
      (await testApp.app.inject({ url: '/api/v2/bonuses', headers: bearer(player) })).json(),
    );
    expect(offers.items.find((offer) => offer.id === welcomeOfferId)).toMatchObject({
      status: 'inactive',
      isClaimed: true,
      isFirst: true,
    });
    await world.expectLedgerConsistent();
  });

  test('a deposit below the offer’s minimum or with welcome bonuses off gets nothing', async () => {
    const small = await world.newPlayer();
    await expect(
      world.services.transactions.run((transaction) =>
        world.services.bonuses.lifecycle.grantOffer(transaction, {
          userId: small.userId,
          offerId: welcomeOfferId,
          reference: `below:${small.userId}`,
          depositMinor: usd('9.99'),
          depositCurrency: 'USD',
        }),
      ),
    ).rejects.toMatchObject({ code: 'bonus_not_available' });
    expect(await world.userBonuses(small.player)).toEqual([]);

    const off = await world.newPlayer();
    const saved = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/users/loyalty',
      headers: bearer(off.player),
      payload: { isWelcomeEnabledFiat: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bonusSettingsSchema.parse(saved.json())).toEqual({
      isWelcomeEnabledFiat: false,
      isWelcomeEnabledCrypto: true,
      preferredFiat: { id: null, isEnabled: false },
      preferredCrypto: { id: null, isEnabled: false },
    });
    await world.deposit(off.player, '100');
    expect(await world.userBonuses(off.player)).toEqual([]);

    const invalid = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/users/loyalty',
      headers: bearer(off.player),
      payload: { preferredFiat: { id: promoOfferId, isEnabled: true } },
    });
    expectError(invalid, 'validation_error');
  });
});

describe('wagering', () => {
  test('dice rounds move wager.current; meeting it converts the bonus, capped, to main money', async () => {
    const { player, userId } = await world.newPlayer();
    await world.deposit(player, '100');
    const [bonus] = await world.userBonuses(player);
    if (!bonus) throw new Error('no bonus');

    // above the bonus's maximum bet: refused before anything moves
    const refused = await world.play(player, dice, { bet: '2.01' });
    expect(expectError(refused, 'bonus_max_bet_exceeded').payload).toEqual({
      maxBet: '2.00',
      currency: 'USD',
    });
    expect(await world.balance(userId, 'main')).toBe(usd('100'));
    const rounds = await testApp.db
      .selectFrom('game_rounds')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(rounds).toEqual([]);

    // 2 USD stakes of main money: 10 USD are wagered after five rounds
    for (let round = 1; round <= 4; round += 1) {
      await world.playOk(player, dice, { bet: '2.00' });
      const [current] = await world.userBonuses(player);
      expect(current).toMatchObject({
        status: 'active',
        wager: { current: `${round * 2}.00`, total: '10.00' },
        balance: '100.00',
      });
    }
    const mainBefore = await world.balance(userId, 'main');
    const last = await world.playOk(player, dice, { bet: '2.00' });
    const [completed] = await world.userBonuses(player);
    // the cap is 0.5 × 100: 50 USD convert, the other 50 are forfeited
    expect(completed).toMatchObject({
      id: bonus.id,
      status: 'completed',
      convertedAmount: '50.00',
      balance: '0.00',
      wager: { current: '10.00', total: '10.00' },
    });
    expect(await world.balance(userId, 'bonus')).toBe(0n);
    expect(await world.balance(userId, 'main')).toBe(
      mainBefore - usd('2') + usd(last.payout) + usd('50'),
    );
    expect(await world.postings('bonus_convert', bonus.id)).toBe(1);
    expect(await world.postings('bonus_forfeit', bonus.id)).toBe(1);

    // with no bonus any more, a stake above the old maximum is fine
    await world.playOk(player, dice, { bet: '3.00' });
    await world.expectLedgerConsistent();
  });

  test('bonus money funds what main money cannot, and the payout goes back in the same proportion', async () => {
    const { player, userId, bonus } = await playerWithFixedBonus();
    expect(bonus).toMatchObject({ status: 'active', amount: '100.00', balance: '100.00' });
    await world.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `bonus-test-fund-${userId}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -usd('0.50') },
        { account: playerAccount(userId, 'USD', 'main'), amountMinor: usd('0.50') },
      ],
    });
    // 0.50 main + 1.50 bonus; win or lose, the split follows 1 : 3
    const round = await world.playOk(player, dice, {
      bet: '2.00',
      params: { target: 2, direction: 'over' },
    });
    const payout = usd(round.payout);
    const bonusPart = (payout * usd('1.50')) / usd('2.00');
    expect(await world.balance(userId, 'main')).toBe(payout - bonusPart);
    expect(await world.balance(userId, 'bonus')).toBe(usd('98.50') + bonusPart);
    const stored = await testApp.db
      .selectFrom('game_rounds')
      .select(['bonus_id', 'bet_bonus_minor', 'freespin'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ bonus_id: bonus.id, bet_bonus_minor: usd('1.50'), freespin: false });
    await world.expectLedgerConsistent();
  });

  test('playing all bonus money away loses the bonus', async () => {
    const hard = await world.createOffer({ type: 'promo', wager: 100, wagerMaxBetUsd: '2' });
    const { player, userId, bonus } = await playerWithFixedBonus(hard.id, '5');
    // rounds that almost always lose (over 98), at most 2 USD each, until the money is gone
    for (let round = 0; round < 40; round += 1) {
      const left = await world.balance(userId, 'bonus');
      if (left < usd('0.10')) break;
      const [current] = await world.userBonuses(player);
      if (current?.status !== 'active') break;
      await world.playOk(player, dice, {
        bet: money(left < usd('2') ? left : usd('2')),
        params: { target: 98, direction: 'over' },
      });
    }
    const left = await world.balance(userId, 'bonus');
    const [ended] = await world.userBonuses(player);
    if (left === 0n) {
      expect(ended).toMatchObject({ id: bonus.id, status: 'lost', balance: '0.00' });
    } else {
      // a lucky win left less than the minimum stake: still running
      expect(ended).toMatchObject({ id: bonus.id, status: 'active', balance: money(left) });
    }
    await world.expectLedgerConsistent();
  });
});

describe('free spins', () => {
  test('a free spin is funded by the house; its winnings, capped, become bonus money', async () => {
    const offer = await world.createOffer({
      type: 'promo_freespins',
      freespinsCount: 3,
      freespinsAmountUsd: '1',
      freespinsMaxAmountUsd: '1.50',
      wagerFreespins: 2,
      gamesWagers: [{ gameId: dice, percent: 100 }],
    });
    const who = await world.newPlayer();
    const bonus = await world.services.transactions.run((transaction) =>
      world.services.bonuses.lifecycle.grantOffer(transaction, {
        userId: who.userId,
        offerId: offer.id,
        reference: `fs:${who.userId}`,
      }),
    );
    expect(bonus).toMatchObject({
      status: 'active',
      amount: '0.00',
      freespins: { left: 3, total: 3, amount: '1.00' },
    });
    // the bet must be the spin value
    expectError(
      await world.play(who.player, dice, { bet: '0.50', freespinBonusId: bonus.id }),
      'validation_error',
    );
    let credited = 0n;
    for (let spin = 0; spin < 3; spin += 1) {
      const round = await world.playOk(who.player, dice, {
        bet: '1.00',
        freespinBonusId: bonus.id,
        params: { target: 50, direction: 'under' },
      });
      credited += usd(round.payout);
    }
    // nothing was taken from the player; winnings never pass the 1.50 cap
    expect(await world.balance(who.userId, 'main')).toBe(0n);
    expect(credited <= usd('1.50')).toBe(true);
    expectError(
      await world.play(who.player, dice, { bet: '1.00', freespinBonusId: bonus.id }),
      'freespins_unavailable',
    );
    const [after] = await world.userBonuses(who.player);
    if (credited === 0n) {
      expect(after).toMatchObject({ status: 'lost', freespins: { left: 0 } });
    } else {
      // winnings × 2 to wager before they convert
      expect(after).toMatchObject({
        status: 'active',
        freespins: { left: 0 },
        balance: money(credited),
        wager: { current: '0.00', total: money(credited * 2n) },
      });
    }
    await world.expectLedgerConsistent();
  });
});

describe('reads', () => {
  test('the bonus’s games page lists its games; another player’s bonus is not found', async () => {
    const limited = await world.createOffer({
      type: 'promo',
      amountUsd: '5',
      wager: 10,
      gamesWagers: [{ gameId: dice, percent: 50 }],
    });
    const who = await world.newPlayer();
    const bonus = await world.services.transactions.run((transaction) =>
      world.services.bonuses.lifecycle.grantOffer(transaction, {
        userId: who.userId,
        offerId: limited.id,
        reference: `games:${who.userId}`,
      }),
    );
    expect(bonus.conditions?.gamesWagers).toEqual([
      { gameId: dice, title: expect.any(String), percent: 50 },
    ]);
    const page = await testApp.app.inject({
      url: `/api/v2/bonuses/user/${bonus.id}/games?limit=10`,
      headers: bearer(who.player),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(gamesPageSchema.parse(page.json()).items.map((game) => game.id)).toEqual([dice]);
    const stranger = await world.newPlayer();
    expectError(
      await testApp.app.inject({
        url: `/api/v2/bonuses/user/${bonus.id}/games`,
        headers: bearer(stranger.player),
      }),
      'not_found',
    );
    // half of a 1 USD stake counts
    await world.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `bonus-test-fund-${who.userId}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -usd('10') },
        { account: playerAccount(who.userId, 'USD', 'main'), amountMinor: usd('10') },
      ],
    });
    await world.playOk(who.player, dice, { bet: '1.00' });
    const [after] = await world.userBonuses(who.player);
    expect(after?.wager).toEqual({ current: '0.50', total: '50.00' });
  });

  test('deposit bonuses by currency are public', async () => {
    const admin = world.admin;
    const set = await testApp.app.inject({
      method: 'PUT',
      url: '/api/backoffice/v1/bonuses/deposit-bonus',
      headers: bearer(admin),
      payload: {
        items: [
          { code: 'USDT', network: 'TRC20', fraction: 0.05, offerId: promoOfferId },
          { code: 'TON', fraction: 0.1, offerId: promoOfferId },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const response = await testApp.app.inject({ url: '/api/v1/wallet/currencies/bonus' });
    expect(response.statusCode).toBe(200);
    expect(currencyDepositBonusesSchema.parse(response.json())).toEqual([
      { code: 'TON', network: null, depositBonusAvailable: true, depositBonus: 0.1 },
      { code: 'USDT', network: 'TRC20', depositBonusAvailable: true, depositBonus: 0.05 },
    ]);
  });

  test('the operator sees a player’s bonuses and offers are validated', async () => {
    const { globalId } = await playerWithFixedBonus();
    const response = await testApp.app.inject({
      url: `/api/backoffice/v1/bonuses/user?globalId=${globalId}`,
      headers: bearer(world.admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { items: unknown[] }).items).toHaveLength(1);
    const bad = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/bonuses/offers',
      headers: bearer(world.admin),
      payload: { type: 'welcome', title: { en: 'No step' }, deadlineHours: 24 },
    });
    expectError(bad, 'validation_error');
  });
});
