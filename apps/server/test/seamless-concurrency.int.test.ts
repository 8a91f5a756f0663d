import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  betRequest,
  createProvider,
  fund,
  launch,
  newPlayer,
  registerGame,
  type TestProvider,
  walletCall,
} from './seamless-client.ts';
import { createTestApp, loginOperator, type TestApp } from './support/app.ts';

let testApp: TestApp;
let provider: TestProvider;
let gameId: string;
let gameCode: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  provider = await createProvider(testApp, admin);
  ({ gameId, gameCode } = await registerGame(testApp, admin, provider));
});
afterAll(async () => {
  await testApp?.close();
});

async function houseBalance(): Promise<bigint> {
  return await testApp.app.services.ledger.platformBalance('USD', 'house');
}

/** Sends `pairs` bets each with its rollback at the same moment and checks money is conserved. */
async function raceBetsAndRollbacks(pairs: number) {
  const player = await newPlayer(testApp);
  await fund(testApp, player.userId, 'USD', 100_000n);
  const { token } = await launch(testApp, player, gameId);
  const houseBefore = await houseBalance();
  const refundsBefore = await countRefunds();

  const outcomes = await Promise.all(
    Array.from({ length: pairs }, async (_, index) => {
      const placed = betRequest({
        user: player.userId,
        token,
        transaction_uuid: randomUUID(),
        round: randomUUID(),
        game_code: gameCode,
        currency: 'USD',
        amount: 100_000 * (1 + (index % 7)),
      });
      const cancel = {
        request_uuid: randomUUID(),
        user: player.userId,
        token,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: placed.transaction_uuid,
        round: placed.round,
        game_code: gameCode,
      };
      // the rollback goes first on every other pair, so both orders race
      const [betAnswer, rollbackAnswer] =
        index % 2 === 0
          ? await Promise.all([
              walletCall(testApp, provider, '/transaction/bet', placed),
              walletCall(testApp, provider, '/transaction/rollback', cancel),
            ])
          : await Promise.all([
              walletCall(testApp, provider, '/transaction/rollback', cancel),
              walletCall(testApp, provider, '/transaction/bet', placed),
            ]).then(([rollback, bet]) => [bet, rollback] as const);
      return { bet: betAnswer.body.status, rollback: rollbackAnswer.body.status };
    }),
  );

  for (const outcome of outcomes) {
    expect(outcome.rollback).toBe('RS_OK');
    expect(['RS_OK', 'RS_ERROR_TRANSACTION_ROLLED_BACK']).toContain(outcome.bet);
  }
  // every bet that was applied was refunded; every other one was refused
  expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(100_000n);
  expect(await houseBalance()).toBe(houseBefore);
  const applied = outcomes.filter((outcome) => outcome.bet === 'RS_OK').length;
  expect((await countRefunds()) - refundsBefore).toBe(applied);
  const report = await testApp.app.services.ledger.check();
  expect(report.violations).toEqual([]);
}

async function countRefunds(): Promise<number> {
  const row = await testApp.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('type', '=', 'provider_rollback')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

test('a bet and its rollback sent at once end refunded or refused, never money created', async () => {
  for (let run = 0; run < 4; run += 1) await raceBetsAndRollbacks(40);
});

test('the same bet sent twenty times at once is debited once and answered alike', async () => {
  const player = await newPlayer(testApp);
  await fund(testApp, player.userId, 'USD', 10_000n);
  const { token } = await launch(testApp, player, gameId);
  const placed = betRequest({
    user: player.userId,
    token,
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    game_code: gameCode,
    currency: 'USD',
    amount: 700_000,
  });
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => walletCall(testApp, provider, '/transaction/bet', placed)),
  );
  const bodies = new Set(answers.map((answer) => answer.response.body));
  expect(bodies.size).toBe(1);
  expect(answers[0]?.body).toMatchObject({ status: 'RS_OK', balance: 9_300_000 });
  expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(9_300n);
});

test('concurrent bets of one player never overdraw: the refused ones carry the balance', async () => {
  const player = await newPlayer(testApp);
  await fund(testApp, player.userId, 'USD', 1_000n);
  const { token } = await launch(testApp, player, gameId);
  const answers = await Promise.all(
    Array.from({ length: 25 }, () =>
      walletCall(
        testApp,
        provider,
        '/transaction/bet',
        betRequest({
          user: player.userId,
          token,
          transaction_uuid: randomUUID(),
          round: randomUUID(),
          game_code: gameCode,
          currency: 'USD',
          amount: 100_000,
        }),
      ),
    ),
  );
  const accepted = answers.filter((answer) => answer.body.status === 'RS_OK');
  expect(accepted).toHaveLength(10);
  for (const refused of answers.filter((answer) => answer.body.status !== 'RS_OK')) {
    expect(refused.body.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(refused.body.balance).toBeGreaterThanOrEqual(0);
    expect(refused.body.balance).toBeLessThan(100_000);
  }
  expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(0n);
  expect((await testApp.app.services.ledger.check()).violations).toEqual([]);
});
