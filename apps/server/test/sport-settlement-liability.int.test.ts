import { randomUUID } from 'node:crypto';
import {
  type PlaceSportBetBody,
  sportCashoutQuoteSchema,
  sportLiabilitySchema,
  sportTicketSchema,
} from '@casino/contract';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { FeedMessage } from '../src/modules/sportsbook/feed/feed-messages.ts';
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
import { fixture, odds, oneXTwo, total } from './support/feed-script.ts';
import { fund } from './support/sport-cashout-fixture.ts';

/**
 * The acceptance's liability reservations across a ticket's life (issue 20): tickets placed
 * through `POST /api/v2/sport/bets` reserve their liability; settlement gives it back, a
 * settlement taken back reserves it again, a full cash-out gives it back and a partial one
 * lowers it to the kept stake's. After each step the operator's liability read
 * (`GET /api/backoffice/v1/sport/liability`) and the players' open liability are what the open
 * tickets still stand to win.
 */
let testApp: TestApp;
let admin: SignedIn;
const clock = manualClock(new Date(Date.UTC(2030, 0, 1, 12)));
let matches = 0;

interface Match {
  feedId: string;
  eventId: number;
  oneXTwo: number;
  total: number;
  version: number;
}

async function newMatch(): Promise<Match> {
  matches += 1;
  const feedId = `sr:match:liability-${matches}-${randomUUID().slice(0, 6)}`;
  const { ingestion } = testApp.app.services.sportsbook;
  await ingestion.apply(fixture(feedId, { status: 'not_started' }));
  await ingestion.apply(
    odds(feedId, 1, [oneXTwo('2.10', '3.40', '3.50'), total('2.5', '1.90', '1.90')], {
      status: 'not_started',
      producer: 'prematch',
    }),
  );
  const markets = await testApp.db
    .selectFrom('sport_markets as m')
    .innerJoin('sport_events as e', 'e.id', 'm.event_id')
    .select(['m.id', 'm.event_id', 'm.type_id'])
    .where('e.feed_id', '=', feedId)
    .execute();
  const marketOf = (typeId: number) => Number(markets.find((m) => m.type_id === typeId)?.id);
  return {
    feedId,
    eventId: Number(markets[0]?.event_id),
    oneXTwo: marketOf(1),
    total: marketOf(18),
    version: 1,
  };
}

async function feed(match: Match, message: (version: number) => FeedMessage) {
  match.version += 1;
  await testApp.app.services.sportsbook.ingestion.apply(message(match.version));
  await testApp.app.services.sportsbook.settlementWorker.idle();
  await testApp.app.services.sportsbook.settlement.settlePending();
}

function settled(match: Match, typeId: number, specifiers: Record<string, string>, winner: string) {
  const outcomes = typeId === 1 ? ['1', 'X', '2'] : ['over', 'under'];
  return (version: number): FeedMessage => ({
    type: 'bet_settlement',
    producer: 'live',
    eventId: match.feedId,
    version,
    certainty: 2,
    markets: [
      {
        typeId,
        specifiers,
        outcomes: outcomes.map((id) => ({
          id,
          result: id === winner ? 'won' : 'lost',
          voidFactor: 0,
          deadHeatFactor: 1,
        })),
      },
    ],
    timestamp: 30_000 + version,
  });
}

function rolledBack(match: Match) {
  return (version: number): FeedMessage => ({
    type: 'rollback_bet_settlement',
    producer: 'live',
    eventId: match.feedId,
    version,
    markets: [{ typeId: 1, specifiers: {} }],
    timestamp: 30_000 + version,
  });
}

async function newPlayer(): Promise<{ session: SignedIn; userId: string }> {
  const session = await registerPlayer(testApp.app);
  const userId = await userIdOf(testApp, session);
  await fund(testApp, userId, 1_000_00n);
  return { session, userId };
}

async function placed(player: { session: SignedIn }, body: PlaceSportBetBody): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v2/sport/bets',
    headers: { ...bearer(player.session), 'idempotency-key': randomUUID() },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  const ticket = sportTicketSchema.parse(response.json());
  expect(ticket.status).toBe('accepted');
  return ticket.id;
}

function leg(marketId: number, match: Match, outcomeId: string, price: string) {
  return { eventId: match.eventId, marketId, outcomeId, odds: price };
}

/** The operator's read of the events' liability: "match.market:outcome" → "liability (tickets)". */
async function liabilityRead(...events: Match[]): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const [index, match] of events.entries()) {
    const response = await testApp.app.inject({
      url: `/api/backoffice/v1/sport/liability?eventId=${match.eventId}`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    const read = sportLiabilitySchema.parse(response.json());
    for (const market of read.markets) {
      const name = market.marketId === match.oneXTwo ? '1x2' : 'total';
      for (const outcome of market.outcomes) {
        entries[`${index + 1}.${name}:${outcome.outcomeId}`] =
          `${outcome.liability} (${outcome.tickets})`;
      }
    }
  }
  return entries;
}

async function openLiability(userId: string): Promise<bigint> {
  const row = await testApp.db
    .selectFrom('sport_player_limits')
    .select('open_liability_minor')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.open_liability_minor ?? 0n;
}

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await createOperator(testApp.app, 'admin');
});

