import {
  formatMinorToDecimal,
  type GameEngine,
  lastBetSchema,
  roundSchema,
  userChannel,
} from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import type { WagerRound } from '../src/modules/money/wagering/wager-round.ts';
import { WageringRepository } from '../src/modules/money/wagering/wagering.repository.ts';
import {
  createTestApp,
  loginOperator,
  type RegisteredPlayer,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld } from './support/bonuses.ts';
import {
  fundedPlayer as fundedPlayerOf,
  instantChecksOf,
  playableOriginal,
  playRound,
} from './support/originals.ts';

/**
 * Instant rounds of players without a bonus settle in one statement, in batches
 * (settle_rounds, money/wagering/db/, which the general path calls too). These check that it has exactly the general path's effects, and that the
 * cases it does not take reach the general path.
 */
let testApp: TestApp;
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const fundedPlayer = (amountMinor: bigint) => fundedPlayerOf(testApp, amountMinor);
const playableGame = (engine: GameEngine) => playableOriginal(testApp, engine);

function bet(
  player: RegisteredPlayer,
  gameId: string,
  payload: Record<string, unknown>,
  key = `instant-${keyCounter++}`,
) {
  return playRound(testApp, player, gameId, payload, key);
}

const dice = { bet: '1.00', params: { target: 50.5, direction: 'over' } };

/** How many 'bet' ledger transactions the rounds booked. */
async function betsBooked(rounds: Array<{ id: string }>): Promise<number> {
  const bets = await testApp.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('type', '=', 'bet')
    .where(
      'external_reference',
      'in',
      rounds.map((round) => round.id),
    )
    .executeTakeFirstOrThrow();
  return Number(bets.count);
}

