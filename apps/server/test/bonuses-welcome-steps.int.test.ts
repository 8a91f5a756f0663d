import {
  type BonusOffersResponse,
  bonusDrawerVariant,
  bonusOffersResponseSchema,
  type DailyBonusStatus,
  dailyBonusStatusSchema,
  type UserBonus,
  welcomeSteps,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { BonusWorld } from './support/bonuses.ts';

/**
 * The welcome-step rule (packages/contract/src/welcome-steps.ts) end to end: what the server
 * grants for each deposit, and what the drawer shows from `GET /api/v2/bonuses` and
 * `GET /api/v2/bonuses/daily` before it — the same step.
 */

let testApp: TestApp;
let world: BonusWorld;
/** the four steps' offer ids, step 1 first */
let stepOfferIds: string[];

beforeAll(async () => {
  testApp = await createTestApp();
  world = new BonusWorld(testApp, await loginOperator(testApp.app, undefined, testApp.config));
  await world.disableOffers(['welcome', 'everyday', 'deposit']);
  const steps = [
    { minDepositNumber: 1, amountMultiplier: 1, maxAmountUsd: '500', minDepositUsd: '25' },
    { minDepositNumber: 2, amountMultiplier: 0.75, maxAmountUsd: '300', minDepositUsd: '50' },
    { minDepositNumber: 3, amountMultiplier: 0.5, maxAmountUsd: '300', minDepositUsd: '20' },
    { minDepositNumber: 4, amountMultiplier: 0.25, maxAmountUsd: '500', minDepositUsd: '10' },
  ];
  stepOfferIds = [];
  for (const step of steps) {
    const offer = await world.createOffer({
      type: 'welcome',
      title: { en: `Welcome step ${step.minDepositNumber}` },
      wager: 1,
      ...step,
    });
    stepOfferIds.push(offer.id);
  }
});
afterAll(async () => {
  await testApp.close();
});

/** What the bonus drawer fetches: the offers and the daily status (its deposit count). */
async function drawerData(
  player: SignedIn,
): Promise<{ offers: BonusOffersResponse; daily: DailyBonusStatus }> {
  const offers = await testApp.app.inject({ url: '/api/v2/bonuses', headers: bearer(player) });
  expect(offers.statusCode, offers.body).toBe(200);
  const daily = await testApp.app.inject({
    url: '/api/v2/bonuses/daily',
    headers: bearer(player),
  });
  expect(daily.statusCode, daily.body).toBe(200);
  return {
    offers: bonusOffersResponseSchema.parse(offers.json()),
    daily: dailyBonusStatusSchema.parse(daily.json()),
  };
}

/** The states of the drawer's steps 1 to 4, computed exactly as the drawer computes them. */
async function drawerStates(player: SignedIn) {
  const { offers, daily } = await drawerData(player);
  const steps = welcomeSteps(offers.items, daily.countDeposit);
  expect(steps.map((step) => step.bonus.id)).toEqual(stepOfferIds);
  return steps.map((step) => step.state);
}

/** The step whose offer the server marks `isCurrent` (what the next fiat deposit receives). */
async function currentStep(player: SignedIn): Promise<number | null> {
  const { offers } = await drawerData(player);
  const current = offers.items.filter(
    (offer) => offer.isCurrent && stepOfferIds.includes(offer.id),
  );
  expect(current.length).toBeLessThanOrEqual(1);
  return current[0] ? stepOfferIds.indexOf(current[0].id) + 1 : null;
}

/** The player's welcome bonuses as `[step, amount]`, by step. */
async function grantedSteps(player: SignedIn) {
  const bonuses: UserBonus[] = await world.userBonuses(player);
  return bonuses
    .filter((bonus) => bonus.type === 'welcome')
    .map((bonus) => [stepOfferIds.indexOf(bonus.offerId ?? '') + 1, bonus.amount] as const)
    .sort(([left], [right]) => left - right);
}

describe('welcome steps: a deposit below a step’s minimum does not use the step up', () => {
  test('deposit 2 below step 2’s minimum: deposit 3 receives step 2, deposit 4 step 3, deposit 5 nothing', async () => {
    const { player } = await world.newPlayer();
    expect(await drawerStates(player)).toEqual(['available', 'disabled', 'disabled', 'disabled']);
    expect(await currentStep(player)).toBe(1);

    // deposit 1 qualifies for step 1 (100 %)
    await world.deposit(player, '100');
    expect(await grantedSteps(player)).toEqual([[1, '100.00']]);
    expect(await drawerStates(player)).toEqual(['claimed', 'available', 'disabled', 'disabled']);
    expect(await currentStep(player)).toBe(2);

    // deposit 2 is below step 2's 50 USD minimum: no bonus, and step 2 stays the next one
    await world.deposit(player, '20');
    expect(await grantedSteps(player)).toEqual([[1, '100.00']]);
    expect(await drawerStates(player)).toEqual(['claimed', 'available', 'disabled', 'disabled']);
    expect(await currentStep(player)).toBe(2);

    // deposit 3 meets step 2's minimum: it receives step 2 (75 %), the step the drawer showed
    await world.deposit(player, '80');
    expect(await grantedSteps(player)).toEqual([
      [1, '100.00'],
      [2, '60.00'],
    ]);
    expect(await drawerStates(player)).toEqual(['claimed', 'claimed', 'available', 'disabled']);
    expect(await currentStep(player)).toBe(3);

    // deposit 4, the last of the welcome deposits, receives step 3 (50 %)
    await world.deposit(player, '40');
    expect(await grantedSteps(player)).toEqual([
      [1, '100.00'],
      [2, '60.00'],
      [3, '20.00'],
    ]);
    const { daily } = await drawerData(player);
    expect(daily.countDeposit).toBe(4);
    expect(bonusDrawerVariant(daily.countDeposit)).toBe('everyday');
    expect(await drawerStates(player)).toEqual(['claimed', 'claimed', 'claimed', 'disabled']);
    expect(await currentStep(player)).toBeNull();

    // the welcome bonus is over after four deposits: step 4 is not granted to deposit 5
    await world.deposit(player, '100');
    expect(await grantedSteps(player)).toHaveLength(3);
    await world.expectLedgerConsistent();
  });

  test('every qualifying deposit receives its own step, in order', async () => {
    const { player } = await world.newPlayer();
    for (const [index, amount] of ['100', '100', '100', '100'].entries()) {
      expect(await currentStep(player)).toBe(index + 1);
      await world.deposit(player, amount);
    }
    expect(await grantedSteps(player)).toEqual([
      [1, '100.00'],
      [2, '75.00'],
      [3, '50.00'],
      [4, '25.00'],
    ]);
    expect(await currentStep(player)).toBeNull();
  });

  test('a first deposit below step 1’s minimum leaves step 1 for the second deposit', async () => {
    const { player } = await world.newPlayer();
    await world.deposit(player, '15');
    expect(await grantedSteps(player)).toEqual([]);
    expect(await drawerStates(player)).toEqual(['available', 'disabled', 'disabled', 'disabled']);
    expect(await currentStep(player)).toBe(1);
    await world.deposit(player, '30');
    expect(await grantedSteps(player)).toEqual([[1, '30.00']]);
  });

  test('a deposit made with welcome bonuses off does not use the step up either', async () => {
    const { player } = await world.newPlayer();
    const loyalty = (isWelcomeEnabledFiat: boolean) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v2/users/loyalty',
        headers: bearer(player),
        payload: { isWelcomeEnabledFiat },
      });
    expect((await loyalty(false)).statusCode).toBe(200);
    await world.deposit(player, '100');
    expect(await grantedSteps(player)).toEqual([]);
    expect((await loyalty(true)).statusCode).toBe(200);
    expect(await drawerStates(player)).toEqual(['available', 'disabled', 'disabled', 'disabled']);
    await world.deposit(player, '100');
    expect(await grantedSteps(player)).toEqual([[1, '100.00']]);
  });
});
