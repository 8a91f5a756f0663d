import { randomUUID } from 'node:crypto';
import {
  backofficeTournamentSchema,
  manualSettlementSchema,
  type SportTicketStatus,
} from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { FeedMessage } from '../src/modules/sportsbook/feed/feed-messages.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  manualClock,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';
import { fixture, odds, oneXTwo, total } from './support/feed-script.ts';
import { fundedPlayer } from './support/originals.ts';
import { acceptedTicket } from './support/sport-tickets.ts';

/**
 * Sport in the promotions (a bonus's wagering, tournaments that score sport) and the operators'
 * manual settlement of a market (issue 20). One app; tickets are made as the acceptance leaves
 * them and settled by hand (the routes) or by the feed's messages.
 */

let testApp: TestApp;
let admin: SignedIn;
let world: BonusWorld;
const clock = manualClock(new Date('2030-01-01T12:00:00Z'));
const minute = 60_000;

let matches = 0;
/** A new match with a 1X2 and a total 2.25 market: their ids. */
async function newMatch() {
  matches += 1;
  const feedId = `sr:match:ops-${matches}`;
  const ingestion = testApp.app.services.sportsbook.ingestion;
  await ingestion.apply(fixture(feedId));
  await ingestion.apply(
    odds(feedId, 1, [oneXTwo('2.10', '3.40', '3.50'), total('2.25', '1.80', '2.00')]),
  );
  const { rows } = await sql<{ event_id: string; id: string; key: string }>`
    SELECT m.event_id, m.id, m.key FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
    WHERE e.feed_id = ${feedId}`.execute(testApp.db);
  const marketId = (key: string) => Number(rows.find((row) => row.key === key)?.id);
  return {
    feedId,
    eventId: Number(rows[0]?.event_id),
    oneXTwo: marketId('1'),
    total225: marketId('18|total=2.25'),
  };
}
type Match = Awaited<ReturnType<typeof newMatch>>;

function single(
  userId: string,
  match: Match,
  pick: { marketId: number; outcomeId: string; odds: string },
  stakeMinor: bigint,
  bonus?: { bonusId: string; bonusStakeMinor: bigint },
) {
  return acceptedTicket(testApp, {
    userId,
    type: 'single',
    stakeMinor,
    ...(bonus ?? {}),
    selections: [{ eventId: match.eventId, ...pick }],
  });
}

async function manual(
  operator: SignedIn,
  marketId: number,
  verb: 'settle' | 'void' | 'unsettle',
  payload: Record<string, unknown>,
) {
  return await testApp.app.inject({
    method: 'POST',
    url: `/api/backoffice/v1/sport/markets/${marketId}/${verb}`,
    headers: bearer(operator),
    payload,
  });
}

async function manualOk(
  marketId: number,
  verb: 'settle' | 'void' | 'unsettle',
  payload: Record<string, unknown>,
) {
  const response = await manual(admin, marketId, verb, payload);
  expect(response.statusCode, response.body).toBe(200);
  return manualSettlementSchema.parse(response.json());
}

