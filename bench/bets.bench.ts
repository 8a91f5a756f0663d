/**
 * Bets: dice rounds through real HTTP (`POST /api/v2/games/{id}/rounds` with an Idempotency-Key)
 * from many concurrent funded players, beside `pgbench -b tpcb-like` on the same PostgreSQL
 * server, in two variants measured in the same run:
 * - players without a bonus (funded before any bonus offer exists). Such a round takes the
 *   instant path: the session and the round's context (seed pair, balances) as the player's
 *   previous round in this process left them, the game's playability (cached for seconds), the
 *   outcome computed, then a share of one `settle_rounds` call that checks all of it and settles
 *   every round ready at that moment (nonce, idempotency record, stake and payout, round, last
 *   played, tournament scores, balance event); the last-bet and balance notifications leave
 *   after commit, packed;
 * - players holding the welcome bonus, funded the way every new player is: a welcome offer like
 *   the demo's first step exists, and their first deposit grants it (bonus money, wagering open).
 *   Their rounds take the instant path too: the process also keeps the active bonus (wagering,
 *   requirement, maximum bet, the game's contribution), and `settle_rounds` checks it under the
 *   bonus row's lock and adds the wagering; only a round that would end the bonus goes the
 *   general way (none in this bench: 35× wagering is far off).
 * The server's code is compiled as it runs and the database's caches fill: each variant is
 * warmed up until two successive 2-second windows agree within 10 % (at most 40 s; a window in
 * which a connection could not finish two rounds counts as no rate, and the windows after it
 * are longer, up to a slice's length). Then three
 * 5-second slices of each variant take turns with three of pgbench, and the medians are
 * compared: this machine is shared, and its speed drifts within a minute. Printed: each
 * variant's ratio to pgbench (target 0.8) and the bonus holders' ratio to the players without a
 * bonus (target 0.8). `BENCH_BETS_CPU_PROF=<dir>` writes the server's CPU profile;
 * `BENCH_BETS_VARIANTS=plain|bonus` measures one variant only.
 */
import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import {
  benchServerEnvironment,
  median,
  preparePgbench,
  printResult,
  recreateDatabase,
} from './support.ts';

const players = 64;
const connections = 32;
/** measured slices of each, alternating, and their length */
const sliceCount = 3;
const sliceSeconds = 5;
/** warm-up: windows of this length until two successive ones agree within `stableWithin` */
const warmupWindowSeconds = 2;
const stableWithin = 0.1;
const warmupMaxSeconds = 40;
const operator = { email: 'admin@casino.local', password: 'bench-operator-password' };

/**
 * The welcome offer every new player's first deposit receives, like the demo's first step
 * (`demo-offers.ts`): 100 % of the deposit up to 500 USD, wagered 35 times within 7 days, at
 * most 5 USD a stake while wagering.
 */
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

