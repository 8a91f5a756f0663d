import { randomUUID } from 'node:crypto';
import {
  balanceSchema,
  bonusOffersResponseSchema,
  dailyBonusStatusSchema,
  userBonusSchema,
  utcDayEnd,
} from '@casino/contract';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { bonusJobDefinitions } from '../src/jobs/bonus-jobs.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';

const clock = manualClock(new Date('2026-06-10T08:00:00.000Z'));
const hourMs = 60 * 60 * 1000;
let testApp: TestApp;
let world: BonusWorld;
/** a fixed 20 USD bonus, wager ×5, one hour */
let shortOfferId: string;
/** a fixed 30 USD bonus, wager ×5, 48 hours */
let longOfferId: string;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  world = new BonusWorld(testApp, await loginOperator(testApp.app, undefined, testApp.config));
  shortOfferId = (
    await world.createOffer({ type: 'promo', amountUsd: '20', wager: 5, deadlineHours: 1 })
  ).id;
  longOfferId = (
    await world.createOffer({ type: 'promo', amountUsd: '30', wager: 5, deadlineHours: 48 })
  ).id;
});
afterAll(async () => {
  await testApp.close();
});
// the clock moves by days here: a fresh operator session for each test
beforeEach(async () => {
  world.admin = await loginOperator(testApp.app, undefined, testApp.config);
});

async function grant(userId: string, offerId: string, amountUsd: string) {
  return await world.services.transactions.run((transaction) =>
    world.services.bonuses.lifecycle.grantFixed(transaction, {
      userId,
      offerId,
      amountUsdMinor: usd(amountUsd),
      reference: `lifecycle:${randomUUID()}`,
    }),
  );
}

function jobHandler(name: string) {
  const definition = bonusJobDefinitions(
    world.services.bonuses.lifecycle,
    pino({ level: 'silent' }),
  ).find((job) => job.name === name);
  if (!definition) throw new Error(`no job ${name}`);
  return definition.handler;
}

async function cancel(player: SignedIn, bonusId: string) {
  return await testApp.app.inject({
    method: 'POST',
    url: `/api/v2/bonuses/user/${bonusId}/cancel`,
    headers: { ...bearer(player), 'idempotency-key': randomUUID() },
  });
}

describe('one active bonus', () => {
  test('a bonus granted while one is active waits as pending and starts when it ends', async () => {
    const { player, userId } = await world.newPlayer();
    const first = await grant(userId, shortOfferId, '20');
    const second = await grant(userId, longOfferId, '30');
    expect(first.status).toBe('active');
    expect(second).toMatchObject({ status: 'pending', activatedAt: null, expiresAt: null });
    // only the active bonus's money is in the ledger
    expect(await world.balance(userId, 'bonus')).toBe(usd('20'));
    const balance = balanceSchema.parse(
      (await testApp.app.inject({ url: '/api/v1/balance', headers: bearer(player) })).json(),
    );
    expect(balance.userBonuses).toEqual([
      {
        status: 'active',
        amount: { value: '20.00', primaryPrecision: 2 },
        wager: { current: '0.00', total: '100.00' },
      },
      {
        status: 'inactive',
        amount: { value: '30.00', primaryPrecision: 2 },
        wager: { current: '0.00', total: '150.00' },
      },
    ]);

    const cancelled = await cancel(player, first.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(userBonusSchema.parse(cancelled.json())).toMatchObject({
      status: 'forfeited',
      balance: '0.00',
    });
    const [active, ended] = await world.userBonuses(player);
    expect(active).toMatchObject({
      id: second.id,
      status: 'active',
      balance: '30.00',
      activatedAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 48 * hourMs).toISOString(),
    });
    expect(ended).toMatchObject({ id: first.id, status: 'forfeited' });
    expect(await world.balance(userId, 'bonus')).toBe(usd('30'));
    expect(await world.postings('bonus_forfeit', first.id)).toBe(1);
    expect(await world.postings('bonus_grant', second.id)).toBe(1);

    // ended bonuses cannot be cancelled; another player's is not found
    expectError(await cancel(player, first.id), 'bonus_not_cancellable');
    const stranger = await world.newPlayer();
    expectError(await cancel(stranger.player, second.id), 'not_found');
    await world.expectLedgerConsistent();
  });

  test('the primary currency cannot change while a bonus is active or pending', async () => {
    const { player, userId } = await world.newPlayer();
    const bonus = await grant(userId, longOfferId, '30');
    const change = () =>
      testApp.app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        headers: bearer(player),
        payload: { currency: { primary: 'EUR' } },
      });
    expectError(await change(), 'bonus_active');
    expect((await cancel(player, bonus.id)).statusCode).toBe(200);
    const changed = await change();
    expect(changed.statusCode, changed.body).toBe(200);
  });
});