async function ticket(id: string) {
  return await testApp.db
    .selectFrom('sport_tickets')
    .select(['status', 'payout_minor', 'generation'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function statusOf(id: string): Promise<SportTicketStatus> {
  return (await ticket(id)).status;
}

/** The ticket's settlement postings: type and reference, in order. */
async function postings(id: string) {
  const { rows } = await sql<{ type: string; external_reference: string }>`
    SELECT type, external_reference FROM ledger_transactions
    WHERE metadata->>'ticketId' = ${id} AND type <> 'sport_stake' ORDER BY id`.execute(testApp.db);
  return rows.map((row) => `${row.type} ${row.external_reference}`);
}

async function mainBalance(userId: string): Promise<bigint> {
  return await testApp.app.services.ledger.balance(userId, 'USD', 'main');
}

let feedVersion = 10;
function feedSettlement(feedId: string, winner: string): FeedMessage {
  feedVersion += 1;
  return {
    type: 'bet_settlement',
    producer: 'live',
    eventId: feedId,
    version: feedVersion,
    certainty: 2,
    markets: [
      {
        typeId: 1,
        specifiers: {},
        outcomes: ['1', 'X', '2'].map((id) => ({
          id,
          result: id === winner ? 'won' : 'lost',
          voidFactor: 0,
          deadHeatFactor: 1,
        })),
      },
    ],
    timestamp: 20_000,
  };
}

async function feed(message: FeedMessage) {
  const { sportsbook } = testApp.app.services;
  await sportsbook.ingestion.apply(message);
  await sportsbook.settlementWorker.idle();
  await sportsbook.settlement.settlePending();
}

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new BonusWorld(testApp, admin);
});

afterEach(async () => {
  await testApp.app.services.sportsbook.settlementWorker.idle();
  expect((await testApp.app.services.ledger.check()).violations).toEqual([]);
});

afterAll(async () => {
  await testApp.close();
});

describe('manual settlement', () => {
  test('settles each ticket once, stands over the feed, resettles with another result and is audited', async () => {
    const match = await newMatch();
    const player = await fundedPlayer(testApp, 10_000n);
    const home = await single(
      player.userId,
      match,
      { marketId: match.oneXTwo, outcomeId: '1', odds: '2.10' },
      1_000n,
    );
    const draw = await single(
      player.userId,
      match,
      { marketId: match.oneXTwo, outcomeId: 'X', odds: '3.40' },
      1_000n,
    );
    expect(await mainBalance(player.userId)).toBe(8_000n);

    // home won; the draw is not named: lost
    const body = { reason: 'Feed down, result from the official site', outcomes: [] as unknown[] };
    body.outcomes = [{ outcomeId: '1', result: 'won' }];
    const settled = await manualOk(match.oneXTwo, 'settle', body);
    expect(settled).toMatchObject({
      marketId: match.oneXTwo,
      decidedBy: 'operator',
      tickets: { settled: 2, unsettled: 0 },
      settlement: {
        voided: false,
        reason: body.reason,
        outcomes: [{ outcomeId: '1', result: 'won', voidFactor: 0, deadHeatFactor: 1 }],
      },
    });
    expect(await ticket(home)).toMatchObject({ status: 'won', payout_minor: 2_100n });
    expect(await statusOf(draw)).toBe('lost');
    expect(await mainBalance(player.userId)).toBe(10_100n);
    // the market is held suspended: no ticket is accepted on a settled market
    const market = await testApp.db
      .selectFrom('sport_markets')
      .select('operator_suspended')
      .where('id', '=', BigInt(match.oneXTwo) as never)
      .executeTakeFirstOrThrow();
    expect(market.operator_suspended).toBe(true);

    // the same settlement again pays nothing more
    expect((await manualOk(match.oneXTwo, 'settle', body)).tickets).toEqual({
      settled: 0,
      unsettled: 0,
    });
    expect(await postings(home)).toEqual([`sport_win sport_settle:${home}:0`]);

    // the feed says the draw: the operator's settlement stands
    await feed(feedSettlement(match.feedId, 'X'));
    expect(await ticket(home)).toMatchObject({ status: 'won', generation: 0 });
    expect(await statusOf(draw)).toBe('lost');
    expect(await mainBalance(player.userId)).toBe(10_100n);

    // resettled: the draw; the home win is taken back, the draw paid
    const resettled = await manualOk(match.oneXTwo, 'settle', {
      reason: 'Corrected: it was a draw',
      outcomes: [
        { outcomeId: '1', result: 'lost' },
        { outcomeId: 'X', result: 'won' },
      ],
    });
    // both standing settlements are taken back (the lost one moved no money) and paid anew
    expect(resettled.tickets).toEqual({ settled: 2, unsettled: 2 });
    expect(await ticket(home)).toMatchObject({ status: 'lost', payout_minor: 0n, generation: 1 });
    expect(await ticket(draw)).toMatchObject({ status: 'won', payout_minor: 3_400n });
    expect(await postings(home)).toEqual([
      `sport_win sport_settle:${home}:0`,
      `sport_unsettle sport_unsettle:${home}:0`,
    ]);
    expect(await mainBalance(player.userId)).toBe(8_000n + 3_400n);
    const reason = await testApp.db
      .selectFrom('sport_ticket_settlements')
      .select(['unsettle_reason', 'source'])
      .where('ticket_id', '=', home)
      .where('generation', '=', 0)
      .executeTakeFirstOrThrow();
    expect(reason).toEqual({
      unsettle_reason: 'operator settled: Corrected: it was a draw',
      source: 'operator',
    });

    // unsettled: back to the feed, which said the draw too — nothing moves
    const unsettled = await manualOk(match.oneXTwo, 'unsettle', { reason: 'Feed is right' });
    expect(unsettled).toMatchObject({
      decidedBy: 'feed',
      settlement: null,
      tickets: { settled: 0, unsettled: 0 },
    });
    expect(await statusOf(draw)).toBe('won');

    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'payload'])
      .where('target_type', '=', 'sport_market')
      .where('target_id', '=', String(match.oneXTwo))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'sport.market.suspend',
      'sport.market.settle',
      'sport.market.settle',
      'sport.market.settle',
      'sport.market.unsettle',
    ]);
    expect(audit[1]?.payload).toMatchObject({
      reason: body.reason,
      before: null,
      after: { voided: false, outcomes: [{ outcomeId: '1', result: 'won' }] },
      tickets: { settled: 2, unsettled: 0 },
    });
    expect(audit[4]?.payload).toMatchObject({
      reason: 'Feed is right',
      before: { outcomes: [{ outcomeId: '1' }, { outcomeId: 'X', result: 'won' }] },
    });
  });

  test('voiding refunds; unsettling a market the feed has not decided reopens its tickets and takes the refund back', async () => {
    const match = await newMatch();
    const player = await fundedPlayer(testApp, 5_000n);
    const over = await single(
      player.userId,
      match,
      { marketId: match.total225, outcomeId: 'over', odds: '1.80' },
      2_000n,
    );
    const voided = await manualOk(match.total225, 'void', { reason: 'Match abandoned' });
    expect(voided.settlement).toMatchObject({ voided: true, outcomes: [] });
    expect(await ticket(over)).toMatchObject({ status: 'void', payout_minor: 2_000n });
    expect(await mainBalance(player.userId)).toBe(5_000n);

    const reopened = await manualOk(match.total225, 'unsettle', { reason: 'Voided in error' });
    expect(reopened.tickets).toEqual({ settled: 0, unsettled: 1 });
    expect(await ticket(over)).toMatchObject({
      status: 'accepted',
      payout_minor: null,
      generation: 1,
    });
    expect(await postings(over)).toEqual([
      `sport_refund sport_settle:${over}:0`,
      `sport_unsettle sport_unsettle:${over}:0`,
    ]);
    expect(await mainBalance(player.userId)).toBe(3_000n);
    // a second unsettle changes nothing
    expect((await manualOk(match.total225, 'unsettle', { reason: 'again' })).tickets).toEqual({
      settled: 0,
      unsettled: 0,
    });
  });

  test('admin only; outcomes must be the market’s; an unknown market is 404', async () => {
    const match = await newMatch();
    const support = await createOperator(testApp.app, 'support');
    const settle = { reason: 'x', outcomes: [{ outcomeId: '1', result: 'won' }] };
    expectError(await manual(support, match.oneXTwo, 'settle', settle), 'forbidden');
    expectError(await manual(support, match.oneXTwo, 'unsettle', { reason: 'x' }), 'forbidden');
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/sport/markets/${match.oneXTwo}/void`,
      payload: { reason: 'x' },
    });
    expect(response.statusCode).toBe(401);
    const unknownOutcome = await manual(admin, match.oneXTwo, 'settle', {
      reason: 'x',
      outcomes: [{ outcomeId: 'over', result: 'won' }],
    });
    expectError(unknownOutcome, 'validation_error');
    expect(JSON.stringify(unknownOutcome.json())).toContain('outcomes.0.outcomeId');
    expectError(
      await manual(admin, match.oneXTwo, 'settle', { reason: ' ', outcomes: settle.outcomes }),
      'validation_error',
    );
    expectError(await manual(admin, 999_999_999, 'settle', settle), 'not_found');
    // nothing was decided
    const state = await testApp.app.inject({
      url: `/api/backoffice/v1/sport/markets/${match.oneXTwo}/settlement`,
      headers: bearer(admin),
    });
    expect(manualSettlementSchema.parse(state.json())).toMatchObject({
      decidedBy: 'feed',
      settlement: null,
    });
  });
});

describe('sport in the promotions', () => {
  test('a bonus counts sport_percent of the wagered stake, takes it back with the settlement, and completes by a ticket', async () => {
    // 100 USD × wager 0.1: 10 USD (1,000) to wager; sport counts at 50 %
    const offer = await world.createOffer({
      type: 'promo',
      amountUsd: '100',
      wager: 0.1,
      sportPercent: 50,
    });
    expect(offer.sportPercent).toBe(50);
    expect((await world.updateOffer(offer.id, { sportPercent: 40 })).sportPercent).toBe(40);
    await world.updateOffer(offer.id, { sportPercent: 50 });
    const who = await world.newPlayer();
    const bonus = await world.services.transactions.run((transaction) =>
      world.services.bonuses.lifecycle.grantFixed(transaction, {
        userId: who.userId,
        offerId: offer.id,
        amountUsdMinor: usd('100'),
        reference: `test:${randomUUID()}`,
      }),
    );
    const [view] = await world.userBonuses(who.player);
    expect(view?.conditions?.sportPercent).toBe(50);
    const wager = async () =>
      await testApp.db
        .selectFrom('user_bonuses')
        .select(['wager_current_minor', 'wager_total_minor', 'status'])
        .where('id', '=', bonus.id)
        .executeTakeFirstOrThrow();
    expect(await wager()).toMatchObject({ wager_current_minor: 0n, wager_total_minor: 1_000n });

    const match = await newMatch();
    const onBonus = (stakeMinor: bigint) => ({ bonusId: bonus.id, bonusStakeMinor: stakeMinor });
    const home = await single(
      who.userId,
      match,
      { marketId: match.oneXTwo, outcomeId: '1', odds: '2.10' },
      1_000n,
      onBonus(1_000n),
    );
    await manualOk(match.oneXTwo, 'settle', {
      reason: 'r',
      outcomes: [{ outcomeId: '1', result: 'won' }],
    });
    expect((await wager()).wager_current_minor).toBe(500n);
    expect(await world.balance(who.userId, 'bonus')).toBe(10_000n - 1_000n + 2_100n);

    // taken back: the contribution goes with it
    await manualOk(match.oneXTwo, 'unsettle', { reason: 'wrong market' });
    expect(await statusOf(home)).toBe('accepted');
    expect((await wager()).wager_current_minor).toBe(0n);
    expect(await world.balance(who.userId, 'bonus')).toBe(9_000n);

    // a half-void single counts half its stake
    const quarter = await single(
      who.userId,
      match,
      { marketId: match.total225, outcomeId: 'over', odds: '1.80' },
      1_000n,
      onBonus(1_000n),
    );
    await manualOk(match.total225, 'settle', {
      reason: 'r',
      outcomes: [{ outcomeId: 'over', result: 'won', voidFactor: 0.5 }],
    });
    expect(await statusOf(quarter)).toBe('half_won');
    expect((await wager()).wager_current_minor).toBe(250n);

    // the home ticket settles again (500) and one more ticket (300) completes the wagering
    await manualOk(match.oneXTwo, 'settle', {
      reason: 'r',
      outcomes: [{ outcomeId: '1', result: 'won' }],
    });
    expect((await wager()).wager_current_minor).toBe(750n);
    const match2 = await newMatch();
    await single(
      who.userId,
      match2,
      { marketId: match2.oneXTwo, outcomeId: '2', odds: '3.50' },
      600n,
      onBonus(600n),
    );
    const bonusBefore = await world.balance(who.userId, 'bonus');
    await manualOk(match2.oneXTwo, 'settle', {
      reason: 'r',
      outcomes: [{ outcomeId: '1', result: 'won' }],
    });
    expect(await wager()).toMatchObject({ status: 'completed', wager_current_minor: 1_050n });
    expect(await world.balance(who.userId, 'bonus')).toBe(0n);
    expect(await world.postings('bonus_convert', bonus.id)).toBe(1);
    expect(await mainBalance(who.userId)).toBe(bonusBefore);
  });

  test('a tournament that scores sport counts a settled ticket like a round, and takes it back', async () => {
    const now = clock.now().getTime();
    const suffix = randomUUID().slice(0, 8);
    const create = async (id: string, scoring: string, scoresSport?: boolean) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/tournaments',
        headers: bearer(admin),
        payload: {
          id,
          descriptions: {
            en: { name: `Cup ${id}`, description: '', image: '/tournaments/originals-race.svg' },
          },
          startsAt: new Date(now - minute).toISOString(),
          endsAt: new Date(now + 60 * minute).toISOString(),
          scoring,
          currency: 'USD',
          prizes: [{ place: 1, amount: '10' }],
          ...(scoresSport === undefined ? {} : { scoresSport }),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return backofficeTournamentSchema.parse(response.json());
    };
    const won = await create(`sport-won-${suffix}`, 'won', true);
    expect(won.scoresSport).toBe(true);
    await create(`sport-best-${suffix}`, 'best_multiplier', true);
    await create(`sport-wagered-${suffix}`, 'wagered', true);
    const casinoOnly = await create(`casino-${suffix}`, 'won');
    expect(casinoOnly.scoresSport).toBe(false);

    const match = await newMatch();
    const player = await fundedPlayer(testApp, 10_000n);
    await single(
      player.userId,
      match,
      { marketId: match.oneXTwo, outcomeId: '1', odds: '2.10' },
      1_000n,
    );
    await single(
      player.userId,
      match,
      { marketId: match.total225, outcomeId: 'over', odds: '1.80' },
      1_000n,
    );
    const scores = async () => {
      const rows = await testApp.db
        .selectFrom('tournament_scores')
        .select(['tournament_id', 'score', 'rounds'])
        .where('user_id', '=', player.userId)
        .execute();
      return Object.fromEntries(
        rows.map((row) => [row.tournament_id.replace(`-${suffix}`, ''), [row.score, row.rounds]]),
      );
    };

    await manualOk(match.oneXTwo, 'settle', {
      reason: 'r',
      outcomes: [{ outcomeId: '1', result: 'won' }],
    });
    // the void ticket wagered nothing, paid its stake back, at a multiplier of 1
    await manualOk(match.total225, 'void', { reason: 'r' });
    expect(await scores()).toEqual({
      'sport-won': ['3100.0000', 2n],
      'sport-best': ['2.1000', 2n],
      'sport-wagered': ['1000.0000', 2n],
    });

    // the win taken back: the scores fall back to what stands
    await manualOk(match.oneXTwo, 'unsettle', { reason: 'r' });
    expect(await scores()).toEqual({
      'sport-won': ['1000.0000', 1n],
      'sport-best': ['1.0000', 1n],
      'sport-wagered': ['0.0000', 1n],
    });
  });
});
