import { roundSchema } from '@casino/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bearer, createTestApp, type TestApp } from './support/app.ts';
import { fundedPlayer, playableOriginal } from './support/originals.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

test('30 simultaneous bets on a balance covering 10: never overdrawn, each accepted round debited once', async () => {
  const { app, db } = testApp;
  const player = await fundedPlayer(testApp, 1_000n);
  const { userId } = player;
  const gameId = await playableOriginal(testApp, 'limbo');

  // a target of 1 000 000 wins about once in a million rounds: the stakes decide the count
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, index) =>
      app.inject({
        method: 'POST',
        url: `/api/v2/games/${gameId}/rounds`,
        headers: { ...bearer(player), 'idempotency-key': `concurrent-bet-${index}` },
        payload: { bet: '1.00', params: { target: 1_000_000 } },
      }),
    ),
  );
  const accepted = answers
    .filter((answer) => answer.statusCode === 200)
    .map((answer) => roundSchema.parse(answer.json()));
  for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toBe('insufficient_balance');
  }
  const paidMinor = accepted.reduce(
    (sum, round) => sum + BigInt(round.payout.replace('.', '')),
    0n,
  );
  if (paidMinor === 0n) expect(accepted).toHaveLength(10);
  const balance = await app.services.ledger.balance(userId, 'USD', 'main');
  expect(balance).toBeGreaterThanOrEqual(0n);
  expect(balance).toBe(1_000n - BigInt(accepted.length) * 100n + paidMinor);

  // every accepted round: one stake debit, a distinct nonce, stored once
  const debits = await db
    .selectFrom('ledger_transactions')
    .select(['external_reference'])
    .where('type', '=', 'bet')
    .where(
      'external_reference',
      'in',
      accepted.map((round) => round.id),
    )
    .execute();
  expect(debits).toHaveLength(accepted.length);
  expect(new Set(accepted.map((round) => round.nonce)).size).toBe(accepted.length);
  expect([...accepted.map((round) => round.nonce)].sort((a, b) => a - b)).toEqual(
    accepted.map((_, index) => index),
  );
  const stored = await db
    .selectFrom('game_rounds')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(Number(stored.count)).toBe(accepted.length);
  expect((await app.services.ledger.check()).violations).toEqual([]);
});