describe('deadlines', () => {
  test('the expiry job forfeits an active bonus past its deadline and starts the next one', async () => {
    const { player, userId } = await world.newPlayer();
    const short = await grant(userId, shortOfferId, '20');
    const next = await grant(userId, longOfferId, '30');
    const expire = jobHandler('bonus-expire');
    // not due yet: nothing happens
    await expire({ bonusId: short.id });
    expect((await world.userBonuses(player))[0]).toMatchObject({ id: short.id, status: 'active' });

    clock.advance(hourMs + 1);
    await expire({ bonusId: short.id });
    const [active, expired] = await world.userBonuses(player);
    expect(expired).toMatchObject({ id: short.id, status: 'expired', balance: '0.00' });
    expect(active).toMatchObject({
      id: next.id,
      status: 'active',
      expiresAt: new Date(clock.now().getTime() + 48 * hourMs).toISOString(),
    });
    expect(await world.postings('bonus_forfeit', short.id)).toBe(1);
    expect(await world.balance(userId, 'bonus')).toBe(usd('30'));
    // a repeated job moves nothing
    await expire({ bonusId: short.id });
    expect(await world.postings('bonus_forfeit', short.id)).toBe(1);

    // the minute sweep catches a bonus whose job was lost
    clock.advance(48 * hourMs + 1);
    await jobHandler('bonuses-sweep')({});
    const swept = (await world.userBonuses(player)).find((bonus) => bonus.id === next.id);
    expect(swept).toMatchObject({ status: 'expired' });
    expect(await world.balance(userId, 'bonus')).toBe(0n);
    await world.expectLedgerConsistent();
  });
});

describe('withdrawals', () => {
  test('creating a withdrawal forfeits every active and pending bonus before its hold', async () => {
    const { player, userId } = await world.newPlayer();
    const profile = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: {
        firstName: 'Anna',
        lastName: 'Smith',
        gender: 'female',
        dateOfBirth: '1990-05-01',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await world.deposit(player, '100');
    const active = await grant(userId, shortOfferId, '20');
    const pending = await grant(userId, longOfferId, '30');
    // main 100 + bonus 20: more than main money alone is refused, and nothing is forfeited
    const tooMuch = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/wallet/orders/sell',
      headers: { ...bearer(player), 'idempotency-key': randomUUID() },
      payload: {
        amount: '110',
        bankId: 'visa-mastercard-usd',
        details: { name: 'Anna Smith', card: '4111111111111111' },
      },
    });
    expectError(tooMuch, 'insufficient_balance');
    expect((await world.userBonuses(player)).map((bonus) => bonus.status)).toEqual([
      'active',
      'pending',
    ]);

    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/wallet/orders/sell',
      headers: { ...bearer(player), 'idempotency-key': randomUUID() },
      payload: {
        amount: '50',
        bankId: 'visa-mastercard-usd',
        details: { name: 'Anna Smith', card: '4111111111111111' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const bonuses = await world.userBonuses(player);
    expect(bonuses.map((bonus) => [bonus.id, bonus.status]).sort()).toEqual(
      [
        [active.id, 'forfeited'],
        [pending.id, 'forfeited'],
      ].sort(),
    );
    expect(await world.balance(userId, 'bonus')).toBe(0n);
    // 50 + 4 % fee held from main money
    expect(await world.balance(userId, 'main')).toBe(usd('100') - usd('52'));
    expect(await world.postings('bonus_forfeit', active.id)).toBe(1);
    expect(await world.postings('bonus_grant', pending.id)).toBe(0);
    await world.expectLedgerConsistent();
  });
});

describe('everyday bonus', () => {
  test('after four deposits it is armed once per UTC day and the next deposit that day receives it', async () => {
    await world.createOffer({
      type: 'everyday',
      title: { en: 'Everyday bonus +5%' },
      amountMultiplier: 0.05,
      maxAmountUsd: '100',
      wager: 1,
      deadlineHours: 24,
    });
    const { player } = await world.newPlayer();
    const daily = async () => {
      const response = await testApp.app.inject({
        url: '/api/v2/bonuses/daily',
        headers: bearer(player),
      });
      expect(response.statusCode, response.body).toBe(200);
      return dailyBonusStatusSchema.parse(response.json());
    };
    const use = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v2/bonuses/daily/use',
        headers: { ...bearer(player), 'idempotency-key': randomUUID() },
      });

    expect(await daily()).toMatchObject({
      countDeposit: 0,
      isAvailable: false,
      isShowModal: true,
      lastShowModalAt: null,
      usedAt: null,
      nextAt: utcDayEnd(clock.now()).toISOString(),
    });
    expectError(await use(), 'bonus_not_available');
    for (let deposit = 0; deposit < 4; deposit += 1) await world.deposit(player, '10');
    expect(await daily()).toMatchObject({ countDeposit: 4, isAvailable: true });
    // nothing armed: a deposit receives no everyday bonus
    await world.deposit(player, '10');
    expect(await world.userBonuses(player)).toEqual([]);

    const used = await use();
    expect(used.statusCode, used.body).toBe(200);
    expect(dailyBonusStatusSchema.parse(used.json())).toMatchObject({
      isAvailable: false,
      usedAt: clock.now().toISOString(),
    });
    expectError(await use(), 'daily_bonus_used');

    await world.deposit(player, '200');
    const [bonus] = await world.userBonuses(player);
    expect(bonus).toMatchObject({ type: 'everyday', status: 'active', amount: '10.00' });
    // consumed: another deposit the same day receives nothing more
    await world.deposit(player, '200');
    expect(await world.userBonuses(player)).toHaveLength(1);

    const shown = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/bonuses/daily/show',
      headers: bearer(player),
    });
    expect(shown.json()).toEqual({ lastShowModalAt: clock.now().toISOString() });
    expect(await daily()).toMatchObject({ isShowModal: false });

    // the next UTC day opens it again
    clock.advance(24 * hourMs);
    expect(await daily()).toMatchObject({ isAvailable: true, usedAt: null, isShowModal: true });
    expect((await use()).statusCode).toBe(200);
  });
});

