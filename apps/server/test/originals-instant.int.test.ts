import {
  formatMinorToDecimal,
  type GameEngine,
  lastBetSchema,
  roundSchema,
  userChannel,
} from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  type RegisteredPlayer,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld } from './support/bonuses.ts';
import { fundedPlayer as fundedPlayerOf, playableOriginal } from './support/originals.ts';

/**
 * Instant rounds of players without a bonus settle in one statement (play_instant_round,
 * migration 0022). These check that it has exactly the general path's effects, and that the
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
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/games/${gameId}/rounds`,
    headers: { ...bearer(player), 'idempotency-key': key },
    payload,
  });
}

const dice = { bet: '1.00', params: { target: 50.5, direction: 'over' } };

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
    const { app, db } = testApp;
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
    const bets = await db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('type', '=', 'bet')
      .where(
        'external_reference',
        'in',
        rounds.map((round) => round.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(bets.count)).toBe(16);
    expect((await app.services.ledger.check()).violations).toEqual([]);
  });
});

describe('the general path', () => {
  test('takes the rounds of a player with a bonus, mines and a first round without a seed pair', async () => {
    const { app, db } = testApp;
    const general = vi.spyOn(app.services.originals.rounds, 'play');

    // no seed pair yet: the general path makes one
    const fresh = await fundedPlayer(10_000n);
    await db.deleteFrom('fairness_seeds').where('user_id', '=', fresh.userId).execute();
    const gameId = await playableGame('dice');
    expect((await bet(fresh, gameId, dice)).statusCode).toBe(200);
    expect(general).toHaveBeenCalledTimes(1);

    // mines opens a round: always the general path
    const minesId = await playableGame('mines');
    const mines = await bet(fresh, minesId, { bet: '1.00', params: { mines: 3 } });
    expect(mines.statusCode, mines.body).toBe(200);
    expect(general).toHaveBeenCalledTimes(2);

    // a bonus's money and wagering: the bonus engine's path
    const world = new BonusWorld(testApp, await loginOperator(app, undefined, testApp.config));
    const offer = await world.createOffer({ type: 'promo', amountUsd: '10', wager: 1 });
    await app.services.ledger.withTransaction((transaction) =>
      app.services.bonuses.grantFixed(transaction, {
        userId: fresh.userId,
        offerId: offer.id,
        amountUsdMinor: 1_000n,
        reference: `instant-bonus-${fresh.userId}`,
      }),
    );
    const withBonus = await bet(fresh, gameId, dice);
    expect(withBonus.statusCode, withBonus.body).toBe(200);
    expect(general).toHaveBeenCalledTimes(3);
  });
});
