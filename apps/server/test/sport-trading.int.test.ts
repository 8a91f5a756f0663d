import {
  type SportEvent,
  sportEventSchema,
  sportEventsPageSchema,
  sportFeedHealthSchema,
  sportMarketControlSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseTransaction } from '../src/db/database.ts';
import { systemClock } from '../src/lib/clock.ts';
import { type TransactionOptions, Transactions } from '../src/lib/transactions.ts';
import { AuditRepository } from '../src/modules/backoffice/audit/audit.repository.ts';
import { AuditService } from '../src/modules/backoffice/audit/audit.service.ts';
import { TradingRepository } from '../src/modules/sportsbook/feed/trading.repository.ts';
import { type SportChanges, SportTrading } from '../src/modules/sportsbook/feed/trading.service.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { fixture, odds, oneXTwo, total } from './support/feed-script.ts';

let testApp: TestApp;

/** The transaction opener, whose next transaction fails once at its end as a serialization failure would. */
class FailingOnceTransactions extends Transactions {
  failNext = false;

  override async run<T>(
    fn: (transaction: DatabaseTransaction) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T> {
    return await super.run(async (transaction) => {
      const value = await fn(transaction);
      if (this.failNext) {
        this.failNext = false;
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }
      return value;
    }, options);
  }
}
let admin: SignedIn;
let support: SignedIn;
let finance: SignedIn;
let player: SignedIn;

const base = '/api/backoffice/v1/sport';

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: SignedIn | null,
  payload?: object,
) {
  return testApp.app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload ? { payload } : {}),
  });
}

