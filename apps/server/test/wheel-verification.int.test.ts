import {
  backofficeWheelPrizesSchema,
  fairnessStateSchema,
  serverSeedHash,
  type WheelSpinResult,
  wheelPrizesSchema,
  wheelSpinIndex,
  wheelSpinResultSchema,
  wheelSpinsPageSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

/**
 * Issue 17, item 3: a player verifies a wheel spin with what the spin publishes alone, with no
 * operator data, and never sees the server seed in use.
 */

const clock = manualClock(new Date('2026-12-01T10:00:00Z'));
const dayMs = 24 * 60 * 60_000;

let testApp: TestApp;
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
});
afterAll(async () => {
  await testApp.close();
});

type PrizeRow = {
  id?: string;
  amountUsd: string;
  balanceType: 'main' | 'other';
  weight: number;
};

/** A fresh operator session: the tests move the clock by days, past an operator session's life. */
async function operator(): Promise<SignedIn> {
  return await loginOperator(testApp.app, undefined, testApp.config);
}

async function setPrizes(items: PrizeRow[]) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/api/backoffice/v1/wheel/prizes',
    headers: bearer(await operator()),
    payload: { items },
  });
  expect(response.statusCode, response.body).toBe(200);
  return backofficeWheelPrizesSchema.parse(response.json());
}

