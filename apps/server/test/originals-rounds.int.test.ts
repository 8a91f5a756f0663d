import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  fairnessStateSchema,
  type GameEngine,
  lastBetChannel,
  lastBetSchema,
  type Round,
  recomputeRound,
  roundSchema,
  roundsPageSchema,
  validationPayloadSchema,
} from '@casino/contract';
import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  bearer,
  createTestApp,
  type RegisteredPlayer,
  registerPlayer,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { playableOriginal } from './support/originals.ts';
import { centrifugeClient, collect } from './support/realtime.ts';

let testApp: TestApp;
let websocketUrl: string;
const clients: Centrifuge[] = [];
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = testApp.app.server.address() as AddressInfo;
  websocketUrl = `ws://127.0.0.1:${port}/connection/websocket`;
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await testApp.close();
});

/** A playable original of the engine: enabled, no blacklist rule, the given variant if any. */
function gameOf(engine: GameEngine, variant?: Record<string, unknown>): Promise<string> {
  return playableOriginal(testApp, engine, variant);
}

async function userIdOf(player: RegisteredPlayer): Promise<string> {
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Money in, as a provider deposit would credit it (USD minor units). */
async function fund(userId: string, amountMinor: bigint): Promise<void> {
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `originals-fund-${userId}-${amountMinor}-${keyCounter++}`,
    postings: [
      { account: platformAccount('USD', 'provider_clearing'), amountMinor: -amountMinor },
      { account: playerAccount(userId, 'USD', 'main'), amountMinor },
    ],
  });
}

async function fundedPlayer(amountMinor: bigint) {
  const player = await registerPlayer(testApp.app);
  const userId = await userIdOf(player);
  await fund(userId, amountMinor);
  return { player, userId };
}

function play(
  player: RegisteredPlayer,
  gameId: string,
  body: Record<string, unknown>,
  key = `originals-${++keyCounter}`,
) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/games/${gameId}/rounds`,
    headers: { ...bearer(player), 'idempotency-key': key },
    payload: body,
  });
}

function act(player: RegisteredPlayer, gameId: string, roundId: string, body: object) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/games/${gameId}/rounds/${roundId}/actions`,
    headers: { ...bearer(player), 'idempotency-key': `originals-${++keyCounter}` },
    payload: body,
  });
}

async function playOk(player: RegisteredPlayer, gameId: string, body: Record<string, unknown>) {
  const response = await play(player, gameId, body);
  expect(response.statusCode, response.body).toBe(200);
  return roundSchema.parse(response.json());
}

async function fairness(player: RegisteredPlayer) {
  const response = await testApp.app.inject({ url: '/api/v2/fairness', headers: bearer(player) });
  expect(response.statusCode, response.body).toBe(200);
  return fairnessStateSchema.parse(response.json());
}

async function rotate(player: RegisteredPlayer) {
  return await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/fairness/rotate',
    headers: bearer(player),
  });
}

async function mainBalance(userId: string) {
  return await testApp.app.services.ledger.balance(userId, 'USD', 'main');
}

function minor(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

describe('seeds', () => {
  test('a pair is made on first use; the client seed changes for the next round', async () => {
    const { player } = await fundedPlayer(10_000n);
    const first = await fairness(player);
    expect(first.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.nonce).toBe(0);
    expect(first.previous).toBeNull();
    expect(await fairness(player)).toEqual(first);

    const changed = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/fairness/client-seed',
      headers: bearer(player),
      payload: { clientSeed: 'my-own-seed' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(fairnessStateSchema.parse(changed.json())).toMatchObject({
      serverSeedHash: first.serverSeedHash,
      clientSeed: 'my-own-seed',
      nonce: 0,
    });
    const round = await playOk(player, await gameOf('dice'), {
      bet: '1.00',
      params: { target: 50, direction: 'over' },
    });
    expect(round).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    expect(round.serverSeedHash).toBe(first.serverSeedHash);
    expect((await fairness(player)).nonce).toBe(1);

    const invalid = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/fairness/client-seed',
      headers: bearer(player),
      payload: { clientSeed: 'has space' },
    });
    expectError(invalid, 'validation_error');
  });
});

