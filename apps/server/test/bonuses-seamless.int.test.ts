import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  betRequest,
  createProvider,
  fund,
  launch,
  newPlayer,
  registerGame,
  type TestPlayer,
  type TestProvider,
  walletCall,
} from './seamless-client.ts';
import { createTestApp, loginOperator, type TestApp } from './support/app.ts';
import { BonusWorld, usd } from './support/bonuses.ts';

let testApp: TestApp;
let world: BonusWorld;
let provider: TestProvider;
let gameId: string;
let gameCode: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new BonusWorld(testApp, admin);
  provider = await createProvider(testApp, admin);
  ({ gameId, gameCode } = await registerGame(testApp, admin, provider));
});
afterAll(async () => {
  await testApp.close();
});

/** 1/100000 units of USD, as the provider sends them */
const units = (cents: bigint) => Number(cents * 1000n);

function bet(player: TestPlayer, token: string, amountCents: bigint) {
  return betRequest({
    user: player.userId,
    token,
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    game_code: gameCode,
    currency: 'USD',
    amount: units(amountCents),
  });
}

async function wagered(player: TestPlayer): Promise<string | undefined> {
  return (await world.userBonuses(player.session))[0]?.wager.current;
}

test('provider bets take main money first, count for wagering, and wins and rollbacks follow the split', async () => {
  const offer = await world.createOffer({
    type: 'promo',
    wager: 100,
    wagerMaxBetUsd: '3',
    gamesWagers: [{ gameId, percent: 50 }],
  });
  const player = await newPlayer(testApp);
  await fund(testApp, player.userId, 'USD', usd('1'));
  await world.services.transactions.run((transaction) =>
    world.services.bonuses.lifecycle.grantFixed(transaction, {
      userId: player.userId,
      offerId: offer.id,
      amountUsdMinor: usd('10'),
      reference: `seamless:${player.userId}`,
    }),
  );
  const { token } = await launch(testApp, player, gameId);
  const main = () => world.balance(player.userId, 'main');
  const bonus = () => world.balance(player.userId, 'bonus');

  // the provider sees main and bonus money together
  const info = await walletCall(testApp, provider, '/user/balance', {
    request_uuid: randomUUID(),
    user: player.userId,
    token,
    game_code: gameCode,
  });
  expect(info.body).toMatchObject({ status: 'RS_OK', balance: units(usd('11')) });

  // 2 USD: 1 of main money, 1 of bonus money; half of it counts (the game's 50 %)
  const first = bet(player, token, usd('2'));
  const placed = await walletCall(testApp, provider, '/transaction/bet', first);
  expect(placed.body).toMatchObject({ status: 'RS_OK', balance: units(usd('9')) });
  expect([await main(), await bonus()]).toEqual([0n, usd('9')]);
  expect(await wagered(player)).toBe('1.00');
  const stored = await testApp.db
    .selectFrom('seamless_transactions')
    .select(['bonus_id', 'bonus_amount_minor'])
    .where('transaction_uuid', '=', first.transaction_uuid as string)
    .executeTakeFirstOrThrow();
  expect(stored.bonus_amount_minor).toBe(usd('1'));

  // above the bonus's 3 USD maximum bet: refused, nothing moved
  const big = await walletCall(testApp, provider, '/transaction/bet', bet(player, token, usd('4')));
  expect(big.body.status).toBe('RS_ERROR_UNKNOWN');
  expect([await main(), await bonus()]).toEqual([0n, usd('9')]);

  // a 3 USD win on the first bet comes back half to main, half to bonus
  const won = await walletCall(testApp, provider, '/transaction/win', {
    ...bet(player, token, usd('3')),
    round: first.round,
    reference_transaction_uuid: first.transaction_uuid,
    round_closed: true,
  });
  expect(won.body).toMatchObject({ status: 'RS_OK', balance: units(usd('12')) });
  expect([await main(), await bonus()]).toEqual([usd('1.50'), usd('10.50')]);
  expect(await wagered(player)).toBe('1.00');

  // 2.50 USD: 1.50 main, 1.00 bonus; rolled back, both parts return and the wager with them
  const second = bet(player, token, usd('2.50'));
  await walletCall(testApp, provider, '/transaction/bet', second);
  expect([await main(), await bonus()]).toEqual([0n, usd('9.50')]);
  expect(await wagered(player)).toBe('2.25');
  const rolledBack = await walletCall(testApp, provider, '/transaction/rollback', {
    request_uuid: randomUUID(),
    user: player.userId,
    token,
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: second.transaction_uuid,
    game_code: gameCode,
  });
  expect(rolledBack.body.status).toBe('RS_OK');
  expect([await main(), await bonus()]).toEqual([usd('1.50'), usd('10.50')]);
  expect(await wagered(player)).toBe('1.00');
  await world.expectLedgerConsistent();
});

test('a free bet takes no money, passes above the maximum bet, counts for no wagering; its win is main money', async () => {
  const offer = await world.createOffer({
    type: 'promo',
    wager: 100,
    wagerMaxBetUsd: '3',
    gamesWagers: [{ gameId, percent: 100 }],
  });
  const player = await newPlayer(testApp);
  await world.services.transactions.run((transaction) =>
    world.services.bonuses.lifecycle.grantFixed(transaction, {
      userId: player.userId,
      offerId: offer.id,
      amountUsdMinor: usd('10'),
      reference: `seamless-free:${player.userId}`,
    }),
  );
  const { token } = await launch(testApp, player, gameId);
  const main = () => world.balance(player.userId, 'main');
  const bonus = () => world.balance(player.userId, 'bonus');

  // a free bet of 5 USD, above the bonus's 3 USD maximum bet, with no main money at all
  const free: Record<string, unknown> = { ...bet(player, token, usd('5')), is_free: true };
  const placed = await walletCall(testApp, provider, '/transaction/bet', free);
  expect(placed.body).toMatchObject({ status: 'RS_OK', balance: units(usd('10')) });
  expect([await main(), await bonus()]).toEqual([0n, usd('10')]);
  expect(await wagered(player)).toBe('0.00');

  // its 4 USD win is the player's main money and counts for nothing either
  const won = await walletCall(testApp, provider, '/transaction/win', {
    ...bet(player, token, usd('4')),
    round: free.round,
    reference_transaction_uuid: free.transaction_uuid,
    round_closed: true,
  });
  expect(won.body).toMatchObject({ status: 'RS_OK', balance: units(usd('14')) });
  expect([await main(), await bonus()]).toEqual([usd('4'), usd('10')]);
  expect(await wagered(player)).toBe('0.00');

  // a paid bet of the same player counts as before
  await walletCall(testApp, provider, '/transaction/bet', bet(player, token, usd('2')));
  expect(await wagered(player)).toBe('2.00');
  await world.expectLedgerConsistent();
});