type Variant = 'plain' | 'bonus';

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
    ...benchServerEnvironment,
    OPERATOR_EMAIL: operator.email,
    OPERATOR_PASSWORD: operator.password,
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
    const variants = variantsToMeasure();
    const tokens: Record<Variant, string[]> = { plain: [], bonus: [] };
    // players without a bonus are funded before the welcome offer exists
    if (variants.includes('plain')) {
      tokens.plain = await fundedPlayers(baseUrl, admin.token, players, 'bench-bets');
    }
    if (variants.includes('bonus')) {
      await call(baseUrl, '/api/backoffice/v1/bonuses/offers', {
        token: admin.token,
        body: welcomeOffer,
      });
      tokens.bonus = await fundedPlayers(baseUrl, admin.token, players, 'bench-bonus');
      await assertBonusHolders(baseUrl, tokens.bonus);
    }
    const anyToken = (tokens.plain[0] ?? tokens.bonus[0]) as string;
    const gameId = await findDiceGame(baseUrl, anyToken);
    const body = JSON.stringify({ bet: '0.10', params: { target: 50.5, direction: 'over' } });
    const load = (variant: Variant, duration: number) => {
      const list = tokens[variant];
      let next = 0;
      return autocannon({
        url: `${baseUrl}/api/v2/games/${gameId}/rounds`,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              next = (next + 1) % list.length;
              return {
                ...request,
                body,
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${list[next]}`,
                  'idempotency-key': randomUUID(),
                },
              };
            },
          },
        ],
      });
    };
    const checked = (variant: Variant, run: autocannon.Result) => {
      if (run.non2xx > 0 || run.errors > 0) {
        throw new Error(
          `bets bench (${variant}) saw ${run.non2xx} non-2xx answers and ${run.errors} errors`,
        );
      }
      return run;
    };
    // pgbench's data is made first: its load and the checkpoint after it fall in the warm-up.
    // The server's code is compiled as it runs: each variant is loaded until its rate is stable
    // (the first seconds are always slower). Then the variants and pgbench take turns, so a
    // change in the machine's speed (it is shared) hits all of them.
    const pgbench = await preparePgbench(adminUrl);
    for (const variant of variants) {
      const rates: number[] = [];
      let windowSeconds = warmupWindowSeconds;
      for (let elapsed = 0; elapsed < warmupMaxSeconds; ) {
        const window = checked(variant, await load(variant, windowSeconds));
        elapsed += windowSeconds;
        // a window in which a connection could not finish two rounds says nothing of the rate:
        // the next windows are longer
        if (window.requests.total >= 2 * connections) {
          rates.push(window.requests.average);
        } else {
          rates.push(0);
          windowSeconds = Math.min(windowSeconds * 2, sliceSeconds);
        }
        if (stable(rates)) break;
      }
      console.info(
        `  warm-up (${variant}): ${rates.map((rate) => rate.toFixed(0)).join(', ')} rounds/s${stable(rates) ? '' : ' (not stable)'}`,
      );
    }
    const slices: Array<Partial<Record<Variant, autocannon.Result>> & { tps: number }> = [];
    for (let slice = 0; slice < sliceCount; slice += 1) {
      const measured: Partial<Record<Variant, autocannon.Result>> = {};
      // the variants' order alternates too, so neither always follows pgbench
      const order = slice % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) {
        measured[variant] = checked(variant, await load(variant, sliceSeconds));
      }
      const tps = pgbench.run({ workload: ['-b', 'tpcb-like'], clients: 8, seconds: sliceSeconds });
      slices.push({ ...measured, tps });
      const shown = variants.map((variant) => {
        const run = measured[variant] as autocannon.Result;
        return `${variant} ${run.requests.average.toFixed(0)} rounds/s (p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms)`;
      });
      console.info(`  slice ${slice + 1}: ${shown.join(' | ')} | ${tps.toFixed(0)} tps`);
    }
    const tps = median(slices.map((slice) => slice.tps));
    const rate = (variant: Variant) =>
      median(slices.map((slice) => (slice[variant] as autocannon.Result).requests.average));
    for (const variant of variants) {
      const results = slices.map((slice) => slice[variant] as autocannon.Result);
      printResult(
        `dice rounds (POST /api/v2/games/{id}/rounds), ${variant === 'plain' ? 'players without a bonus' : 'players holding the welcome bonus'}, medians`,
        rate(variant),
        'rounds/s',
        tps,
      );
      console.info(
        `  p50 ${median(results.map((run) => run.latency.p50))} ms, p99 ${median(results.map((run) => run.latency.p99))} ms (medians), ${results.reduce((sum, run) => sum + run.requests.total, 0)} rounds measured`,
      );
    }
    if (variants.length === 2) {
      printResult(
        'bonus holders vs players without a bonus',
        rate('bonus'),
        'rounds/s',
        rate('plain'),
        'rounds/s',
      );
    }
  } finally {
    await server.stop();
  }
}

/** Both variants unless `BENCH_BETS_VARIANTS` names one (plain or bonus). */
function variantsToMeasure(): Variant[] {
  const only = process.env.BENCH_BETS_VARIANTS;
  if (only === undefined || only === '') return ['plain', 'bonus'];
  if (only === 'plain' || only === 'bonus') return [only];
  throw new Error(`BENCH_BETS_VARIANTS is plain or bonus, not ${only}`);
}

/** The last two warm-up windows measured a rate and agree within `stableWithin` of the larger. */
function stable(rates: readonly number[]): boolean {
  if (rates.length < 2) return false;
  const last = rates[rates.length - 1] as number;
  const before = rates[rates.length - 2] as number;
  if (last <= 0 || before <= 0) return false;
  return Math.abs(last - before) <= stableWithin * Math.max(last, before);
}

/** Every bonus-holder variant player holds an active bonus with wagering open. */
async function assertBonusHolders(baseUrl: string, tokens: readonly string[]) {
  for (const token of tokens) {
    const { items } = await call<{ items: Array<{ status: string }> }>(
      baseUrl,
      '/api/v2/bonuses/user',
      { token },
    );
    if (!items.some((bonus) => bonus.status === 'active')) {
      throw new Error(`a bonus-holder player has no active bonus: ${JSON.stringify(items)}`);
    }
  }
}
