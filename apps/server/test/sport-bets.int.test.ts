import { randomUUID } from 'node:crypto';
import {
  type PlaceSportBetBody,
  type SportTicket,
  sportTicketSchema,
  sportTicketsPageSchema,
} from '@casino/contract';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  type BatchTicket,
  BettingRepository,
} from '../src/modules/sportsbook/betting/betting.repository.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld, usd } from './support/bonuses.ts';
import { fixture, odds, oneXTwo, total } from './support/feed-script.ts';
import { acceptedTicket } from './support/sport-tickets.ts';

/**
 * Accepting sport tickets (issue 20) on a real PostgreSQL: the ledger movements of pre-match
 * tickets, every refusal, the odds-change policies, the in-play delay decided by hand with a
 * manual clock, concurrent tickets against the balance and against a market's liability, the
 * bonus money's hold, and the retention of events tickets name. The ledger check runs after each.
 */
let testApp: TestApp;
let admin: SignedIn;
let world: BonusWorld;
let offerId: string;
const clock = manualClock(new Date(Date.UTC(2029, 11, 31, 12)));

interface Player extends RegisteredPlayer {
  userId: string;
}

interface Match {
  feedId: string;
  eventId: number;
  oneXTwo: number;
  total: number;
  version: number;
}

let matchCounter = 0;

function ingestion() {
  return testApp.app.services.sportsbook.ingestion;
}

