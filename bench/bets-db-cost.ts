/**
 * The database's work per dice round, measured independently of the machine's load (issue 18):
 * the bets bench's players and rounds (`bets.bench.ts`) against a PostgreSQL of this script's own
 * with `pg_stat_statements` (nested statements too) and `track_functions = all`. After a warm-up,
 * the statistics are reset and a fixed number of rounds is played; printed per round: statements
 * executed, rows inserted/updated/deleted per table, function calls and self time, WAL bytes,
 * shared buffers hit and read, and the heaviest statements; then `npm run ledger:check` proves the
 * ledger of every round consistent.
 *
 * With `BENCH_DB_COST_BASE=<git ref>`, the stored code (the `db/*.sql` files under `src/modules`) of that ref
 * and of the working tree take turns on the same server and data (six slices, alternating; the
 * ref's files that differ are applied with CREATE OR REPLACE, `BENCH_DB_COST_BASE_SQL` and
 * `BENCH_DB_COST_THIS_SQL` add statements of each side, e.g. an index one side has), and the
 * medians are compared: times then shift with the machine's load for both alike, and the CPU time
 * of PostgreSQL's processes per round is printed beside the statements' time.
 *
 * With `BENCH_DB_COST_BASE_SERVER=<directory>`, the server of another checkout of the repository
 * (e.g. `git archive <ref> | tar -x -C <directory>` with a `node_modules` link) runs beside this
 * one on the same database, and the slices alternate between the two servers (with
 * `BENCH_DB_COST_BASE` too, each server with its own stored code; migrations must agree);
 * `BENCH_DB_COST_BASE_NODE_OPTIONS` gives that server NODE_OPTIONS of its own (a V8 flag to try on
 * the same code: point `BENCH_DB_COST_BASE_SERVER` at this checkout).
 *
 * Every slice prints the whole machine's CPU a round: PostgreSQL's processes, the server's
 * (of it in the kernel: its sockets' reads and writes) and this process's (autocannon's, the
 * load generator's: fixed work a round, so its CPU a round shows how much the machine's load
 * slowed every process in that slice).
 *
 * `npx tsx bench/bets-db-cost.ts [rounds]` (`BENCH_BETS_VARIANTS=plain|bonus`, default plain;
 * `BENCH_DB_COST_CONNECTIONS`, default 16; `BENCH_DB_COST_EXPLAIN=<fraction>` logs that share
 * of the statements' plans, nested ones and trigger times included, to
 * `$TMPDIR/bets-db-cost-explain.log`; `BENCH_BETS_CPU_PROF=<dir>` writes the servers' CPU
 * profiles; `BENCH_BETS_BUILT=true` runs the built server `npm start` runs instead of the
 * source). Not part of `npm run bench` (its file name does not end in `.bench.ts`).
 */

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer, startServerProcess } from '../apps/server/test/support/server-process.ts';
import { call, findDiceGame, fundedPlayers } from './bets.bench.ts';
import {
  benchServerEnvironment,
  cpuSeconds,
  cpuSpent,
  median,
  postgresCpuSeconds,
  postmasterPidOf,
  recreateDatabase,
  startTestPostgres,
  systemCpuSeconds,
} from './support.ts';

const rounds = Number(process.argv[2] ?? 4000);
const warmupRounds = 1000;
const connections = Number(process.env.BENCH_DB_COST_CONNECTIONS ?? 16);
const players = 64;
const baseRef = process.env.BENCH_DB_COST_BASE;
const baseServerRoot = process.env.BENCH_DB_COST_BASE_SERVER;
const alternating = baseRef !== undefined || baseServerRoot !== undefined;
const sliceCount = 6;
const variant = process.env.BENCH_BETS_VARIANTS || 'plain';
const operator = { email: 'admin@casino.local', password: 'bench-operator-password' };
const welcomeOffer = {
  type: 'welcome',
  title: { en: 'Welcome bonus: first deposit' },
  minDepositNumber: 1,
  amountMultiplier: 1,
  minDepositUsd: '10',
  maxAmountUsd: '500',
  maxAmountMultiplier: 10,
  wager: 35,
  wagerMaxBetUsd: '5',
  deadlineHours: 168,
};

