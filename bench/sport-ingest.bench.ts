/**
 * Feed ingestion: the odds feed's messages applied per second by `FeedIngestion.apply` (one
 * transaction per message, as the feed runner does) on a fresh database, beside `pgbench -b
 * tpcb-like` with 8 clients on the same PostgreSQL server. The messages are the seeded match
 * simulator's own (every sport, accelerated time): odds changes mostly, bet stops, settlements,
 * cancellations and rollbacks, heartbeats, new fixtures, generated before the clock starts. The
 * fixtures published up front are applied first (not measured); then 8 workers apply the rest,
 * each owning a share of the events so each event's messages keep their order (as one runner per
 * partition of a real feed would), and three 5-second slices alternate with three of pgbench
 * after a warm-up; the medians are compared (the machine is shared and drifts). A one-worker
 * slice shows what a single runner applying serially reaches.
 */
import { createDatabase } from '../apps/server/src/db/database.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { Transactions } from '../apps/server/src/lib/transactions.ts';
import { FeedRepository } from '../apps/server/src/modules/sportsbook/feed/feed.repository.ts';
import { FeedIngestion } from '../apps/server/src/modules/sportsbook/feed/feed-ingestion.ts';
import type { FeedMessage } from '../apps/server/src/modules/sportsbook/feed/feed-messages.ts';
import { MatchSimulator } from '../apps/server/src/modules/sportsbook/feed/simulator/match-simulator.ts';
import { median, preparePgbench, printResult, recreateDatabase } from './support.ts';

const workers = 8;
const sliceCount = 3;
const sliceSeconds = 5;
const warmupSeconds = 3;
/** enough messages for the warm-up and every slice at several thousand a second */
const messageTarget = 150_000;

/** The simulator's messages from a fixed start, in the order it sends them. */
function simulatedFeed(): { upFront: FeedMessage[]; stream: FeedMessage[] } {
  const start = Date.UTC(2030, 0, 1);
  const simulator = new MatchSimulator({
    seed: 'bench-sport-ingest',
    now: start,
    speed: 20,
    slotIntervalMs: 20_000,
    horizonMs: 30 * 60_000,
  });
  const upFront = simulator.advanceTo(start);
  const stream: FeedMessage[] = [];
  for (let at = start + 1_000; stream.length < messageTarget; at += 1_000) {
    stream.push(...simulator.advanceTo(at));
  }
  return { upFront, stream };
}

function eventOf(message: FeedMessage): string | null {
  return message.type === 'alive' ? null : message.eventId;
}

/** Worker w's messages: those of the events hashed to it, in order (heartbeats: worker 0). */
function partition(stream: readonly FeedMessage[], count: number): FeedMessage[][] {
  const owner = new Map<string, number>();
  const parts: FeedMessage[][] = Array.from({ length: count }, () => []);
  for (const message of stream) {
    const event = eventOf(message);
    let index = 0;
    if (event !== null) {
      index = owner.get(event) ?? owner.size % count;
      owner.set(event, index);
    }
    parts[index]?.push(message);
  }
  return parts;
}

function mixOf(stream: readonly FeedMessage[]): string {
  const counts = new Map<string, number>();
  for (const message of stream) counts.set(message.type, (counts.get(message.type) ?? 0) + 1);
  return [...counts.entries()]
    .sort((left, right) => right[1] - left[1])
    .map(([type, count]) => `${type} ${((100 * count) / stream.length).toFixed(1)}%`)
    .join(', ');
}

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_sport_ingest');
  await runMigrations(databaseUrl, { log: () => {} });
  const db = createDatabase({ connectionString: databaseUrl, maxConnections: workers });
  let changesTold = 0;
  try {
    const ingestion = new FeedIngestion({
      repository: new FeedRepository(),
      transactions: new Transactions({ db }),
      clock: systemClock,
      aliveTimeoutMs: 3_600_000,
      // the live publications are measured by the sport-fanout bench: here the changes are only
      // counted, so the figure is the ingestion's own
      changes: {
        applied: (changes) => {
          changesTold += changes.length;
        },
      },
    });
    const { upFront, stream } = simulatedFeed();
    console.info(`  ${upFront.length} messages up front; the stream: ${mixOf(stream)}`);
    for (const message of upFront) await ingestion.apply(message);

    const parts = partition(stream, workers);
    const positions = parts.map(() => 0);
    /** Applies messages for `seconds` with the first `active` workers; answers messages/s. */
    const applyFor = async (seconds: number, active: number): Promise<number> => {
      const deadline = performance.now() + seconds * 1000;
      let applied = 0;
      const startedAt = performance.now();
      await Promise.all(
        parts.slice(0, active).map(async (part, worker) => {
          while (performance.now() < deadline) {
            const message = part[positions[worker] ?? 0];
            if (message === undefined) throw new Error('the bench ran out of messages');
            positions[worker] = (positions[worker] ?? 0) + 1;
            await ingestion.apply(message);
            applied += 1;
          }
        }),
      );
      return applied / ((performance.now() - startedAt) / 1000);
    };

    const pgbench = await preparePgbench(adminUrl);
    await applyFor(warmupSeconds, workers);
    const slices: Array<{ rate: number; tps: number }> = [];
    for (let slice = 0; slice < sliceCount; slice += 1) {
      const rate = await applyFor(sliceSeconds, workers);
      const tps = pgbench.run({ workload: ['-b', 'tpcb-like'], clients: 8, seconds: sliceSeconds });
      slices.push({ rate, tps });
      console.info(`  slice ${slice + 1}: ${rate.toFixed(0)} messages/s | ${tps.toFixed(0)} tps`);
    }
    const serial = await applyFor(sliceSeconds, 1);
    printResult(
      `feed messages applied by FeedIngestion (${workers} workers), medians`,
      median(slices.map(({ rate }) => rate)),
      'messages/s',
      median(slices.map(({ tps }) => tps)),
    );
    console.info(`  one worker (a single runner, serial): ${serial.toFixed(0)} messages/s`);
    console.info(`  results: ${JSON.stringify(ingestion.stats())}`);
    console.info(`  event changes told to the live publications: ${changesTold}`);
  } finally {
    await db.destroy();
  }
}