async function marketIdOf(eventId: number, typeId: number): Promise<number> {
  const row = await testApp.db
    .selectFrom('sport_markets')
    .select('id')
    .where('event_id', '=', String(eventId))
    .where('type_id', '=', typeId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A football match with 1X2 (2.10 / 3.40 / 3.50) and total 2.5 (1.90 / 1.90), pre-match or live. */
async function newMatch(live = false): Promise<Match> {
  matchCounter += 1;
  const feedId = `sr:match:bets-${matchCounter}-${randomUUID().slice(0, 6)}`;
  await ingestion().apply(fixture(feedId, { status: live ? 'live' : 'not_started' }));
  await ingestion().apply(
    odds(feedId, 1, [oneXTwo('2.10', '3.40', '3.50'), total('2.5', '1.90', '1.90')], {
      status: live ? 'live' : 'not_started',
      producer: live ? 'live' : 'prematch',
    }),
  );
  const row = await testApp.db
    .selectFrom('sport_events')
    .select('id')
    .where('feed_id', '=', feedId)
    .executeTakeFirstOrThrow();
  const eventId = Number(row.id);
  return {
    feedId,
    eventId,
    oneXTwo: await marketIdOf(eventId, 1),
    total: await marketIdOf(eventId, 18),
    version: 1,
  };
}

/** New prices (or statuses) for a match, as the feed sends them. */
async function reprice(match: Match, markets: Parameters<typeof odds>[2], live = true) {
  match.version += 1;
  await ingestion().apply(
    odds(match.feedId, match.version, markets, {
      status: live ? 'live' : 'not_started',
      producer: live ? 'live' : 'prematch',
    }),
  );
}

async function betStop(match: Match) {
  match.version += 1;
  await ingestion().apply({
    type: 'bet_stop',
    producer: 'live',
    eventId: match.feedId,
    version: match.version,
    marketTypeIds: null,
    timestamp: 20_000 + match.version,
  });
}

async function fundedPlayer(amountMinor: bigint): Promise<Player> {
  const player = await registerPlayer(testApp.app);
  const { id: userId } = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  if (amountMinor > 0n) {
    await testApp.app.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `sport-bets-fund:${randomUUID()}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -amountMinor },
        { account: playerAccount(userId, 'USD', 'main'), amountMinor },
      ],
    });
  }
  return { ...player, userId };
}

function place(player: SignedIn, body: PlaceSportBetBody, key: string = randomUUID()) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v2/sport/bets',
    headers: { ...bearer(player), 'idempotency-key': key },
    payload: body,
  });
}

async function placeOk(player: SignedIn, body: PlaceSportBetBody): Promise<SportTicket> {
  const response = await place(player, body);
  expect(response.statusCode, response.body).toBe(201);
  return sportTicketSchema.parse(response.json());
}

function single(match: Match, outcomeId = '1', price = '2.10', stake = '10.00'): PlaceSportBetBody {
  return {
    type: 'single',
    stake,
    oddsChange: 'none',
    selections: [{ eventId: match.eventId, marketId: match.oneXTwo, outcomeId, odds: price }],
  };
}

async function balance(userId: string, kind: 'main' | 'bonus' | 'bet_hold'): Promise<bigint> {
  return await testApp.app.services.ledger.balance(userId, 'USD', kind);
}

async function stakeTransactions(ticketId: string): Promise<number> {
  const rows = await testApp.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('type', '=', 'sport_stake')
    .where('external_reference', '=', `sport_stake:${ticketId}`)
    .execute();
  return rows.length;
}

async function expectLedgerConsistent() {
  const report = await testApp.app.services.ledger.check();
  expect(report.violations).toEqual([]);
}

async function outcomeLiability(marketId: number, outcomeId: string): Promise<bigint> {
  const row = await testApp.db
    .selectFrom('sport_liability')
    .select('liability_minor')
    .where('market_id', '=', BigInt(marketId))
    .where('outcome_id', '=', outcomeId)
    .executeTakeFirst();
  return row ? BigInt(row.liability_minor) : 0n;
}

async function setLimits(body: Record<string, unknown>) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/api/backoffice/v1/sport/limits',
    headers: bearer(admin),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new BonusWorld(testApp, admin);
  offerId = (await world.createOffer({ type: 'promo', wager: 100, deadlineHours: 24 })).id;
});

afterAll(async () => {
  await testApp.close();
});

describe('pre-match tickets', () => {
  test('a single is accepted at once: the stake moves to the house once, the ticket reads back', async () => {
    const player = await fundedPlayer(usd('100'));
    const match = await newMatch();
    const ticket = await placeOk(player, single(match));
    expect(ticket).toMatchObject({
      type: 'single',
      status: 'accepted',
      reason: null,
      stake: '10.00',
      potentialPayout: '21.00',
      odds: '2.10',
      lines: 1,
      currency: 'USD',
      cashoutAvailable: true,
    });
    expect(ticket.legs[0]).toMatchObject({
      eventName: 'Arsenal v Chelsea',
      marketName: '1x2',
      outcomeName: 'Arsenal',
      odds: '2.10',
      live: false,
      status: 'open',
    });
    expect(await balance(player.userId, 'main')).toBe(usd('90'));
    expect(await balance(player.userId, 'bet_hold')).toBe(0n);
    expect(await stakeTransactions(ticket.id)).toBe(1);
    // liability: potential payout − stake on the backed outcome, and on the player
    expect(await outcomeLiability(match.oneXTwo, '1')).toBe(usd('11'));

    const read = await testApp.app.inject({
      url: `/api/v2/sport/bets/${ticket.id}`,
      headers: bearer(player),
    });
    expect(read.statusCode).toBe(200);
    expect(sportTicketSchema.parse(read.json())).toEqual(ticket);
    const open = await testApp.app.inject({
      url: '/api/v2/sport/bets?status=open',
      headers: bearer(player),
    });
    expect(sportTicketsPageSchema.parse(open.json())).toMatchObject({
      items: [{ id: ticket.id }],
      meta: { total: 1 },
    });
    const settled = await testApp.app.inject({
      url: '/api/v2/sport/bets?status=settled',
      headers: bearer(player),
    });
    expect(sportTicketsPageSchema.parse(settled.json()).items).toEqual([]);
    await expectLedgerConsistent();
  });

  test('an accumulator pays the product of its odds; a system stakes evenly on its lines', async () => {
    const player = await fundedPlayer(usd('100'));
    const [first, second, third] = [await newMatch(), await newMatch(), await newMatch()];
    if (!first || !second || !third) throw new Error('matches');
    const accumulator = await placeOk(player, {
      type: 'accumulator',
      stake: '5.00',
      oddsChange: 'none',
      selections: [
        { eventId: first.eventId, marketId: first.oneXTwo, outcomeId: '1', odds: '2.10' },
        { eventId: second.eventId, marketId: second.total, outcomeId: 'over', odds: '1.90' },
      ],
    });
    // 5.00 × 2.10 × 1.90 = 19.95
    expect(accumulator).toMatchObject({
      status: 'accepted',
      potentialPayout: '19.95',
      odds: '3.99',
    });
    const trixie = await placeOk(player, {
      type: 'system',
      systemSize: 'trixie',
      stake: '4.00',
      oddsChange: 'none',
      selections: [
        { eventId: first.eventId, marketId: first.oneXTwo, outcomeId: 'X', odds: '3.40' },
        { eventId: second.eventId, marketId: second.oneXTwo, outcomeId: '2', odds: '3.50' },
        { eventId: third.eventId, marketId: third.total, outcomeId: 'under', odds: '1.90' },
      ],
    });
    // four lines of 1.00: 3.4×3.5 + 3.4×1.9 + 3.5×1.9 + 3.4×3.5×1.9 = 11.90 + 6.46 + 6.65 + 22.61
    expect(trixie).toMatchObject({ status: 'accepted', lines: 4, potentialPayout: '47.62' });
    expect(await balance(player.userId, 'main')).toBe(usd('91'));
    expect(await stakeTransactions(accumulator.id)).toBe(1);
    expect(await stakeTransactions(trixie.id)).toBe(1);
    await expectLedgerConsistent();
  });

  test('a repeat with the same key answers the same ticket and moves nothing more', async () => {
    const player = await fundedPlayer(usd('50'));
    const match = await newMatch();
    const key = randomUUID();
    const first = await place(player, single(match), key);
    const again = await place(player, single(match), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balance(player.userId, 'main')).toBe(usd('40'));
    await expectLedgerConsistent();
  });

  test("another player's ticket is 404, like a missing one", async () => {
    const owner = await fundedPlayer(usd('50'));
    const other = await fundedPlayer(0n);
    const ticket = await placeOk(owner, single(await newMatch()));
    for (const id of [ticket.id, randomUUID()]) {
      expectError(
        await testApp.app.inject({ url: `/api/v2/sport/bets/${id}`, headers: bearer(other) }),
        'not_found',
      );
    }
    const list = await testApp.app.inject({ url: '/api/v2/sport/bets', headers: bearer(other) });
    expect(sportTicketsPageSchema.parse(list.json()).items).toEqual([]);
  });
});

describe("the player's ticket lists", () => {
  test('page by cursor, newest first, open and settled apart: the same pages as by offset', async () => {
    const player = await fundedPlayer(usd('100'));
    const match = await newMatch();
    const base = clock.now().getTime();
    const ids: string[] = [];
    for (let index = 0; index < 17; index += 1) {
      ids.push(
        await acceptedTicket(testApp, {
          userId: player.userId,
          type: 'single',
          stakeMinor: usd('1'),
          // three tickets an instant: the id orders those
          placedAt: new Date(base - Math.floor(index / 3) * 1000),
          selections: [
            { eventId: match.eventId, marketId: match.oneXTwo, outcomeId: '1', odds: '2.10' },
          ],
        }),
      );
    }
    // every other ticket lost (its stake stays with the house: no money moves)
    await testApp.db
      .updateTable('sport_tickets')
      .set({ status: 'lost', payout_minor: 0n, settled_at: new Date(base) })
      .where(
        'id',
        'in',
        ids.filter((_, index) => index % 2 === 1),
      )
      .execute();
    const list = async (query: string) => {
      const response = await testApp.app.inject({
        url: `/api/v2/sport/bets?${query}`,
        headers: bearer(player),
      });
      expect(response.statusCode, response.body).toBe(200);
      return sportTicketsPageSchema.parse(response.json());
    };
    for (const [status, open] of [
      ['open', true],
      ['settled', false],
    ] as const) {
      const expected = (
        await testApp.db
          .selectFrom('sport_tickets')
          .select('id')
          .where('user_id', '=', player.userId)
          .where('status', open ? 'in' : 'not in', ['pending', 'accepted'])
          .orderBy('placed_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((row) => row.id);
      expect(expected).toHaveLength(open ? 9 : 8);
      const byCursor: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`status=${status}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.meta).toMatchObject({
          offset: byCursor.length,
          limit: 4,
          total: expected.length,
          totalCapped: false,
        });
        byCursor.push(...page.items.map((ticket) => ticket.id));
        cursor = page.meta.nextCursor;
      } while (cursor !== null);
      expect(byCursor).toEqual(expected);
      const byOffset: string[] = [];
      for (let offset = 0; offset < expected.length; offset += 4) {
        const page = await list(`status=${status}&limit=4&offset=${offset}`);
        byOffset.push(...page.items.map((ticket) => ticket.id));
      }
      expect(byOffset).toEqual(expected);
      // past the end: nothing, and the total is what there is
      const past = await list(`status=${status}&limit=4&offset=40`);
      expect(past.items).toEqual([]);
      expect(past.meta).toMatchObject({ total: expected.length, nextCursor: null });
    }
    for (const cursor of ['not-a-cursor', Buffer.from('[4,"x"]').toString('base64url')]) {
      const body = expectError(
        await testApp.app.inject({
          url: `/api/v2/sport/bets?cursor=${cursor}`,
          headers: bearer(player),
        }),
        'validation_error',
      );
      expect(JSON.stringify(body)).toContain('cursor');
    }
    await expectLedgerConsistent();
  });
});