async function eventIdOf(feedId: string): Promise<number> {
  const row = await testApp.db
    .selectFrom('sport_events')
    .select('id')
    .where('feed_id', '=', feedId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function playerView(eventId: number): Promise<SportEvent> {
  const response = await testApp.app.inject({ url: `/api/v2/sport/events/${eventId}` });
  expect(response.statusCode, response.body).toBe(200);
  return sportEventSchema.parse(response.json());
}

function marketOf(event: SportEvent, typeId: number) {
  const market = event.markets.find((candidate) => candidate.typeId === typeId);
  if (!market) throw new Error(`no market of type ${typeId}`);
  return market;
}

const oddsOf = (market: { outcomes: Array<{ odds: string | null }> }) =>
  market.outcomes.map((outcome) => outcome.odds);

async function auditRows(action: string) {
  return await testApp.db
    .selectFrom('operator_audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('created_at')
    .execute();
}

async function newMatch(
  feedId: string,
): Promise<{ eventId: number; oneXTwoId: number; totalId: number }> {
  const ingestion = testApp.app.services.sportsbook.ingestion;
  await ingestion.apply(fixture(feedId));
  await ingestion.apply(
    odds(feedId, 1, [oneXTwo('2.10', '3.40', '3.50'), total('2.5', '1.90', '1.90')]),
  );
  const eventId = await eventIdOf(feedId);
  const view = await playerView(eventId);
  return { eventId, oneXTwoId: marketOf(view, 1).id, totalId: marketOf(view, 18).id };
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  support = await createOperator(testApp.app, 'support');
  finance = await createOperator(testApp.app, 'finance');
  player = await registerPlayer(testApp.app);
});

afterAll(async () => {
  await testApp.close();
});

describe('operators over the odds feed', () => {
  test('roles: guests and players 401, other roles 403', async () => {
    const { eventId, oneXTwoId } = await newMatch('sr:match:roles');
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined]> = [
      ['GET', `${base}/feed`, undefined],
      ['POST', `${base}/events/${eventId}/suspend`, undefined],
      ['POST', `${base}/events/${eventId}/resume`, undefined],
      ['POST', `${base}/markets/${oneXTwoId}/suspend`, undefined],
      ['POST', `${base}/markets/${oneXTwoId}/resume`, undefined],
      ['PUT', `${base}/markets/${oneXTwoId}/outcomes/1/price`, { odds: '2.50' }],
      ['DELETE', `${base}/markets/${oneXTwoId}/outcomes/1/price`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      expectError(await call(method, url, null, payload), 'unauthorized');
      expectError(await call(method, url, player, payload), 'unauthorized');
      if (method !== 'GET') expectError(await call(method, url, finance, payload), 'forbidden');
    }
    // support handles incidents but does not price
    const priceUrl = `${base}/markets/${oneXTwoId}/outcomes/1/price`;
    expectError(await call('PUT', priceUrl, support, { odds: '2.50' }), 'forbidden');
    expectError(await call('DELETE', priceUrl, support), 'forbidden');
    expect((await call('GET', `${base}/feed`, support)).statusCode).toBe(200);
    expect((await call('POST', `${base}/events/${eventId}/suspend`, support)).statusCode).toBe(200);
    expect((await call('POST', `${base}/events/${eventId}/resume`, support)).statusCode).toBe(200);
    // nothing was changed by the refused calls
    const view = await playerView(eventId);
    expect(view.markets.map((market) => market.status)).toEqual(['active', 'active']);
    expect(oddsOf(marketOf(view, 1))).toEqual(['2.10', '3.40', '3.50']);
  });

  test('an event suspension holds while the feed sends active odds; resume shows the feed’s state', async () => {
    const ingestion = testApp.app.services.sportsbook.ingestion;
    const { eventId } = await newMatch('sr:match:event');
    const suspended = await call('POST', `${base}/events/${eventId}/suspend`, support);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({ id: eventId, suspended: true });
    // again: idempotent, audited once
    expect((await call('POST', `${base}/events/${eventId}/suspend`, admin)).json()).toEqual({
      id: eventId,
      suspended: true,
    });
    expect((await playerView(eventId)).markets.map((market) => market.status)).toEqual([
      'suspended',
      'suspended',
    ]);

    // the feed keeps sending active odds: stored, not shown as active
    await ingestion.apply(
      odds('sr:match:event', 2, [oneXTwo('2.00', '3.50', '3.70'), total('2.5', '1.85', '1.95')]),
    );
    let view = await playerView(eventId);
    expect(view.markets.map((market) => market.status)).toEqual(['suspended', 'suspended']);
    expect(oddsOf(marketOf(view, 1))).toEqual(['2.00', '3.50', '3.70']);
    const listing = sportEventsPageSchema.parse(
      (await testApp.app.inject({ url: '/api/v2/sport/events?limit=100' })).json(),
    );
    expect(listing.items.find((item) => item.id === eventId)?.mainMarket?.status).toBe('suspended');

    // a market the feed settles meanwhile shows settled, not suspended
    await ingestion.apply({
      type: 'bet_settlement',
      producer: 'live',
      eventId: 'sr:match:event',
      version: 3,
      certainty: 1,
      markets: [
        {
          typeId: 18,
          specifiers: { total: '2.5' },
          outcomes: [
            { id: 'over', result: 'won', voidFactor: 0, deadHeatFactor: 1 },
            { id: 'under', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
          ],
        },
      ],
      timestamp: 10_003,
    });
    expect(marketOf(await playerView(eventId), 18).status).toBe('settled');

    await ingestion.apply(odds('sr:match:event', 4, [oneXTwo('1.95', '3.60', '3.80')]));
    const resumed = await call('POST', `${base}/events/${eventId}/resume`, support);
    expect(resumed.json()).toEqual({ id: eventId, suspended: false });
    expect((await call('POST', `${base}/events/${eventId}/resume`, support)).statusCode).toBe(200);
    view = await playerView(eventId);
    expect(marketOf(view, 1).status).toBe('active');
    expect(oddsOf(marketOf(view, 1))).toEqual(['1.95', '3.60', '3.80']);
    expect(marketOf(view, 18).status).toBe('settled');

    // a feed bet stop after the resume still suspends: the feed's state was kept underneath
    await ingestion.apply({
      type: 'bet_stop',
      producer: 'live',
      eventId: 'sr:match:event',
      version: 5,
      marketTypeIds: null,
      timestamp: 10_005,
    });
    expect(marketOf(await playerView(eventId), 1).status).toBe('suspended');

    const rows = (await auditRows('sport.event.suspend')).filter(
      (row) => row.target_id === String(eventId),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      target_type: 'sport_event',
      payload: { before: { suspended: false }, after: { suspended: true } },
    });
    const resumes = (await auditRows('sport.event.resume')).filter(
      (row) => row.target_id === String(eventId),
    );
    expect(resumes).toHaveLength(1);
    expect(resumes[0]?.payload).toEqual({
      before: { suspended: true },
      after: { suspended: false },
    });
  });

  test('a market suspension holds that market only; resume gives it back to the feed', async () => {
    const ingestion = testApp.app.services.sportsbook.ingestion;
    const { eventId, oneXTwoId } = await newMatch('sr:match:market');
    const response = await call('POST', `${base}/markets/${oneXTwoId}/suspend`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(sportMarketControlSchema.strict().parse(response.json())).toMatchObject({
      id: oneXTwoId,
      eventId,
      suspended: true,
      eventSuspended: false,
      feedStatus: 'active',
      status: 'suspended',
    });
    await ingestion.apply(
      odds('sr:match:market', 2, [oneXTwo('2.20', '3.30', '3.30'), total('2.5', '1.80', '2.00')]),
    );
    let view = await playerView(eventId);
    expect(marketOf(view, 1).status).toBe('suspended');
    expect(marketOf(view, 18).status).toBe('active');
    expect(oddsOf(marketOf(view, 1))).toEqual(['2.20', '3.30', '3.30']);

    // held by the event too: resuming the market alone keeps it suspended
    await call('POST', `${base}/events/${eventId}/suspend`, admin);
    const resumed = await call('POST', `${base}/markets/${oneXTwoId}/resume`, admin);
    expect(resumed.json()).toMatchObject({
      suspended: false,
      eventSuspended: true,
      status: 'suspended',
    });
    expect(marketOf(await playerView(eventId), 1).status).toBe('suspended');
    await call('POST', `${base}/events/${eventId}/resume`, admin);
    view = await playerView(eventId);
    expect(view.markets.map((market) => market.status)).toEqual(['active', 'active']);

    const audited = (await auditRows('sport.market.suspend')).filter(
      (row) => row.target_id === String(oneXTwoId),
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]?.payload).toEqual({
      eventId,
      before: { suspended: false },
      after: { suspended: true },
    });
    expect(
      (await auditRows('sport.market.resume')).filter((row) => row.target_id === String(oneXTwoId)),
    ).toHaveLength(1);
  });

  test('a price override is what players see until removed, whatever the feed sends', async () => {
    const ingestion = testApp.app.services.sportsbook.ingestion;
    const { eventId, oneXTwoId } = await newMatch('sr:match:price');
    const url = `${base}/markets/${oneXTwoId}/outcomes/1/price`;
    const set = await call('PUT', url, admin, { odds: '2.5' });
    expect(set.statusCode, set.body).toBe(200);
    expect(sportMarketControlSchema.strict().parse(set.json()).outcomes[0]).toEqual({
      id: '1',
      odds: '2.50',
      feedOdds: '2.10',
      overrideOdds: '2.50',
      active: true,
    });
    expect(oddsOf(marketOf(await playerView(eventId), 1))).toEqual(['2.50', '3.40', '3.50']);

    await ingestion.apply(odds('sr:match:price', 2, [oneXTwo('2.30', '3.20', '3.40')]));
    expect(oddsOf(marketOf(await playerView(eventId), 1))).toEqual(['2.50', '3.20', '3.40']);
    const listing = sportEventsPageSchema.parse(
      (await testApp.app.inject({ url: '/api/v2/sport/events?limit=100' })).json(),
    );
    expect(
      oddsOf(listing.items.find((item) => item.id === eventId)?.mainMarket ?? { outcomes: [] }),
    ).toEqual(['2.50', '3.20', '3.40']);
    // the same price again changes nothing (one audit row)
    expect((await call('PUT', url, admin, { odds: '2.50' })).statusCode).toBe(200);

    const removed = await call('DELETE', url, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      outcomes: [{ id: '1', odds: '2.30', feedOdds: '2.30', overrideOdds: null }, {}, {}],
    });
    expect((await call('DELETE', url, admin)).statusCode).toBe(200);
    expect(oddsOf(marketOf(await playerView(eventId), 1))).toEqual(['2.30', '3.20', '3.40']);

    const sets = (await auditRows('sport.price_override.set')).filter(
      (row) => row.target_id === String(oneXTwoId),
    );
    expect(sets).toHaveLength(1);
    expect(sets[0]?.payload).toEqual({
      eventId,
      outcomeId: '1',
      feedOdds: '2.10',
      before: { odds: null },
      after: { odds: '2.50' },
    });
    const removals = (await auditRows('sport.price_override.remove')).filter(
      (row) => row.target_id === String(oneXTwoId),
    );
    expect(removals).toHaveLength(1);
    expect(removals[0]?.payload).toEqual({
      eventId,
      outcomeId: '1',
      feedOdds: '2.30',
      before: { odds: '2.50' },
      after: { odds: null },
    });
  });

  test('a price must be on the ladder, of a known outcome of an open market', async () => {
    const ingestion = testApp.app.services.sportsbook.ingestion;
    const { oneXTwoId, totalId } = await newMatch('sr:match:bad-price');
    const url = `${base}/markets/${oneXTwoId}/outcomes/1/price`;
    const offLadder = expectError(
      await call('PUT', url, admin, { odds: '2.03' }),
      'validation_error',
    );
    expect(offLadder.payload).toEqual({
      fields: [
        {
          field: 'odds',
          message: 'Validation.invalid_value',
          params: { below: '2.02', above: '2.04' },
        },
      ],
    });
    for (const odds of ['1.00', '1', '0.5', '1001', '-2', '2.505', 'abc', '']) {
      expectError(await call('PUT', url, admin, { odds }), 'validation_error');
    }
    expectError(await call('PUT', url, admin, { odds: 2.5 }), 'validation_error');
    for (const odds of ['1.01', '1000', '15']) {
      expect((await call('PUT', url, admin, { odds })).statusCode).toBe(200);
    }
    expectError(
      await call('PUT', `${base}/markets/${oneXTwoId}/outcomes/nope/price`, admin, {
        odds: '2.00',
      }),
      'not_found',
    );
    expectError(
      await call('PUT', `${base}/markets/999999/outcomes/1/price`, admin, { odds: '2.00' }),
      'not_found',
    );
    expectError(await call('POST', `${base}/markets/999999/suspend`, admin), 'not_found');
    expectError(await call('POST', `${base}/events/999999/suspend`, admin), 'not_found');
    expectError(await call('POST', `${base}/events/abc/suspend`, admin), 'validation_error');

    await ingestion.apply({
      type: 'bet_settlement',
      producer: 'live',
      eventId: 'sr:match:bad-price',
      version: 2,
      certainty: 1,
      markets: [
        {
          typeId: 18,
          specifiers: { total: '2.5' },
          outcomes: [
            { id: 'over', result: 'won', voidFactor: 0, deadHeatFactor: 1 },
            { id: 'under', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
          ],
        },
      ],
      timestamp: 10_002,
    });
    const closed = expectError(
      await call('PUT', `${base}/markets/${totalId}/outcomes/over/price`, admin, { odds: '2.00' }),
      'sport_market_closed',
    );
    expect(closed.payload).toEqual({ marketId: totalId, status: 'settled' });
    expectError(
      await call('DELETE', `${base}/markets/${totalId}/outcomes/over/price`, admin),
      'sport_market_closed',
    );
  });

  test('feed health: producers, counts, newest message, this process’s ingestion', async () => {
    const ingestion = testApp.app.services.sportsbook.ingestion;
    await ingestion.apply({ type: 'alive', producer: 'live', subscribed: true, timestamp: 1 });
    const { eventId, oneXTwoId } = await newMatch('sr:match:health');
    await call('POST', `${base}/markets/${oneXTwoId}/suspend`, admin);
    const before = sportFeedHealthSchema
      .strict()
      .parse((await call('GET', `${base}/feed`, admin)).json());
    expect(before.producers).toEqual([
      {
        id: 'live',
        name: 'Live',
        up: true,
        lastAliveAt: expect.any(String),
        downSince: null,
      },
      { id: 'prematch', name: 'Pre-match', up: true, lastAliveAt: null, downSince: null },
    ]);
    expect(before.events.live).toBeGreaterThanOrEqual(1);
    expect(before.operatorSuspended.markets).toBeGreaterThanOrEqual(1);
    expect(before.newestMessageAt).not.toBeNull();
    expect(before.ingestion.applied).toBeGreaterThan(0);

    await call('POST', `${base}/events/${eventId}/suspend`, admin);
    await ingestion.apply(odds('sr:match:health', 1, [oneXTwo('2.10', '3.40', '3.50')]));
    await ingestion.apply({ type: 'alive', producer: 'live', subscribed: false, timestamp: 2 });
    const after = sportFeedHealthSchema.parse((await call('GET', `${base}/feed`, admin)).json());
    expect(after.producers[0]).toMatchObject({
      id: 'live',
      up: false,
      downSince: expect.any(String),
    });
    // the total market is now suspended too (by its event)
    expect(after.suspendedMarkets).toBeGreaterThanOrEqual(before.suspendedMarkets + 1);
    expect(after.operatorSuspended.events).toBe(before.operatorSuspended.events + 1);
    expect(after.ingestion.duplicate).toBe(before.ingestion.duplicate + 1);
    expect(after.ingestion.applied).toBe(before.ingestion.applied + 1);
    await ingestion.apply({ type: 'alive', producer: 'live', subscribed: true, timestamp: 3 });
  });

  test('the live channels are told after the change commits, once per change', async () => {
    const { eventId, oneXTwoId } = await newMatch('sr:match:changes');
    const told: Array<{ eventId: number; seen: Promise<SportEvent> }> = [];
    // Reads what players see the moment it is told.
    const changes: SportChanges = {
      eventChanged: (changed) => {
        told.push({
          eventId: changed,
          seen: testApp.app.services.sportsbook.catalog.event(changed),
        });
      },
    };
    const transactions = new FailingOnceTransactions({ db: testApp.db });
    const trading = new SportTrading({
      db: testApp.db,
      repository: new TradingRepository(),
      transactions,
      audit: new AuditService({ repository: new AuditRepository(testApp.db), clock: systemClock }),
      ingestion: testApp.app.services.sportsbook.ingestion,
      changes,
      clock: systemClock,
      overdueMs: 12 * 3_600_000,
    });
    const operatorId = (
      await testApp.db.selectFrom('operators').select('id').executeTakeFirstOrThrow()
    ).id;
    const actor = {
      operatorId,
      context: { ip: '127.0.0.1', inet: null, userAgent: null, requestId: 'test-changes' },
    };

    // the first attempt fails at its end (a serialization failure) and runs again: only the
    // attempt that committed tells
    transactions.failNext = true;
    await trading.setEventSuspended(actor, eventId, true);
    expect(transactions.failNext).toBe(false);
    expect(told.map((entry) => entry.eventId)).toEqual([eventId]);
    expect((await told[0]?.seen)?.markets.map((market) => market.status)).toEqual([
      'suspended',
      'suspended',
    ]);
    await trading.setEventSuspended(actor, eventId, true);
    expect(told).toHaveLength(1);

    await trading.setPrice(actor, oneXTwoId, 'X', '4.00');
    expect(told).toHaveLength(2);
    expect(oddsOf(marketOf((await told[1]?.seen) as SportEvent, 1))).toEqual([
      '2.10',
      '4.00',
      '3.50',
    ]);

    // a refused change tells nobody
    await expect(trading.setPrice(actor, oneXTwoId, 'X', '4.01')).rejects.toThrow();
    await expect(trading.setEventSuspended(actor, 999_999, true)).rejects.toThrow();
    expect(told).toHaveLength(2);
    await trading.setMarketSuspended(actor, oneXTwoId, true);
    await trading.setEventSuspended(actor, eventId, false);
    expect(told.map((entry) => entry.eventId)).toEqual([eventId, eventId, eventId, eventId]);
  });
});
