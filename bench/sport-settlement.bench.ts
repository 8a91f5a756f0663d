/**
 * Sport settlement: 10,000 open tickets on one market settled by the feed's decision, through
 * the server's own services (createServices: the real ledger, bonus engine, realtime events with
 * the built-in engine) on a fresh database. 2,000 funded players hold the tickets: four in five
 * singles on the market (half on the winning outcome), one in five accumulators of that market
 * and a market of a second match that was decided earlier (so they settle now too, won or lost).
 * The clock runs from the `bet_settlement` message's ingestion until the settlement worker it
 * kicked is idle: every ticket settled, its payout posted, its settlement recorded, its liability
 * released, the ticket published on `transaction#` and the balance on `balance#`. The ledger
 * check runs after. Baseline: `pgbench -b tpcb-like` (8 clients, 5 s) on the same server in the
 * same run. The ratio is tickets per second over pgbench transactions per second.
 */
import {
  potentialPayoutMinor,
  ticketFolds,
  ticketLines,
  ticketOddsDisplay,
} from '@casino/contract';
import { sql } from 'kysely';
import { parseConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import {
  platformAccount,
  playerAccount,
} from '../apps/server/src/modules/money/ledger/ledger.service.ts';
import type { FeedMessage } from '../apps/server/src/modules/sportsbook/feed/feed-messages.ts';
import { createServices } from '../apps/server/src/services.ts';
import { fixture, odds, oneXTwo } from '../apps/server/test/support/feed-script.ts';
import { preparePgbench, printResult, recreateDatabase } from './support.ts';

const ticketCount = 10_000;
const playerCount = 2_000;
const accumulatorShare = 5;
const stakeMinor = 100n;
const chunk = 1_000;

function homeWins(feedId: string, version: number): FeedMessage {
  return {
    type: 'bet_settlement',
    producer: 'live',
    eventId: feedId,
    version,
    certainty: 2,
    markets: [
      {
        typeId: 1,
        specifiers: {},
        outcomes: [
          { id: '1', result: 'won', voidFactor: 0, deadHeatFactor: 1 },
          { id: 'X', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
          { id: '2', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
        ],
      },
    ],
    timestamp: Date.now(),
  };
}

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_sport_settlement');
  await runMigrations(databaseUrl);
  const parsed = parseConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/bench-sport-settlement' });
  if (!parsed.success) throw new Error(parsed.problems.join('\n'));
  const db = createDatabase({ connectionString: databaseUrl, maxConnections: 4 });
  const services = createServices({ config: parsed.config, db, clock: systemClock });
  const { sportsbook, ledger, transactions } = services;
  try {
    // two matches: the first's 1X2 is the market settled; the second's decides the accumulators
    const startsAt = Date.now() + 3_600_000;
    const markets: Array<{ feedId: string; eventId: number; marketId: number }> = [];
    for (const feedId of ['sr:match:settle-bench-1', 'sr:match:settle-bench-2']) {
      await sportsbook.ingestion.apply(fixture(feedId, { startsAt }));
      await sportsbook.ingestion.apply(odds(feedId, 1, [oneXTwo('2.10', '3.40', '3.50')]));
      const row = await db
        .selectFrom('sport_markets as m')
        .innerJoin('sport_events as e', 'e.id', 'm.event_id')
        .select(['m.id', 'm.event_id'])
        .where('e.feed_id', '=', feedId)
        .executeTakeFirstOrThrow();
      markets.push({ feedId, eventId: Number(row.event_id), marketId: Number(row.id) });
    }
    const [settled, earlier] = markets as [(typeof markets)[0], (typeof markets)[0]];

    const { rows: users } = await sql<{ id: string }>`
      INSERT INTO users (email, password_hash)
      SELECT 'settle-bench-' || n || '@example.com', 'not-a-login'
      FROM generate_series(1, ${playerCount}) n
      RETURNING id`.execute(db);
    const userIds = users.map((user) => user.id);
    await transactions.run((transaction) =>
      ledger.postTransactions(
        transaction,
        userIds.map((userId) => ({
          type: 'deposit',
          externalReference: `settle-bench-deposit:${userId}`,
          postings: [
            { account: platformAccount('USD', 'provider_clearing'), amountMinor: -100_000n },
            { account: playerAccount(userId, 'USD', 'main'), amountMinor: 100_000n },
          ],
        })),
      ),
    );

    const outcomes = [
      { id: '1', odds: '2.10' },
      { id: 'X', odds: '3.40' },
      { id: '2', odds: '3.50' },
    ];
    const placedAt = new Date();
    for (let start = 0; start < ticketCount; start += chunk) {
      const specs = Array.from({ length: Math.min(chunk, ticketCount - start) }, (_, offset) => {
        const index = start + offset;
        const home = index % 2 === 0;
        const first = home ? outcomes[0] : outcomes[1 + ((index >> 1) % 2)];
        const legs = [{ ...settled, outcome: first as (typeof outcomes)[0] }];
        if (index % accumulatorShare === accumulatorShare - 1) {
          legs.push({ ...earlier, outcome: outcomes[index % 3] as (typeof outcomes)[0] });
        }
        return { userId: userIds[index % playerCount] as string, legs };
      });
      await transactions.run(async (transaction) => {
        const rows = specs.map((spec) => {
          const type = spec.legs.length === 1 ? ('single' as const) : ('accumulator' as const);
          const folds = ticketFolds(type, spec.legs.length) as number[];
          const potential = potentialPayoutMinor(
            stakeMinor,
            spec.legs.map((leg) => leg.outcome.odds),
            folds,
          ) as bigint;
          return {
            user_id: spec.userId,
            type,
            system_size: null,
            folds,
            lines: ticketLines(spec.legs.length, folds),
            status: 'accepted' as const,
            reason: null,
            odds_change: 'any' as const,
            currency: 'USD',
            stake_minor: stakeMinor,
            bonus_stake_minor: 0n,
            bonus_id: null,
            placed_stake_minor: stakeMinor,
            potential_payout_minor: potential,
            odds: ticketOddsDisplay(potential, stakeMinor),
            live: false,
            placed_at: placedAt,
            decided_at: placedAt,
          };
        });
        const ids = await transaction
          .insertInto('sport_tickets')
          .values(rows)
          .returning('id')
          .execute();
        await transaction
          .insertInto('sport_ticket_legs')
          .values(
            specs.flatMap((spec, index) =>
              spec.legs.map((leg, position) => ({
                ticket_id: (ids[index] as { id: string }).id,
                position,
                event_id: leg.eventId,
                market_id: leg.marketId,
                outcome_id: leg.outcome.id,
                odds: leg.outcome.odds,
                live: false,
              })),
            ),
          )
          .execute();
        await ledger.postTransactions(
          transaction,
          specs.map((spec, index) => {
            const id = (ids[index] as { id: string }).id;
            return {
              type: 'sport_stake',
              externalReference: `sport_stake:${id}`,
              postings: [
                { account: playerAccount(spec.userId, 'USD', 'main'), amountMinor: -stakeMinor },
                { account: platformAccount('USD', 'house'), amountMinor: stakeMinor },
              ],
              metadata: { ticketId: id },
            };
          }),
        );
      });
    }
    // the second match is decided first: its accumulators wait on the measured market
    await sportsbook.ingestion.apply(homeWins(earlier.feedId, 2));
    await sportsbook.settlementWorker.idle();

    const startedAt = performance.now();
    await sportsbook.ingestion.apply(homeWins(settled.feedId, 2));
    await sportsbook.settlementWorker.idle();
    const seconds = (performance.now() - startedAt) / 1000;

    const { rows: statuses } = await sql<{ status: string; count: string }>`
      SELECT status, count(*) FROM sport_tickets GROUP BY status ORDER BY status`.execute(db);
    const open = statuses.find((row) => row.status === 'accepted');
    if (open) throw new Error(`${open.count} tickets were left open`);
    const report = await ledger.check();
    if (report.violations.length > 0) {
      throw new Error(`the ledger is inconsistent:\n${report.violations.join('\n')}`);
    }
    const pgbench = await preparePgbench(adminUrl);
    const tps = pgbench.run({ workload: ['-b', 'tpcb-like'], clients: 8, seconds: 5 });
    printResult(
      `sport tickets settled (${ticketCount} on one market, 1 in ${accumulatorShare} accumulators, ${playerCount} players)`,
      ticketCount / seconds,
      'tickets/s',
      tps,
    );
    console.info(
      `  ${seconds.toFixed(2)} s; ${statuses.map((row) => `${row.count} ${row.status}`).join(', ')}; ledger check clean`,
    );
  } finally {
    await db.destroy();
  }
}