describe('refusals leave no money moved', () => {
  test('every refusal code, each with its payload', async () => {
    const player = await fundedPlayer(usd('20'));
    const match = await newMatch();
    const other = await newMatch();

    // a selection at most once; the system size must fit
    expectError(
      await place(player, {
        type: 'accumulator',
        stake: '1.00',
        oddsChange: 'none',
        selections: [
          { eventId: match.eventId, marketId: match.oneXTwo, outcomeId: '1', odds: '2.10' },
          { eventId: match.eventId, marketId: match.oneXTwo, outcomeId: '1', odds: '2.10' },
        ],
      }),
      'validation_error',
    );
    expectError(
      await place(player, {
        type: 'system',
        systemSize: 'yankee',
        stake: '1.00',
        oddsChange: 'none',
        selections: single(match).selections,
      }),
      'validation_error',
    );
    // 1.00 does not divide into the 3 lines of a 2-from-3 system
    const threeEvents = [match, other, await newMatch()];
    expectError(
      await place(player, {
        type: 'system',
        systemSize: 2,
        stake: '1.00',
        oddsChange: 'none',
        selections: threeEvents.map((each) => ({
          eventId: each.eventId,
          marketId: each.oneXTwo,
          outcomeId: '1',
          odds: '2.10',
        })),
      }),
      'validation_error',
    );
    // two selections of one event on a combination
    const related = expectError(
      await place(player, {
        type: 'accumulator',
        stake: '1.00',
        oddsChange: 'none',
        selections: [
          { eventId: match.eventId, marketId: match.oneXTwo, outcomeId: '1', odds: '2.10' },
          { eventId: match.eventId, marketId: match.total, outcomeId: 'over', odds: '1.90' },
        ],
      }),
      'sport_related_selections',
    );
    expect(related.payload).toEqual({ eventIds: [match.eventId] });
    // a price the player did not see, under "accept none"
    const changed = expectError(
      await place(player, single(match, '1', '2.00')),
      'sport_odds_changed',
    );
    expect(changed.payload).toEqual({
      selections: [{ marketId: match.oneXTwo, outcomeId: '1', odds: '2.10' }],
    });
    // stake limits (default 0.10 – 5,000 USD) and the payout limit
    const low = expectError(
      await place(player, single(match, '1', '2.10', '0.05')),
      'sport_stake_limit',
    );
    expect(low.payload).toEqual({ min: '0.10', max: '5000.00', currency: 'USD' });
    await setLimits({ sportId: 1, marketTypeId: 1, maxPayout: '15.00' });
    const payout = expectError(await place(player, single(match)), 'sport_payout_limit');
    expect(payout.payload).toEqual({ maxPayout: '15.00', currency: 'USD' });
    await setLimits({ sportId: 1, marketTypeId: 1 });
    // more than the balance
    const short = expectError(
      await place(player, single(match, '1', '2.10', '25.00')),
      'insufficient_balance',
    );
    expect(short.payload).toMatchObject({ balance: '20.00', amount: '25.00', currency: 'USD' });
    // an operator's suspension; a market the feed suspended (a bet stop)
    await testApp.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/sport/markets/${other.oneXTwo}/suspend`,
      headers: bearer(admin),
    });
    const held = expectError(await place(player, single(other)), 'sport_selection_unavailable');
    expect(held.payload).toEqual({
      selections: [{ marketId: other.oneXTwo, outcomeId: '1', reason: 'selection_unavailable' }],
    });
    await reprice(match, [oneXTwo('2.10', '3.40', '3.50', 'suspended')], false);
    const stopped = expectError(await place(player, single(match)), 'sport_selection_unavailable');
    expect(stopped.payload).toEqual({
      selections: [{ marketId: match.oneXTwo, outcomeId: '1', reason: 'bet_stop' }],
    });
    // a bet factor of 0 stops the player
    const factor = await testApp.app.inject({
      method: 'PUT',
      url: `/api/backoffice/v1/sport/players/${player.userId}/bet-factor`,
      headers: bearer(admin),
      payload: { betFactor: '0' },
    });
    expect(factor.statusCode, factor.body).toBe(200);
    expectError(await place(player, single(await newMatch())), 'sport_stake_limit');

    expect(await balance(player.userId, 'main')).toBe(usd('20'));
    const tickets = await testApp.db
      .selectFrom('sport_tickets')
      .select('id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(tickets).toEqual([]);
    await expectLedgerConsistent();
  });

  test('odds-change policies: higher takes a higher price only, any takes every price', async () => {
    const player = await fundedPlayer(usd('50'));
    const match = await newMatch();
    await reprice(match, [oneXTwo('2.30', '3.40', '3.20')], false);
    // the player saw 2.10 for home: now 2.30 (higher), and 3.50 for away: now 3.20 (lower)
    const higher = await placeOk(player, { ...single(match, '1', '2.10'), oddsChange: 'higher' });
    expect(higher.legs[0]?.odds).toBe('2.30');
    expect(higher.potentialPayout).toBe('23.00');
    expectError(
      await place(player, { ...single(match, '2', '3.50'), oddsChange: 'higher' }),
      'sport_odds_changed',
    );
    const any = await placeOk(player, { ...single(match, '2', '3.50'), oddsChange: 'any' });
    expect(any.legs[0]?.odds).toBe('3.20');
    await expectLedgerConsistent();
  });
});

describe('in play: the bet delay', () => {
  async function decide(ticketId: string) {
    return await testApp.app.services.sportsbook.betting.decide(ticketId);
  }

  test('pending with the stake held, accepted after the delay: the hold posted to the house', async () => {
    const player = await fundedPlayer(usd('50'));
    const match = await newMatch(true);
    const ticket = await placeOk(player, single(match));
    expect(ticket).toMatchObject({ status: 'pending', decidedAt: null, cashoutAvailable: false });
    expect(ticket.legs[0]?.live).toBe(true);
    expect(await balance(player.userId, 'main')).toBe(usd('40'));
    expect(await balance(player.userId, 'bet_hold')).toBe(usd('10'));
    expect(await stakeTransactions(ticket.id)).toBe(0);

    // not before the delay (5 s by default), and the sweep leaves it too
    clock.advance(4_000);
    expect(await decide(ticket.id)).toBeNull();
    expect(await testApp.app.services.sportsbook.betting.decideDue()).toBe(0);
    clock.advance(1_000);
    expect(await testApp.app.services.sportsbook.betting.decideDue()).toBe(1);
    const read = await testApp.app.inject({
      url: `/api/v2/sport/bets/${ticket.id}`,
      headers: bearer(player),
    });
    expect(sportTicketSchema.parse(read.json())).toMatchObject({ status: 'accepted' });
    // decided once: again changes nothing
    expect(await decide(ticket.id)).toBeNull();
    expect(await balance(player.userId, 'bet_hold')).toBe(0n);
    expect(await balance(player.userId, 'main')).toBe(usd('40'));
    expect(await stakeTransactions(ticket.id)).toBe(1);
    await expectLedgerConsistent();
  });

  test('a bet stop during the delay rejects it: the hold voided, the liability released', async () => {
    const player = await fundedPlayer(usd('50'));
    const match = await newMatch(true);
    const ticket = await placeOk(player, single(match));
    expect(await outcomeLiability(match.oneXTwo, '1')).toBe(usd('11'));
    await betStop(match);
    clock.advance(5_000);
    const decided = await decide(ticket.id);
    expect(decided).toMatchObject({ status: 'rejected', reason: 'bet_stop' });
    expect(await balance(player.userId, 'main')).toBe(usd('50'));
    expect(await balance(player.userId, 'bet_hold')).toBe(0n);
    expect(await stakeTransactions(ticket.id)).toBe(0);
    expect(await outcomeLiability(match.oneXTwo, '1')).toBe(0n);
    await expectLedgerConsistent();
  });

  test('a price move during the delay: accepted at the new price per policy, else rejected', async () => {
    const player = await fundedPlayer(usd('50'));
    const match = await newMatch(true);
    const strict = await placeOk(player, single(match, '1'));
    const taker = await placeOk(player, { ...single(match, 'X', '3.40'), oddsChange: 'any' });
    await reprice(match, [oneXTwo('2.00', '3.60', '3.50')]);
    clock.advance(5_000);
    expect(await decide(strict.id)).toMatchObject({ status: 'rejected', reason: 'odds_changed' });
    const repriced = await decide(taker.id);
    expect(repriced).toMatchObject({ status: 'accepted', potentialPayout: '36.00', odds: '3.60' });
    expect(repriced?.legs[0]?.odds).toBe('3.60');
    expect(await outcomeLiability(match.oneXTwo, 'X')).toBe(usd('26'));
    expect(await outcomeLiability(match.oneXTwo, '1')).toBe(0n);
    expect(await balance(player.userId, 'main')).toBe(usd('40'));
    await expectLedgerConsistent();
  });

  test('bonus money: the hold takes the stake plan split and a void returns each part home', async () => {
    const { player, userId } = await world.newPlayer();
    await testApp.app.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `sport-bets-bonus:${randomUUID()}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -usd('4') },
        { account: playerAccount(userId, 'USD', 'main'), amountMinor: usd('4') },
      ],
    });
    await testApp.app.services.transactions.run((transaction) =>
      testApp.app.services.bonuses.lifecycle.grantFixed(transaction, {
        userId,
        offerId,
        amountUsdMinor: usd('20'),
        reference: `sport-bets-bonus:${randomUUID()}`,
      }),
    );
    const bonusBefore = await balance(userId, 'bonus');
    expect(bonusBefore).toBe(usd('20'));
    const match = await newMatch(true);
    const ticket = await placeOk(player, single(match));
    // main money first (4.00), then bonus money (6.00)
    expect(await balance(userId, 'main')).toBe(0n);
    expect(await balance(userId, 'bonus')).toBe(usd('14'));
    const stored = await testApp.db
      .selectFrom('sport_tickets')
      .select(['bonus_stake_minor', 'bonus_id'])
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(BigInt(stored.bonus_stake_minor)).toBe(usd('6'));
    expect(stored.bonus_id).not.toBeNull();
    await betStop(match);
    clock.advance(5_000);
    expect(await testApp.app.services.sportsbook.betting.decide(ticket.id)).toMatchObject({
      status: 'rejected',
    });
    expect(await balance(userId, 'main')).toBe(usd('4'));
    expect(await balance(userId, 'bonus')).toBe(usd('20'));
    await expectLedgerConsistent();
  });
});

