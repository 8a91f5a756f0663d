import { sportTicketEventSchema, userChannel } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import type { FeedMessage, MarketOdds } from '../src/modules/sportsbook/feed/feed-messages.ts';
import { createTestApp, manualClock, type TestApp } from './support/app.ts';
import { fixture, odds, oneXTwo, total } from './support/feed-script.ts';
import { fundedPlayer } from './support/originals.ts';
import { acceptedTicket } from './support/sport-tickets.ts';

let testApp: TestApp;
const clock = manualClock(new Date('2030-01-01T12:00:00Z'));
const versions = new Map<string, number>();

function nextVersion(feedId: string): number {
  const version = (versions.get(feedId) ?? 1) + 1;
  versions.set(feedId, version);
  return version;
}

type Outcome = {
  id: string;
  result: 'won' | 'lost';
  voidFactor?: 0 | 0.5 | 1;
  deadHeatFactor?: number;
};

function settlement(
  feedId: string,
  market: { typeId: number; specifiers: Record<string, string> },
  outcomes: Outcome[],
): FeedMessage {
  return {
    type: 'bet_settlement',
    producer: 'live',
    eventId: feedId,
    version: nextVersion(feedId),
    certainty: 2,
    markets: [
      {
        ...market,
        outcomes: outcomes.map((outcome) => ({
          id: outcome.id,
          result: outcome.result,
          voidFactor: outcome.voidFactor ?? 0,
          deadHeatFactor: outcome.deadHeatFactor ?? 1,
        })),
      },
    ],
    timestamp: 20_000,
  };
}

const oneXTwoMarket = { typeId: 1, specifiers: {} };
const homeWins: Outcome[] = [
  { id: '1', result: 'won' },
  { id: 'X', result: 'lost' },
  { id: '2', result: 'lost' },
];

let matches = 0;
/** A new match with a 1X2, a total 2.5 and a total 2.25 market: their ids. */
async function newMatch() {
  matches += 1;
  const feedId = `sr:match:settle-${matches}`;
  const ingestion = testApp.app.services.sportsbook.ingestion;
  await ingestion.apply(fixture(feedId));
  const markets: MarketOdds[] = [
    oneXTwo('2.10', '3.40', '3.50'),
    total('2.5', '1.90', '1.90'),
    total('2.25', '1.80', '2.00'),
  ];
  await ingestion.apply(odds(feedId, 1, markets));
  const { rows } = await sql<{ event_id: string; id: string; key: string }>`
    SELECT m.event_id, m.id, m.key FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
    WHERE e.feed_id = ${feedId}`.execute(testApp.db);
  const marketId = (key: string) => Number(rows.find((row) => row.key === key)?.id);
  return {
    feedId,
    eventId: Number(rows[0]?.event_id),
    oneXTwo: marketId('1'),
    total25: marketId('18|total=2.5'),
    total225: marketId('18|total=2.25'),
  };
}

async function feed(message: FeedMessage) {
  await testApp.app.services.sportsbook.ingestion.apply(message);
  // the kick the ingestion gave runs in the background; then one pass of our own
  await testApp.app.services.sportsbook.settlementWorker.idle();
  await testApp.app.services.sportsbook.settlement.settlePending();
}

async function mainBalance(userId: string): Promise<bigint> {
  return await testApp.app.services.ledger.balance(userId, 'USD', 'main');
}

