import { randomUUID } from 'node:crypto';
import {
  type Balance,
  engineFloatCount,
  fairFloatList,
  type InstantEngineParams,
  instantOutcome,
  roundSchema,
  storedEngineParams,
  userChannel,
} from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import { createTestApp, type RegisteredPlayer, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { fundedPlayer, instantChecksOf, playableOriginal, playRound } from './support/originals.ts';

/**
 * A server process keeps, for a minute, the sessions it read and each player's instant round
 * context (seed pair, balances, primary currency), and plays the next instant round from them
 * (AuthService.recentPlayer, RoundsService.playInstant, play_instant_rounds). What it keeps may be
 * outdated by anything another process does; these check, through HTTP, that such a change
 * never makes a round wrong: each change below is made directly in the database, where this
 * process's memory cannot see it.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Player = RegisteredPlayer & { userId: string };

const dice = { bet: '1.00', params: { target: 50.5, direction: 'over' } };

function bet(
  player: Pick<RegisteredPlayer, 'token'>,
  gameId: string,
  payload: Record<string, unknown>,
  key: string = randomUUID(),
) {
  return playRound(testApp, player, gameId, payload, key);
}

/** Another process's sign-out: this process's recent sessions do not hear of it. */
async function signOutElsewhere(userId: string) {
  await testApp.db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

function minorOf(decimal: string): bigint {
  return BigInt(decimal.replace('.', ''));
}

async function played(answer: Awaited<ReturnType<typeof bet>>) {
  expect(answer.statusCode, answer.body).toBe(200);
  return roundSchema.parse(answer.json());
}

/**
 * A funded player (`before` runs once they exist) who played two dice rounds of `stake`: the
 * first makes their seed pair (general path), the second is settled by the instant path, after
 * which the process keeps both the player's session and their instant round context.
 */
async function playerWithKeptContext(
  options: {
    amountMinor?: bigint;
    stake?: string;
    before?: (player: Player) => Promise<void>;
  } = {},
) {
  const { app } = testApp;
  const player = await fundedPlayer(testApp, options.amountMinor ?? 10_000n);
  await options.before?.(player);
  const gameId = await playableOriginal(testApp, 'dice');
  const payload = { ...dice, bet: options.stake ?? dice.bet };
  const first = await played(await bet(player, gameId, payload));
  const general = vi.spyOn(app.services.originals.rounds, 'play');
  const second = await played(await bet(player, gameId, payload));
  // the second round did not need the general path: it was settled from what the instant path
  // read, and the process now keeps what it left
  expect(general).not.toHaveBeenCalled();
  general.mockRestore();
  expect([first.nonce, second.nonce]).toEqual([0, 1]);
  return { player, gameId, rounds: [first, second] };
}

/** The player's active seed pair as the database holds it. */
async function activeSeedOf(userId: string) {
  return await testApp.db
    .selectFrom('fairness_seeds')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revealed_at', 'is', null)
    .executeTakeFirstOrThrow();
}

/** Everything a round would move: every balance, the next nonce, the rounds and keys stored. */
async function moneyStateOf(userId: string) {
  const { db } = testApp;
  const { sheet } = await instantChecksOf(testApp, userId);
  const seed = await activeSeedOf(userId);
  const rounds = await db
    .selectFrom('game_rounds')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const keys = await db
    .selectFrom('idempotency_keys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('scope', '=', `player:${userId}`)
    .executeTakeFirstOrThrow();
  return {
    sheet,
    nextNonce: seed.next_nonce,
    rounds: Number(rounds.count),
    keys: Number(keys.count),
  };
}

/** Credits main money as a provider deposit would, outside the rounds path. */
async function deposit(userId: string, currency: string, amountMinor: bigint) {
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `kept-deposit-${randomUUID()}`,
    postings: [
      { account: platformAccount(currency, 'provider_clearing'), amountMinor: -amountMinor },
      { account: playerAccount(userId, currency, 'main'), amountMinor },
    ],
  });
}

/** The last publication on the player's balance channel, and the balance read now. */
async function lastBalancePublication(userId: string) {
  const { app, db } = testApp;
  const { globalId, balance } = await app.services.balance.balanceOf(userId);
  const last = await db
    .selectFrom('realtime_history')
    .select('data')
    .where('channel', '=', userChannel('balance', globalId))
    .orderBy('offset', 'desc')
    .executeTakeFirstOrThrow();
  return { published: last.data as unknown as Balance, balance };
}

/** The player's stored rounds' nonces, in order. */
async function noncesOf(userId: string): Promise<number[]> {
  const rows = await testApp.db
    .selectFrom('game_rounds')
    .select('nonce')
    .where('user_id', '=', userId)
    .orderBy('nonce')
    .execute();
  return rows.map((row) => Number(row.nonce));
}

describe('a session this process keeps', () => {
  test('signed out elsewhere: the next round is 401 and moves nothing', async () => {
    const { db } = testApp;
    const { player, gameId } = await playerWithKeptContext();
    await signOutElsewhere(player.userId);
    const before = await moneyStateOf(player.userId);

    const key = randomUUID();
    expectError(await bet(player, gameId, dice, key), 'unauthorized');
    expect(await moneyStateOf(player.userId)).toEqual(before);
    // and the key was not used up by the refused round
    const stored = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('scope', '=', `player:${player.userId}`)
      .where('key', '=', key)
      .execute();
    expect(stored).toEqual([]);

    // the ended session is not taken again either
    expectError(await bet(player, gameId, dice), 'unauthorized');
    expect(await moneyStateOf(player.userId)).toEqual(before);
  });

  test('signed out elsewhere: a bad request is 401 too, not a validation error', async () => {
    const { player, gameId } = await playerWithKeptContext();
    await signOutElsewhere(player.userId);
    expectError(await bet(player, gameId, { bet: 'lots', params: {} }), 'unauthorized');
    // with the session open, the same request is the validation error it is
    const other = await playerWithKeptContext();
    expectError(
      await bet(other.player, other.gameId, { bet: 'lots', params: {} }),
      'validation_error',
    );
  });

  test('expired meanwhile: the next round is 401 and moves nothing', async () => {
    const { db } = testApp;
    const { player, gameId } = await playerWithKeptContext();
    await db
      .updateTable('sessions')
      // (a session expires after it was created)
      .set({
        created_at: new Date(Date.now() - 3_600_000),
        expires_at: new Date(Date.now() - 1_000),
      })
      .where('user_id', '=', player.userId)
      .execute();
    const before = await moneyStateOf(player.userId);

    expectError(await bet(player, gameId, dice), 'unauthorized');
    expect(await moneyStateOf(player.userId)).toEqual(before);
  });

  test('the player banned elsewhere: the next round is 403 user_banned and moves nothing', async () => {
    const { db } = testApp;
    const { player, gameId } = await playerWithKeptContext();
    await db
      .updateTable('users')
      .set({ ban_reason: 'multiaccounting', banned_at: new Date() })
      .where('id', '=', player.userId)
      .execute();
    const before = await moneyStateOf(player.userId);

    const refused = await bet(player, gameId, dice);
    const body = expectError(refused, 'user_banned');
    expect(body.payload).toMatchObject({ reason: 'multiaccounting' });
    expect(await moneyStateOf(player.userId)).toEqual(before);

    expectError(await bet(player, gameId, dice), 'user_banned');
    expect(await moneyStateOf(player.userId)).toEqual(before);
  });
});

describe('an instant round context this process keeps', () => {
  test('the client seed changed elsewhere: the round is played with the new one', async () => {
    const { app, db } = testApp;
    const { player, gameId, rounds } = await playerWithKeptContext();
    const seed = await activeSeedOf(player.userId);
    const rtp = rounds[1]?.rtp ?? '';
    const params = storedEngineParams('dice', dice.params, rtp) as InstantEngineParams;
    expect(params).not.toBeNull();
    const outcomeWith = (clientSeed: string) =>
      instantOutcome(
        params,
        fairFloatList(
          { serverSeed: seed.server_seed, clientSeed, nonce: Number(seed.next_nonce) },
          engineFloatCount(params),
        ),
        rtp,
      );
    // a new client seed whose outcome for the next nonce differs from the kept one's
    let newClientSeed = '';
    do {
      newClientSeed = `elsewhere-${randomUUID().slice(0, 8)}`;
    } while (
      JSON.stringify(outcomeWith(newClientSeed)) === JSON.stringify(outcomeWith(seed.client_seed))
    );
    await db
      .updateTable('fairness_seeds')
      .set({ client_seed: newClientSeed })
      .where('id', '=', seed.id)
      .execute();
    const mainBefore = await app.services.ledger.balance(player.userId, 'USD', 'main');

    const round = await played(await bet(player, gameId, dice));
    expect(round.clientSeed).toBe(newClientSeed);
    expect(round.nonce).toBe(Number(seed.next_nonce));
    expect(round.rtp).toBe(rtp);
    // its outcome is the one the new client seed gives
    const expected = outcomeWith(newClientSeed);
    expect(round.outcome).toEqual(expected.outcome);
    expect(round.multiplier).toBe(expected.multiplier);
    const stored = await db
      .selectFrom('game_rounds')
      .select(['client_seed', 'outcome'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ client_seed: newClientSeed, outcome: expected.outcome });

    expect(await app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(
      mainBefore - 100n + minorOf(round.payout),
    );
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });

  test('a deposit in another currency elsewhere: the round publishes the whole balance', async () => {
    const { app } = testApp;
    const { player, gameId } = await playerWithKeptContext();
    await deposit(player.userId, 'EUR', 5_000n);
    const mainBefore = await app.services.ledger.balance(player.userId, 'USD', 'main');

    const round = await played(await bet(player, gameId, dice));
    expect(round.currency).toBe('USD');
    expect(await app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(
      mainBefore - 100n + minorOf(round.payout),
    );
    expect(await app.services.ledger.balance(player.userId, 'EUR', 'main')).toBe(5_000n);

    // the round's balance# publication is the balance as read now, EUR money included
    const { published, balance } = await lastBalancePublication(player.userId);
    expect(published).toEqual(balance);
    const usdOnly = Number(await app.services.ledger.balance(player.userId, 'USD', 'main')) / 100;
    expect(Number(balance.total.primaryValue)).toBeGreaterThan(usdOnly);
  });

  test('a kept balance too low, but a deposit arrived elsewhere: the round is played', async () => {
    const { app } = testApp;
    const { player, gameId } = await playerWithKeptContext({ amountMinor: 50n, stake: '0.10' });
    const kept = await app.services.ledger.balance(player.userId, 'USD', 'main');
    // what this process keeps cannot pay a 1.00 stake
    expect(kept).toBeLessThan(100n);
    await deposit(player.userId, 'USD', 10_000n);

    const round = await played(await bet(player, gameId, dice));
    expect(round.bet).toBe('1.00');
    expect(round.nonce).toBe(2);
    expect(await app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(
      kept + 10_000n - 100n + minorOf(round.payout),
    );
    const { published, balance } = await lastBalancePublication(player.userId);
    expect(published).toEqual(balance);
  });

  test('a general round in between: the next instant round takes the next nonce', async () => {
    const { app } = testApp;
    const { player, gameId, rounds } = await playerWithKeptContext();
    // a mines round: the general path takes a nonce and the stake, unseen by the kept context
    const minesId = await playableOriginal(testApp, 'mines');
    const mines = await played(await bet(player, minesId, { bet: '1.00', params: { mines: 3 } }));
    expect(mines.nonce).toBe(2);

    const round = await played(await bet(player, gameId, dice));
    expect(round.nonce).toBe(3);
    expect(await noncesOf(player.userId)).toEqual([0, 1, 2, 3]);
    const paid = [...rounds, round].reduce((sum, each) => sum + minorOf(each.payout), 0n);
    expect(await app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(
      10_000n - 400n + paid,
    );
    expect((await activeSeedOf(player.userId)).next_nonce).toBe(4n);
    const { published, balance } = await lastBalancePublication(player.userId);
    expect(published).toEqual(balance);
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });

  test('the nonce taken elsewhere without money moving: the round takes the stored next nonce', async () => {
    const { app, db } = testApp;
    const { player, gameId } = await playerWithKeptContext();
    const seed = await activeSeedOf(player.userId);
    // as if other rounds had taken nonces 2 to 4 (only the nonce moves)
    await db
      .updateTable('fairness_seeds')
      .set({ next_nonce: seed.next_nonce + 3n })
      .where('id', '=', seed.id)
      .execute();

    const round = await played(await bet(player, gameId, dice));
    expect(round.nonce).toBe(Number(seed.next_nonce + 3n));
    const next = await played(await bet(player, gameId, dice));
    expect(next.nonce).toBe(round.nonce + 1);
    expect(await noncesOf(player.userId)).toEqual([0, 1, 5, 6]);
    expect((await activeSeedOf(player.userId)).next_nonce).toBe(7n);
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });

  test('the primary currency switched elsewhere: the round is played in the new one', async () => {
    const { app, db } = testApp;
    // EUR money before the rounds, so that the kept balances already hold it
    const { player, gameId } = await playerWithKeptContext({
      before: (player) => deposit(player.userId, 'EUR', 10_000n),
    });
    await db
      .updateTable('users')
      .set({ primary_currency: 'EUR' })
      .where('id', '=', player.userId)
      .execute();
    const usdBefore = await app.services.ledger.balance(player.userId, 'USD', 'main');

    const round = await played(await bet(player, gameId, dice));
    expect(round.currency).toBe('EUR');
    const stored = await db
      .selectFrom('game_rounds')
      .select('currency')
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(stored.currency).toBe('EUR');
    expect(await app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(usdBefore);
    expect(await app.services.ledger.balance(player.userId, 'EUR', 'main')).toBe(
      10_000n - 100n + minorOf(round.payout),
    );

    // and so is the one after it
    const next = await played(await bet(player, gameId, dice));
    expect(next.currency).toBe('EUR');
    expect(next.nonce).toBe(round.nonce + 1);
    expect(await app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(usdBefore);
    const { published, balance } = await lastBalancePublication(player.userId);
    expect(published).toEqual(balance);
    expect(balance.total.currency.code).toBe('EUR');
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });

  test('a replayed key answers the stored round; another body with it is refused', async () => {
    const { app, db } = testApp;
    const { player, gameId } = await playerWithKeptContext();
    const key = randomUUID();
    const payload = { bet: '2.00', params: { target: 50.5, direction: 'over' } };
    const mainBefore = await app.services.ledger.balance(player.userId, 'USD', 'main');

    const first = await bet(player, gameId, payload, key);
    const round = await played(first);
    const after = await moneyStateOf(player.userId);
    expect(after.sheet['USD:main']).toBe((mainBefore - 200n + minorOf(round.payout)).toString());

    const again = await bet(player, gameId, payload, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(roundSchema.parse(again.json()).id).toBe(round.id);
    expect(await moneyStateOf(player.userId)).toEqual(after);

    expectError(
      await bet(player, gameId, { ...payload, bet: '3.00' }, key),
      'idempotency_key_reused',
    );
    expect(await moneyStateOf(player.userId)).toEqual(after);

    // the stake was booked once
    const bets = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('type', '=', 'bet')
      .where('external_reference', '=', round.id)
      .execute();
    expect(bets).toHaveLength(1);

    // and the next round with a new key takes the next nonce
    const next = await played(await bet(player, gameId, payload));
    expect(next.nonce).toBe(round.nonce + 1);
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });
});