describe('concurrency', () => {
  test('50 simultaneous tickets whose stakes exceed the balance accept exactly the affordable ones', async () => {
    const player = await fundedPlayer(usd('123'));
    const matches = await Promise.all(Array.from({ length: 5 }, () => newMatch()));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const match = matches[index % matches.length] as Match;
        return place(
          player,
          single(match, ['1', 'X', '2'][index % 3], ['2.10', '3.40', '3.50'][index % 3]),
        );
      }),
    );
    const accepted = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode !== 201);
    for (const response of refused) expectError(response, 'insufficient_balance');
    // 10.00 each: 12 fit into 123.00
    expect(accepted).toHaveLength(12);
    expect(await balance(player.userId, 'main')).toBe(usd('3'));
    const tickets = await testApp.db
      .selectFrom('sport_tickets')
      .select('id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(tickets).toHaveLength(12);
    await expectLedgerConsistent();
  });

  test('concurrent tickets never take a market outcome above its liability limit', async () => {
    const match = await newMatch();
    // the market may lose at most 100.00 on one outcome; each ticket stands to win 11.00 net
    await setLimits({ sportId: 1, marketTypeId: 1, marketLiability: '100.00' });
    try {
      const players = await Promise.all(Array.from({ length: 12 }, () => fundedPlayer(usd('50'))));
      const responses = await Promise.all(
        players.flatMap((player) => [place(player, single(match)), place(player, single(match))]),
      );
      const accepted = responses.filter((response) => response.statusCode === 201).length;
      for (const response of responses.filter((each) => each.statusCode !== 201)) {
        const body = expectError(response, 'sport_liability_limit');
        expect(body.payload).toMatchObject({ currency: 'USD' });
      }
      expect(accepted).toBe(9);
      expect(await outcomeLiability(match.oneXTwo, '1')).toBe(usd('99'));
      const liability = await testApp.app.inject({
        url: `/api/backoffice/v1/sport/liability?marketId=${match.oneXTwo}`,
        headers: bearer(admin),
      });
      expect(liability.json()).toMatchObject({
        total: '99.00',
        markets: [
          {
            marketId: match.oneXTwo,
            outcomes: [{ outcomeId: '1', liability: '99.00', tickets: 9 }],
          },
        ],
      });
    } finally {
      await setLimits({ sportId: 1, marketTypeId: 1 });
    }
    await expectLedgerConsistent();
  });
});

