/**
 * Sport tickets: pre-match tickets placed through real HTTP (`POST /api/v2/sport/bets` with an
 * Idempotency-Key) by many concurrent funded players — two singles for each accumulator of two
 * or three legs, on 40 football matches — beside `pgbench -b tpcb-like` on the same PostgreSQL
 * server. A pre-match ticket of a player without a bonus reads nothing of its own: it is priced
 * from what the server process keeps (the player's context, the operators' limits, the markets'
 * sport and type) and the prices asked, and every ticket ready at one moment is placed by one
 * statement (`sport_place_tickets`: each ticket checked on its own — session, balances, prices,
 * limits, liability — then the idempotency records, stakes, tickets, publications and liability
 * written once for the batch; `SportBetting.placePrematch`). After a warm-up, three 5-second
 * slices of tickets take turns with three of pgbench, and the medians are compared (this machine
 * is shared and its speed drifts).
 * Target ratio: 0.5 or better. `BENCH_SPORT_BETS_CONNECTIONS` changes the 32 connections (1 gives
 * the sequential latency).
 * `BENCH_SPORT_BETS_CPU_PROF=<dir>` writes the server's CPU profile.
 * Each ticket slice also prints the CPU time per ticket of the server process and of PostgreSQL
 * (its processes' utime + stime from /proc: every process of the server, and the backends of the
 * bench's database alone), which does not depend on how much of the machine the others leave.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { Transactions } from '../apps/server/src/lib/transactions.ts';
import { FeedRepository } from '../apps/server/src/modules/sportsbook/feed/feed.repository.ts';
import { FeedIngestion } from '../apps/server/src/modules/sportsbook/feed/feed-ingestion.ts';
import { fixture, odds, oneXTwo, total } from '../apps/server/test/support/feed-script.ts';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import { call, fundedPlayers } from './bets.bench.ts';
import {
  benchServerEnvironment,
  cpuSeconds,
  median,
  preparePgbench,
  printResult,
  recreateDatabase,
} from './support.ts';

const players = 64;
const connections = Number(process.env.BENCH_SPORT_BETS_CONNECTIONS ?? 32);
const matches = 40;
const sliceCount = 3;
const sliceSeconds = 5;
const warmupSeconds = 5;
const operator = { email: 'admin@casino.local', password: 'bench-operator-password' };

interface Market {
  eventId: number;
  marketId: number;
  outcomes: Array<{ id: string; odds: string }>;
}

/** The matches, through the feed's own ingestion (the server runs no feed in production). */
async function createMatches(databaseUrl: string): Promise<Market[][]> {
  const db = createDatabase({ connectionString: databaseUrl, maxConnections: 2 });
  try {
    const ingestion = new FeedIngestion({
      repository: new FeedRepository(),
      transactions: new Transactions({ db }),
      clock: systemClock,
      aliveTimeoutMs: 3_600_000,
      changes: { applied: () => {} },
    });
    const startsAt = Date.now() + 86_400_000;
    const events: Market[][] = [];
    for (let index = 0; index < matches; index += 1) {
      const feedId = `sr:match:bench-${index}`;
      await ingestion.apply(fixture(feedId, { startsAt }));
      await ingestion.apply(
        odds(feedId, 1, [oneXTwo('2.10', '3.40', '3.50'), total('2.5', '1.90', '1.90')], {
          status: 'not_started',
          producer: 'prematch',
        }),
      );
      const rows = await db
        .selectFrom('sport_markets as m')
        .innerJoin('sport_events as e', 'e.id', 'm.event_id')
        .select(['m.id', 'm.event_id', 'm.type_id'])
        .where('e.feed_id', '=', feedId)
        .orderBy('m.type_id')
        .execute();
      events.push(
        rows.map((row) => ({
          eventId: Number(row.event_id),
          marketId: Number(row.id),
          outcomes:
            row.type_id === 1
              ? [
                  { id: '1', odds: '2.10' },
                  { id: 'X', odds: '3.40' },
                  { id: '2', odds: '3.50' },
                ]
              : [
                  { id: 'over', odds: '1.90' },
                  { id: 'under', odds: '1.90' },
                ],
        })),
      );
    }
    return events;
  } finally {
    await db.destroy();
  }
}

/**
 * CPU seconds so far of PostgreSQL's processes from /proc: every child of the postmaster, and the
 * backends connected to `database` (read by pid, so a backend that exits between two readings
 * drops out: the pool keeps its connections open).
 */
async function postgresCpu(db: ReturnType<typeof createDatabase>, database: string) {
  const { rows } = await sql<{ pid: number; datname: string | null }>`
    SELECT pid, datname FROM pg_stat_activity`.execute(db);
  const parentOf = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return null;
    }
  };
  const postmaster = rows.map((row) => parentOf(row.pid)).find((pid) => pid !== null) ?? null;
  const everyProcess = new Map<number, number>();
  if (postmaster !== null) {
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || parentOf(pid) !== postmaster) continue;
      const seconds = cpuSeconds(pid);
      if (seconds !== null) everyProcess.set(pid, seconds);
    }
  }
  const backends = new Map<number, number>();
  for (const row of rows) {
    if (row.datname !== database) continue;
    const seconds = cpuSeconds(row.pid);
    if (seconds !== null) backends.set(row.pid, seconds);
  }
  return { everyProcess, backends };
}

