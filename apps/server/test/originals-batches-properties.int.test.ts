import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import type { WagerRound } from '../src/modules/money/wagering/wager-round.ts';
import { WageringRepository } from '../src/modules/money/wagering/wagering.repository.ts';
import { bearer, createTestApp, type TestApp } from './support/app.ts';
import { fundedPlayer, instantChecksOf, playableOriginal } from './support/originals.ts';

/**
 * settle_rounds (money/wagering/db/) against a model: over random batches of rounds of a few
 * players, some computed from a nonce or a balance that no longer holds, some above the balance,
 * some of a player already in the batch, each round is played exactly when it still holds, and
 * the balances, nonces and ledger end where the model says; the responsible-gambling usage
 * settle_rounds counts itself (one row a round) is what the postings' trigger counts from the
 * ledger: per player, currency and hour, and over the play session.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

type Flaw = 'none' | 'nonce' | 'balance';

const entryArbitrary = fc.record({
  player: fc.integer({ min: 0, max: 3 }),
  flaw: fc.constantFrom<Flaw>('none', 'none', 'none', 'nonce', 'balance'),
  betMinor: fc.bigInt({ min: 1n, max: 400n }),
  payoutMinor: fc.constantFrom(0n, 0n, 50n, 198n, 1_000n),
});

/**
 * The player's stakes and wins as the postings' usage trigger counts them
 * (players/protection/db/player_usage_record.sql), naively from every posting of theirs: per
 * currency and hour, and per currency since the play session's start.
 */
async function usageFromLedger(db: Kysely<Database>, userId: string) {
  const moves = sql`
    SELECT a.currency, t.created_at AS at,
      CASE
        WHEN a.kind IN ('main', 'bonus')
          AND t.type IN ('bet', 'provider_bet', 'sport_stake', 'provider_rollback')
          THEN -p.amount_minor
        WHEN a.kind = 'bet_hold' AND t.type IN ('hold', 'hold_void') THEN p.amount_minor
        ELSE 0 END AS staked,
      CASE
        WHEN a.kind IN ('main', 'bonus') AND t.type IN ('win', 'freespin_win', 'provider_win',
          'sport_win', 'sport_refund', 'sport_cashout', 'sport_unsettle')
          THEN p.amount_minor
        ELSE 0 END AS won
    FROM ledger_accounts a
    JOIN ledger_postings p ON p.account_id = a.id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.user_id = ${userId} AND a.kind IN ('main', 'bonus', 'bet_hold')
      AND t.type IN ('bet', 'provider_bet', 'sport_stake', 'provider_rollback', 'hold',
        'hold_void', 'win', 'freespin_win', 'provider_win', 'sport_win', 'sport_refund',
        'sport_cashout', 'sport_unsettle')
  `;
  const hours = await sql<{ currency: string; hour: string; staked: string; won: string }>`
    SELECT m.currency, date_trunc('hour', m.at)::text AS hour, sum(m.staked)::text AS staked,
      sum(m.won)::text AS won
    FROM (${moves}) m GROUP BY 1, 2 ORDER BY 1, 2
  `.execute(db);
  const session = await sql<{ currency: string; staked: string; won: string }>`
    SELECT m.currency, sum(m.staked)::text AS staked, sum(m.won)::text AS won
    FROM (${moves}) m JOIN player_play_sessions s ON s.user_id = ${userId}
    WHERE m.at >= s.started_at GROUP BY 1 ORDER BY 1
  `.execute(db);
  return { hours: hours.rows, session: session.rows };
}

/** The player's usage as counted (player_usage_hours, player_play_session_totals). */
async function usageCounted(db: Kysely<Database>, userId: string) {
  const hours = await sql<{ currency: string; hour: string; staked: string; won: string }>`
    SELECT currency, hour::text AS hour, staked_minor::text AS staked, won_minor::text AS won
    FROM player_usage_hours WHERE user_id = ${userId} ORDER BY 1, 2
  `.execute(db);
  const session = await sql<{ currency: string; staked: string; won: string }>`
    SELECT t.currency, t.staked_minor::text AS staked, t.won_minor::text AS won
    FROM player_play_session_totals t
    JOIN player_play_sessions s ON s.user_id = t.user_id AND s.started_at = t.session_started_at
    WHERE t.user_id = ${userId} ORDER BY 1
  `.execute(db);
  return { hours: hours.rows, session: session.rows };
}

