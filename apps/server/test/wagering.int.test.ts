import { randomUUID } from 'node:crypto';
import { type Round, roundSchema } from '@casino/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import { WageringRepository } from '../src/modules/money/wagering/wagering.repository.ts';
import { bearer, createTestApp, loginOperator, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';
import { playableOriginal } from './support/originals.ts';

/**
 * The one settlement path (money/wagering): rounds of both bet paths are written by
 * settle_rounds alone. Over random mixes of concurrent rounds of players with main money and an
 * active bonus (the general path: stakes split between main and bonus money), of players without
 * a bonus (the instant path) and of mines rounds (opened, moved on, cashed out), every round's
 * ledger movements are exactly its stored split, each nonce of a seed pair is used once and in
 * order, and the ledger stays consistent.
 */
let testApp: TestApp;
let world: BonusWorld;
let dice: string;
let mines: string;
/** wager ×100: these bonuses do not complete within the test */
let offerId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  world = new BonusWorld(testApp, await loginOperator(testApp.app, undefined, testApp.config));
  dice = await world.diceGame();
  mines = await playableOriginal(testApp, 'mines');
  offerId = (await world.createOffer({ type: 'promo', wager: 100, deadlineHours: 24 })).id;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await testApp.close();
});

interface PlayerUnderTest {
  player: Awaited<ReturnType<BonusWorld['newPlayer']>>['player'];
  userId: string;
}

async function playerWith(mainUsd: string, bonusUsd: string | null): Promise<PlayerUnderTest> {
  const { player, userId } = await world.newPlayer();
  if (usd(mainUsd) > 0n) {
    await world.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `wagering-test:${randomUUID()}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -usd(mainUsd) },
        { account: playerAccount(userId, 'USD', 'main'), amountMinor: usd(mainUsd) },
      ],
    });
  }
  if (bonusUsd !== null) {
    await world.services.transactions.run((transaction) =>
      world.services.bonuses.lifecycle.grantFixed(transaction, {
        userId,
        offerId,
        amountUsdMinor: usd(bonusUsd),
        reference: `wagering-test:${randomUUID()}`,
      }),
    );
  }
  return { player, userId };
}

function act(who: PlayerUnderTest, roundId: string, body: object) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/games/${mines}/rounds/${roundId}/actions`,
    headers: { ...bearer(who.player), 'idempotency-key': randomUUID() },
    payload: body,
  });
}

/** A mines round: opened, one tile revealed, cashed out if it is still open. */
async function minesRound(who: PlayerUnderTest, bet: string): Promise<void> {
  const opened = await world.play(who.player, mines, { bet, params: { mines: 3 } });
  if (opened.statusCode !== 200) {
    expectError(opened, 'insufficient_balance');
    return;
  }
  const round: Round = roundSchema.parse(opened.json());
  const revealed = await act(who, round.id, { action: 'reveal', tile: 12 });
  expect(revealed.statusCode, revealed.body).toBe(200);
  if (roundSchema.parse(revealed.json()).state === 'open') {
    const cashed = await act(who, round.id, { action: 'cashout' });
    expect(cashed.statusCode, cashed.body).toBe(200);
  }
}