describe('verification round trip', () => {
  test('rounds of every engine, recomputed from the revealed seed, match', async () => {
    const { player, userId } = await fundedPlayer(100_000n);
    const before = await fairness(player);
    const played: Round[] = [];
    const bets: Array<[GameEngine, Record<string, unknown>]> = [
      ['dice', { target: 50.5, direction: 'under' }],
      ['dice', { target: 10, direction: 'over' }],
      ['limbo', { target: 2 }],
      ['limbo', { target: 1.5 }],
      ['plinko', { rows: 16, risk: 'high' }],
      ['plinko', { rows: 8, risk: 'low' }],
      ['keno', { picks: [1, 7, 13, 22, 38], risk: 'classic' }],
      ['slot', {}],
      ['slot', {}],
    ];
    for (const [engine, params] of bets) {
      played.push(await playOk(player, await gameOf(engine), { bet: '2.50', params }));
    }
    // mines: one cashed out after two safe tiles (or a mine), one ended on a mine
    const minesGame = await gameOf('mines');
    const mines = await playOk(player, minesGame, { bet: '1.00', params: { mines: 3 } });
    expect(mines).toMatchObject({ state: 'open', payout: '0.00', multiplier: '0.0000' });
    expect(mines.outcome).toEqual({ revealed: [], mines: null, hit: null });
    let current = mines;
    for (const tile of [0, 1, 2, 3, 4, 5]) {
      if (current.state !== 'open' || (current.outcome.revealed as number[]).length === 2) break;
      const response = await act(player, minesGame, mines.id, { action: 'reveal', tile });
      expect(response.statusCode, response.body).toBe(200);
      current = roundSchema.parse(response.json());
    }
    if (current.state === 'open') {
      const cashout = await act(player, minesGame, mines.id, { action: 'cashout' });
      expect(cashout.statusCode, cashout.body).toBe(200);
      current = roundSchema.parse(cashout.json());
    }
    expect(current.state).toBe('settled');
    played.push(current);

    expect(played.map((round) => round.nonce)).toEqual(played.map((_, index) => index));
    for (const round of played) expect(round.serverSeedHash).toBe(before.serverSeedHash);

    // the balance moved by exactly the stakes and payouts, and the ledger is consistent
    const staked = played.reduce((sum, round) => sum + minor(round.bet), 0n);
    const paid = played.reduce((sum, round) => sum + minor(round.payout), 0n);
    expect(await mainBalance(userId)).toBe(100_000n - staked + paid);
    expect((await testApp.app.services.ledger.check()).violations).toEqual([]);

    // before rotation no round shows its server seed
    const hidden = await testApp.app.inject({
      url: `/api/v2/rounds/${played[0]?.id}`,
      headers: bearer(player),
    });
    expect(roundSchema.parse(hidden.json()).serverSeed).toBeNull();

    const rotated = await rotate(player);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const after = fairnessStateSchema.parse(rotated.json());
    expect(after.nonce).toBe(0);
    expect(after.serverSeedHash).not.toBe(before.serverSeedHash);
    const revealed = after.previous?.serverSeed ?? '';
    expect(createHash('sha256').update(revealed).digest('hex')).toBe(before.serverSeedHash);
    expect(after.previous).toMatchObject({
      serverSeedHash: before.serverSeedHash,
      rounds: played.length,
    });

    for (const round of played) {
      const response = await testApp.app.inject({
        url: `/api/v2/rounds/${round.id}`,
        headers: bearer(player),
      });
      const stored = roundSchema.parse(response.json());
      expect(stored.serverSeed).toBe(revealed);
      const recomputed = recomputeRound({
        engine: stored.engine as Exclude<GameEngine, 'external'>,
        serverSeed: revealed,
        clientSeed: stored.clientSeed,
        nonce: stored.nonce,
        params: stored.params,
        rtp: stored.rtp,
        outcome: stored.outcome,
      });
      expect(recomputed, `${stored.engine} round ${stored.nonce}`).toEqual({
        outcome: stored.outcome,
        multiplier: stored.multiplier,
      });
      const multiplierUnits = BigInt(stored.multiplier.replace('.', ''));
      const expectedPayout = (minor(stored.bet) * multiplierUnits) / 10_000n;
      expect(minor(stored.payout)).toBe(expectedPayout);
    }

    const history = await testApp.app.inject({
      url: `/api/v2/games/${minesGame}/rounds?limit=5`,
      headers: bearer(player),
    });
    const page = roundsPageSchema.parse(history.json());
    expect(page.meta).toEqual({
      offset: 0,
      limit: 5,
      total: 1,
      totalCapped: false,
      nextCursor: null,
    });
    expect(page.items[0]?.id).toBe(mines.id);
  });

  test('someone else’s round is not found', async () => {
    const { player } = await fundedPlayer(1_000n);
    const other = await registerPlayer(testApp.app);
    const round = await playOk(player, await gameOf('limbo'), {
      bet: '1.00',
      params: { target: 2 },
    });
    const response = await testApp.app.inject({
      url: `/api/v2/rounds/${round.id}`,
      headers: bearer(other),
    });
    expectError(response, 'not_found');
  });
});

