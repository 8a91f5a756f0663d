import { randomUUID } from 'node:crypto';
import {
  type SportCashoutQuote,
  type SportTicket,
  sportCashoutQuoteSchema,
  sportGgrReportSchema,
  sportTickerPageSchema,
  sportTicketSchema,
} from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { MarketOdds } from '../src/modules/sportsbook/feed/feed-messages.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  manualClock,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld } from './support/bonuses.ts';
import { odds, total } from './support/feed-script.ts';
import {
  acceptedTicket,
  fund,
  liveEvent,
  settleAllWon,
  type TicketLeg,
} from './support/sport-cashout-fixture.ts';

const clock = manualClock(new Date('2030-01-01T15:30:00Z'));
let testApp: TestApp;
let admin: SignedIn;
let support: SignedIn;

interface Player {
  session: SignedIn;
  userId: string;
  globalId: number;
}

/** The versions each event's next odds message takes. */
const versions = new Map<string, number>();

async function newPlayer(fundsMinor = 100_00n): Promise<Player> {
  const registered = await registerPlayer(testApp.app);
  const userId = await userIdOf(testApp, registered);
  if (fundsMinor > 0n) await fund(testApp, userId, fundsMinor);
  const row = await testApp.db
    .selectFrom('users')
    .select('global_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { session: registered, userId, globalId: Number(row.global_id) };
}

/** A live event whose over/under 2.5 is priced 1.90/1.90 (each side p = 1/2). */
async function evenTotalEvent(sportId = 1) {
  const feedId = `sr:match:${randomUUID().slice(0, 8)}`;
  const { ingestion } = testApp.app.services.sportsbook;
  const event = await liveEvent(testApp, feedId, [total('2.5', '1.90', '1.90')]);
  if (sportId !== 1) {
    // the fixture's sport, as another sport's feed would send it
    await testApp.db
      .updateTable('sport_events')
      .set({ sport_id: sportId })
      .where('id', '=', String(event.eventId))
      .execute();
  }
  versions.set(feedId, 2);
  const marketId = event.marketIds.get(18);
  if (marketId === undefined) throw new Error('the total market was not created');
  return {
    feedId,
    eventId: event.eventId,
    marketId,
    over: (price = '2.00'): TicketLeg => ({
      eventId: event.eventId,
      marketId,
      outcomeId: 'over',
      odds: price,
    }),
    /** new prices for the total market (the next version) */
    async reprice(market: MarketOdds) {
      const version = versions.get(feedId) ?? 2;
      versions.set(feedId, version + 1);
      await ingestion.apply(odds(feedId, version, [market]));
    },
    async betStop() {
      const version = versions.get(feedId) ?? 2;
      versions.set(feedId, version + 1);
      await ingestion.apply({
        type: 'bet_stop',
        producer: 'live',
        eventId: feedId,
        version,
        marketTypeIds: null,
        timestamp: 20_000 + version,
      });
    },
  };
}

function quote(player: Player, ticketId: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/sport/bets/${ticketId}/cashout/quote`,
    headers: bearer(player.session),
  });
}

async function quoted(player: Player, ticketId: string): Promise<SportCashoutQuote> {
  const response = await quote(player, ticketId);
  expect(response.statusCode, response.body).toBe(200);
  return sportCashoutQuoteSchema.parse(response.json());
}

function cashOut(player: Player, ticketId: string, body: object, key: string = randomUUID()) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/sport/bets/${ticketId}/cashout`,
    headers: { ...bearer(player.session), 'idempotency-key': key },
    payload: body,
  });
}

async function cashedOut(
  player: Player,
  ticketId: string,
  body: object,
  key?: string,
): Promise<SportTicket> {
  const response = await cashOut(player, ticketId, body, key);
  expect(response.statusCode, response.body).toBe(200);
  return sportTicketSchema.parse(response.json());
}

/** Lets `count` turns of the event loop pass (no timer, no real time waited for). */
async function turns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