describe('offers', () => {
  test('the demo offers are inserted once and listed in the player’s language', async () => {
    await world.services.bonusOffers.seedDemoOffers();
    await world.services.bonusOffers.seedDemoOffers();
    const welcome = await testApp.db
      .selectFrom('bonus_offers')
      .select(['min_deposit_number', 'freespins_count'])
      .where('type', '=', 'welcome')
      .orderBy('min_deposit_number')
      .execute();
    expect(welcome).toEqual([
      { min_deposit_number: 1, freespins_count: 50 },
      { min_deposit_number: 2, freespins_count: 0 },
      { min_deposit_number: 3, freespins_count: 0 },
      { min_deposit_number: 4, freespins_count: 100 },
    ]);
    const { player, userId } = await world.newPlayer();
    await testApp.db
      .updateTable('users')
      .set({ language: 'ru' })
      .where('id', '=', userId)
      .execute();
    const response = await testApp.app.inject({ url: '/api/v2/bonuses', headers: bearer(player) });
    expect(response.statusCode, response.body).toBe(200);
    const offers = bonusOffersResponseSchema.parse(response.json());
    const first = offers.items.find((offer) => offer.isFirst);
    expect(first).toMatchObject({
      title: 'Приветственный бонус: первый депозит',
      status: 'active',
      isClaimed: false,
      isCurrent: true,
      conditions: { amountMultiplier: 1, maxAmount: '500.00', freespinsCount: 50, wager: 35 },
    });
    expect(offers.settings.isWelcomeEnabledFiat).toBe(true);
  });
});

describe('deposit grants', () => {
  test('one deposit receives the personal offer, the preferred offer and the currency’s deposit bonus', async () => {
    const personalOffer = await world.createOffer({
      type: 'personal',
      title: { en: 'Just for you' },
      amountMultiplier: 0.5,
      wager: 2,
    });
    const depositOffer = await world.createOffer({
      type: 'deposit',
      title: { en: 'Deposit bonus' },
      amountMultiplier: 0.2,
      wager: 2,
    });
    const table = await testApp.app.inject({
      method: 'PUT',
      url: '/api/backoffice/v1/bonuses/deposit-bonus',
      headers: bearer(world.admin),
      payload: { items: [{ code: 'USD', fraction: 0.1, offerId: depositOffer.id }] },
    });
    expect(table.statusCode, table.body).toBe(200);
    const { player, globalId } = await world.newPlayer();
    const assigned = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/bonuses/personal',
      headers: bearer(world.admin),
      payload: { offerId: personalOffer.id, globalId },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const before = bonusOffersResponseSchema.parse(
      (await testApp.app.inject({ url: '/api/v2/bonuses', headers: bearer(player) })).json(),
    );
    expect(before.items.find((offer) => offer.isPersonal)).toMatchObject({
      id: personalOffer.id,
      isCurrent: true,
      conditions: { personalId: (assigned.json() as { id: string }).id },
    });
    const preferred = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/users/loyalty',
      headers: bearer(player),
      payload: { preferredFiat: { id: depositOffer.id, isEnabled: true } },
    });
    expect(preferred.statusCode, preferred.body).toBe(200);

    await world.deposit(player, '100');
    const bonuses = await world.userBonuses(player);
    expect(
      bonuses.map((bonus) => [bonus.offerId, bonus.type, bonus.status, bonus.amount]).sort(),
    ).toEqual(
      [
        [personalOffer.id, 'personal', 'active', '50.00'],
        [depositOffer.id, 'deposit', 'pending', '20.00'],
        [depositOffer.id, 'deposit', 'pending', '10.00'],
      ].sort(),
    );
    // received: the personal offer is no longer open
    const after = bonusOffersResponseSchema.parse(
      (await testApp.app.inject({ url: '/api/v2/bonuses', headers: bearer(player) })).json(),
    );
    expect(after.items.some((offer) => offer.isPersonal)).toBe(false);
    await world.expectLedgerConsistent();
  });
});
