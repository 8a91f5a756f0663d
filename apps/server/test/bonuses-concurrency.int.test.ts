import { randomUUID } from 'node:crypto';
import { formatMinorToDecimal, roundSchema } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import { BonusesRepository } from '../src/modules/promotions/bonuses/bonuses.repository.ts';
import { bearer, createTestApp, loginOperator, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';

let testApp: TestApp;
let world: BonusWorld;
let dice: string;
/** wager ×100: these bonuses never complete within the tests */
let offerId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  world = new BonusWorld(testApp, await loginOperator(testApp.app, undefined, testApp.config));
  dice = await world.diceGame();
  offerId = (await world.createOffer({ type: 'promo', wager: 100, deadlineHours: 24 })).id;
});
afterAll(async () => {
  await testApp.close();
});

async function grant(userId: string, amountUsd: string, reference = `concurrency:${randomUUID()}`) {
  return await world.services.transactions.run((transaction) =>
    world.services.bonuses.lifecycle.grantFixed(transaction, {
      userId,
      offerId,
      amountUsdMinor: usd(amountUsd),
      reference,
    }),
  );
}

test('20 concurrent rounds on bonus money never overdraw it and each accrues exactly once', async () => {
  const { player, userId } = await world.newPlayer();
  const bonus = await grant(userId, '10');
  const responses = await Promise.all(
    Array.from({ length: 20 }, () =>
      world.play(player, dice, { bet: '1.00', params: { target: 50.5, direction: 'over' } }),
    ),
  );
  const played = [];
  for (const response of responses) {
    if (response.statusCode === 200) played.push(roundSchema.parse(response.json()));
    else expectError(response, 'insufficient_balance');
  }
  expect(played.length).toBeGreaterThan(0);
  const payouts = played.reduce((sum, round) => sum + usd(round.payout), 0n);
  const stakes = usd('1') * BigInt(played.length);
  // main money is 0: every stake and every payout was bonus money
  expect(await world.balance(userId, 'main')).toBe(0n);
  expect(await world.balance(userId, 'bonus')).toBe(usd('10') - stakes + payouts);
  const [after] = await world.userBonuses(player);
  expect(after?.id).toBe(bonus.id);
  expect(after?.wager.current).toBe(formatMinorToDecimal(stakes, 2));
  if (after?.status === 'active')
    expect(after.balance).toBe(formatMinorToDecimal(usd('10') - stakes + payouts, 2));
  const stored = await testApp.db
    .selectFrom('game_rounds')
    .select((eb) => [
      eb.fn.countAll<string>().as('rounds'),
      sql<string>`sum(bet_bonus_minor)`.as('bonus'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(Number(stored.rounds)).toBe(played.length);
  expect(BigInt(stored.bonus)).toBe(stakes);
  await world.expectLedgerConsistent();
});

test('concurrent grants leave exactly one bonus active and the rest pending', async () => {
  const { player, userId } = await world.newPlayer();
  const granted = await Promise.all(
    Array.from({ length: 8 }, (_, index) => grant(userId, `${index + 1}`)),
  );
  // a repeated reference grants nothing new
  const again = await grant(userId, '1', `concurrency:repeat:${userId}`);
  expect(await grant(userId, '1', `concurrency:repeat:${userId}`)).toMatchObject({ id: again.id });
  const statuses = granted.map((bonus) => bonus.status).sort();
  expect(statuses.filter((status) => status === 'active')).toHaveLength(1);
  const bonuses = await world.userBonuses(player);
  expect(bonuses).toHaveLength(9);
  const active = bonuses.filter((bonus) => bonus.status === 'active');
  expect(active).toHaveLength(1);
  expect(await world.balance(userId, 'bonus')).toBe(usd(active[0]?.amount ?? '0'));
  await world.expectLedgerConsistent();
});

test('a mines round on bonus money counts when it settles and pays back in proportion', async () => {
  const mines = await testApp.db
    .selectFrom('games')
    .select('id')
    .where('engine', '=', 'mines')
    .where('enabled', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { player, userId } = await world.newPlayer();
  await grant(userId, '10');
  const open = await world.playOk(player, mines.id, { bet: '2.00', params: { mines: 1 } });
  expect(open.state).toBe('open');
  expect(await world.balance(userId, 'bonus')).toBe(usd('8'));
  // an open round is not settled: nothing wagered yet
  expect((await world.userBonuses(player))[0]?.wager.current).toBe('0.00');
  const act = (body: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/v2/games/${mines.id}/rounds/${open.id}/actions`,
      headers: { ...bearer(player), 'idempotency-key': randomUUID() },
      payload: body,
    });
  let round = roundSchema.parse((await act({ action: 'reveal', tile: 0 })).json());
  if (round.state === 'open') round = roundSchema.parse((await act({ action: 'cashout' })).json());
  expect(round.state).toBe('settled');
  expect((await world.userBonuses(player))[0]?.wager.current).toBe('2.00');
  expect(await world.balance(userId, 'main')).toBe(0n);
  expect(await world.balance(userId, 'bonus')).toBe(usd('8') + usd(round.payout));
  await world.expectLedgerConsistent();
});

test('a round of a player without a bonus costs the bonus engine one read', async () => {
  const { player, userId } = await world.newPlayer();
  await world.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `budget-${userId}`,
    postings: [
      { account: platformAccount('USD', 'provider_clearing'), amountMinor: -usd('5') },
      { account: playerAccount(userId, 'USD', 'main'), amountMinor: usd('5') },
    ],
  });
  // every read and write of the bonus tables goes through the repository: watch them all
  const spies = new Map(
    Object.getOwnPropertyNames(BonusesRepository.prototype)
      .filter((name) => name !== 'constructor')
      .map((name) => [
        name,
        vi.spyOn(BonusesRepository.prototype, name as keyof BonusesRepository),
      ]),
  );
  try {
    const round = await world.playOk(player, dice, { bet: '1.00' });
    expect(round.state).toBe('settled');
    const called = [...spies].flatMap(([name, spy]) => spy.mock.calls.map(() => name));
    // the stake plan's lock of the active bonus (there is none); the balance event reads nothing
    expect(called).toEqual(['lockActive']);
  } finally {
    for (const spy of spies.values()) spy.mockRestore();
  }
});