describe('pre-match tickets in batches', () => {
  async function globalIdOf(userId: string): Promise<string> {
    const row = await testApp.db
      .selectFrom('users')
      .select('global_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return String(row.global_id);
  }

  async function lastPublication(channel: string): Promise<unknown> {
    const row = await testApp.db
      .selectFrom('realtime_history')
      .select('data')
      .where('channel', '=', channel)
      .orderBy('offset', 'desc')
      .executeTakeFirst();
    return row?.data;
  }

  test('its idempotency record holds the answer and its balance publication the balance after the stake', async () => {
    const player = await fundedPlayer(usd('100'));
    const match = await newMatch();
    const key = randomUUID();
    const response = await place(player, single(match), key);
    expect(response.statusCode, response.body).toBe(201);
    const record = await testApp.db
      .selectFrom('idempotency_keys')
      .select(['status_code', 'response_body'])
      .where('scope', '=', `player:${player.userId}`)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(record.status_code).toBe(201);
    expect(record.response_body).toEqual(response.json());
    const shown = await testApp.app.inject({ url: '/api/v1/balance', headers: bearer(player) });
    const channel = `balance#${await globalIdOf(player.userId)}`;
    expect(await lastPublication(channel)).toEqual(shown.json());
    expect(await balance(player.userId, 'main')).toBe(usd('90'));
    await expectLedgerConsistent();
  });

  test("a batch's stakes count once each for the responsible-gambling usage, as their postings would", async () => {
    const players = await Promise.all([1, 2].map(() => fundedPlayer(usd('100'))));
    const match = await newMatch();
    const batch = await Promise.all(
      players.map((player, index) =>
        batchTicket(player, match, { sheet: { 'USD:main': '10000' }, stake: usd(`${index + 2}`) }),
      ),
    );
    expect((await placeBatch(batch)).map((outcome) => outcome.status)).toEqual([
      'placed',
      'placed',
    ]);
    for (const [index, player] of players.entries()) {
      const usage = await testApp.db
        .selectFrom('player_usage_hours')
        .select(['currency', 'staked_minor', 'won_minor'])
        .where('user_id', '=', player.userId)
        .execute();
      expect(usage).toEqual([
        { currency: 'USD', staked_minor: usd(`${index + 2}`), won_minor: 0n },
      ]);
      const session = await testApp.db
        .selectFrom('player_play_session_totals')
        .select('staked_minor')
        .where('user_id', '=', player.userId)
        .executeTakeFirstOrThrow();
      expect(session.staked_minor).toBe(usd(`${index + 2}`));
    }
    await expectLedgerConsistent();
  });

  test('the same key twice at once: one ticket, one stake, the same answer', async () => {
    const player = await fundedPlayer(usd('100'));
    const match = await newMatch();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      place(player, single(match), key),
      place(player, single(match), key),
    ]);
    expect(first?.statusCode, first?.body).toBe(201);
    expect(second?.statusCode, second?.body).toBe(201);
    expect(second?.json()).toEqual(first?.json());
    expect(await balance(player.userId, 'main')).toBe(usd('90'));
    const tickets = await testApp.db
      .selectFrom('sport_tickets')
      .select('id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(tickets).toHaveLength(1);
    await expectLedgerConsistent();
  });

  async function sessionIdOf(userId: string): Promise<string> {
    const row = await testApp.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function fingerprint(): Promise<string> {
    return (await new BettingRepository().settings(testApp.db)).fingerprint;
  }

  /** A pre-match single of 10.00 at 2.10 as the batch statement takes it. */
  async function batchTicket(
    player: Player,
    match: Match,
    options: { sheet: Record<string, string>; key?: string; odds?: string; stake?: bigint },
  ): Promise<BatchTicket> {
    const id = randomUUID();
    const stake = options.stake ?? usd('10');
    const price = options.odds ?? '2.10';
    return {
      ticket: {
        id,
        userId: player.userId,
        type: 'single',
        systemSize: null,
        folds: [1],
        lines: 1,
        oddsChange: 'none',
        currency: 'USD',
        mainMinor: stake,
        bonusMinor: 0n,
        bonusId: null,
        potentialPayoutMinor: (stake * 21n) / 10n,
        odds: price,
        live: false,
        acceptAfter: null,
        now: clock.now(),
        liabilityMinor: (stake * 11n) / 10n,
      },
      legs: [
        {
          eventId: String(match.eventId),
          marketId: String(match.oneXTwo),
          outcomeId: '1',
          odds: price,
          limitMinor: usd('1000000'),
        },
      ],
      playerLimitMinor: usd('1000000'),
      sessionId: await sessionIdOf(player.userId),
      betFactor: '1.000',
      sheet: options.sheet,
      idempotency: {
        scope: `player:${player.userId}`,
        key: options.key ?? randomUUID(),
        hash: Buffer.alloc(32),
        body: { id },
      },
      publication: {
        channel: `balance#${await globalIdOf(player.userId)}`,
        data: '{"stale":true}',
      },
    };
  }

  async function placeBatch(batch: BatchTicket[], print?: string) {
    return await new BettingRepository().placeTickets(
      testApp.db,
      batch,
      print ?? (await fingerprint()),
      100,
    );
  }

  async function ticketExists(id: string): Promise<boolean> {
    const row = await testApp.db
      .selectFrom('sport_tickets')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  test('a context that moved since it was read (a balance, a used key, a bonus, the limits) writes nothing', async () => {
    const player = await fundedPlayer(usd('100'));
    const match = await newMatch();
    const channel = `balance#${await globalIdOf(player.userId)}`;
    const before = await lastPublication(channel);
    const expectNothingWritten = async (ticket: BatchTicket) => {
      expect(await ticketExists(ticket.ticket.id)).toBe(false);
      expect(
        await testApp.db
          .selectFrom('idempotency_keys')
          .select('key')
          .where('key', '=', ticket.idempotency.key)
          .where('scope', '=', `player:${player.userId}`)
          .executeTakeFirst(),
      ).toBeUndefined();
      expect(await balance(player.userId, 'main')).toBe(usd('100'));
      expect(await outcomeLiability(match.oneXTwo, '1')).toBe(0n);
      expect(await lastPublication(channel)).toEqual(before);
    };

    // the balance read was 99.00, it is 100.00: the publication computed from it would lie
    const moved = await batchTicket(player, match, { sheet: { 'USD:main': '9900' } });
    expect((await placeBatch([moved]))[0]?.status).toBe('moved');
    await expectNothingWritten(moved);

    // the operators' limits moved since the process read them
    const limits = await batchTicket(player, match, { sheet: { 'USD:main': '10000' } });
    expect((await placeBatch([limits], 'another fingerprint'))[0]?.status).toBe('limits');
    await expectNothingWritten(limits);

    // the player's bet factor moved since the process read it
    const factor = await batchTicket(player, match, { sheet: { 'USD:main': '10000' } });
    expect((await placeBatch([{ ...factor, betFactor: '2.000' }]))[0]?.status).toBe('stale');
    await expectNothingWritten(factor);

    // the key was claimed meanwhile (by the general path, say)
    const used = randomUUID();
    await place(player, single(match), used);
    const claimed = await batchTicket(player, match, { sheet: { 'USD:main': '9000' }, key: used });
    expect((await placeBatch([claimed]))[0]?.status).toBe('key');
    expect(await ticketExists(claimed.ticket.id)).toBe(false);
    expect(await balance(player.userId, 'main')).toBe(usd('90'));

    // a bonus opened meanwhile: the stake plan read no bonus
    await testApp.app.services.transactions.run((transaction) =>
      testApp.app.services.bonuses.lifecycle.grantFixed(transaction, {
        userId: player.userId,
        offerId,
        amountUsdMinor: usd('20'),
        reference: `sport-bets-instant-bonus:${randomUUID()}`,
      }),
    );
    const bonus = await batchTicket(player, match, { sheet: { 'USD:main': '9000' } });
    expect((await placeBatch([bonus]))[0]?.status).toBe('bonus');
    expect(await ticketExists(bonus.ticket.id)).toBe(false);
    expect(await balance(player.userId, 'main')).toBe(usd('90'));
    await expectLedgerConsistent();
  });

  test('the checks look each ticket up by index, whatever the tables held when the connection planned them', async () => {
    // A connection of its own, which plans the batch statement now, on this file's small tables
    // (as a pooled connection does after a restart), with each nested statement's plan sent to it.
    const plans: string[] = [];
    const pool = new pg.Pool({ connectionString: testApp.databaseUrl, max: 1 });
    pool.on('connect', (client) => {
      client.on('notice', (notice) => plans.push(notice.message ?? ''));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await sql`LOAD 'auto_explain'`.execute(db);
      await sql`SET auto_explain.log_min_duration = 0`.execute(db);
      await sql`SET auto_explain.log_nested_statements = on`.execute(db);
      await sql`SET auto_explain.log_level = notice`.execute(db);
      const player = await fundedPlayer(usd('100'));
      const match = await newMatch();
      const outcomes = await new BettingRepository().placeTickets(
        db,
        [await batchTicket(player, match, { sheet: { 'USD:main': '10000' } })],
        await fingerprint(),
        100,
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['placed']);
    } finally {
      await db.destroy();
    }
    const checks = plans.find((plan) => plan.includes('WHEN t.sheet IS DISTINCT FROM'));
    if (!checks) throw new Error(`no plan of the checks among ${plans.length}`);
    // An EXISTS may be planned as a hash of its whole table, built on every call: an index scan
    // with no condition on the ticket (or a sequential scan) under the statement.
    const lines = checks.split('\n');
    const probed = (table: string, condition: string) => {
      const at = lines.findIndex((line) => line.includes(` on ${table} `));
      expect(at, `${table} in\n${checks}`).toBeGreaterThanOrEqual(0);
      const scan = lines.slice(at, at + 6).join('\n');
      expect(scan, checks).toContain(condition);
    };
    expect(checks).not.toContain('Seq Scan');
    probed('idempotency_keys k', '(scope = t.scope) AND (key = t.key)');
    probed('users u', '(id = t.user_id)');
    probed('user_bonuses b', 'user_id = t.user_id');
    probed('player_limits l', 'user_id = t.user_id');
    probed('player_exclusions x', 'user_id = t.user_id');
    probed('users ru', '(id = t.user_id)');
    await expectLedgerConsistent();
  });

  test('a batch: refused tickets leave nothing and never refuse their neighbours', async () => {
    const match = await newMatch();
    const [first, repriced, short, last] = await Promise.all(
      [usd('100'), usd('100'), usd('5'), usd('100')].map((amount) => fundedPlayer(amount)),
    );
    if (!first || !repriced || !short || !last) throw new Error('four players');
    const batch = [
      await batchTicket(first, match, { sheet: { 'USD:main': '10000' } }),
      // the price asked is not the one shown
      await batchTicket(repriced, match, { sheet: { 'USD:main': '10000' }, odds: '2.20' }),
      // 10.00 asked of 5.00
      await batchTicket(short, match, { sheet: { 'USD:main': '500' } }),
      await batchTicket(last, match, { sheet: { 'USD:main': '10000' } }),
    ];
    const outcomes = await placeBatch(batch);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'placed',
      'selection',
      'short',
      'placed',
    ]);
    expect(JSON.parse(outcomes[2]?.detail ?? '{}')).toMatchObject({
      currency: 'USD',
      balanceMinor: '500',
      debitMinor: '1000',
    });
    expect(outcomes[0]?.position).not.toBeNull();
    expect(outcomes[1]?.position).toBeNull();
    expect(await Promise.all(batch.map((ticket) => ticketExists(ticket.ticket.id)))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(await balance(first.userId, 'main')).toBe(usd('90'));
    expect(await balance(repriced.userId, 'main')).toBe(usd('100'));
    expect(await balance(short.userId, 'main')).toBe(usd('5'));
    expect(await balance(last.userId, 'main')).toBe(usd('90'));
    // two tickets of 11.00 net each, none of the refused ones
    expect(await outcomeLiability(match.oneXTwo, '1')).toBe(usd('22'));
    const keys = await testApp.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where(
        'key',
        'in',
        batch.map((ticket) => ticket.idempotency.key),
      )
      .execute();
    expect(keys).toHaveLength(2);
    await expectLedgerConsistent();
  });

  test('a market liability limit refuses the batch ticket that would pass it, not the ones before', async () => {
    const match = await newMatch();
    const players = await Promise.all([1, 2, 3].map(() => fundedPlayer(usd('100'))));
    const batch = await Promise.all(
      players.map(async (player) => {
        const ticket = await batchTicket(player, match, { sheet: { 'USD:main': '10000' } });
        // the outcome may lose 25.00; each ticket stands to win 11.00 net
        return {
          ...ticket,
          legs: ticket.legs.map((leg) => ({ ...leg, limitMinor: usd('25') })),
        };
      }),
    );
    const outcomes = await placeBatch(batch);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['placed', 'placed', 'market']);
    expect(await outcomeLiability(match.oneXTwo, '1')).toBe(usd('22'));
    expect(await balance(players[2]?.userId ?? '', 'main')).toBe(usd('100'));
    await expectLedgerConsistent();
  });

  test("a batch of singles and accumulators: each ticket's legs stored in order, its liability checked on its own legs", async () => {
    const [home, away] = [await newMatch(), await newMatch()];
    const players = await Promise.all([1, 2, 3, 4].map(() => fundedPlayer(usd('100'))));
    const leg = (
      match: Match,
      market: 'oneXTwo' | 'total',
      outcomeId: string,
      limitMinor: bigint,
    ) => ({
      eventId: String(match.eventId),
      marketId: String(match[market]),
      outcomeId,
      odds: market === 'oneXTwo' ? '2.10' : '1.90',
      limitMinor,
    });
    const ticketOf = async (
      index: number,
      legs: Array<ReturnType<typeof leg>>,
      liabilityMinor: bigint,
    ): Promise<BatchTicket> => {
      const player = players[index];
      if (!player) throw new Error('four players');
      const ticket = await batchTicket(player, home, { sheet: { 'USD:main': '10000' } });
      return {
        ...ticket,
        ticket: {
          ...ticket.ticket,
          type: legs.length > 1 ? 'accumulator' : 'single',
          folds: [legs.length],
          liabilityMinor,
        },
        legs,
      };
    };
    const batch = [
      await ticketOf(0, [leg(home, 'oneXTwo', '1', usd('1000'))], usd('11')),
      // its first leg fits; its second (limit 25.00) does not: refused, counting for nothing
      await ticketOf(
        1,
        [leg(away, 'oneXTwo', '1', usd('1000')), leg(home, 'total', 'over', usd('25'))],
        usd('29.90'),
      ),
      await ticketOf(2, [leg(home, 'total', 'over', usd('25'))], usd('9')),
      await ticketOf(
        3,
        [leg(away, 'total', 'under', usd('1000')), leg(home, 'oneXTwo', '1', usd('1000'))],
        usd('29.90'),
      ),
    ];
    const outcomes = await placeBatch(batch);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'placed',
      'market',
      'placed',
      'placed',
    ]);
    expect(await outcomeLiability(home.oneXTwo, '1')).toBe(usd('40.90'));
    expect(await outcomeLiability(home.total, 'over')).toBe(usd('9'));
    expect(await outcomeLiability(away.oneXTwo, '1')).toBe(0n);
    expect(await outcomeLiability(away.total, 'under')).toBe(usd('29.90'));
    const legs = await testApp.db
      .selectFrom('sport_ticket_legs')
      .select(['ticket_id', 'position', 'market_id', 'outcome_id', 'odds'])
      .where(
        'ticket_id',
        'in',
        batch.map((ticket) => ticket.ticket.id),
      )
      .orderBy('ticket_id')
      .orderBy('position')
      .execute();
    expect(
      legs
        .filter((row) => row.ticket_id === batch[3]?.ticket.id)
        .map((row) => [row.position, Number(row.market_id), row.outcome_id, Number(row.odds)]),
    ).toEqual([
      [0, away.total, 'under', 1.9],
      [1, home.oneXTwo, '1', 2.1],
    ]);
    expect(legs).toHaveLength(4);
    const tickets = await testApp.db
      .selectFrom('sport_tickets')
      .select(['id', 'type', 'folds', 'liability_minor', 'stake_minor', 'status'])
      .where(
        'id',
        'in',
        batch.map((ticket) => ticket.ticket.id),
      )
      .execute();
    expect(tickets).toHaveLength(3);
    expect(tickets.find((row) => row.id === batch[3]?.ticket.id)).toMatchObject({
      type: 'accumulator',
      folds: [2],
      status: 'accepted',
    });
    expect(await balance(players[1]?.userId ?? '', 'main')).toBe(usd('100'));
    expect(await balance(players[3]?.userId ?? '', 'main')).toBe(usd('90'));
    await expectLedgerConsistent();
  });

  test('a replay of a key in the same batch as its original: one ticket, one stake', async () => {
    const player = await fundedPlayer(usd('100'));
    const match = await newMatch();
    const key = randomUUID();
    const original = await batchTicket(player, match, { sheet: { 'USD:main': '10000' }, key });
    const replay = await batchTicket(player, match, { sheet: { 'USD:main': '10000' }, key });
    const outcomes = await placeBatch([original, replay]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['placed', 'key']);
    expect(await ticketExists(replay.ticket.id)).toBe(false);
    expect(await balance(player.userId, 'main')).toBe(usd('90'));
    expect(await stakeTransactions(original.ticket.id)).toBe(1);
    await expectLedgerConsistent();
  });

  test("an operator's change in another process applies to the next ticket (limits, bet factor)", async () => {
    const player = await fundedPlayer(usd('100'));
    const match = await newMatch();
    // this process now keeps the limits and the player's context
    await placeOk(player, single(match));
    // another process's operator: no invalidation reaches this one
    await testApp.db
      .updateTable('sport_bet_limits')
      .set({ max_stake_minor: String(usd('5')) })
      .where('sport_id', 'is', null)
      .execute();
    try {
      const body = expectError(await place(player, single(match)), 'sport_stake_limit');
      expect(body.payload).toMatchObject({ max: '5.00' });
    } finally {
      await testApp.db
        .updateTable('sport_bet_limits')
        .set({ max_stake_minor: '500000' })
        .where('sport_id', 'is', null)
        .execute();
    }
    await placeOk(player, single(match));
    await testApp.db
      .insertInto('sport_player_limits')
      .values({ user_id: player.userId, bet_factor: '0' })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ bet_factor: '0' }))
      .execute();
    expectError(await place(player, single(match)), 'sport_stake_limit');
    expect(await balance(player.userId, 'main')).toBe(usd('80'));
    await expectLedgerConsistent();
  });
});