async function mainBalance(player: Player): Promise<bigint> {
  const balances = await testApp.app.services.ledger.balances(player.userId);
  return balances.find((row) => row.kind === 'main' && row.currency === 'USD')?.balanceMinor ?? 0n;
}

/** The ledger transactions paying out a ticket (cash-outs and settlements), by type. */
async function payoutsOf(ticketId: string) {
  return await testApp.db
    .selectFrom('ledger_transactions')
    .select(['type', 'external_reference'])
    .where('external_reference', 'like', `sport\\_%:${ticketId}:%`)
    .where('type', 'in', ['sport_cashout', 'sport_win'])
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await createOperator(testApp.app, 'admin');
  support = await createOperator(testApp.app, 'support');
});

afterEach(async () => {
  expect((await testApp.app.services.ledger.check()).violations).toEqual([]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('cash-out', () => {
  test('a quote then a full cash-out moves exactly the quote, and the ticket settles no more', async () => {
    const player = await newPlayer();
    const event = await evenTotalEvent();
    const ticketId = await acceptedTicket(testApp, {
      userId: player.userId,
      legs: [event.over()],
      stakeMinor: 10_00n,
    });
    expect(await mainBalance(player)).toBe(90_00n);

    // 10.00 at 2.00 on an even market: fair value 10.00, less the default 5 % margin
    const offer = await quoted(player, ticketId);
    expect(offer).toMatchObject({ amount: '9.50', currency: 'USD' });
    expect(Date.parse(offer.expiresAt) - clock.now().getTime()).toBe(5_000);

    const ticket = await cashedOut(player, ticketId, { quoteId: offer.quoteId });
    expect(ticket).toMatchObject({
      id: ticketId,
      status: 'cashed_out',
      stake: '10.00',
      payout: '9.50',
      cashedOut: '9.50',
      cashoutAvailable: false,
    });
    expect(ticket.legs[0]).toMatchObject({ outcomeId: 'over', marketName: 'Total 2.5' });
    expect(await mainBalance(player)).toBe(99_50n);
    expect(await payoutsOf(ticketId)).toEqual([
      { type: 'sport_cashout', external_reference: `sport_cashout:${ticketId}:1` },
    ]);

    // the player hears of it on transaction#
    const published = await testApp.db
      .selectFrom('realtime_history')
      .select('data')
      .where('channel', '=', `transaction#${player.globalId}`)
      .execute();
    const events = published.map((row) => row.data as { type?: string; ticket?: SportTicket });
    expect(events.filter((event) => event.type === 'sport_ticket').at(-1)?.ticket?.status).toBe(
      'cashed_out',
    );

    // a settlement arriving afterwards finds it closed: nothing more is paid
    expect(await settleAllWon(testApp, ticketId, clock.now())).toBe(false);
    expectError(await quote(player, ticketId), 'sport_cashout_unavailable');
    expect(await mainBalance(player)).toBe(99_50n);
  });

  test('a partial cash-out keeps the rest of the stake at risk, and settlement pays its result', async () => {
    const player = await newPlayer();
    const event = await evenTotalEvent();
    const ticketId = await acceptedTicket(testApp, {
      userId: player.userId,
      legs: [event.over()],
      stakeMinor: 10_00n,
    });
    const offer = await quoted(player, ticketId);
    const ticket = await cashedOut(player, ticketId, { quoteId: offer.quoteId, amount: '4.75' });
    // half the quote: half the stake stays, with its potential payout
    expect(ticket).toMatchObject({
      status: 'accepted',
      stake: '5.00',
      potentialPayout: '10.00',
      cashedOut: '4.75',
      payout: null,
      cashoutAvailable: true,
    });
    const recorded = await testApp.db
      .selectFrom('sport_cashouts')
      .select(['n', 'whole', 'amount_minor', 'released_stake_minor', 'main_paid_minor'])
      .where('ticket_id', '=', ticketId)
      .execute();
    expect(recorded).toEqual([
      { n: 1, whole: false, amount_minor: 475n, released_stake_minor: 500n, main_paid_minor: 475n },
    ]);
    expect(await mainBalance(player)).toBe(94_75n);

    // the used quote pays once; a new one values the stake that stays
    expect(
      (await cashOut(player, ticketId, { quoteId: offer.quoteId, amount: '1.00' })).json(),
    ).toMatchObject({ detail: 'sport_cashout_quote_expired', payload: { reason: 'used' } });
    expect((await quoted(player, ticketId)).amount).toBe('4.75');

    // more than the quote, or nothing, is not a cash-out
    const next = await quoted(player, ticketId);
    expectError(
      await cashOut(player, ticketId, { quoteId: next.quoteId, amount: '4.76' }),
      'validation_error',
    );
    expectError(
      await cashOut(player, ticketId, { quoteId: next.quoteId, amount: '0' }),
      'validation_error',
    );

    expect(await settleAllWon(testApp, ticketId, clock.now())).toBe(true);
    // the 5.00 left at 2.00 pays 10.00: 100 − 10 + 4.75 + 10
    expect(await mainBalance(player)).toBe(104_75n);
    expect((await payoutsOf(ticketId)).map((row) => row.external_reference)).toEqual([
      `sport_cashout:${ticketId}:1`,
      `sport_settle:${ticketId}:0`,
    ]);
  });

  test('an expired quote and a price moved against the ticket are refused; a better price pays the quote', async () => {
    const player = await newPlayer();
    const event = await evenTotalEvent();
    const ticketId = await acceptedTicket(testApp, {
      userId: player.userId,
      legs: [event.over()],
      stakeMinor: 10_00n,
    });
    const stale = await quoted(player, ticketId);
    clock.advance(5_000);
    expect((await cashOut(player, ticketId, { quoteId: stale.quoteId })).json()).toMatchObject({
      detail: 'sport_cashout_quote_expired',
      payload: { reason: 'time' },
    });

    const beforeMove = await quoted(player, ticketId);
    // over less likely now: p = (1/2.5) ÷ (1/2.5 + 1/1.5) = 3/8
    await event.reprice(total('2.5', '2.50', '1.50'));
    expect((await cashOut(player, ticketId, { quoteId: beforeMove.quoteId })).json()).toMatchObject(
      { detail: 'sport_cashout_quote_expired', payload: { reason: 'price' } },
    );

    // 10.00 × 2 × 3/8 × 0.95 = 7.125
    const afterMove = await quoted(player, ticketId);
    expect(afterMove.amount).toBe('7.12');
    await event.reprice(total('2.5', '1.90', '1.90'));
    const ticket = await cashedOut(player, ticketId, { quoteId: afterMove.quoteId });
    expect(ticket).toMatchObject({ status: 'cashed_out', payout: '7.12' });
    expect(await mainBalance(player)).toBe(97_12n);
  });

  test('the retention forgets quotes never used once expired; a used quote stays with its cash-out', async () => {
    const player = await newPlayer();
    const event = await evenTotalEvent();
    const ticketId = await acceptedTicket(testApp, {
      userId: player.userId,
      legs: [event.over()],
      stakeMinor: 10_00n,
    });
    const unused = await quoted(player, ticketId);
    clock.advance(5_000);
    const used = await quoted(player, ticketId);
    await cashedOut(player, ticketId, { quoteId: used.quoteId });
    const quoteIds = async () =>
      (
        await testApp.db
          .selectFrom('sport_cashout_quotes')
          .select('id')
          .where('ticket_id', '=', ticketId)
          .orderBy('created_at')
          .execute()
      ).map((row) => row.id);
    const cashout = testApp.app.services.sportsbook.cashout;
    // the unused quote expired 5 s ago: a cut-off before that keeps it
    expect(await cashout.purgeUnusedQuotes(new Date(clock.now().getTime() - 6_000))).toBe(0);
    expect(await quoteIds()).toEqual([unused.quoteId, used.quoteId]);
    // a cut-off after both expired takes the unused one only
    expect(
      await cashout.purgeUnusedQuotes(new Date(clock.now().getTime() + 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await quoteIds()).toEqual([used.quoteId]);
  });

  test('a suspended leg is never offered cash-out', async () => {
    const player = await newPlayer();
    const event = await evenTotalEvent();
    const ticketId = await acceptedTicket(testApp, {
      userId: player.userId,
      legs: [event.over()],
      stakeMinor: 10_00n,
    });
    const offer = await quoted(player, ticketId);
    await event.betStop();
    expect((await quote(player, ticketId)).json()).toMatchObject({
      detail: 'sport_cashout_unavailable',
      payload: { reason: 'suspended' },
    });
    expect((await cashOut(player, ticketId, { quoteId: offer.quoteId })).json()).toMatchObject({
      detail: 'sport_cashout_unavailable',
      payload: { reason: 'suspended' },
    });
    // an operator's hold over an active market counts as a suspension too
    await event.reprice(total('2.5', '1.90', '1.90'));
    await quoted(player, ticketId);
    const held = await testApp.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/sport/markets/${event.marketId}/suspend`,
      headers: bearer(support),
    });
    expect(held.statusCode, held.body).toBe(200);
    expect((await quote(player, ticketId)).json()).toMatchObject({
      payload: { reason: 'suspended' },
    });
    expect(await mainBalance(player)).toBe(90_00n);
  });

  test('systems and a switched-off cash-out are refused; the margin is the operator’s', async () => {
    const player = await newPlayer();
    const [first, second, third] = await Promise.all([
      evenTotalEvent(),
      evenTotalEvent(),
      evenTotalEvent(),
    ]);
    if (!first || !second || !third) throw new Error('three events');
    const system = await acceptedTicket(testApp, {
      userId: player.userId,
      legs: [first.over(), second.over(), third.over()],
      stakeMinor: 3_00n,
      systemSize: 2,
    });
    expect((await quote(player, system)).json()).toMatchObject({
      detail: 'sport_cashout_unavailable',
      payload: { reason: 'system' },
    });

    const single = await acceptedTicket(testApp, {
      userId: player.userId,
      legs: [first.over()],
      stakeMinor: 10_00n,
    });
    const settings = (body: object | null, who = admin) =>
      testApp.app.inject({
        method: body === null ? 'GET' : 'PUT',
        url: '/api/backoffice/v1/sport/cashout-settings',
        headers: bearer(who),
        ...(body === null ? {} : { payload: body }),
      });
    expectError(await settings({ enabled: false, marginPercent: '5' }, support), 'forbidden');
    expectError(await settings({ enabled: true, marginPercent: '50.5' }), 'validation_error');
    const offer = await quoted(player, single);
    expect((await settings({ enabled: false, marginPercent: '5' })).statusCode).toBe(200);
    expect((await settings(null, support)).json()).toEqual({
      enabled: false,
      marginPercent: '5.00',
    });
    expect((await quote(player, single)).json()).toMatchObject({
      payload: { reason: 'disabled' },
    });
    expect((await cashOut(player, single, { quoteId: offer.quoteId })).json()).toMatchObject({
      payload: { reason: 'disabled' },
    });
    expect((await settings({ enabled: true, marginPercent: '10' })).json()).toEqual({
      enabled: true,
      marginPercent: '10.00',
    });
    try {
      // 10.00 × 2 × 1/2 × 0.90
      expect((await quoted(player, single)).amount).toBe('9.00');
    } finally {
      await settings({ enabled: true, marginPercent: '5' });
    }
    const audited = await testApp.db
      .selectFrom('operator_audit_log')
      .select('action')
      .where('action', '=', 'sport.cashout.settings')
      .execute();
    expect(audited).toHaveLength(3);
  });

  test('a ticket staked partly with bonus money pays its cash-out back in the same proportion', async () => {
    const world = new BonusWorld(testApp, admin);
    const offer = await world.createOffer({ type: 'promo', wager: 100, deadlineHours: 24 });
    const player = await newPlayer();
    const bonus = await testApp.app.services.transactions.run((transaction) =>
      testApp.app.services.bonuses.lifecycle.grantFixed(transaction, {
        userId: player.userId,
        offerId: offer.id,
        amountUsdMinor: 20_00n,
        reference: `sport-cashout-test:${randomUUID()}`,
      }),
    );
    const bonusBalance = async () =>
      (await testApp.app.services.ledger.balances(player.userId)).find(
        (row) => row.kind === 'bonus',
      )?.balanceMinor ?? 0n;
    expect(await bonusBalance()).toBe(20_00n);
    const event = await evenTotalEvent();
    // 10.00 staked: 6.00 main money, 4.00 of the bonus's
    const ticketId = await acceptedTicket(testApp, {
      userId: player.userId,
      legs: [event.over()],
      stakeMinor: 10_00n,
      bonusStakeMinor: 4_00n,
      bonusId: bonus.id,
    });
    const first = await quoted(player, ticketId);
    // a partial cash-out of 4.75: 2/5 of it is bonus money (1.90), the rest main (2.85); the
    // ticket keeps 5.00 of stake, 2.00 of it bonus money
    await cashedOut(player, ticketId, { quoteId: first.quoteId, amount: '4.75' });
    expect(await mainBalance(player)).toBe(94_00n + 2_85n);
    expect(await bonusBalance()).toBe(16_00n + 1_90n);
    const kept = await testApp.db
      .selectFrom('sport_tickets')
      .select(['stake_minor', 'bonus_stake_minor', 'placed_stake_minor'])
      .where('id', '=', ticketId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({
      stake_minor: 5_00n,
      bonus_stake_minor: 2_00n,
      placed_stake_minor: 10_00n,
    });
    // the rest, 4.75: again 2/5 bonus money
    const second = await quoted(player, ticketId);
    await cashedOut(player, ticketId, { quoteId: second.quoteId });
    expect(await mainBalance(player)).toBe(94_00n + 2_85n + 2_85n);
    expect(await bonusBalance()).toBe(16_00n + 1_90n + 1_90n);
    const recorded = await testApp.db
      .selectFrom('sport_cashouts')
      .select(['n', 'whole', 'main_paid_minor', 'bonus_paid_minor', 'released_bonus_stake_minor'])
      .where('ticket_id', '=', ticketId)
      .orderBy('n')
      .execute();
    expect(recorded).toEqual([
      {
        n: 1,
        whole: false,
        main_paid_minor: 2_85n,
        bonus_paid_minor: 1_90n,
        released_bonus_stake_minor: 2_00n,
      },
      {
        n: 2,
        whole: true,
        main_paid_minor: 2_85n,
        bonus_paid_minor: 1_90n,
        released_bonus_stake_minor: 2_00n,
      },
    ]);
  });

  test('the same Idempotency-Key replays the cash-out; another player’s ticket is not found', async () => {
    const player = await newPlayer();
    const stranger = await newPlayer(0n);
    const event = await evenTotalEvent();
    const ticketId = await acceptedTicket(testApp, {
      userId: player.userId,
      legs: [event.over()],
      stakeMinor: 10_00n,
    });
    expectError(await quote(stranger, ticketId), 'not_found');
    expectError(await quote(player, randomUUID()), 'not_found');
    const offer = await quoted(player, ticketId);
    expectError(await cashOut(stranger, ticketId, { quoteId: offer.quoteId }), 'not_found');

    const key = randomUUID();
    const first = await cashOut(player, ticketId, { quoteId: offer.quoteId }, key);
    const again = await cashOut(player, ticketId, { quoteId: offer.quoteId }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await payoutsOf(ticketId)).toHaveLength(1);
    expect(await mainBalance(player)).toBe(99_50n);
  });

  test('a cash-out racing a settlement: exactly one of them applies, every time', async () => {
    const player = await newPlayer(1_000_00n);
    const event = await evenTotalEvent();
    const outcomes = { cashedOut: 0, settled: 0 };
    let expected = 1_000_00n;
    for (let round = 0; round < 12; round += 1) {
      const ticketId = await acceptedTicket(testApp, {
        userId: player.userId,
        legs: [event.over()],
        stakeMinor: 10_00n,
      });
      expected -= 10_00n;
      const offer = await quoted(player, ticketId);
      // the settlement starts a little later each round, so either side locks the ticket first
      const [response, settled] = await Promise.all([
        cashOut(player, ticketId, { quoteId: offer.quoteId }),
        turns(round * 4).then(() => settleAllWon(testApp, ticketId, clock.now())),
      ]);
      const payouts = await payoutsOf(ticketId);
      expect(payouts).toHaveLength(1);
      if (settled) {
        expect(response.json()).toMatchObject({
          detail: 'sport_cashout_unavailable',
          payload: { reason: 'not_open' },
        });
        expect(payouts[0]?.type).toBe('sport_win');
        outcomes.settled += 1;
        expected += 20_00n;
      } else {
        expect(response.statusCode, response.body).toBe(200);
        expect(payouts[0]?.type).toBe('sport_cashout');
        outcomes.cashedOut += 1;
        expected += 9_50n;
      }
    }
    expect(outcomes.cashedOut + outcomes.settled).toBe(12);
    expect(await mainBalance(player)).toBe(expected);
  });

  test('two cash-outs on one quote at once: exactly one pays', async () => {
    const player = await newPlayer(1_000_00n);
    const event = await evenTotalEvent();
    for (let round = 0; round < 8; round += 1) {
      const ticketId = await acceptedTicket(testApp, {
        userId: player.userId,
        legs: [event.over()],
        stakeMinor: 10_00n,
      });
      const offer = await quoted(player, ticketId);
      // a full and a partial cash-out of the same quote under different keys
      const responses = await Promise.all([
        cashOut(player, ticketId, { quoteId: offer.quoteId }),
        cashOut(player, ticketId, { quoteId: offer.quoteId, amount: '1.00' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(await payoutsOf(ticketId)).toHaveLength(1);
    }
  });
});

describe('the operators’ ticker and GGR', () => {
  test('the ticker lists tickets newest first, filtered and paged by a cursor; GGR sums them per sport', async () => {
    // a period of its own: everything here is placed and closed on 2030-01-02
    clock.advance(Date.parse('2030-01-02T10:00:00Z') - clock.now().getTime());
    const from = clock.now();
    // the operators sign in again a day later
    const admin = await createOperator(testApp.app, 'admin');
    const support = await createOperator(testApp.app, 'support');
    const player = await newPlayer(1_000_00n);
    const football = await evenTotalEvent(1);
    const tennis = await evenTotalEvent(5);
    const at = (minutes: number) => new Date(from.getTime() + minutes * 60_000);
    const place = (legs: TicketLeg[], stakeMinor: bigint, minutes: number) =>
      acceptedTicket(testApp, { userId: player.userId, legs, stakeMinor, placedAt: at(minutes) });

    const fullyCashed = await place([football.over()], 10_00n, 1);
    const partlyCashed = await place([football.over()], 10_00n, 2);
    const tennisWon = await place([tennis.over()], 20_00n, 3);
    const multiWon = await place([football.over(), tennis.over()], 5_00n, 4);
    const open = await place([football.over()], 10_00n, 5);

    await cashedOut(player, fullyCashed, { quoteId: (await quoted(player, fullyCashed)).quoteId });
    await cashedOut(player, partlyCashed, {
      quoteId: (await quoted(player, partlyCashed)).quoteId,
      amount: '4.75',
    });
    for (const ticketId of [partlyCashed, tennisWon, multiWon]) {
      expect(await settleAllWon(testApp, ticketId, clock.now())).toBe(true);
    }

    const ticker = async (query: string, who = support) => {
      const response = await testApp.app.inject({
        url: `/api/backoffice/v1/sport/bets?playerGlobalId=${player.globalId}${query}`,
        headers: bearer(who),
      });
      expect(response.statusCode, response.body).toBe(200);
      return sportTickerPageSchema.parse(response.json());
    };
    const ids = async (query: string) => (await ticker(query)).items.map((item) => item.id);

    const everything = await ticker('');
    expect(everything.items.map((item) => item.id)).toEqual([
      open,
      multiWon,
      tennisWon,
      partlyCashed,
      fullyCashed,
    ]);
    expect(everything.items[0]).toMatchObject({
      player: { globalId: player.globalId },
      stake: '10.00',
      odds: '2.00',
      status: 'accepted',
      cashoutAvailable: true,
    });
    expect(everything.items[1]?.legs.map((leg) => leg.sportId)).toEqual([1, 5]);
    expect(everything.nextCursor).toBeNull();

    const first = await ticker('&limit=2');
    const second = await ticker(`&limit=2&cursor=${first.nextCursor}`);
    const third = await ticker(`&limit=2&cursor=${second.nextCursor}`);
    expect([...first.items, ...second.items, ...third.items].map((item) => item.id)).toEqual(
      everything.items.map((item) => item.id),
    );
    expect(third.nextCursor).toBeNull();

    expect(await ids('&sportId=5')).toEqual([multiWon, tennisWon]);
    expect(await ids(`&eventId=${football.eventId}`)).toEqual([
      open,
      multiWon,
      partlyCashed,
      fullyCashed,
    ]);
    expect(await ids('&status=cashed_out')).toEqual([fullyCashed]);
    expect(await ids('&minStake=15&currency=USD')).toEqual([tennisWon]);
    expect(await ids(`&since=${encodeURIComponent(at(3).toISOString())}`)).toEqual([
      open,
      multiWon,
      tennisWon,
    ]);
    expectError(
      await testApp.app.inject({
        url: '/api/backoffice/v1/sport/bets?minStake=15',
        headers: bearer(support),
      }),
      'validation_error',
    );
    expectError(
      await testApp.app.inject({
        url: '/api/backoffice/v1/sport/bets',
        headers: bearer(player.session),
      }),
      'unauthorized',
    );

    const ggr = await testApp.app.inject({
      url: `/api/backoffice/v1/sport/ggr?from=${from.toISOString()}&to=${at(24 * 60).toISOString()}`,
      headers: bearer(admin),
    });
    expect(ggr.statusCode, ggr.body).toBe(200);
    // soccer: 20.00 staked, the partial ticket's 10.00 settled, 9.50 + 4.75 cashed out;
    // tennis: 20.00 paying 40.00; the accumulator across both: 5.00 paying 20.00
    expect(sportGgrReportSchema.parse(ggr.json()).rows).toEqual([
      {
        bucket: 'sport',
        sport: { id: 1, slug: 'soccer', name: 'Soccer' },
        currency: 'USD',
        tickets: 2,
        stakes: '20.00',
        payouts: '10.00',
        cashouts: '14.25',
        ggr: '-4.25',
      },
      {
        bucket: 'sport',
        sport: { id: 5, slug: 'tennis', name: 'Tennis' },
        currency: 'USD',
        tickets: 1,
        stakes: '20.00',
        payouts: '40.00',
        cashouts: '0.00',
        ggr: '-20.00',
      },
      {
        bucket: 'multi',
        sport: null,
        currency: 'USD',
        tickets: 1,
        stakes: '5.00',
        payouts: '20.00',
        cashouts: '0.00',
        ggr: '-15.00',
      },
    ]);
    expectError(
      await testApp.app.inject({
        url: `/api/backoffice/v1/sport/ggr?from=${at(10).toISOString()}&to=${from.toISOString()}`,
        headers: bearer(admin),
      }),
      'validation_error',
    );
  });
});