async function spin(player: SignedIn): Promise<WheelSpinResult> {
  keyCounter += 1;
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/turbine_of_luck',
    headers: { ...bearer(player), 'idempotency-key': `verify-key-${keyCounter}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return wheelSpinResultSchema.parse(response.json());
}

function getSpin(player: SignedIn, spinId: string) {
  return testApp.app.inject({
    url: `/api/v2/turbine_of_luck/spins/${spinId}`,
    headers: bearer(player),
  });
}

async function ownSpin(player: SignedIn, spinId: string): Promise<WheelSpinResult> {
  const response = await getSpin(player, spinId);
  expect(response.statusCode, response.body).toBe(200);
  return wheelSpinResultSchema.parse(response.json());
}

function listSpins(player: SignedIn, query = '') {
  return testApp.app.inject({
    url: `/api/v2/turbine_of_luck/spins${query}`,
    headers: bearer(player),
  });
}

async function rotate(player: SignedIn) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/fairness/rotate',
    headers: bearer(player),
  });
  expect(response.statusCode, response.body).toBe(200);
  return fairnessStateSchema.parse(response.json());
}

/** The server seed of the player's active pair, read from the database (never from the API). */
async function activeServerSeed(userId: string): Promise<string> {
  const row = await testApp.db
    .selectFrom('fairness_seeds')
    .select('server_seed')
    .where('user_id', '=', userId)
    .where('revealed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.server_seed;
}

/** What a player's browser does with a published spin: the pick recomputed from it alone. */
function recompute(spinResult: WheelSpinResult) {
  const { verification } = spinResult;
  if (verification.serverSeed === null) throw new Error('the server seed is not revealed yet');
  const index = wheelSpinIndex(
    {
      serverSeed: verification.serverSeed,
      clientSeed: verification.clientSeed,
      nonce: verification.nonce,
    },
    verification.prizes.map((prize) => prize.weight),
  );
  return { index, prize: verification.prizes[index] };
}

describe('a spin publishes what verifies it', () => {
  test('the answer carries the prize table in pick order, the seed hash, client seed and nonce; after the rotation the revealed seed recomputes the published prize', async () => {
    const table = await setPrizes([
      { amountUsd: '0', balanceType: 'main', weight: 40 },
      { amountUsd: '0.5', balanceType: 'main', weight: 30 },
      { amountUsd: '1', balanceType: 'other', weight: 20 },
      { amountUsd: '2', balanceType: 'main', weight: 0 },
      { amountUsd: '5', balanceType: 'main', weight: 10 },
    ]);
    const player = await registerPlayer(testApp.app);
    const spins: WheelSpinResult[] = [];
    for (let day = 0; day < 6; day += 1) {
      spins.push(await spin(player));
      clock.advance(dayMs);
    }

    const first = spins[0];
    if (!first) throw new Error('no spin');
    const fairness = fairnessStateSchema.parse(
      (await testApp.app.inject({ url: '/api/v2/fairness', headers: bearer(player) })).json(),
    );
    expect(first.verification).toEqual({
      serverSeedHash: fairness.serverSeedHash,
      serverSeed: null,
      clientSeed: fairness.clientSeed,
      nonce: 0,
      round: 0,
      prizes: table.items.map((prize) => ({
        prizeId: prize.id,
        weight: prize.weight,
        amountUsd: prize.amountUsd,
        balanceType: prize.balanceType,
      })),
      totalWeight: 100,
      index: table.items.findIndex((prize) => prize.id === first.prizeId),
    });
    expect(first.createdAt).toBe('2026-12-01T10:00:00.000Z');
    // the same spin, read back before the rotation, still hides the seed
    expect(await ownSpin(player, first.id)).toEqual(first);

    const revealed = (await rotate(player)).previous;
    if (!revealed) throw new Error('the rotation revealed nothing');
    for (const published of spins) {
      const after = await ownSpin(player, published.id);
      expect(after.verification.serverSeed).toBe(revealed.serverSeed);
      expect(serverSeedHash(after.verification.serverSeed ?? '')).toBe(
        after.verification.serverSeedHash,
      );
      const { index, prize } = recompute(after);
      expect(index).toBe(after.verification.index);
      expect(prize?.prizeId).toBe(after.prizeId);
      expect(after.prizeId).toBe(published.prizeId);
      // the weight-0 prize is never the outcome
      expect(prize?.weight).toBeGreaterThan(0);
    }
  });

  test('the operator’s later changes to the table leave a spin’s published table, and its verification, as they were', async () => {
    const table = await setPrizes([
      { amountUsd: '1', balanceType: 'main', weight: 1 },
      { amountUsd: '3', balanceType: 'main', weight: 1 },
      { amountUsd: '7', balanceType: 'main', weight: 1 },
    ]);
    const player = await registerPlayer(testApp.app);
    const published = await spin(player);
    const won = published.verification.index;

    // the won prize becomes unwinnable and worth more, another is retired, a new one is added
    const edited = table.items
      .filter((_, index) => index !== (won + 1) % 3)
      .map((prize, index) => ({
        id: prize.id,
        amountUsd: prize.id === published.prizeId ? '99' : prize.amountUsd,
        balanceType: prize.balanceType,
        weight: prize.id === published.prizeId ? 0 : index + 5,
      }));
    await setPrizes([...edited, { amountUsd: '50', balanceType: 'main', weight: 3 }]);
    const current = wheelPrizesSchema.parse(
      (await testApp.app.inject({ url: '/api/v2/turbine_of_luck/prizes' })).json(),
    );
    expect(current.find((prize) => prize.id === published.prizeId)?.weight).toBe(0);

    await rotate(player);
    const after = await ownSpin(player, published.id);
    expect({ ...after.verification, serverSeed: null }).toEqual(published.verification);
    expect(after.verification.prizes[won]).toEqual({
      prizeId: published.prizeId,
      weight: 1,
      amountUsd: table.items[won]?.amountUsd,
      balanceType: 'main',
    });
    expect(recompute(after).prize?.prizeId).toBe(published.prizeId);
    // with today's weights the same seeds could not have given this prize: the copy matters
    const seeds = {
      serverSeed: after.verification.serverSeed ?? '',
      clientSeed: after.verification.clientSeed,
      nonce: after.verification.nonce,
    };
    const todays = wheelSpinIndex(
      seeds,
      current.map((prize) => prize.weight),
    );
    expect(current[todays]?.id).not.toBe(published.prizeId);
  });

  test('the stored table and outcome cannot be rewritten nor the spin deleted', async () => {
    await setPrizes([{ amountUsd: '1', balanceType: 'main', weight: 1 }]);
    const player = await registerPlayer(testApp.app);
    const published = await spin(player);
    await expect(
      testApp.db
        .updateTable('wheel_spins')
        .set({ weights: JSON.stringify([{ prizeId: published.prizeId, weight: 5 }]) })
        .where('id', '=', published.id)
        .execute(),
    ).rejects.toThrow(/wheel_spins are kept as spun/);
    await expect(
      testApp.db
        .updateTable('wheel_spins')
        .set({ amount_minor: 1_000_000n })
        .where('id', '=', published.id)
        .execute(),
    ).rejects.toThrow(/wheel_spins are kept as spun/);
    await expect(
      testApp.db.deleteFrom('wheel_spins').where('id', '=', published.id).execute(),
    ).rejects.toThrow(/wheel_spins are kept as spun/);
    expect(await ownSpin(player, published.id)).toEqual(published);
  });
});

describe('spins stored before the whole table was kept (migration 0028)', () => {
  test('what is not known any more is null; the weights, their order and the index won remain', async () => {
    const table = await setPrizes([
      { amountUsd: '1', balanceType: 'main', weight: 3 },
      { amountUsd: '2', balanceType: 'other', weight: 1 },
    ]);
    const player = await registerPlayer(testApp.app);
    const today = await spin(player);
    const stored = await testApp.db
      .selectFrom('wheel_spins')
      .selectAll()
      .where('id', '=', today.id)
      .executeTakeFirstOrThrow();
    const legacyId = '11111111-2222-4333-8444-555555555555';
    await testApp.db
      .insertInto('wheel_spins')
      .values({
        ...stored,
        id: legacyId,
        spin_day: '2020-01-01',
        nonce: 7n,
        weights: JSON.stringify([
          { prizeId: table.items[0]?.id, weight: 3 },
          { prizeId: table.items[1]?.id, weight: 1 },
        ]),
        prize_id: table.items[1]?.id ?? '',
        created_at: new Date('2020-01-01T08:00:00Z'),
      })
      .execute();
    const legacy = await ownSpin(player, legacyId);
    expect(legacy.verification).toMatchObject({
      nonce: 7,
      totalWeight: 4,
      index: 1,
      prizes: [
        { prizeId: table.items[0]?.id, weight: 3, amountUsd: null, balanceType: null },
        { prizeId: table.items[1]?.id, weight: 1, amountUsd: null, balanceType: null },
      ],
    });
  });
});

describe('a replayed spin answer', () => {
  test('an answer stored before spins carried their verification is replayed with it', async () => {
    await setPrizes([{ amountUsd: '1', balanceType: 'main', weight: 1 }]);
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const headers = { ...bearer(player), 'idempotency-key': 'stored-before-0028' };
    const first = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/turbine_of_luck',
      headers,
    });
    expect(first.statusCode, first.body).toBe(200);
    const published = wheelSpinResultSchema.parse(first.json());
    // the answer as the previous version stored it
    const { verification: _verification, createdAt: _createdAt, ...before0028 } = published;
    await testApp.db
      .updateTable('idempotency_keys')
      .set({ response_body: JSON.stringify(before0028) })
      .where('scope', '=', `player:${userId}`)
      .where('key', '=', 'stored-before-0028')
      .execute();

    const replay = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/turbine_of_luck',
      headers,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(wheelSpinResultSchema.parse(replay.json())).toEqual(published);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(100n);
  });
});

describe('the server seed in use stays secret', () => {
  test('no spin call shows the active server seed; the rotation reveals it for the spins made with it only', async () => {
    await setPrizes([
      { amountUsd: '1', balanceType: 'main', weight: 1 },
      { amountUsd: '2', balanceType: 'main', weight: 1 },
    ]);
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const before = await spin(player);
    const firstSeed = await activeServerSeed(userId);
    const bodies = [
      JSON.stringify(before),
      (await getSpin(player, before.id)).body,
      (await listSpins(player)).body,
    ];
    for (const body of bodies) expect(body).not.toContain(firstSeed);

    await rotate(player);
    clock.advance(dayMs);
    const after = await spin(player);
    const secondSeed = await activeServerSeed(userId);
    const page = wheelSpinsPageSchema.parse((await listSpins(player)).json());
    expect(page.items.map((item) => [item.id, item.verification.serverSeed])).toEqual([
      [after.id, null],
      [before.id, firstSeed],
    ]);
    expect((await listSpins(player)).body).not.toContain(secondSeed);
    expect(after.verification.nonce).toBe(0);
    expect(after.verification.serverSeedHash).toBe(serverSeedHash(secondSeed));
  });
});

describe('a player reads their own spins only', () => {
  test('another player gets not_found for my spin and sees none of mine; guests are refused', async () => {
    await setPrizes([{ amountUsd: '1', balanceType: 'main', weight: 1 }]);
    const owner = await registerPlayer(testApp.app);
    const other = await registerPlayer(testApp.app);
    const mine = await spin(owner);

    const refused = expectError(await getSpin(other, mine.id), 'not_found');
    expect(refused.payload).toBeUndefined();
    const othersPage = wheelSpinsPageSchema.parse((await listSpins(other)).json());
    expect(othersPage).toEqual({
      items: [],
      meta: { offset: 0, limit: 20, total: 0, totalCapped: false },
    });

    expectError(
      await testApp.app.inject({ url: `/api/v2/turbine_of_luck/spins/${mine.id}` }),
      'unauthorized',
    );
    expectError(await testApp.app.inject({ url: '/api/v2/turbine_of_luck/spins' }), 'unauthorized');
    // an operator's session is not a player's
    expectError(
      await testApp.app.inject({
        url: '/api/v2/turbine_of_luck/spins',
        headers: bearer(await operator()),
      }),
      'unauthorized',
    );
  });

  test('the history is newest first and paged within its limits', async () => {
    await setPrizes([{ amountUsd: '1', balanceType: 'main', weight: 1 }]);
    const player = await registerPlayer(testApp.app);
    const spins: WheelSpinResult[] = [];
    for (let day = 0; day < 3; day += 1) {
      spins.push(await spin(player));
      clock.advance(dayMs);
    }
    const newestFirst = [...spins].reverse();
    const all = wheelSpinsPageSchema.parse((await listSpins(player)).json());
    expect(all.items).toEqual(newestFirst);
    expect(all.meta).toEqual({ offset: 0, limit: 20, total: 3, totalCapped: false });
    const second = wheelSpinsPageSchema.parse(
      (await listSpins(player, '?limit=1&offset=1')).json(),
    );
    expect(second.items.map((item) => item.id)).toEqual([newestFirst[1]?.id]);
    expect(second.meta).toEqual({ offset: 1, limit: 1, total: 3, totalCapped: false });

    for (const query of ['?limit=51', '?limit=0', '?offset=-1', '?limit=ten', '?page=2']) {
      expectError(await listSpins(player, query), 'validation_error');
    }
    const badId = expectError(await getSpin(player, 'not-a-uuid'), 'validation_error');
    expect(badId.payload).toEqual({
      fields: [{ field: 'spinId', message: 'Validation.invalid_value' }],
    });
    expectError(await getSpin(player, '00000000-0000-4000-8000-000000000000'), 'not_found');
  });
});

describe('the public prize list shows the odds', () => {
  test('each prize has its weight and its probability, weight / total, in wheel order', async () => {
    await setPrizes([
      { amountUsd: '0', balanceType: 'main', weight: 2 },
      { amountUsd: '1', balanceType: 'main', weight: 1 },
      { amountUsd: '5', balanceType: 'other', weight: 0 },
    ]);
    const response = await testApp.app.inject({ url: '/api/v2/turbine_of_luck/prizes' });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      wheelPrizesSchema
        .parse(response.json())
        .map(({ amount, weight, probability }) => [amount, weight, probability]),
    ).toEqual([
      ['0.00', 2, '0.666667'],
      ['1.00', 1, '0.333333'],
      ['5.00', 0, '0.000000'],
    ]);
  });
});