describe('operators and retention', () => {
  test('limits and bet factors: roles, audit, and the next ticket sees them', async () => {
    const support = await testApp.app.inject({
      method: 'PUT',
      url: '/api/backoffice/v1/sport/limits',
      headers: bearer(
        await (await import('./support/app.ts')).createOperator(testApp.app, 'support'),
      ),
      payload: { sportId: 1, marketTypeId: null, maxStake: '1.00' },
    });
    expectError(support, 'forbidden');
    const player = await fundedPlayer(usd('50'));
    expectError(
      await testApp.app.inject({ url: '/api/backoffice/v1/sport/limits', headers: bearer(player) }),
      'unauthorized',
    );
    await setLimits({ sportId: 1, marketTypeId: null, maxStake: '5.00' });
    try {
      const match = await newMatch();
      const body = expectError(await place(player, single(match)), 'sport_stake_limit');
      expect(body.payload).toMatchObject({ max: '5.00' });
      await testApp.app.inject({
        method: 'PUT',
        url: `/api/backoffice/v1/sport/players/${player.userId}/bet-factor`,
        headers: bearer(admin),
        payload: { betFactor: '2.5' },
      });
      await placeOk(player, single(match, '1', '2.10', '12.50'));
      const audit = await testApp.db
        .selectFrom('operator_audit_log')
        .select('action')
        .where('action', 'in', ['sport.limits.set', 'sport.player.bet_factor'])
        .execute();
      expect(audit.length).toBeGreaterThanOrEqual(2);
    } finally {
      await setLimits({ sportId: 1, marketTypeId: null });
    }
  });

  test('retention deletes ended events past their time, except those tickets name', async () => {
    const player = await fundedPlayer(usd('50'));
    const backed = await newMatch();
    const unbacked = await newMatch();
    await placeOk(player, single(backed));
    for (const match of [backed, unbacked]) {
      match.version += 1;
      await ingestion().apply(
        odds(match.feedId, match.version, [], { status: 'ended', producer: 'prematch' }),
      );
    }
    await testApp.db
      .updateTable('sport_events')
      .set({ updated_at: new Date(Date.UTC(2000, 0, 1)) })
      .where('id', 'in', [String(backed.eventId), String(unbacked.eventId)])
      .execute();
    await testApp.app.services.sportsbook.retention.purgeClosedEvents(new Date());
    const left = await testApp.db
      .selectFrom('sport_events')
      .select('id')
      .where('id', 'in', [String(backed.eventId), String(unbacked.eventId)])
      .execute();
    expect(left.map((row) => Number(row.id))).toEqual([backed.eventId]);
  });
});