afterEach(async () => {
  await testApp.app.services.sportsbook.settlementWorker.idle();
  expect((await testApp.app.services.ledger.check()).violations).toEqual([]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('liability across settlement and cash-out', () => {
  test('settlement gives it back; a rollback reserves it again; the resettlement gives it back', async () => {
    const match = await newMatch();
    const other = await newMatch();
    const player = await newPlayer();
    const stake = '10.00';
    // liability = potential payout − stake: 11.00, 24.00, 9.00, 29.90 (10.00 × 2.10 × 1.90)
    await placed(player, {
      type: 'single',
      stake,
      oddsChange: 'none',
      selections: [leg(match.oneXTwo, match, '1', '2.10')],
    });
    await placed(player, {
      type: 'single',
      stake,
      oddsChange: 'none',
      selections: [leg(match.oneXTwo, match, 'X', '3.40')],
    });
    await placed(player, {
      type: 'single',
      stake,
      oddsChange: 'none',
      selections: [leg(other.total, other, 'over', '1.90')],
    });
    await placed(player, {
      type: 'accumulator',
      stake,
      oddsChange: 'none',
      selections: [leg(match.oneXTwo, match, '1', '2.10'), leg(other.total, other, 'over', '1.90')],
    });
    const atAcceptance = {
      '1.1x2:1': '40.90 (2)',
      '1.1x2:X': '24.00 (1)',
      '2.total:over': '38.90 (2)',
    };
    expect(await liabilityRead(match, other)).toEqual(atAcceptance);
    expect(await openLiability(player.userId)).toBe(73_90n);

    // the home win settles both singles on the 1X2; the accumulator waits for the total
    await feed(match, settled(match, 1, {}, '1'));
    expect(await liabilityRead(match, other)).toEqual({
      '1.1x2:1': '29.90 (1)',
      '2.total:over': '38.90 (2)',
    });
    expect(await openLiability(player.userId)).toBe(38_90n);

    // taken back: the two singles are open again and reserve their liability again
    await feed(match, rolledBack(match));
    expect(await liabilityRead(match, other)).toEqual(atAcceptance);
    expect(await openLiability(player.userId)).toBe(73_90n);

    await feed(match, settled(match, 1, {}, '1'));
    await feed(other, settled(other, 18, { total: '2.5' }, 'over'));
    expect(await liabilityRead(match, other)).toEqual({});
    expect(await openLiability(player.userId)).toBe(0n);
    // a repeated decision changes nothing, and gives back nothing twice
    await feed(other, settled(other, 18, { total: '2.5' }, 'over'));
    expect(await openLiability(player.userId)).toBe(0n);
  });

  test('a full cash-out gives it back; a partial one lowers it to the kept stake’s', async () => {
    const match = await newMatch();
    const player = await newPlayer();
    const single = () =>
      placed(player, {
        type: 'single',
        stake: '10.00',
        oddsChange: 'none',
        selections: [leg(match.total, match, 'over', '1.90')],
      });
    const whole = await single();
    const part = await single();
    expect(await liabilityRead(match)).toEqual({ '1.total:over': '18.00 (2)' });

    const quote = async (ticketId: string) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/v2/sport/bets/${ticketId}/cashout/quote`,
        headers: bearer(player.session),
      });
      expect(response.statusCode, response.body).toBe(200);
      return sportCashoutQuoteSchema.parse(response.json());
    };
    const cashOut = async (ticketId: string, body: object) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/v2/sport/bets/${ticketId}/cashout`,
        headers: { ...bearer(player.session), 'idempotency-key': randomUUID() },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
      return sportTicketSchema.parse(response.json());
    };

    const full = await quote(whole);
    expect((await cashOut(whole, { quoteId: full.quoteId })).status).toBe('cashed_out');
    expect(await liabilityRead(match)).toEqual({ '1.total:over': '9.00 (1)' });
    expect(await openLiability(player.userId)).toBe(9_00n);

    // half the quote: half the stake stays at risk, 5.00 at 1.90 (4.50 net)
    const offer = await quote(part);
    const half = (BigInt(offer.amount.replace('.', '')) / 2n).toString().padStart(3, '0');
    const kept = await cashOut(part, {
      quoteId: offer.quoteId,
      amount: `${half.slice(0, -2)}.${half.slice(-2)}`,
    });
    expect(kept.status).toBe('accepted');
    const net = BigInt(kept.potentialPayout.replace('.', '')) - BigInt(kept.stake.replace('.', ''));
    expect(await liabilityRead(match)).toEqual({
      '1.total:over': `${net / 100n}.${(net % 100n).toString().padStart(2, '0')} (1)`,
    });
    expect(await openLiability(player.userId)).toBe(net);
    expect(net).toBeLessThan(9_00n);

    await feed(match, settled(match, 18, { total: '2.5' }, 'over'));
    expect(await liabilityRead(match)).toEqual({});
    expect(await openLiability(player.userId)).toBe(0n);
  });
});