describe('mines and the commitment', () => {
  test('rotation is refused while a round is open; the pair stays; one open round per game', async () => {
    const { player, userId } = await fundedPlayer(10_000n);
    const gameId = await gameOf('mines');
    const before = await fairness(player);
    const open = await playOk(player, gameId, { bet: '1.00', params: { mines: 24 } });
    expect(await mainBalance(userId)).toBe(9_900n);

    const refused = await rotate(player);
    const body = expectError(refused, 'round_in_progress');
    expect(body.payload).toEqual({ roundId: open.id, gameId });
    expect(await fairness(player)).toEqual({ ...before, nonce: 1 });

    const second = await play(player, gameId, { bet: '1.00', params: { mines: 3 } });
    expect(expectError(second, 'round_in_progress').payload).toEqual({ roundId: open.id, gameId });

    // a cash-out needs a safe reveal first; with 24 mines the first reveal decides the round
    expectError(await act(player, gameId, open.id, { action: 'cashout' }), 'validation_error');
    const revealed = await act(player, gameId, open.id, { action: 'reveal', tile: 12 });
    expect(revealed.statusCode, revealed.body).toBe(200);
    const settled = roundSchema.parse(revealed.json());
    expect(settled.state).toBe('settled');
    expect((settled.outcome.mines as number[]).length).toBe(24);
    if (settled.outcome.hit === null) {
      expect(settled).toMatchObject({ multiplier: '24.7500', payout: '24.75' });
    } else {
      expect(settled).toMatchObject({ multiplier: '0.0000', payout: '0.00' });
    }
    expectError(
      await act(player, gameId, open.id, { action: 'reveal', tile: 3 }),
      'round_not_open',
    );

    const rotated = await rotate(player);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const revealedSeed = fairnessStateSchema.parse(rotated.json()).previous?.serverSeed ?? '';
    const replayed = recomputeRound({
      engine: 'mines',
      serverSeed: revealedSeed,
      clientSeed: settled.clientSeed,
      nonce: settled.nonce,
      params: settled.params,
      rtp: settled.rtp,
      outcome: settled.outcome,
    });
    expect(replayed).toEqual({ outcome: settled.outcome, multiplier: settled.multiplier });
  });
});