/** CPU seconds spent between two readings (a process first seen in `after` counts from zero). */
function spent(before: Map<number, number>, after: Map<number, number>) {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_sport_bets');
  const server = await startServerProcess(databaseUrl, {
    REGISTER_RATE_LIMIT_PER_IP: '100000',
    ...benchServerEnvironment,
    OPERATOR_EMAIL: operator.email,
    OPERATOR_PASSWORD: operator.password,
    DATABASE_POOL_SIZE: '24',
    ...(process.env.BENCH_SPORT_BETS_CPU_PROF
      ? {
          NODE_OPTIONS: `--import ${pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), 'cpu-profile.mjs')).href}`,
          CPU_PROFILE_DIRECTORY: resolve(process.env.BENCH_SPORT_BETS_CPU_PROF),
          CPU_PROFILE_NAME: 'sport-bets-server',
        }
      : {}),
  });
  try {
    const { baseUrl } = server;
    const events = await createMatches(databaseUrl);
    const admin = await call<{ token: string }>(baseUrl, '/api/backoffice/v1/auth/login', {
      body: operator,
    });
    const tokens = await fundedPlayers(baseUrl, admin.token, players, 'bench-sport');

    let next = 0;
    let seed = 1;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const selection = (match: Market[]) => {
      const market = match[random(match.length)] as Market;
      const outcome = market.outcomes[random(market.outcomes.length)] as Market['outcomes'][number];
      return {
        eventId: market.eventId,
        marketId: market.marketId,
        outcomeId: outcome.id,
        odds: outcome.odds,
      };
    };
    const ticketBody = () => {
      const kind = random(3);
      if (kind < 2) {
        return {
          type: 'single',
          stake: '0.10',
          oddsChange: 'none',
          selections: [selection(events[random(matches)] as Market[])],
        };
      }
      const legs = 2 + random(2);
      const first = random(matches);
      return {
        type: 'accumulator',
        stake: '0.10',
        oddsChange: 'none',
        selections: Array.from({ length: legs }, (_, leg) =>
          selection(events[(first + leg * 7) % matches] as Market[]),
        ),
      };
    };
    const load = (duration: number) =>
      autocannon({
        url: `${baseUrl}/api/v2/sport/bets`,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              next = (next + 1) % tokens.length;
              return {
                ...request,
                body: JSON.stringify(ticketBody()),
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${tokens[next]}`,
                  'idempotency-key': randomUUID(),
                },
              };
            },
          },
        ],
      });
    const checked = (result: autocannon.Result) => {
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(
          `sport-bets bench saw ${result.non2xx} non-2xx answers and ${result.errors} errors`,
        );
      }
      return result;
    };
    const pgbench = await preparePgbench(adminUrl);
    checked(await load(warmupSeconds));
    const slices: Array<{ tickets: autocannon.Result; tps: number }> = [];
    const perTicket: Array<{ server: number; postgres: number; backends: number }> = [];
    const monitor = createDatabase({ connectionString: adminUrl, maxConnections: 1 });
    try {
      for (let slice = 0; slice < sliceCount; slice += 1) {
        const serverBefore = cpuSeconds(server.pid) ?? 0;
        const postgresBefore = await postgresCpu(monitor, 'bench_sport_bets');
        const tickets = checked(await load(sliceSeconds));
        const postgresAfter = await postgresCpu(monitor, 'bench_sport_bets');
        const serverAfter = cpuSeconds(server.pid) ?? 0;
        const count = Math.max(tickets.requests.total, 1);
        const milliseconds = (seconds: number) => (seconds * 1_000) / count;
        const cpu = {
          server: milliseconds(serverAfter - serverBefore),
          postgres: milliseconds(spent(postgresBefore.everyProcess, postgresAfter.everyProcess)),
          backends: milliseconds(spent(postgresBefore.backends, postgresAfter.backends)),
        };
        perTicket.push(cpu);
        const tps = pgbench.run({
          workload: ['-b', 'tpcb-like'],
          clients: 8,
          seconds: sliceSeconds,
        });
        slices.push({ tickets, tps });
        console.info(
          `  slice ${slice + 1}: ${tickets.requests.average.toFixed(0)} tickets/s (p99 ${tickets.latency.p99} ms) | ${tps.toFixed(0)} tps | CPU per ticket: server ${cpu.server.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms (its backends ${cpu.backends.toFixed(2)} ms)`,
        );
      }
    } finally {
      await monitor.destroy();
    }
    printResult(
      'pre-match tickets accepted (POST /api/v2/sport/bets: 2/3 singles, 1/3 accumulators), medians',
      median(slices.map(({ tickets }) => tickets.requests.average)),
      'tickets/s',
      median(slices.map(({ tps }) => tps)),
    );
    console.info(
      `  p99 latency ${median(slices.map(({ tickets }) => tickets.latency.p99))} ms (median), ${slices.reduce((sum, { tickets }) => sum + tickets.requests.total, 0)} tickets measured`,
    );
    console.info(
      `  CPU per ticket (medians): server ${median(perTicket.map((cpu) => cpu.server)).toFixed(2)} ms, PostgreSQL ${median(perTicket.map((cpu) => cpu.postgres)).toFixed(2)} ms (the bench database's backends ${median(perTicket.map((cpu) => cpu.backends)).toFixed(2)} ms)`,
    );
  } finally {
    await server.stop();
  }
}