async function ticket(id: string) {
  return await testApp.db
    .selectFrom('sport_tickets')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function legs(id: string) {
  return await testApp.db
    .selectFrom('sport_ticket_legs')
    .select(['status', 'void_factor', 'dead_heat_factor'])
    .where('ticket_id', '=', id)
    .orderBy('position')
    .execute();
}

/** The ticket's settlement postings: type and reference, in order. */
async function postings(id: string) {
  const { rows } = await sql<{ type: string; external_reference: string }>`
    SELECT type, external_reference FROM ledger_transactions
    WHERE metadata->>'ticketId' = ${id} AND type <> 'sport_stake' ORDER BY id`.execute(testApp.db);
  return rows.map((row) => `${row.type} ${row.external_reference}`);
}

async function globalIdOf(userId: string): Promise<string> {
  const row = await testApp.db
    .selectFrom('users')
    .select('global_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return String(row.global_id);
}

async function publishedTickets(globalId: string) {
  const { rows } = await sql<{ data: unknown }>`
    SELECT data FROM realtime_history WHERE channel = ${userChannel('transaction', globalId)}
    ORDER BY "offset"`.execute(testApp.db);
  return rows.map((row) => sportTicketEventSchema.parse(row.data).ticket);
}

beforeAll(async () => {
  testApp = await createTestApp({ clock });
});

afterEach(async () => {
  await testApp.app.services.sportsbook.settlementWorker.idle();
  expect((await testApp.app.services.ledger.check()).violations).toEqual([]);
});

afterAll(async () => {
  await testApp.close();
});

describe('settlement from the feed', () => {
  test('a single wins, loses, is void; each paid once and published on transaction# and balance#', async () => {
    const match = await newMatch();
    const player = await fundedPlayer(testApp, 10_000n);
    const single = (marketId: number, outcomeId: string, odds: string) =>
      acceptedTicket(testApp, {
        userId: player.userId,
        type: 'single',
        stakeMinor: 1_000n,
        selections: [{ eventId: match.eventId, marketId, outcomeId, odds }],
      });
    const winner = await single(match.oneXTwo, '1', '2.10');
    const loser = await single(match.oneXTwo, 'X', '3.40');
    const voided = await single(match.total25, 'over', '1.90');
    expect(await mainBalance(player.userId)).toBe(7_000n);

    await feed(settlement(match.feedId, oneXTwoMarket, homeWins));
    await feed(
      settlement(match.feedId, { typeId: 18, specifiers: { total: '2.5' } }, [
        { id: 'over', result: 'lost', voidFactor: 1 },
        { id: 'under', result: 'lost', voidFactor: 1 },
      ]),
    );

    expect(await ticket(winner)).toMatchObject({
      status: 'won',
      payout_minor: 2100n,
      generation: 0,
    });
    expect(await ticket(loser)).toMatchObject({ status: 'lost', payout_minor: 0n });
    expect(await ticket(voided)).toMatchObject({ status: 'void', payout_minor: 1000n });
    expect(await legs(voided)).toEqual([
      { status: 'void', void_factor: '1.00', dead_heat_factor: '1.00000000' },
    ]);
    expect(await mainBalance(player.userId)).toBe(7_000n + 2_100n + 1_000n);
    expect(await postings(winner)).toEqual([`sport_win sport_settle:${winner}:0`]);
    expect(await postings(loser)).toEqual([]);
    expect(await postings(voided)).toEqual([`sport_refund sport_settle:${voided}:0`]);

    const globalId = await globalIdOf(player.userId);
    const published = await publishedTickets(globalId);
    expect(published.map((view) => [view.id, view.status, view.payout])).toEqual(
      expect.arrayContaining([
        [winner, 'won', '21.00'],
        [loser, 'lost', '0.00'],
        [voided, 'void', '10.00'],
      ]),
    );
    expect(published.find((view) => view.id === winner)?.legs[0]).toMatchObject({
      eventName: 'Arsenal v Chelsea',
      outcomeName: 'Arsenal',
      status: 'won',
    });
    const { rows: balances } = await sql<{ count: string }>`
      SELECT count(*) FROM realtime_history WHERE channel = ${userChannel('balance', globalId)}`.execute(
      testApp.db,
    );
    expect(Number(balances[0]?.count)).toBeGreaterThanOrEqual(2);
  });

  test('quarter lines pay half won and half lost; a dead heat pays odds × its factor', async () => {
    const match = await newMatch();
    const player = await fundedPlayer(testApp, 10_000n);
    const over = await acceptedTicket(testApp, {
      userId: player.userId,
      type: 'single',
      stakeMinor: 1_000n,
      selections: [
        { eventId: match.eventId, marketId: match.total225, outcomeId: 'over', odds: '1.80' },
      ],
    });
    const under = await acceptedTicket(testApp, {
      userId: player.userId,
      type: 'single',
      stakeMinor: 1_000n,
      selections: [
        { eventId: match.eventId, marketId: match.total225, outcomeId: 'under', odds: '2.00' },
      ],
    });
    const deadHeat = await acceptedTicket(testApp, {
      userId: player.userId,
      type: 'single',
      stakeMinor: 1_000n,
      selections: [
        { eventId: match.eventId, marketId: match.oneXTwo, outcomeId: '2', odds: '3.50' },
      ],
    });
    await feed(
      settlement(match.feedId, { typeId: 18, specifiers: { total: '2.25' } }, [
        { id: 'over', result: 'won', voidFactor: 0.5 },
        { id: 'under', result: 'lost', voidFactor: 0.5 },
      ]),
    );
    await feed(
      settlement(match.feedId, oneXTwoMarket, [
        { id: '1', result: 'won', deadHeatFactor: 0.5 },
        { id: 'X', result: 'lost' },
        { id: '2', result: 'won', deadHeatFactor: 0.5 },
      ]),
    );
    // 5.00 back + 5.00 × 1.80; 5.00 back; 10.00 × 3.50 × 0.5
    expect(await ticket(over)).toMatchObject({ status: 'half_won', payout_minor: 1400n });
    expect(await ticket(under)).toMatchObject({ status: 'half_lost', payout_minor: 500n });
    expect(await ticket(deadHeat)).toMatchObject({ status: 'won', payout_minor: 1750n });
    expect(await legs(deadHeat)).toEqual([
      { status: 'won', void_factor: '0.00', dead_heat_factor: '0.50000000' },
    ]);
    expect(await mainBalance(player.userId)).toBe(7_000n + 1_400n + 500n + 1_750n);
  });

  test('an accumulator: a void leg counts 1; a lost leg settles it before the other legs', async () => {
    const first = await newMatch();
    const second = await newMatch();
    const player = await fundedPlayer(testApp, 10_000n);
    const accumulator = (outcome: string) =>
      acceptedTicket(testApp, {
        userId: player.userId,
        type: 'accumulator',
        stakeMinor: 1_000n,
        selections: [
          { eventId: first.eventId, marketId: first.oneXTwo, outcomeId: outcome, odds: '2.10' },
          { eventId: second.eventId, marketId: second.total25, outcomeId: 'over', odds: '1.90' },
        ],
      });
    const withVoid = await accumulator('1');
    const withLoser = await accumulator('X');
    await feed(settlement(first.feedId, oneXTwoMarket, homeWins));
    expect(await ticket(withVoid)).toMatchObject({ status: 'accepted', payout_minor: null });
    expect(await ticket(withLoser)).toMatchObject({ status: 'lost', payout_minor: 0n });
    expect((await legs(withLoser)).map((leg) => leg.status)).toEqual(['lost', 'open']);

    await feed(
      settlement(second.feedId, { typeId: 18, specifiers: { total: '2.5' } }, [
        { id: 'over', result: 'won', voidFactor: 1 },
        { id: 'under', result: 'lost', voidFactor: 1 },
      ]),
    );
    expect(await ticket(withVoid)).toMatchObject({ status: 'won', payout_minor: 2100n });
    expect(await ticket(withLoser)).toMatchObject({ status: 'lost', generation: 0 });
    expect((await legs(withLoser)).map((leg) => leg.status)).toEqual(['lost', 'void']);
    expect(await postings(withLoser)).toEqual([]);
  });

  test('a Trixie waits for every line, then pays each combination', async () => {
    const games = [await newMatch(), await newMatch(), await newMatch()];
    const player = await fundedPlayer(testApp, 10_000n);
    const trixie = await acceptedTicket(testApp, {
      userId: player.userId,
      type: 'system',
      systemSize: 'trixie',
      stakeMinor: 400n,
      selections: games.map((game) => ({
        eventId: game.eventId,
        marketId: game.oneXTwo,
        outcomeId: '1',
        odds: '2.00',
      })),
    });
    await feed(settlement((games[0] as { feedId: string }).feedId, oneXTwoMarket, homeWins));
    await feed(
      settlement((games[1] as { feedId: string }).feedId, oneXTwoMarket, [
        { id: '1', result: 'lost' },
        { id: 'X', result: 'won' },
        { id: '2', result: 'lost' },
      ]),
    );
    expect(await ticket(trixie)).toMatchObject({ status: 'accepted' });
    await feed(settlement((games[2] as { feedId: string }).feedId, oneXTwoMarket, homeWins));
    // four lines of 1.00: the double of legs 1 and 3 pays 4.00, the rest nothing
    expect(await ticket(trixie)).toMatchObject({ status: 'won', payout_minor: 400n });
  });
});

describe('exactly once, rollbacks and cancellations', () => {
  test('a repeated settlement posts nothing; concurrent runs settle each ticket once', async () => {
    const match = await newMatch();
    const players = await Promise.all([1, 2, 3].map(() => fundedPlayer(testApp, 100_000n)));
    const tickets: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      const player = players[index % players.length] as { userId: string };
      tickets.push(
        await acceptedTicket(testApp, {
          userId: player.userId,
          type: 'single',
          stakeMinor: 100n,
          selections: [
            {
              eventId: match.eventId,
              marketId: match.oneXTwo,
              outcomeId: index % 2 ? '1' : '2',
              odds: '2.10',
            },
          ],
        }),
      );
    }
    const message = settlement(match.feedId, oneXTwoMarket, homeWins);
    await testApp.app.services.sportsbook.ingestion.apply(message);
    const settlementService = testApp.app.services.sportsbook.settlement;
    await Promise.all([1, 2, 3, 4].map(() => settlementService.settlePending()));
    await testApp.app.services.sportsbook.settlementWorker.idle();
    // the same message again, and the same results under a newer version
    await feed(message);
    await feed(settlement(match.feedId, oneXTwoMarket, homeWins));
    const { rows } = await sql<{ count: string }>`
      SELECT count(*) FROM ledger_transactions
      WHERE type = 'sport_win' AND metadata->>'ticketId' = ANY (${tickets}::text[])`.execute(
      testApp.db,
    );
    expect(Number(rows[0]?.count)).toBe(15);
    for (const player of players) {
      expect(await mainBalance(player.userId)).toBe(100_000n - 1_000n + 5n * 210n);
    }
  });

  test('a rollback takes the win back; the corrected result pays; spent winnings become a debt', async () => {
    const match = await newMatch();
    const player = await fundedPlayer(testApp, 1_000n);
    const id = await acceptedTicket(testApp, {
      userId: player.userId,
      type: 'single',
      stakeMinor: 1_000n,
      selections: [
        { eventId: match.eventId, marketId: match.oneXTwo, outcomeId: '1', odds: '3.00' },
      ],
    });
    await feed(settlement(match.feedId, oneXTwoMarket, homeWins));
    expect(await mainBalance(player.userId)).toBe(3_000n);
    // the player spends 2,500 of the 3,000
    await testApp.app.services.ledger.postTransaction(testApp.db, {
      type: 'withdrawal',
      externalReference: `spend-${id}`,
      postings: [
        {
          account: {
            owner: { type: 'player', userId: player.userId },
            currency: 'USD',
            kind: 'main',
          },
          amountMinor: -2_500n,
        },
        {
          account: { owner: { type: 'platform' }, currency: 'USD', kind: 'provider_clearing' },
          amountMinor: 2_500n,
        },
      ],
    });
    await feed({
      type: 'rollback_bet_settlement',
      producer: 'live',
      eventId: match.feedId,
      version: nextVersion(match.feedId),
      markets: [oneXTwoMarket],
      timestamp: 20_001,
    });
    expect(await ticket(id)).toMatchObject({
      status: 'accepted',
      payout_minor: null,
      generation: 1,
      debt_minor: 2500n,
    });
    expect(await legs(id)).toEqual([{ status: 'open', void_factor: null, dead_heat_factor: null }]);
    expect(await mainBalance(player.userId)).toBe(0n);

    // the corrected result: a draw... then taken back again, and the home win confirmed
    await feed(
      settlement(match.feedId, oneXTwoMarket, [
        { id: '1', result: 'lost' },
        { id: 'X', result: 'won' },
        { id: '2', result: 'lost' },
      ]),
    );
    expect(await ticket(id)).toMatchObject({ status: 'lost', generation: 1, debt_minor: 2500n });
    await feed(settlement(match.feedId, oneXTwoMarket, homeWins));
    // 3,000 due, 2,500 of it the debt: 500 paid
    expect(await ticket(id)).toMatchObject({
      status: 'won',
      payout_minor: 3000n,
      generation: 2,
      debt_minor: 0n,
    });
    expect(await mainBalance(player.userId)).toBe(500n);
    expect(await postings(id)).toEqual([
      `sport_win sport_settle:${id}:0`,
      `sport_unsettle sport_unsettle:${id}:0`,
      `sport_win sport_settle:${id}:2`,
    ]);
    const history = await testApp.db
      .selectFrom('sport_ticket_settlements')
      .select([
        'generation',
        'status',
        'paid_main_minor',
        'reversed_main_minor',
        'unrecovered_minor',
      ])
      .where('ticket_id', '=', id)
      .orderBy('generation')
      .execute();
    expect(history).toEqual([
      {
        generation: 0,
        status: 'won',
        paid_main_minor: 3000n,
        reversed_main_minor: 500n,
        unrecovered_minor: 2500n,
      },
      {
        generation: 1,
        status: 'lost',
        paid_main_minor: 0n,
        reversed_main_minor: 0n,
        unrecovered_minor: 0n,
      },
      {
        generation: 2,
        status: 'won',
        paid_main_minor: 500n,
        reversed_main_minor: null,
        unrecovered_minor: null,
      },
    ]);
  });

  test('a bet_cancel with a window voids only tickets placed inside it; its rollback restores the result', async () => {
    const match = await newMatch();
    const player = await fundedPlayer(testApp, 10_000n);
    const at = (iso: string) =>
      acceptedTicket(testApp, {
        userId: player.userId,
        type: 'single',
        stakeMinor: 1_000n,
        placedAt: new Date(iso),
        selections: [
          { eventId: match.eventId, marketId: match.oneXTwo, outcomeId: '1', odds: '2.00' },
        ],
      });
    const before = await at('2030-01-01T11:00:00Z');
    const inside = await at('2030-01-01T11:30:00Z');
    await feed(settlement(match.feedId, oneXTwoMarket, homeWins));
    expect(await ticket(inside)).toMatchObject({ status: 'won', payout_minor: 2000n });
    await feed({
      type: 'bet_cancel',
      producer: 'live',
      eventId: match.feedId,
      version: nextVersion(match.feedId),
      markets: [oneXTwoMarket],
      from: Date.parse('2030-01-01T11:15:00Z'),
      to: Date.parse('2030-01-01T11:45:00Z'),
      reason: 'late bets',
      timestamp: 20_002,
    });
    expect(await ticket(before)).toMatchObject({ status: 'won', generation: 0 });
    expect(await ticket(inside)).toMatchObject({
      status: 'void',
      payout_minor: 1000n,
      generation: 1,
    });
    await feed({
      type: 'rollback_bet_cancel',
      producer: 'live',
      eventId: match.feedId,
      version: nextVersion(match.feedId),
      markets: [oneXTwoMarket],
      timestamp: 20_003,
    });
    expect(await ticket(inside)).toMatchObject({
      status: 'won',
      payout_minor: 2000n,
      generation: 2,
    });
    expect(await mainBalance(player.userId)).toBe(8_000n + 2_000n + 2_000n);
  });
});

describe("the ledger's batch entry point (postTransactions)", () => {
  test('posts every movement once; a repeat is replayed; a short account refuses the whole batch', async () => {
    const first = await fundedPlayer(testApp, 1_000n);
    const second = await fundedPlayer(testApp, 1_000n);
    const { ledger, transactions } = testApp.app.services;
    const pay = (userId: string, amountMinor: bigint, reference: string) => ({
      type: 'sport_win',
      externalReference: reference,
      postings: [
        { account: platformAccount('USD', 'house'), amountMinor: -amountMinor },
        { account: playerAccount(userId, 'USD', 'main'), amountMinor },
      ],
    });
    const batch = [
      pay(first.userId, 300n, `batch-test:${first.userId}:1`),
      pay(first.userId, 200n, `batch-test:${first.userId}:2`),
      pay(second.userId, -400n, `batch-test:${second.userId}:1`),
    ];
    const posted = await transactions.run((transaction) =>
      ledger.postTransactions(transaction, batch),
    );
    expect(posted.map((movement) => movement.replayed)).toEqual([false, false, false]);
    expect(await mainBalance(first.userId)).toBe(1_500n);
    expect(await mainBalance(second.userId)).toBe(600n);

    const again = await transactions.run((transaction) =>
      ledger.postTransactions(transaction, [
        ...batch,
        pay(first.userId, 1n, `batch-test:${first.userId}:3`),
      ]),
    );
    expect(again.map((movement) => movement.replayed)).toEqual([true, true, true, false]);
    expect(again[0]?.transactionId).toBe(posted[0]?.transactionId);
    expect(await mainBalance(first.userId)).toBe(1_501n);

    // 600 held: two debits of 400 together are short, and neither is posted
    await expect(
      transactions.run((transaction) =>
        ledger.postTransactions(transaction, [
          pay(first.userId, 5n, `batch-test:${first.userId}:4`),
          pay(second.userId, -400n, `batch-test:${second.userId}:2`),
          pay(second.userId, -400n, `batch-test:${second.userId}:3`),
        ]),
      ),
    ).rejects.toMatchObject({ code: 'insufficient_balance' });
    expect(await mainBalance(first.userId)).toBe(1_501n);
    expect(await mainBalance(second.userId)).toBe(600n);
  });
});
