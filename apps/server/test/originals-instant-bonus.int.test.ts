import { randomUUID } from 'node:crypto';
import {
  type Balance,
  balanceSchema,
  engineFloatCount,
  fairFloatList,
  type InstantEngineParams,
  instantOutcome,
  type Round,
  roundSchema,
  storedEngineParams,
  userChannel,
} from '@casino/contract';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { WagerRound } from '../src/modules/money/wagering/wager-round.ts';
import { WageringRepository } from '../src/modules/money/wagering/wagering.repository.ts';
import { bearer, createTestApp, loginOperator, type TestApp } from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';
import { fundedPlayer, instantChecksOf, playRound } from './support/originals.ts';

/**
 * Players holding an active bonus play the instant originals on the instant path
 * (RoundsService.playInstant, settle_rounds with the kept bonus): the common round — one that
 * only moves money and adds to the wagering — is settled from what the process keeps; every
 * round that ends the bonus, and every kept state made stale by something this process did not
 * see (changed directly in the database here), goes the general way or is computed again. The
 * property test plays the same rounds, on the same seeds, through both paths and compares
 * everything they leave.
 */
let testApp: TestApp;
let world: BonusWorld;
let dice: string;
/** a 5 USD promo bonus: wagering ×1 (5 USD), max bet 2 USD */
let offerId: string;
/** the same with wagering ×10 (50 USD) */
let longOfferId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  world = new BonusWorld(testApp, await loginOperator(testApp.app, undefined, testApp.config));
  dice = await world.diceGame();
  offerId = (
    await world.createOffer({
      type: 'promo',
      amountUsd: '5',
      wager: 1,
      wagerMaxBetUsd: '2',
      maxAmountMultiplier: 1,
      deadlineHours: 24,
    })
  ).id;
  longOfferId = (
    await world.createOffer({
      type: 'promo',
      amountUsd: '5',
      wager: 10,
      wagerMaxBetUsd: '2',
      maxAmountMultiplier: 1,
      deadlineHours: 24,
    })
  ).id;
});
afterAll(async () => {
  await testApp.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const rounds = () => testApp.app.services.originals.rounds;

/** A player with `mainMinor` USD of main money holding an active 5 USD bonus. */
async function bonusHolder(mainMinor: bigint, offer = offerId) {
  const player = await fundedPlayer(testApp, mainMinor);
  const bonus = await world.services.transactions.run((transaction) =>
    world.services.bonuses.lifecycle.grantFixed(transaction, {
      userId: player.userId,
      offerId: offer,
      amountUsdMinor: usd('5'),
      reference: `test:${randomUUID()}`,
    }),
  );
  if (bonus?.status !== 'active') throw new Error('the bonus did not start');
  return { player, bonusId: bonus.id };
}

type Holder = Awaited<ReturnType<typeof bonusHolder>>;

function bet(holder: Holder, payload: Record<string, unknown>, key = randomUUID()) {
  return playRound(testApp, holder.player, dice, payload, key);
}

async function playedOk(holder: Holder, payload: Record<string, unknown>): Promise<Round> {
  const answer = await bet(holder, payload);
  expect(answer.statusCode, answer.body).toBe(200);
  return roundSchema.parse(answer.json());
}

const over = (stake: string, target = 50.5) => ({
  bet: stake,
  params: { target, direction: 'over' },
});

async function bonusRow(bonusId: string) {
  return await testApp.db
    .selectFrom('user_bonuses')
    .selectAll()
    .where('id', '=', bonusId)
    .executeTakeFirstOrThrow();
}

async function storedRound(roundId: string) {
  return await testApp.db
    .selectFrom('game_rounds')
    .selectAll()
    .where('id', '=', roundId)
    .executeTakeFirstOrThrow();
}

/** The round's postings: type, account kind, amount (player side), ordered. */
async function postingsOf(roundId: string) {
  const rows = await testApp.db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['t.type', 'a.kind', 'p.amount_minor'])
    .where('t.external_reference', '=', roundId)
    .execute();
  return rows
    .map((row) => `${row.type} ${row.kind} ${row.amount_minor}`)
    .sort((a, b) => a.localeCompare(b));
}

/** Counts the calls of the general path (`play`) while `body` runs. */
async function generalCalls(body: () => Promise<void>): Promise<number> {
  const general = vi.spyOn(rounds(), 'play');
  try {
    await body();
    return general.mock.calls.length;
  } finally {
    general.mockRestore();
  }
}

describe('a bonus holder on the instant path', () => {
  test('the common round is settled instantly: stake main money first then bonus money, payout split like it, the wagering counted, the balance published with the bonus', async () => {
    const holder = await bonusHolder(150n);
    const { userId } = holder.player;
    // the first round makes the seed pair (general path); the process then keeps the context
    await playedOk(holder, over('0.10'));
    const before = await bonusRow(holder.bonusId);
    const mainBefore = await world.balance(userId, 'main');
    let round: Round | undefined;
    const calls = await generalCalls(async () => {
      round = await playedOk(holder, over('1.00', 2.5));
    });
    expect(calls).toBe(0);
    if (!round) throw new Error('no round');
    const stored = await storedRound(round.id);
    // main money first (all of it up to the stake), the rest bonus money
    const mainPart = mainBefore < 100n ? mainBefore : 100n;
    expect(stored.bonus_id).toBe(holder.bonusId);
    expect(stored.bet_bonus_minor).toBe(100n - mainPart);
    const payout = stored.payout_minor;
    const bonusPayout = (payout * (100n - mainPart)) / 100n;
    const expected = [
      ...(mainPart > 0n ? [`bet main ${-mainPart}`] : []),
      ...(100n - mainPart > 0n ? [`bet bonus ${-(100n - mainPart)}`] : []),
      ...(payout - bonusPayout > 0n ? [`win main ${payout - bonusPayout}`] : []),
      ...(bonusPayout > 0n ? [`win bonus ${bonusPayout}`] : []),
    ].sort((a, b) => a.localeCompare(b));
    expect((await postingsOf(round.id)).filter((line) => !line.includes('house'))).toEqual(
      expected,
    );
    const after = await bonusRow(holder.bonusId);
    expect(after.status).toBe('active');
    expect(after.wager_current_minor).toBe(before.wager_current_minor + 100n);
    // the balance the round published is the one a fresh read gives
    const read = balanceSchema.parse(
      (await testApp.app.inject({ url: '/api/v1/balance', headers: bearer(holder.player) })).json(),
    );
    const published = await lastBalancePublication(userId);
    expect(published).toEqual(read);
    expect(read.userBonuses[0]?.wager.current).toBe(
      (Number(after.wager_current_minor) / 100).toFixed(2),
    );
    await world.expectLedgerConsistent();
  });

  test('a round that completes the wagering or spends the last bonus money goes the general way, and the bonus ends by its rules', async () => {
    // no main money: every stake is bonus money; 2 USD rounds at 1.0102× reach the 5 USD
    // requirement on the third
    const completing = await bonusHolder(0n);
    await playedOk(completing, over('0.10', 2.5));
    let instant = 0;
    let general = 0;
    for (let index = 0; index < 6; index += 1) {
      const row = await bonusRow(completing.bonusId);
      if (row.status !== 'active') break;
      const calls = await generalCalls(async () => {
        await playedOk(completing, over('2.00', 2.5));
      });
      if (calls === 0) instant += 1;
      else general += 1;
    }
    const completed = await bonusRow(completing.bonusId);
    expect(completed.status).toBe('completed');
    expect(instant).toBeGreaterThan(0);
    // the completing round took the general path (conversion posted by the bonus engine)
    expect(general).toBe(1);
    expect(await world.postings('bonus_convert', completing.bonusId)).toBe(1);

    // losing: every round spends bonus money on a loss (chosen from the seeds) until none is left
    const losing = await bonusHolder(0n, longOfferId);
    await playedOk(losing, over('0.10', 2.5));
    const lossCalls: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const row = await bonusRow(losing.bonusId);
      if (row.status !== 'active') break;
      const left = await world.balance(losing.player.userId, 'bonus');
      const stake = left < 100n ? left : 100n;
      const payload = await losingBet(losing.player.userId, stake);
      lossCalls.push(
        await generalCalls(async () => {
          const answer = await bet(losing, payload);
          expect(answer.statusCode, answer.body).toBe(200);
        }),
      );
    }
    const lost = await bonusRow(losing.bonusId);
    expect(lost.status).toBe('lost');
    // only the last round, the one that spent the last bonus money, took the general path
    expect(lossCalls.at(-1)).toBe(1);
    expect(lossCalls.slice(0, -1).every((calls) => calls === 0)).toBe(true);
    expect(lossCalls.length).toBeGreaterThan(1);
    expect(await world.balance(losing.player.userId, 'bonus')).toBe(0n);
    await world.expectLedgerConsistent();
  });

  test('kept bonus state made stale elsewhere: wagering, maximum bet, contribution, expiry, a pending bonus and a cancellation each fall back correctly', async () => {
    const holder = await bonusHolder(1_000n);
    const { userId } = holder.player;
    await playedOk(holder, over('0.10', 2.5));
    await playedOk(holder, over('0.10', 2.5)); // instant: the context is kept now

    // another process added wagering (a sport ticket's settlement): computed again, counted once
    await testApp.db
      .updateTable('user_bonuses')
      .set({ wager_current_minor: 77n })
      .where('id', '=', holder.bonusId)
      .execute();
    expect(await generalCalls(async () => void (await playedOk(holder, over('0.50', 2.5))))).toBe(
      0,
    );
    expect((await bonusRow(holder.bonusId)).wager_current_minor).toBe(77n + 50n);

    // the game's contribution changed: the new one counts
    await testApp.db
      .insertInto('bonus_offer_games')
      .values({ offer_id: offerId, game_id: dice, percent: 10, position: 0 })
      .execute();
    try {
      await playedOk(holder, over('1.00', 2.5));
      expect((await bonusRow(holder.bonusId)).wager_current_minor).toBe(127n + 10n);
    } finally {
      await testApp.db.deleteFrom('bonus_offer_games').where('offer_id', '=', offerId).execute();
    }

    // the maximum bet lowered: refused as the general path refuses it, nothing moves
    await testApp.db
      .updateTable('user_bonuses')
      .set({ wager_max_bet_minor: 50n })
      .where('id', '=', holder.bonusId)
      .execute();
    const sheetBefore = await world.balance(userId, 'main');
    const refused = await bet(holder, over('1.00', 2.5));
    expectError(refused, 'bonus_max_bet_exceeded');
    expect(await world.balance(userId, 'main')).toBe(sheetBefore);
    await testApp.db
      .updateTable('user_bonuses')
      .set({ wager_max_bet_minor: 200n })
      .where('id', '=', holder.bonusId)
      .execute();
    await playedOk(holder, over('0.10', 2.5)); // kept again

    // past its deadline (the expiry job has not run yet): played by the general path
    await testApp.db
      .updateTable('user_bonuses')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', holder.bonusId)
      .execute();
    expect(await generalCalls(async () => void (await playedOk(holder, over('0.10', 2.5))))).toBe(
      1,
    );
    await testApp.db
      .updateTable('user_bonuses')
      .set({ expires_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', holder.bonusId)
      .execute();
    await playedOk(holder, over('0.10', 2.5));
    expect(await generalCalls(async () => void (await playedOk(holder, over('0.10', 2.5))))).toBe(
      0,
    );

    // a bonus granted meanwhile waits as pending: the general path plays
    await world.services.transactions.run((transaction) =>
      world.services.bonuses.lifecycle.grantFixed(transaction, {
        userId,
        offerId,
        amountUsdMinor: usd('5'),
        reference: `test:${randomUUID()}`,
      }),
    );
    expect(await generalCalls(async () => void (await playedOk(holder, over('0.10', 2.5))))).toBe(
      1,
    );

    // the player gives up the active bonus: its money is forfeited; the next round takes no
    // bonus money from it (the pending one started in its place and is the round's bonus)
    const cancelled = await testApp.app.inject({
      method: 'POST',
      url: `/api/v2/bonuses/user/${holder.bonusId}/cancel`,
      headers: { ...bearer(holder.player), 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const round = await playedOk(holder, over('0.10', 2.5));
    const stored = await storedRound(round.id);
    expect(stored.bonus_id).not.toBe(holder.bonusId);
    expect((await bonusRow(holder.bonusId)).status).toBe('forfeited');
    await world.expectLedgerConsistent();
  });

  test('a cancellation racing a burst of rounds never moves wrong money', async () => {
    // three players at once, so batches hold several players' bonuses (their locks in id order)
    const race = async () => {
      const holder = await bonusHolder(200n);
      const { userId } = holder.player;
      await playedOk(holder, over('0.10', 2.5));
      await playedOk(holder, over('0.10', 2.5));
      const plays = Array.from({ length: 8 }, () => bet(holder, over('0.50', 2.5)));
      const cancel = testApp.app.inject({
        method: 'POST',
        url: `/api/v2/bonuses/user/${holder.bonusId}/cancel`,
        headers: { ...bearer(holder.player), 'idempotency-key': randomUUID() },
        payload: {},
      });
      const answers = await Promise.all([...plays, cancel]);
      for (const answer of answers) expect([200, 400]).toContain(answer.statusCode);
      const ended = await bonusRow(holder.bonusId);
      expect(ended.status).toBe('forfeited');
      // once forfeited, no bonus money is left nor enters again
      expect(await world.balance(userId, 'bonus')).toBe(0n);
      const forfeit = await testApp.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('type', '=', 'bonus_forfeit')
        .where('external_reference', '=', holder.bonusId)
        .executeTakeFirst();
      const after = forfeit
        ? await testApp.db
            .selectFrom('ledger_transactions as t')
            .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
            .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
            .select(['t.type', 'p.amount_minor'])
            .where('a.user_id', '=', userId)
            .where('a.kind', '=', 'bonus')
            .where('t.id', '>', forfeit.id)
            .execute()
        : [];
      expect(after).toEqual([]);
      // every round that took bonus money counted for the bonus while it was active: the
      // wagering equals the sum of the rounds' stakes that named it
      const counted = await testApp.db
        .selectFrom('game_rounds')
        .select((eb) => eb.fn.sum<string>('bet_minor').as('sum'))
        .where('bonus_id', '=', holder.bonusId)
        .executeTakeFirstOrThrow();
      expect(ended.wager_current_minor).toBe(BigInt(counted.sum ?? '0'));
    };
    await Promise.all([race(), race(), race()]);
    await world.expectLedgerConsistent();
  });
});

describe('settle_rounds with a kept bonus', () => {
  test('refuses, moving nothing, a kept bonus round whose bonus moved or that would end the bonus, and plays the rest of its batch', async () => {
    const { db } = testApp;
    const cases = [
      'ok',
      'wager',
      'total',
      'spins',
      'maxbet',
      'percent',
      'forfeited',
      'pending',
      'expired',
      'completes',
      'lost',
    ] as const;
    type Case = (typeof cases)[number];
    const holders = new Map<Case, Holder>();
    for (const name of cases) {
      const holder = await bonusHolder(name === 'lost' ? 0n : 1_000n);
      await playedOk(holder, over('0.10', 2.5)); // the seed pair
      holders.set(name, holder);
    }
    const holderOf = (name: Case) => {
      const holder = holders.get(name);
      if (!holder) throw new Error(name);
      return holder;
    };
    await db
      .updateTable('user_bonuses')
      .set({ wager_current_minor: 450n })
      .where('id', '=', holderOf('completes').bonusId)
      .execute();
    const settlement = async (name: Case): Promise<WagerRound> => {
      const { player, bonusId } = holderOf(name);
      const seed = await db
        .selectFrom('fairness_seeds')
        .selectAll()
        .where('user_id', '=', player.userId)
        .where('revealed_at', 'is', null)
        .executeTakeFirstOrThrow();
      const checks = await instantChecksOf(testApp, player.userId);
      const row = await bonusRow(bonusId);
      const main = BigInt(checks.sheet['USD:main'] ?? '0');
      const bonusBalance = BigInt(checks.sheet['USD:bonus'] ?? '0');
      // the lost case stakes all its bonus money and loses; the others 1 USD of main money
      const betMinor = name === 'lost' ? bonusBalance : 100n;
      const bonusStake = name === 'lost' ? bonusBalance : 0n;
      const payout = name === 'lost' ? 0n : 101n;
      return {
        existing: false,
        round: {
          id: randomUUID(),
          userId: player.userId,
          gameId: dice,
          seedId: seed.id,
          nonce: seed.next_nonce,
          clientSeed: seed.client_seed,
          currency: 'USD',
          betMinor,
          betBonusMinor: bonusStake,
          bonusId,
          freespin: false,
          multiplier: name === 'lost' ? '0' : '1.01',
          rtp: '0.99',
          params: { target: 2.5, direction: 'over' },
          outcome: { roll: 50 },
          state: 'settled',
          at: new Date(),
        },
        payout: { mainMinor: payout, bonusMinor: 0n },
        sessionId: checks.sessionId,
        kept: {
          primaryCurrency: checks.primaryCurrency,
          mainMinor: main,
          sheet: checks.sheet,
          bonus: {
            percent: name === 'percent' ? 50 : 100,
            wagerCurrentMinor: row.wager_current_minor + (name === 'wager' ? 1n : 0n),
            wagerTotalMinor: row.wager_total_minor + (name === 'total' ? 1n : 0n),
            freespinsLeft: row.freespins_left + (name === 'spins' ? 1 : 0),
            maxBetMinor: name === 'maxbet' ? 150n : row.wager_max_bet_minor,
          },
        },
        idempotency: null,
        tournaments: { ids: [], scores: [] },
        publication: { channel: `balance#kept-bonus-${name}`, data: '{}' },
      };
    };
    const inputs: WagerRound[] = [];
    for (const name of cases) inputs.push(await settlement(name));
    // what changed after those rounds were computed
    await db
      .updateTable('user_bonuses')
      .set({ status: 'forfeited', ended_at: new Date() })
      .where('id', '=', holderOf('forfeited').bonusId)
      .execute();
    await db
      .updateTable('user_bonuses')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', holderOf('expired').bonusId)
      .execute();
    await world.services.transactions.run((transaction) =>
      world.services.bonuses.lifecycle.grantFixed(transaction, {
        userId: holderOf('pending').player.userId,
        offerId,
        amountUsdMinor: usd('5'),
        reference: `test:${randomUUID()}`,
      }),
    );
    const stateOf = async (name: Case) => {
      const { player, bonusId } = holderOf(name);
      return {
        sheet: (await instantChecksOf(testApp, player.userId)).sheet,
        bonus: await bonusRow(bonusId),
      };
    };
    const before = new Map<Case, Awaited<ReturnType<typeof stateOf>>>();
    for (const name of cases) before.set(name, await stateOf(name));
    const historySize =
      testApp.app.services.realtime.events.committedPublications()?.historySize ?? 10;
    const outcomes = await new WageringRepository().settle(db, inputs, historySize);
    expect(Object.fromEntries(cases.map((name, index) => [name, outcomes[index]?.status]))).toEqual(
      {
        ok: 'played',
        wager: 'moved',
        total: 'moved',
        spins: 'moved',
        maxbet: 'moved',
        percent: 'moved',
        forfeited: 'moved',
        pending: 'bonus',
        expired: 'bonus',
        completes: 'bonus',
        lost: 'bonus',
      },
    );
    for (const name of cases.filter((name) => name !== 'ok')) {
      expect(await stateOf(name), name).toEqual(before.get(name));
    }
    const ok = await stateOf('ok');
    expect(ok.bonus.wager_current_minor).toBe(
      (before.get('ok')?.bonus.wager_current_minor ?? 0n) + 100n,
    );
    expect(BigInt(ok.sheet['USD:main'] ?? '0')).toBe(
      BigInt(before.get('ok')?.sheet['USD:main'] ?? '0') - 100n + 101n,
    );
    await world.expectLedgerConsistent();
  });
});

const stepArbitrary = fc.record({
  stakeMinor: fc.constantFrom(10n, 25n, 50n, 100n, 150n, 200n),
  target: fc.constantFrom(2.5, 50.5, 90.5, 97.5),
  direction: fc.constantFrom('over', 'under'),
});

describe('both paths agree', () => {
  test('the same rounds on the same seeds through the instant and the general path leave the same ledger, wagering, bonus and balances', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0n, 30n, 300n),
        fc.array(stepArbitrary, { minLength: 2, maxLength: 7 }),
        async (mainMinor, steps) => {
          const instant = await bonusHolder(mainMinor);
          const general = await bonusHolder(mainMinor);
          // one seed pair for both: the general one copies the instant one's
          const pair = await testApp.app.services.originals.fairness.state(instant.player.userId);
          expect(pair).toBeTruthy();
          await testApp.app.services.originals.fairness.state(general.player.userId);
          const source = await testApp.db
            .selectFrom('fairness_seeds')
            .selectAll()
            .where('user_id', '=', instant.player.userId)
            .where('revealed_at', 'is', null)
            .executeTakeFirstOrThrow();
          await testApp.db
            .updateTable('fairness_seeds')
            .set({
              server_seed: source.server_seed,
              server_seed_hash: source.server_seed_hash,
              client_seed: source.client_seed,
              next_nonce: source.next_nonce,
            })
            .where('user_id', '=', general.player.userId)
            .where('revealed_at', 'is', null)
            .execute();
          const playInstant = rounds().playInstant.bind(rounds());
          vi.spyOn(rounds(), 'playInstant').mockImplementation(async (caller, ...rest) =>
            caller.userId === general.player.userId
              ? { kind: 'general' }
              : await playInstant(caller, ...rest),
          );
          const answersOf = async (holder: Holder) => {
            const answers: Array<{ status: number; round: Record<string, unknown> | null }> = [];
            for (const step of steps) {
              const answer = await bet(holder, {
                bet: (Number(step.stakeMinor) / 100).toFixed(2),
                params: { target: step.target, direction: step.direction },
              });
              if (answer.statusCode !== 200) {
                answers.push({ status: answer.statusCode, round: null });
                continue;
              }
              const round = roundSchema.parse(answer.json());
              const stored = await storedRound(round.id);
              answers.push({
                status: 200,
                round: {
                  bet: round.bet,
                  payout: round.payout,
                  multiplier: round.multiplier,
                  outcome: round.outcome,
                  nonce: round.nonce,
                  betBonus: stored.bet_bonus_minor,
                  bonus: stored.bonus_id === holder.bonusId,
                  postings: await postingsOf(round.id),
                },
              });
            }
            return answers;
          };
          const endOf = async (holder: Holder) => {
            const row = await bonusRow(holder.bonusId);
            const bonusMoves = await testApp.db
              .selectFrom('ledger_transactions')
              .select(['type'])
              .where('external_reference', '=', holder.bonusId)
              .orderBy('type')
              .execute();
            return {
              main: await world.balance(holder.player.userId, 'main'),
              bonus: await world.balance(holder.player.userId, 'bonus'),
              status: row.status,
              wager: row.wager_current_minor,
              total: row.wager_total_minor,
              converted: row.converted_minor,
              moves: bonusMoves.map((move) => move.type),
            };
          };
          const instantAnswers = await answersOf(instant);
          const generalAnswers = await answersOf(general);
          vi.restoreAllMocks();
          expect(instantAnswers).toEqual(generalAnswers);
          expect(await endOf(instant)).toEqual(await endOf(general));
        },
      ),
      { numRuns: 6 },
    );
    await world.expectLedgerConsistent();
  });
});

/** A dice bet of `stakeMinor` that loses on the player's next nonce (computed from the seeds). */
async function losingBet(userId: string, stakeMinor: bigint) {
  const seed = await testApp.db
    .selectFrom('fairness_seeds')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revealed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const game = await testApp.db
    .selectFrom('games')
    .select('rtp')
    .where('id', '=', dice)
    .executeTakeFirstOrThrow();
  const rtp = String(game.rtp);
  for (const direction of ['over', 'under']) {
    const params = { target: 50.5, direction };
    const round = storedEngineParams('dice', params, rtp) as InstantEngineParams;
    const outcome = instantOutcome(
      round,
      fairFloatList(
        {
          serverSeed: seed.server_seed,
          clientSeed: seed.client_seed,
          nonce: Number(seed.next_nonce),
        },
        engineFloatCount(round),
      ),
      rtp,
    );
    if (Number(outcome.multiplier) === 0) {
      return { bet: (Number(stakeMinor) / 100).toFixed(2), params };
    }
  }
  throw new Error('neither side of 50.5 loses');
}

/** The newest `balance#` publication of the player, from the realtime history. */
async function lastBalancePublication(userId: string): Promise<Balance> {
  const user = await testApp.db
    .selectFrom('users')
    .select('global_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const row = await testApp.db
    .selectFrom('realtime_history')
    .select('data')
    .where('channel', '=', userChannel('balance', user.global_id.toString()))
    .orderBy('offset', 'desc')
    .executeTakeFirstOrThrow();
  return balanceSchema.parse(row.data);
}
