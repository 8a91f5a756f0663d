/**
 * Bets: dice rounds through real HTTP (`POST /api/v2/games/{id}/rounds` with an Idempotency-Key)
 * from many concurrent funded players without a bonus, beside `pgbench -b tpcb-like` on the same
 * PostgreSQL server. Such a round takes the instant path: the session and the round's context
 * (seed pair, balances) as the player's previous round in this process left them, the game's
 * playability (cached for seconds), the outcome computed, then a share of one
 * `settle_rounds` call that checks all of it and settles every round ready at that moment
 * (nonce, idempotency record, stake and payout, round, last played, tournament scores, balance
 * event); the last-bet and balance notifications leave after commit, packed. After a warm-up of
 * the same load (the server's code is compiled as it runs), three 5-second slices of rounds take
 * turns with three of pgbench, and the medians are compared: this machine is shared, and its
 * speed drifts within a minute. Target ratio: 0.5 or better.
 * `BENCH_BETS_CPU_PROF=<dir>` writes the server's CPU profile.
 */
import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import { median, preparePgbench, printResult, recreateDatabase } from './support.ts';

const players = 64;
const connections = 32;
/** measured slices of each, alternating, and their length */
const sliceCount = 3;
const sliceSeconds = 5;
const warmupSeconds = 5;
const operator = { email: 'admin@casino.local', password: 'bench-operator-password' };

export async function call<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.method === 'GET' || init.body === undefined
        ? {}
        : { 'idempotency-key': randomUUID() }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/**
 * Registers `count` players (`{prefix}-{n}@example.com`) and funds each the way players are
 * funded: a deposit order of 10,000 the operator approves. Returns their tokens.
 */
export async function fundedPlayers(
  baseUrl: string,
  operatorToken: string,
  count: number,
  prefix: string,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const { token } = await call<{ token: string }>(baseUrl, '/api/v1/auth/register', {
      body: { email: `${prefix}-${index}@example.com`, password: 'bench-password-1' },
    });
    const order = await call<{ id: string }>(baseUrl, '/api/v2/wallet/orders/buy', {
      token,
      body: { amount: '10000', bankId: 'sber-rub' },
    });
    await call(baseUrl, `/api/backoffice/v1/orders/${order.id}/approve`, {
      token: operatorToken,
      body: {},
    });
    tokens.push(token);
  }
  return tokens;
}

/** A dice game of the catalog (the first whose session says so). */
export async function findDiceGame(baseUrl: string, token: string): Promise<string> {
  const page = await call<{ items: Array<{ id: string }> }>(
    baseUrl,
    '/api/v2/games?search=dice&limit=50',
    { token },
  );
  for (const { id } of page.items) {
    const session = await call<{ kind: string; engine?: string }>(
      baseUrl,
      `/api/v2/games/${id}/session`,
      { token },
    );
    if (session.kind === 'original' && session.engine === 'dice') return id;
  }
  throw new Error('no dice game in the catalog');
}

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_bets');
  const server = await startServerProcess(databaseUrl, {
    REGISTER_RATE_LIMIT_PER_IP: '100000',
    NODE_ENV: 'production',
    WEBSOCKET_JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    OPERATOR_EMAIL: operator.email,
    OPERATOR_PASSWORD: operator.password,
    DEMO_DATA: 'false',
    DATABASE_POOL_SIZE: '24',
    ...(process.env.BENCH_BETS_CPU_PROF
      ? {
          NODE_OPTIONS: `--import ${pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), 'cpu-profile.mjs')).href}`,
          CPU_PROFILE_DIRECTORY: resolve(process.env.BENCH_BETS_CPU_PROF),
          CPU_PROFILE_NAME: 'bets-server',
        }
      : {}),
  });
  try {
    const { baseUrl } = server;
    const admin = await call<{ token: string }>(baseUrl, '/api/backoffice/v1/auth/login', {
      body: operator,
    });
    const tokens = await fundedPlayers(baseUrl, admin.token, players, 'bench-bets');
    const gameId = await findDiceGame(baseUrl, tokens[0] as string);
    const body = JSON.stringify({ bet: '0.10', params: { target: 50.5, direction: 'over' } });
    let next = 0;
    const load = (duration: number) =>
      autocannon({
        url: `${baseUrl}/api/v2/games/${gameId}/rounds`,
        connections,
        duration,
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
    const checked = (run: autocannon.Result) => {
      if (run.non2xx > 0 || run.errors > 0) {
        throw new Error(`bets bench saw ${run.non2xx} non-2xx answers and ${run.errors} errors`);
      }
      return run;
    };
    // pgbench's data is made first: its load and the checkpoint after it fall in the warm-up.
    // The server's code is compiled as it runs: the measured seconds follow the warm-up. Then
    // the rounds and pgbench take turns, so a change in the machine's speed (it is shared) hits
    // both.
    const pgbench = await preparePgbench(adminUrl);
    checked(await load(warmupSeconds));
    const slices: Array<{ rounds: autocannon.Result; tps: number }> = [];
    for (let slice = 0; slice < sliceCount; slice += 1) {
      const rounds = checked(await load(sliceSeconds));
      const tps = pgbench.run({ workload: ['-b', 'tpcb-like'], clients: 8, seconds: sliceSeconds });
      slices.push({ rounds, tps });
      console.info(
        `  slice ${slice + 1}: ${rounds.requests.average.toFixed(0)} rounds/s (p99 ${rounds.latency.p99} ms) | ${tps.toFixed(0)} tps`,
      );
    }
    printResult(
      'dice rounds (POST /api/v2/games/{id}/rounds), medians',
      median(slices.map(({ rounds }) => rounds.requests.average)),
      'rounds/s',
      median(slices.map(({ tps }) => tps)),
    );
    console.info(
      `  p99 latency ${median(slices.map(({ rounds }) => rounds.latency.p99))} ms (median), ${slices.reduce((sum, { rounds }) => sum + rounds.requests.total, 0)} rounds measured`,
    );
  } finally {
    await server.stop();
  }
}
