import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { canonicalJson } from '../src/lib/idempotency.ts';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import { currentPlayer } from '../src/plugins/authentication.ts';
import {
  bearer,
  createTestApp,
  type RegisteredPlayer,
  registerPlayer,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;
let handlerRuns = 0;

/** A test-only money-moving route: credits the player from the house, once per key. */
beforeAll(async () => {
  testApp = await createTestApp({
    configure: (app) => {
      app.withTypeProvider<ZodTypeProvider>().post(
        '/test/credit',
        {
          onRequest: app.authenticatePlayer,
          schema: { body: z.strictObject({ amountMinor: z.string().regex(/^\d+$/) }) },
        },
        async (request, reply) =>
          app.idempotent(request, reply, async (transaction) => {
            handlerRuns += 1;
            const userId = currentPlayer(request).account.id;
            const { transactionId } = await app.services.ledger.postTransaction(transaction, {
              type: 'adjustment',
              postings: [
                {
                  account: platformAccount('USD', 'house'),
                  amountMinor: -BigInt(request.body.amountMinor),
                },
                {
                  account: playerAccount(userId, 'USD', 'main'),
                  amountMinor: BigInt(request.body.amountMinor),
                },
              ],
            });
            return { statusCode: 201, body: { transactionId } };
          }),
      );
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

async function playerWithId(): Promise<RegisteredPlayer & { userId: string }> {
  const player = await registerPlayer(testApp.app);
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return { ...player, userId: row.id };
}

function credit(player: RegisteredPlayer, amountMinor: string, key?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/test/credit',
    headers: { ...bearer(player), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { amountMinor },
  });
}

describe('Idempotency-Key', () => {
  test('a replay returns the stored response and moves money once', async () => {
    const player = await playerWithId();
    const runsBefore = handlerRuns;
    const first = await credit(player, '250', 'key-1');
    expect(first.statusCode).toBe(201);
    const replay = await credit(player, '250', 'key-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(handlerRuns - runsBefore).toBe(1);
    expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(250n);
  });

  test('the same key with a different body is 409 idempotency_key_reused', async () => {
    const player = await playerWithId();
    expect((await credit(player, '100', 'key-2')).statusCode).toBe(201);
    expectError(await credit(player, '101', 'key-2'), 'idempotency_key_reused');
    expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(100n);
  });

  test('keys are scoped to the caller', async () => {
    const first = await playerWithId();
    const second = await playerWithId();
    expect((await credit(first, '10', 'shared-key')).statusCode).toBe(201);
    expect((await credit(second, '20', 'shared-key')).statusCode).toBe(201);
    expect(await testApp.app.services.ledger.balance(second.userId, 'USD', 'main')).toBe(20n);
  });

  test('concurrent duplicates run the handler once', async () => {
    const player = await playerWithId();
    const runsBefore = handlerRuns;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => credit(player, '70', 'concurrent-key')),
    );
    for (const response of responses) expect(response.statusCode).toBe(201);
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(handlerRuns - runsBefore).toBe(1);
    expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(70n);
  });

  test('a missing or too long key is a validation error on the header', async () => {
    const player = await playerWithId();
    const missing = expectError(await credit(player, '10'), 'validation_error');
    expect(missing.payload).toEqual({
      fields: [{ field: 'Idempotency-Key', message: 'Validation.required' }],
    });
    const long = expectError(await credit(player, '10', 'k'.repeat(256)), 'validation_error');
    expect(long.payload).toEqual({
      fields: [
        { field: 'Idempotency-Key', message: 'Validation.invalid_value', params: { max: 255 } },
      ],
    });
    expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(0n);
  });

  test('the request hash ignores key order but not values', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[1,{"x":1,"y":2}]},"b":1}',
    );
  });
});