test('each round of a batch is played exactly when what it was computed from still holds', async () => {
  const { app, db } = testApp;
  const repository = new WageringRepository();
  const gameId = await playableOriginal(testApp, 'dice');
  const historySize = app.services.realtime.events.committedPublications()?.historySize ?? 10;
  const players: Array<Awaited<ReturnType<typeof fundedPlayer>>> = [];
  for (let index = 0; index < 4; index += 1) {
    const player = await fundedPlayer(testApp, 600n);
    // a first round makes the seed pair
    const first = await app.inject({
      method: 'POST',
      url: `/api/v2/games/${gameId}/rounds`,
      headers: { ...bearer(player), 'idempotency-key': randomUUID() },
      payload: { bet: '0.10', params: { target: 50.5, direction: 'over' } },
    });
    expect(first.statusCode, first.body).toBe(200);
    players.push(player);
  }

  await fc.assert(
    fc.asyncProperty(fc.array(entryArbitrary, { minLength: 1, maxLength: 8 }), async (entries) => {
      // what the database holds before the batch: the model's starting point
      const state = new Map<
        string,
        {
          seedId: string;
          clientSeed: string;
          nonce: bigint;
          balance: bigint;
          checks: Awaited<ReturnType<typeof instantChecksOf>>;
        }
      >();
      for (const player of players) {
        const seed = await db
          .selectFrom('fairness_seeds')
          .select(['id', 'next_nonce', 'client_seed'])
          .where('user_id', '=', player.userId)
          .where('revealed_at', 'is', null)
          .executeTakeFirstOrThrow();
        state.set(player.userId, {
          seedId: seed.id,
          clientSeed: seed.client_seed,
          nonce: seed.next_nonce,
          balance: await app.services.ledger.balance(player.userId, 'USD', 'main'),
          checks: await instantChecksOf(testApp, player.userId),
        });
      }
      const inputs: WagerRound[] = entries.map((entry, index) => {
        const player = players[entry.player];
        const held = player && state.get(player.userId);
        if (!player || !held) throw new Error('no such player');
        const at = new Date();
        return {
          existing: false,
          round: {
            id: randomUUID(),
            userId: player.userId,
            gameId,
            seedId: held.seedId,
            nonce: entry.flaw === 'nonce' ? held.nonce + 1n : held.nonce,
            clientSeed: held.clientSeed,
            currency: 'USD',
            betMinor: entry.betMinor,
            betBonusMinor: 0n,
            bonusId: null,
            freespin: false,
            multiplier: '1.0000',
            rtp: '0.99',
            params: { target: 50.5, direction: 'over' },
            outcome: { roll: 50 },
            state: 'settled',
            at,
          },
          payout: { mainMinor: entry.payoutMinor, bonusMinor: 0n },
          sessionId: held.checks.sessionId,
          kept: {
            primaryCurrency: held.checks.primaryCurrency,
            mainMinor: entry.flaw === 'balance' ? held.balance + 7n : held.balance,
            sheet: held.checks.sheet,
            bonus: null,
          },
          idempotency: {
            scope: `player:${player.userId}`,
            key: randomUUID(),
            requestHash: Buffer.alloc(32, index),
            response: { index },
          },
          tournaments: { ids: [], scores: [] },
          publication: {
            channel: `balance#property-${entry.player}`,
            data: JSON.stringify({ index }),
          },
        };
      });

      // the model
      const seen = new Set<number>();
      const expected = entries.map((entry) => {
        const player = players[entry.player];
        const held = player && state.get(player.userId);
        if (!held) throw new Error('no such player');
        if (seen.has(entry.player)) return 'stale';
        seen.add(entry.player);
        if (entry.flaw === 'nonce') return 'stale';
        if (entry.flaw === 'balance') return 'moved';
        if (held.balance < entry.betMinor) return 'short';
        held.balance += entry.payoutMinor - entry.betMinor;
        held.nonce += 1n;
        return 'played';
      });

      const outcomes = await repository.settle(db, inputs, historySize);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(expected);
      for (const player of players) {
        const held = state.get(player.userId);
        expect(await app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(held?.balance);
        const seed = await db
          .selectFrom('fairness_seeds')
          .select('next_nonce')
          .where('id', '=', held?.seedId ?? '')
          .executeTakeFirstOrThrow();
        expect(seed.next_nonce).toBe(held?.nonce);
      }
      const played = inputs.filter((_, index) => expected[index] === 'played');
      const stored = await db
        .selectFrom('game_rounds')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where(
          'id',
          'in',
          inputs.map((input) => input.round.id),
        )
        .executeTakeFirstOrThrow();
      expect(Number(stored.count)).toBe(played.length);
      for (const player of players) {
        expect(await usageCounted(db, player.userId)).toEqual(
          await usageFromLedger(db, player.userId),
        );
      }
    }),
    { numRuns: 40 },
  );
  expect((await app.services.ledger.check()).violations).toEqual([]);
});

test('in one transaction, a settled batch and a later movement are both counted for the usage', async () => {
  const { app, db } = testApp;
  const repository = new WageringRepository();
  const gameId = await playableOriginal(testApp, 'dice');
  const historySize = app.services.realtime.events.committedPublications()?.historySize ?? 10;
  const player = await fundedPlayer(testApp, 900n);
  const first = await app.inject({
    method: 'POST',
    url: `/api/v2/games/${gameId}/rounds`,
    headers: { ...bearer(player), 'idempotency-key': randomUUID() },
    payload: { bet: '0.10', params: { target: 50.5, direction: 'over' } },
  });
  expect(first.statusCode, first.body).toBe(200);
  const seed = await db
    .selectFrom('fairness_seeds')
    .select(['id', 'next_nonce', 'client_seed'])
    .where('user_id', '=', player.userId)
    .where('revealed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const checks = await instantChecksOf(testApp, player.userId);
  const balance = await app.services.ledger.balance(player.userId, 'USD', 'main');
  await db.transaction().execute(async (trx) => {
    // a movement before the batch, the batch (counted by settle_rounds), a movement after it
    // (counted by the trigger again)
    for (const [type, amountMinor] of [
      ['provider_bet', 11n],
      ['provider_win', 5n],
    ] as const) {
      if (type === 'provider_win') {
        const [outcome] = await repository.settle(
          trx,
          [
            {
              existing: false,
              round: {
                id: randomUUID(),
                userId: player.userId,
                gameId,
                seedId: seed.id,
                nonce: seed.next_nonce,
                clientSeed: seed.client_seed,
                currency: 'USD',
                betMinor: 40n,
                betBonusMinor: 0n,
                bonusId: null,
                freespin: false,
                multiplier: '2.0000',
                rtp: '0.99',
                params: { target: 50.5, direction: 'over' },
                outcome: { roll: 70 },
                state: 'settled',
                at: new Date(),
              },
              payout: { mainMinor: 80n, bonusMinor: 0n },
              sessionId: checks.sessionId,
              kept: {
                primaryCurrency: checks.primaryCurrency,
                mainMinor: balance - 11n,
                sheet: { ...checks.sheet, 'USD:main': String(balance - 11n) },
                bonus: null,
              },
              idempotency: null,
              tournaments: { ids: [], scores: [] },
              publication: null,
            },
          ],
          historySize,
        );
        expect(outcome?.status).toBe('played');
      }
      await app.services.ledger.postTransaction(trx, {
        type,
        externalReference: `usage-mix:${randomUUID()}`,
        postings: [
          {
            account: platformAccount('USD', 'provider_clearing'),
            amountMinor: type === 'provider_bet' ? amountMinor : -amountMinor,
          },
          {
            account: playerAccount(player.userId, 'USD', 'main'),
            amountMinor: type === 'provider_bet' ? -amountMinor : amountMinor,
          },
        ],
      });
    }
  });
  const counted = await usageCounted(db, player.userId);
  expect(counted).toEqual(await usageFromLedger(db, player.userId));
  // stakes: the first round (10), the provider bet (11) and the batch's round (40); wins: the
  // first round's payout, the batch's (80) and the provider win (5)
  const total = (rows: Array<{ staked: string; won: string }>) =>
    rows.reduce(
      (sum, row) => ({
        staked: sum.staked + BigInt(row.staked),
        won: sum.won + BigInt(row.won),
      }),
      { staked: 0n, won: 0n },
    );
  expect(total(counted.hours).staked).toBe(61n);
  const firstRound = await db
    .selectFrom('game_rounds')
    .select('payout_minor')
    .where('user_id', '=', player.userId)
    .where('nonce', '=', seed.next_nonce - 1n)
    .executeTakeFirstOrThrow();
  expect(total(counted.hours).won).toBe(firstRound.payout_minor + 85n);
});