describe('money and input', () => {
  test('a replayed Idempotency-Key answers the same round and moves money once', async () => {
    const { player, userId } = await fundedPlayer(1_000n);
    const gameId = await gameOf('dice');
    const body = { bet: '1.00', params: { target: 50, direction: 'over' } };
    const first = await play(player, gameId, body, 'same-key');
    const again = await play(player, gameId, body, 'same-key');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const round = roundSchema.parse(first.json());
    expect(await mainBalance(userId)).toBe(1_000n - 100n + minor(round.payout));
    const reused = await play(player, gameId, { ...body, bet: '2.00' }, 'same-key');
    expectError(reused, 'idempotency_key_reused');
  });

  test('bad input answers validation_error naming the field; limits and balance are enforced', async () => {
    const { player, userId } = await fundedPlayer(500n);
    const dice = await gameOf('dice');
    const fields = async (response: Awaited<ReturnType<typeof play>>) =>
      validationPayloadSchema.parse(expectError(response, 'validation_error').payload).fields;

    expect(
      await fields(
        await play(player, dice, { bet: '1.00', params: { target: 50.123, direction: 'over' } }),
      ),
    ).toEqual([{ field: 'params.target', message: 'Validation.invalid_value' }]);
    expect(await fields(await play(player, dice, { bet: '1.00', params: { target: 50 } }))).toEqual(
      [{ field: 'params.direction', message: 'Validation.required' }],
    );
    expect(
      await fields(
        await play(player, dice, { bet: '1.001', params: { target: 50, direction: 'over' } }),
      ),
    ).toEqual([{ field: 'bet', message: 'Validation.invalid_amount' }]);
    expect(await fields(await play(player, dice, { bet: 'ten', params: {} }))).toEqual([
      { field: 'bet', message: 'Validation.invalid_amount' },
    ]);
    expect(
      await fields(
        await play(player, await gameOf('keno'), {
          bet: '1.00',
          params: { picks: [3, 3], risk: 'low' },
        }),
      ),
    ).toEqual([{ field: 'params.picks', message: 'Validation.invalid_value' }]);
    const noKey = await testApp.app.inject({
      method: 'POST',
      url: `/api/v2/games/${dice}/rounds`,
      headers: bearer(player),
      payload: { bet: '1.00', params: { target: 50, direction: 'over' } },
    });
    expect(await fields(noKey)).toEqual([
      { field: 'Idempotency-Key', message: 'Validation.required' },
    ]);

    const small = await play(player, dice, {
      bet: '0.05',
      params: { target: 50, direction: 'over' },
    });
    expect(expectError(small, 'bet_out_of_limits').payload).toMatchObject({
      minBet: '0.10',
      currency: 'USD',
    });
    expectError(
      await play(player, dice, { bet: '1000.01', params: { target: 50, direction: 'over' } }),
      'bet_out_of_limits',
    );

    const tooMuch = await play(player, dice, {
      bet: '5.01',
      params: { target: 50, direction: 'over' },
    });
    expect(expectError(tooMuch, 'insufficient_balance').payload).toMatchObject({ balance: '5.00' });
    expect(await mainBalance(userId)).toBe(500n);
    expect((await fairness(player)).nonce).toBe(0);

    expectError(await play(player, 'no-such-game', { bet: '1.00', params: {} }), 'not_found');
    const disabled = await gameOf('limbo');
    await testApp.db
      .updateTable('games')
      .set({ enabled: false })
      .where('id', '=', disabled)
      .execute();
    // changed behind the games service's back: its rounds' cache is told so
    testApp.app.services.games.invalidatePlayable();
    const refused = await play(player, disabled, { bet: '1.00', params: { target: 2 } });
    expectError(refused, 'not_found');
    await testApp.db
      .updateTable('games')
      .set({ enabled: true })
      .where('id', '=', disabled)
      .execute();
    const blocked = await gameOf('plinko');
    await testApp.db
      .insertInto('game_blacklists')
      .values({ game_id: blocked, currency: 'USD' })
      .execute();
    testApp.app.services.games.invalidatePlayable();
    expectError(
      await play(player, blocked, { bet: '1.00', params: { rows: 8, risk: 'low' } }),
      'game_unavailable',
    );
  });
});

describe('latest bets', () => {
  test('a settled round reaches broadcast:last_bet with the player masked', async () => {
    const { player } = await fundedPlayer(1_000n);
    const guest = centrifugeClient(websocketUrl, clients);
    const subscription = guest.newSubscription(lastBetChannel);
    const bets = collect(subscription);
    subscription.subscribe();
    guest.connect();
    await subscription.ready(5_000);

    const gameId = await gameOf('limbo');
    const round = await playOk(player, gameId, { bet: '1.00', params: { target: 3 } });
    const [published] = await bets.until(1);
    const bet = lastBetSchema.parse(published);
    expect(await testApp.app.services.games.refreshPopularity()).toBeGreaterThan(0);
    const game = await testApp.db
      .selectFrom('games')
      .select(['title', 'rounds_played'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    const local = player.email.split('@')[0] ?? '';
    expect(bet).toEqual({
      id: round.id,
      gameId,
      gameTitle: game.title,
      player: `${local.slice(0, 2)}***${local.slice(-1)}`,
      bet: '1.00',
      multiplier: round.multiplier,
      payout: round.payout,
      currency: 'USD',
      timestamp: round.settledAt,
    });
    expect(bet.player).not.toContain(local);
    expect(game.rounds_played).toBeGreaterThan(0n);
    const lastPlayed = await testApp.app.inject({
      url: '/api/v2/games/last',
      headers: bearer(player),
    });
    expect(lastPlayed.json().items[0].id).toBe(gameId);
  });
});