const explainLog: string[] = [];
const postgres = await startTestPostgres({
  flags: [
    '-c',
    'shared_preload_libraries=pg_stat_statements',
    '-c',
    'pg_stat_statements.track=all',
    '-c',
    'pg_stat_statements.max=5000',
    '-c',
    'track_functions=all',
    '-c',
    'pg_stat_statements.track_planning=on',
    ...(process.env.BENCH_DB_COST_EXPLAIN
      ? [
          '-c',
          'session_preload_libraries=auto_explain',
          '-c',
          'auto_explain.log_min_duration=0',
          '-c',
          'auto_explain.log_analyze=on',
          '-c',
          'auto_explain.log_buffers=on',
          '-c',
          'auto_explain.log_nested_statements=on',
          '-c',
          'auto_explain.log_triggers=on',
          '-c',
          `auto_explain.sample_rate=${process.env.BENCH_DB_COST_EXPLAIN}`,
        ]
      : []),
  ],
  onLog: (message) => {
    if (process.env.BENCH_DB_COST_EXPLAIN) explainLog.push(message);
  },
});
const { adminUrl } = postgres;
try {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_bets_cost');
  const built = process.env.BENCH_BETS_BUILT === 'true';
  if (built) await buildServer();
  const serverEnvironment = {
    REGISTER_RATE_LIMIT_PER_IP: '100000',
    ...benchServerEnvironment,
    OPERATOR_EMAIL: operator.email,
    OPERATOR_PASSWORD: operator.password,
    DATABASE_POOL_SIZE: '24',
    ...(process.env.BENCH_BETS_CPU_PROF
      ? {
          NODE_OPTIONS: `--import ${pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), 'cpu-profile.mjs')).href}`,
          CPU_PROFILE_DIRECTORY: resolve(process.env.BENCH_BETS_CPU_PROF),
          CPU_PROFILE_NAME: 'bets-db-cost-server',
        }
      : {}),
  };
  const server = await startServerProcess(databaseUrl, serverEnvironment, { built });
  // another checkout's server (BENCH_DB_COST_BASE_SERVER) on the same database, taking turns
  const baseServer = baseServerRoot
    ? await startServerProcess(databaseUrl, baseServerEnvironment(serverEnvironment), {
        repositoryRoot: resolve(baseServerRoot),
      })
    : null;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { baseUrl } = server;
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const admin = await call<{ token: string }>(baseUrl, '/api/backoffice/v1/auth/login', {
      body: operator,
    });
    if (variant === 'bonus') {
      await call(baseUrl, '/api/backoffice/v1/bonuses/offers', {
        token: admin.token,
        body: welcomeOffer,
      });
    }
    const tokens = await fundedPlayers(baseUrl, admin.token, players, `cost-${variant}`);
    const gameId = await findDiceGame(baseUrl, tokens[0] as string);
    const body = JSON.stringify({ bet: '0.10', params: { target: 50.5, direction: 'over' } });
    let target = server;
    const play = async (amount: number) => {
      let next = 0;
      const result = await autocannon({
        url: `${target.baseUrl}/api/v2/games/${gameId}/rounds`,
        connections,
        amount,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              next = (next + 1) % tokens.length;
              return {
                ...request,
                body,
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
      if (result.non2xx > 0 || result.errors > 0) {
        const probe = await fetch(`${target.baseUrl}/api/v2/games/${gameId}/rounds`, {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[0]}`,
            'idempotency-key': randomUUID(),
          },
        });
        console.error(`a round now answers ${probe.status}: ${await probe.text()}`);
        throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors`);
      }
      return result;
    };
    await play(warmupRounds);
    const postmasterPid = await postmasterPidOf(databaseUrl);
    const variants = alternating ? ['base', 'this'] : ['this'];
    const measured: Record<string, Measure[]> = { base: [], this: [] };
    for (let slice = 0; slice < (alternating ? sliceCount : 1); slice += 1) {
      for (const name of slice % 2 === 0 ? variants : [...variants].reverse()) {
        if (baseRef) await install(db, name === 'base' ? baseRef : null);
        target = name === 'base' && baseServer ? baseServer : server;
        await play(Math.min(500, rounds));
        const measure = await measureSlice(
          db,
          postmasterPid,
          target.pid,
          () => play(rounds),
          !alternating,
        );
        measured[name]?.push(measure);
        console.info(`  ${name}: ${describe(measure)}`);
      }
    }
    for (const name of variants) {
      const list = measured[name] as Measure[];
      console.info(
        `${name} (medians of ${list.length}): exec ${median(list.map((m) => m.execMs)).toFixed(3)} ms, PostgreSQL CPU ${median(list.map((m) => m.cpuMs)).toFixed(3)} ms, server CPU ${median(list.map((m) => m.serverCpuMs)).toFixed(3)} ms (system ${median(list.map((m) => m.serverSystemMs)).toFixed(3)}), client CPU ${median(list.map((m) => m.clientCpuMs)).toFixed(3)} ms, WAL ${median(list.map((m) => m.walBytes)).toFixed(0)} B, buffers hit ${median(list.map((m) => m.hit)).toFixed(1)}, statements ${median(list.map((m) => m.statements)).toFixed(2)} per round; rounds per settle_rounds call ${median(list.map((m) => m.batch)).toFixed(1)}`,
      );
    }
    // every round's money, checked after the run (`npm run ledger:check` on this database)
    console.info(
      execFileSync('npm', ['run', '--silent', 'ledger:check'], {
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: databaseUrl },
      }).trim(),
    );
  } finally {
    await db.end();
    await server.stop();
    await baseServer?.stop();
  }
} finally {
  if (process.env.BENCH_DB_COST_EXPLAIN) {
    await writeFile(join(tmpdir(), 'bets-db-cost-explain.log'), explainLog.join('\n'));
  }
  await postgres.stop();
}

/** `BENCH_DB_COST_BASE_NODE_OPTIONS`: the other server's NODE_OPTIONS (e.g. a V8 flag to try). */
function baseServerEnvironment(environment: Record<string, string>): Record<string, string> {
  const options = process.env.BENCH_DB_COST_BASE_NODE_OPTIONS;
  if (!options) return environment;
  return {
    ...environment,
    NODE_OPTIONS: [environment.NODE_OPTIONS, options].filter(Boolean).join(' '),
    CPU_PROFILE_NAME: 'bets-db-cost-base-server',
  };
}

interface Measure {
  rounds: number;
  execMs: number;
  cpuMs: number;
  serverCpuMs: number;
  /** of which in the kernel (system calls: the sockets' writes and reads) */
  serverSystemMs: number;
  /** this process's (autocannon's, the bench client's) */
  clientCpuMs: number;
  walBytes: number;
  hit: number;
  statements: number;
  batch: number;
}

function describe(m: Measure) {
  return `${m.rounds} rounds: exec ${m.execMs.toFixed(3)} ms, PostgreSQL CPU ${m.cpuMs.toFixed(3)} ms, server CPU ${m.serverCpuMs.toFixed(3)} ms (system ${m.serverSystemMs.toFixed(3)}), client CPU ${m.clientCpuMs.toFixed(3)} ms, WAL ${m.walBytes.toFixed(0)} B, buffers hit ${m.hit.toFixed(1)}, statements ${m.statements.toFixed(2)} per round; ${m.batch.toFixed(1)} rounds per settle_rounds call`;
}

/** The stored code of `ref` (files that differ from the working tree), or the working tree's. */
async function install(db: pg.Client, ref: string | null) {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const changed = execFileSync(
    'git',
    ['diff', '--name-only', baseRef as string, '--', 'apps/server/src/modules'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\n')
    .filter((path) => /\/db\/[^/]+\.sql$/.test(path));
  // functions first, then triggers (migrate.ts's order)
  changed.sort(
    (left, right) =>
      Number(left.endsWith('.triggers.sql')) - Number(right.endsWith('.triggers.sql')),
  );
  for (const path of changed) {
    let text: string;
    try {
      text =
        ref === null
          ? await readFile(join(root, path), 'utf8')
          : execFileSync('git', ['show', `${ref}:${path}`], {
              cwd: root,
              encoding: 'utf8',
              stdio: ['ignore', 'pipe', 'ignore'],
            });
    } catch {
      continue; // not on that side
    }
    await db.query(text);
  }
  const extra =
    ref === null ? process.env.BENCH_DB_COST_THIS_SQL : process.env.BENCH_DB_COST_BASE_SQL;
  if (extra) await db.query(extra);
}

async function measureSlice(
  db: pg.Client,
  postmasterPid: number,
  serverPid: number,
  play: () => Promise<autocannon.Result>,
  detailed: boolean,
): Promise<Measure> {
  await db.query('SELECT pg_stat_statements_reset(), pg_stat_reset()');
  const tables = async () =>
    (
      await db.query<{ relname: string; ins: string; upd: string; hot: string; del: string }>(
        `SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_hot_upd AS hot, n_tup_del AS del
         FROM pg_stat_user_tables`,
      )
    ).rows;
  const beforeTables = await tables();
  const count = async () =>
    Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM game_rounds')).rows[0]?.n);
  const roundsBefore = await count();
  const { rows: walBefore } = await db.query<{ lsn: string }>(
    'SELECT pg_current_wal_lsn()::text AS lsn',
  );
  const cpuBefore = postgresCpuSeconds(postmasterPid);
  const serverBefore = cpuSeconds(serverPid) ?? 0;
  const serverSystemBefore = systemCpuSeconds(serverPid);
  const clientBefore = process.cpuUsage();
  const result = await play();
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = postgresCpuSeconds(postmasterPid);
  const serverAfter = cpuSeconds(serverPid) ?? 0;
  const serverSystemAfter = systemCpuSeconds(serverPid);
  const { rows: wal } = await db.query<{ bytes: string }>(
    'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint AS bytes',
    [walBefore[0]?.lsn],
  );
  const played = (await count()) - roundsBefore;
  const per = (value: number) => (value / played).toFixed(3);
  const { rows: top } = await db.query<{
    toplevel: boolean;
    calls: string;
    plans: string;
    total: number;
    hit: string;
    wal: string;
    query: string;
  }>(
    `SELECT toplevel, calls, total_exec_time + total_plan_time AS total, plans, shared_blks_hit AS hit, wal_bytes AS wal,
       regexp_replace(left(query, 110), '\\s+', ' ', 'g') AS query
     FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND query NOT LIKE '%pg_stat%' AND query NOT LIKE '%pg_current_wal_lsn%'
       AND query NOT LIKE 'SELECT count(*) AS n FROM game_rounds%'
     ORDER BY total_exec_time DESC`,
  );
  const topLevel = top.filter((row) => row.toplevel);
  const sum = (list: typeof top, pick: (row: (typeof top)[number]) => number) =>
    list.reduce((total, row) => total + pick(row), 0);
  const settles = top.find((row) => row.toplevel && row.query.includes('settle_rounds('));
  const measure: Measure = {
    rounds: played,
    execMs: sum(topLevel, (row) => row.total) / played,
    cpuMs: (cpuSpent(cpuBefore, cpuAfter) * 1000) / played,
    serverCpuMs: ((serverAfter - serverBefore) * 1000) / played,
    serverSystemMs: ((serverSystemAfter - serverSystemBefore) * 1000) / played,
    clientCpuMs: (client.user + client.system) / 1000 / played,
    walBytes: Number(wal[0]?.bytes) / played,
    hit: sum(topLevel, (row) => Number(row.hit)) / played,
    statements: sum(top, (row) => Number(row.calls)) / played,
    batch: played / Number(settles?.calls ?? played),
  };
  if (!detailed) return measure;
  console.info(
    `\n${played} rounds in ${(Number(result.duration) || 0).toFixed(1)} s (${connections} connections, p50 ${result.latency.p50} ms)`,
  );
  console.info(describe(measure));
  console.info(
    '\nstatements (per round: plans, calls, ms planning and executing, buffers hit, WAL bytes; T top level, n nested):',
  );
  for (const row of top.slice(0, 25)) {
    console.info(
      `  ${row.toplevel ? 'T' : 'n'} ${per(Number(row.plans))} ${per(Number(row.calls))} ${per(row.total)} ${per(Number(row.hit))} ${per(Number(row.wal))} | ${row.query}`,
    );
  }
  const { rows: functions } = await db.query<{
    funcname: string;
    calls: string;
    self: number;
    total: number;
  }>(
    `SELECT funcname, calls, self_time AS self, total_time AS total FROM pg_stat_user_functions
     ORDER BY self_time DESC`,
  );
  console.info('\nfunctions (per round: calls, self ms, total ms):');
  for (const row of functions) {
    console.info(`  ${row.funcname}: ${per(Number(row.calls))} ${per(row.self)} ${per(row.total)}`);
  }
  // the per-table counters reach the statistics when each backend reports (within a second)
  await new Promise((done) => setTimeout(done, 1500));
  const afterTables = await tables();
  console.info('\nrows per round (inserted, updated (of them HOT), deleted):');
  for (const after of afterTables) {
    const before = beforeTables.find((row) => row.relname === after.relname);
    const delta = (key: 'ins' | 'upd' | 'hot' | 'del') =>
      Number(after[key]) - Number(before?.[key] ?? 0);
    if (delta('ins') + delta('upd') + delta('del') === 0) continue;
    console.info(
      `  ${after.relname}: ${per(delta('ins'))} ${per(delta('upd'))} (${per(delta('hot'))}) ${per(delta('del'))}`,
    );
  }
  const { rows: indexes } = await db.query<{
    relname: string;
    indexrelname: string;
    scans: string;
  }>(
    `SELECT relname, indexrelname, idx_scan AS scans FROM pg_stat_user_indexes
     WHERE relname IN (SELECT relname FROM pg_stat_user_tables WHERE n_tup_ins + n_tup_upd > 0)
     ORDER BY relname, indexrelname`,
  );
  console.info(
    '\nindex scans during the measured rounds (an index written by every round and never read costs for nothing):',
  );
  for (const row of indexes) console.info(`  ${row.relname}.${row.indexrelname}: ${row.scans}`);
  return measure;
}