describe('an instant round of a player without a bonus', () => {
  test('settles without the general path, with its ledger, round, publications and key', async () => {
    const { app, db } = testApp;
    const player = await fundedPlayer(10_000n);
    const gameId = await playableGame('dice');
    const general = vi.spyOn(app.services.originals.rounds, 'play');

    const answers = [];
    for (let index = 0; index < 6; index += 1) {
      const answer = await bet(player, gameId, dice);
      expect(answer.statusCode, answer.body).toBe(200);
      answers.push(roundSchema.parse(answer.json()));
    }
    // only the first round: it makes the player's seed pair
    expect(general).toHaveBeenCalledTimes(1);

    // nonces in order; each round stored as answered
    expect(answers.map((round) => round.nonce)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const round of answers) {
      const stored = await app.services.originals.rounds.get(player.userId, round.id);
      expect(stored).toEqual({ ...round, params: stored.params });
      expect(stored.params).toEqual(round.params);
    }

    // the ledger: one 'bet' per round from main money to the house, a 'win' when it paid
    const transactions = await db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['t.type', 't.external_reference', 't.metadata', 'a.account_key', 'p.amount_minor'])
      .where(
        't.external_reference',
        'in',
        answers.map((round) => round.id),
      )
      .execute();
    let paidMinor = 0n;
    for (const round of answers) {
      const payout = BigInt(round.payout.replace('.', ''));
      paidMinor += payout;
      const own = transactions.filter((row) => row.external_reference === round.id);
      const postings = own
        .map((row) => `${row.type} ${row.account_key} ${row.amount_minor}`)
        .sort();
      const expected = [
        `bet platform::USD:house 100`,
        `bet player:${player.userId}:USD:main -100`,
        ...(payout > 0n
          ? [`win platform::USD:house ${-payout}`, `win player:${player.userId}:USD:main ${payout}`]
          : []),
      ].sort();
      expect(postings).toEqual(expected);
      expect(own.find((row) => row.type === 'bet')?.metadata).toEqual({
        gameId,
        roundId: round.id,
      });
      if (payout > 0n) {
        expect(own.find((row) => row.type === 'win')?.metadata).toEqual({
          roundId: round.id,
          multiplier: round.multiplier,
        });
      }
    }
    const main = await app.services.ledger.balance(player.userId, 'USD', 'main');
    expect(main).toBe(10_000n - 600n + paidMinor);

    // the last-played mark and the stored answer of each key
    const played = await db
      .selectFrom('game_last_played')
      .select('game_id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(played.map((row) => row.game_id)).toEqual([gameId]);
    const keys = await db
      .selectFrom('idempotency_keys')
      .select(['status_code', 'response_body'])
      .where('scope', '=', `player:${player.userId}`)
      .execute();
    expect(keys).toHaveLength(6);
    for (const key of keys) expect(key.status_code).toBe(200);

    // balance#: the last publication is the balance as the service reads it now
    const { globalId, balance } = await app.services.balance.balanceOf(player.userId);
    const history = await db
      .selectFrom('realtime_history')
      .select('data')
      .where('channel', '=', userChannel('balance', globalId))
      .orderBy('offset', 'desc')
      .executeTakeFirstOrThrow();
    expect(history.data).toEqual(balance);
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });

  test('a repeated key answers the stored round; another body with it is refused', async () => {
    const player = await fundedPlayer(10_000n);
    const gameId = await playableGame('limbo');
    const payload = { bet: '2.00', params: { target: 1.5 } };
    const first = await bet(player, gameId, payload, 'instant-replay');
    expect(first.statusCode, first.body).toBe(200);
    const again = await bet(player, gameId, payload, 'instant-replay');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expectError(
      await bet(player, gameId, { ...payload, bet: '3.00' }, 'instant-replay'),
      'idempotency_key_reused',
    );
    const round = roundSchema.parse(first.json());
    const main = await testApp.app.services.ledger.balance(player.userId, 'USD', 'main');
    expect(main).toBe(10_000n - 200n + BigInt(round.payout.replace('.', '')));
  });

  test('a stake above the main balance is refused and takes no nonce', async () => {
    const player = await fundedPlayer(50n);
    const gameId = await playableGame('dice');
    expect((await bet(player, gameId, { ...dice, bet: '0.10' })).statusCode).toBe(200);
    const before = await testApp.app.services.ledger.balance(player.userId, 'USD', 'main');
    const refused = await bet(player, gameId, { ...dice, bet: '1.00' });
    expectError(refused, 'insufficient_balance');
    expect(refused.json().payload).toEqual({
      balance: formatMinorToDecimal(before, 2),
      amount: '1.00',
      currency: 'USD',
    });
    const small = await bet(player, gameId, { ...dice, bet: '0.10' });
    expect(small.statusCode, small.body).toBe(200);
    expect(roundSchema.parse(small.json()).nonce).toBe(1);
  });

  test('the round is published to broadcast:last_bet after it committed', async () => {
    const { app } = testApp;
    const player = await fundedPlayer(10_000n);
    const gameId = await playableGame('plinko');
    // the first round makes the seed pair (general path)
    expect(
      (await bet(player, gameId, { bet: '0.10', params: { rows: 8, risk: 'low' } })).statusCode,
    ).toBe(200);
    const notifications: unknown[] = [];
    const publications = app.services.realtime.events.committedPublications();
    expect(publications).not.toBeNull();
    const spy = vi
      .spyOn(app.services.realtime.events, 'committedPublications')
      .mockImplementation(() =>
        publications
          ? {
              historySize: publications.historySize,
              notify: async (items) => {
                notifications.push(...items);
                await publications.notify(items);
              },
            }
          : null,
      );
    const answer = await bet(player, gameId, {
      bet: '1.00',
      params: { rows: 8, risk: 'low' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(spy).toHaveBeenCalled();
    const round = roundSchema.parse(answer.json());
    const lastBet = notifications.find(
      (item) => (item as { channel: string }).channel === 'broadcast:last_bet',
    ) as { data: string; position: unknown };
    expect(lastBet.position).toBeNull();
    expect(lastBetSchema.parse(JSON.parse(lastBet.data))).toMatchObject({
      id: round.id,
      gameId,
      bet: '1.00',
      payout: round.payout,
      multiplier: round.multiplier,
      currency: 'USD',
    });
  });

  test('concurrent rounds of one player: each nonce once, every stake and payout booked once', async () => {
    const { app } = testApp;
    const player = await fundedPlayer(100_000n);
    const gameId = await playableGame('keno');
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        bet(player, gameId, { bet: '1.00', params: { picks: [1, 2, 3, 4, 5], risk: 'classic' } }),
      ),
    );
    const rounds = answers.map((answer) => {
      expect(answer.statusCode, answer.body).toBe(200);
      return roundSchema.parse(answer.json());
    });
    expect(rounds.map((round) => round.nonce).sort((a, b) => a - b)).toEqual(
      rounds.map((_, index) => index),
    );
    const paidMinor = rounds.reduce(
      (sum, round) => sum + BigInt(round.payout.replace('.', '')),
      0n,
    );
    const main = await app.services.ledger.balance(player.userId, 'USD', 'main');
    expect(main).toBe(100_000n - 1_600n + paidMinor);
    expect(await betsBooked(rounds)).toBe(16);
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });
});

/** Funded players who played a first round of the game (it makes their seed pairs). */
async function seededPlayers(count: number, gameId: string) {
  const players = await Promise.all(Array.from({ length: count }, () => fundedPlayer(10_000n)));
  for (const player of players) {
    expect((await bet(player, gameId, { bet: '1.00', params: { target: 2 } })).statusCode).toBe(
      200,
    );
  }
  return players;
}

/**
 * Records the size of every settle_rounds call; the first one lingers, so that the rounds
 * after it queue up into a batch. `before` may fail a call (sizes so far, this call's last).
 */
function watchBatches(before: (sizes: number[]) => void = () => {}): number[] {
  const sizes: number[] = [];
  const settle = WageringRepository.prototype.settle;
  vi.spyOn(WageringRepository.prototype, 'settle').mockImplementation(async function (
    this: WageringRepository,
    executor,
    inputs,
    historySize,
  ) {
    sizes.push(inputs.length);
    if (sizes.length === 1) await new Promise((resolve) => setTimeout(resolve, 100));
    before(sizes);
    return await settle.call(this, executor, inputs, historySize);
  });
  return sizes;
}

describe('batches', () => {
  test('rounds of many players settle together, each exactly as it would alone', async () => {
    const { app, db } = testApp;
    const gameId = await playableGame('limbo');
    const players = await seededPlayers(6, gameId);
    const batches = watchBatches();
    const answers = await Promise.all(
      players.flatMap((player) =>
        Array.from({ length: 3 }, () =>
          bet(player, gameId, { bet: '1.00', params: { target: 2 } }),
        ),
      ),
    );
    const rounds = answers.map((answer) => {
      expect(answer.statusCode, answer.body).toBe(200);
      return roundSchema.parse(answer.json());
    });
    // batched: fewer calls than rounds, and never two rounds of one player in a call
    expect(batches.reduce((sum, size) => sum + size, 0)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...batches)).toBeGreaterThan(1);
    expect(Math.max(...batches)).toBeLessThanOrEqual(players.length);

    for (const player of players) {
      const own = await db
        .selectFrom('game_rounds')
        .select(['id', 'nonce', 'payout_minor'])
        .where('user_id', '=', player.userId)
        .orderBy('nonce')
        .execute();
      expect(own.map((round) => Number(round.nonce))).toEqual([0, 1, 2, 3]);
      const paid = own.reduce((sum, round) => sum + round.payout_minor, 0n);
      expect(await app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(
        10_000n - 400n + paid,
      );
      const { globalId, balance } = await app.services.balance.balanceOf(player.userId);
      const last = await db
        .selectFrom('realtime_history')
        .select('data')
        .where('channel', '=', userChannel('balance', globalId))
        .orderBy('offset', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.data).toEqual(balance);
    }
    expect(await betsBooked(rounds)).toBe(18);
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });

  test('a batch failing as a whole settles its rounds again one by one', async () => {
    const gameId = await playableGame('limbo');
    const players = await seededPlayers(4, gameId);
    // the first batch of several fails, as a poisoned round would fail it
    const calls = watchBatches((sizes) => {
      const size = sizes.at(-1) ?? 0;
      if (size > 1 && !sizes.slice(0, -1).some((earlier) => earlier > 1)) {
        throw new Error('a poisoned batch');
      }
    });
    const answers = await Promise.all(
      players.map((player) => bet(player, gameId, { bet: '1.00', params: { target: 2 } })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const failed = calls.findIndex((size) => size > 1);
    expect(failed).toBeGreaterThan(0);
    // then each of its rounds alone
    expect(calls.slice(failed + 1, failed + 1 + (calls[failed] ?? 0))).toEqual(
      Array.from({ length: calls[failed] ?? 0 }, () => 1),
    );
    for (const player of players) {
      const rounds = await testApp.db
        .selectFrom('game_rounds')
        .select('nonce')
        .where('user_id', '=', player.userId)
        .execute();
      expect(rounds).toHaveLength(2);
    }
    expect((await testApp.app.services.ledger.check()).violations).toEqual([]);
  });

  test('a round that no longer holds is refused alone: the rest of its batch is played', async () => {
    const { app, db } = testApp;
    const gameId = await playableGame('dice');
    const repository = new WageringRepository();
    const historySize = app.services.realtime.events.committedPublications()?.historySize ?? 10;
    const names = [
      'ok',
      'stale',
      'moved',
      'short',
      'key',
      'twice',
      'signedout',
      'banned',
      'switched',
      'reseeded',
      'deposited',
    ] as const;
    const players = new Map<string, Awaited<ReturnType<typeof fundedPlayer>>>();
    for (const name of names) {
      const player = await fundedPlayer(name === 'short' ? 50n : 10_000n);
      // a first round makes the seed pair
      expect((await bet(player, gameId, { ...dice, bet: '0.10' })).statusCode).toBe(200);
      players.set(name, player);
    }
    const settlement = async (name: string, key: string): Promise<WagerRound> => {
      const player = players.get(name);
      if (!player) throw new Error(name);
      const seed = await db
        .selectFrom('fairness_seeds')
        .selectAll()
        .where('user_id', '=', player.userId)
        .where('revealed_at', 'is', null)
        .executeTakeFirstOrThrow();
      const main = await app.services.ledger.balance(player.userId, 'USD', 'main');
      const checks = await instantChecksOf(testApp, player.userId);
      return {
        existing: false,
        round: {
          id: crypto.randomUUID(),
          userId: player.userId,
          gameId,
          seedId: seed.id,
          nonce: name === 'stale' ? seed.next_nonce + 1n : seed.next_nonce,
          clientSeed: seed.client_seed,
          currency: 'USD',
          betMinor: 100n,
          betBonusMinor: 0n,
          bonusId: null,
          freespin: false,
          multiplier: '1.98',
          rtp: '0.99',
          params: { target: 50.5, direction: 'over' },
          outcome: { roll: 75 },
          state: 'settled',
          at: new Date(),
        },
        payout: { mainMinor: 198n, bonusMinor: 0n },
        sessionId: checks.sessionId,
        kept: {
          primaryCurrency: checks.primaryCurrency,
          mainMinor: name === 'moved' ? main + 1n : main,
          sheet: checks.sheet,
          bonus: null,
        },
        idempotency: {
          scope: `player:${player.userId}`,
          key,
          requestHash: Buffer.alloc(32, 7),
          response: { answer: key },
        },
        tournaments: { ids: [], scores: [] },
        publication: { channel: 'balance#batch-test', data: '{}' },
      };
    };
    const named = (name: (typeof names)[number]) => {
      const player = players.get(name);
      if (!player) throw new Error(name);
      return player;
    };
    await db
      .insertInto('idempotency_keys')
      .values({
        scope: `player:${named('key').userId}`,
        key: 'taken',
        request_hash: Buffer.alloc(32),
      })
      .execute();
    const inputs = [
      await settlement('ok', 'batch-ok'),
      await settlement('stale', 'batch-stale'),
      await settlement('moved', 'batch-moved'),
      await settlement('short', 'batch-short'),
      await settlement('key', 'taken'),
      await settlement('twice', 'batch-twice-1'),
      await settlement('twice', 'batch-twice-2'),
      await settlement('signedout', 'batch-signedout'),
      await settlement('banned', 'batch-banned'),
      await settlement('switched', 'batch-switched'),
      await settlement('reseeded', 'batch-reseeded'),
      await settlement('deposited', 'batch-deposited'),
    ].map((input, index) => ({
      ...input,
      publication: { channel: `balance#batch-test-${index}`, data: '{}' },
    }));
    // what changed after those rounds were computed: each is refused, and changes nothing
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', named('signedout').userId)
      .execute();
    await db
      .updateTable('users')
      .set({ ban_reason: 'multiaccounting', banned_at: new Date() })
      .where('id', '=', named('banned').userId)
      .execute();
    await db
      .updateTable('users')
      .set({ primary_currency: 'EUR' })
      .where('id', '=', named('switched').userId)
      .execute();
    await db
      .updateTable('fairness_seeds')
      .set({ client_seed: 'changed-meanwhile' })
      .where('user_id', '=', named('reseeded').userId)
      .where('revealed_at', 'is', null)
      .execute();
    // a deposit in another currency: the main balance the round is in did not move
    await app.services.ledger.postTransaction(db, {
      type: 'deposit',
      externalReference: `batch-test-${crypto.randomUUID()}`,
      postings: [
        { account: platformAccount('EUR', 'provider_clearing'), amountMinor: -500n },
        { account: playerAccount(named('deposited').userId, 'EUR', 'main'), amountMinor: 500n },
      ],
    });
    const before = new Map<string, bigint>();
    for (const [name, player] of players) {
      before.set(name, await app.services.ledger.balance(player.userId, 'USD', 'main'));
    }

    const outcomes = await repository.settle(db, inputs, historySize);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'played',
      'stale',
      'moved',
      'short',
      'key',
      'played',
      'stale',
      'session',
      'session',
      'session',
      'stale',
      'moved',
    ]);
    expect(outcomes[3]).toEqual({
      status: 'short',
      currency: 'USD',
      balanceMinor: before.get('short'),
      debitMinor: 100n,
    });
    for (const [name, player] of players) {
      const moved = name === 'ok' || name === 'twice' ? 98n : 0n;
      expect(await app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(
        (before.get(name) ?? 0n) + moved,
      );
    }
    const stored = await db
      .selectFrom('game_rounds')
      .select('id')
      .where(
        'id',
        'in',
        inputs.map((input) => input.round.id),
      )
      .execute();
    expect(stored.map((row) => row.id).sort()).toEqual(
      [inputs[0]?.round.id, inputs[5]?.round.id].sort(),
    );
    const keys = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where(
        'key',
        'in',
        inputs.map((input) => input.idempotency?.key ?? ''),
      )
      .execute();
    expect(keys.map((row) => row.key).sort()).toEqual(['batch-ok', 'batch-twice-1', 'taken']);
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });
});

describe('the general path', () => {
  test('takes mines, a first round without a seed pair and the rounds of a player with a pending bonus', async () => {
    const { app, db } = testApp;
    const general = vi.spyOn(app.services.originals.rounds, 'play');

    // no seed pair yet: the general path makes one
    const fresh = await fundedPlayer(10_000n);
    expect(
      await db
        .selectFrom('fairness_seeds')
        .select('id')
        .where('user_id', '=', fresh.userId)
        .execute(),
    ).toEqual([]);
    const gameId = await playableGame('dice');
    expect((await bet(fresh, gameId, dice)).statusCode).toBe(200);
    expect(general).toHaveBeenCalledTimes(1);

    // mines opens a round: always the general path
    const minesId = await playableGame('mines');
    const mines = await bet(fresh, minesId, { bet: '1.00', params: { mines: 3 } });
    expect(mines.statusCode, mines.body).toBe(200);
    expect(general).toHaveBeenCalledTimes(2);

    // an active bonus in the round's currency: the instant path (originals-instant-bonus)
    const world = new BonusWorld(testApp, await loginOperator(app, undefined, testApp.config));
    const offer = await world.createOffer({ type: 'promo', amountUsd: '10', wager: 1 });
    const grant = (reference: string) =>
      app.services.transactions.run((transaction) =>
        app.services.bonuses.lifecycle.grantFixed(transaction, {
          userId: fresh.userId,
          offerId: offer.id,
          amountUsdMinor: 1_000n,
          reference,
        }),
      );
    await grant(`instant-bonus-${fresh.userId}`);
    const withBonus = await bet(fresh, gameId, dice);
    expect(withBonus.statusCode, withBonus.body).toBe(200);
    expect(general).toHaveBeenCalledTimes(2);

    // a second bonus waiting behind it (pending): the general path
    await grant(`instant-bonus-2-${fresh.userId}`);
    const withPending = await bet(fresh, gameId, dice);
    expect(withPending.statusCode, withPending.body).toBe(200);
    expect(general).toHaveBeenCalledTimes(3);
  });
});
