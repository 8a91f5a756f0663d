import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { WagerRound } from '../src/modules/money/wagering/wager-round.ts';
import { WageringRepository } from '../src/modules/money/wagering/wagering.repository.ts';
import { bearer, createTestApp, type TestApp } from './support/app.ts';
import { fundedPlayer, instantChecksOf, playableOriginal } from './support/originals.ts';

/**
 * settle_rounds (money/wagering/db/) against a model: over random batches of rounds of a few
 * players, some computed from a nonce or a balance that no longer holds, some above the balance,
 * some of a player already in the batch, each round is played exactly when it still holds, and
 * the balances, nonces and ledger end where the model says.
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
    }),
    { numRuns: 40 },
  );
  expect((await app.services.ledger.check()).violations).toEqual([]);
});