/** Every round of the player against its ledger movements and its seed pair's nonces. */
async function expectRoundsMatchTheLedger(userId: string): Promise<number> {
  const { db } = testApp;
  const rounds = await db
    .selectFrom('game_rounds')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('nonce')
    .execute();
  const postings = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['t.type', 't.external_reference', 'a.kind', 'a.owner_type', 'p.amount_minor'])
    .where(
      't.external_reference',
      'in',
      rounds.length > 0 ? rounds.map((round) => round.id) : ['none'],
    )
    .execute();
  const sum = (reference: string, types: string[], kind: string) =>
    postings
      .filter(
        (posting) =>
          posting.external_reference === reference &&
          types.includes(posting.type) &&
          posting.kind === kind,
      )
      .reduce((total, posting) => total + posting.amount_minor, 0n);
  for (const round of rounds) {
    const stakeBonus = round.freespin ? 0n : round.bet_bonus_minor;
    const stakeMain = round.freespin ? 0n : round.bet_minor - round.bet_bonus_minor;
    const stake = ['bet'];
    const payout = ['win', 'freespin_win'];
    expect(sum(round.id, stake, 'main'), `stake of ${round.id}`).toBe(-stakeMain);
    expect(sum(round.id, stake, 'bonus')).toBe(-stakeBonus);
    expect(sum(round.id, stake, 'house')).toBe(stakeMain + stakeBonus);
    expect(sum(round.id, payout, 'main') + sum(round.id, payout, 'bonus')).toBe(
      round.state === 'settled' ? round.payout_minor : 0n,
    );
    // a stake of main money alone is paid in main money alone
    if (stakeBonus === 0n && !round.freespin) expect(sum(round.id, payout, 'bonus')).toBe(0n);
    expect(sum(round.id, payout, 'house')).toBe(
      -(round.state === 'settled' ? round.payout_minor : 0n),
    );
  }
  // each pair's nonces are used once, from 0 up, and its next nonce follows the last one
  const pairs = await db
    .selectFrom('fairness_seeds')
    .select(['id', 'next_nonce'])
    .where('user_id', '=', userId)
    .execute();
  for (const pair of pairs) {
    const nonces = rounds.filter((round) => round.seed_id === pair.id).map((round) => round.nonce);
    expect(nonces).toEqual(nonces.map((_, index) => BigInt(index)));
    expect(pair.next_nonce).toBe(BigInt(nonces.length));
  }
  return rounds.length;
}

const stakeArbitrary = fc.constantFrom('0.10', '0.25', '1.00', '2.50', '4.00');

test('concurrent rounds of both paths: each round moves exactly its stored split, each nonce once', async () => {
  const batches: number[] = [];
  const settle = WageringRepository.prototype.settle;
  vi.spyOn(WageringRepository.prototype, 'settle').mockImplementation(async function (
    this: WageringRepository,
    executor,
    rounds,
    historySize,
  ) {
    batches.push(rounds.length);
    return await settle.call(this, executor, rounds, historySize);
  });
  let played = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        main: fc.constantFrom('0.00', '1.00', '5.00'),
        bonus: fc.constantFrom<string | null>(null, '3.00', '8.00'),
        stakes: fc.array(stakeArbitrary, { minLength: 1, maxLength: 6 }),
        mines: fc.option(stakeArbitrary, { nil: null }),
      }),
      async ({ main, bonus, stakes, mines: minesStake }) => {
        const who = await playerWith(main === '0.00' && bonus === null ? '1.00' : main, bonus);
        const before =
          (await world.balance(who.userId, 'main')) + (await world.balance(who.userId, 'bonus'));
        const answers = await Promise.all(
          stakes.map((bet) => world.play(who.player, dice, { bet })),
        );
        for (const answer of answers) {
          if (answer.statusCode !== 200) expectError(answer, 'insufficient_balance');
        }
        if (minesStake !== null) await minesRound(who, minesStake);
        played += await expectRoundsMatchTheLedger(who.userId);
        // nothing is created or lost: what the player holds is what they had, less stakes,
        // plus payouts (no bonus completes at wager ×100)
        const rounds = await testApp.db
          .selectFrom('game_rounds')
          .select(['bet_minor', 'payout_minor', 'freespin'])
          .where('user_id', '=', who.userId)
          .execute();
        const after =
          (await world.balance(who.userId, 'main')) + (await world.balance(who.userId, 'bonus'));
        const net = rounds.reduce(
          (total, round) => total - (round.freespin ? 0n : round.bet_minor) + round.payout_minor,
          0n,
        );
        expect(after).toBe(before + net);
      },
    ),
    { numRuns: 12 },
  );
  expect(played).toBeGreaterThan(12);
  // both paths went through the one writer: batches of one (general) and the instant batches
  expect(batches.length).toBeGreaterThan(0);
  await world.expectLedgerConsistent();
});

test('settle_rounds runs with generic plans (a batch of one is not planned again on every call)', async () => {
  const { rows } = await sql<{ config: string[] | null }>`
    SELECT p.proconfig AS config FROM pg_proc p WHERE p.proname = 'settle_rounds'
  `.execute(testApp.db);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.config ?? []).toContain('plan_cache_mode=force_generic_plan');
});
