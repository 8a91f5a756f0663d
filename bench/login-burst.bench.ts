/**
 * Login burst: 200 players sign in at the same moment while funded players keep playing dice
 * rounds (`POST /api/v2/games/{id}/rounds`), the outside review's finding (issue 17, item 5): an
 * unbounded burst of argon2id hashes filled the cores and libuv's thread pool and the rounds' p99
 * went to 30 s. Each round's latency is measured from the client, to its answer, and counted in
 * the window it started in: a quiet window, then the burst window, which lasts until every
 * sign-in has been answered (a client gives up after 30 s, as the review's did); a round counts
 * in the burst window if it was in flight at any moment of it. After a burst the next quiet
 * window waits until the rounds are as fast as before (the time that takes is printed: a server
 * may go on hashing for sign-ins whose clients gave up). Two such pairs are played; the figure is the rounds' p99 during the burst beside the quiet one (their ratio:
 * 1.0 means the burst costs the money path nothing), with how many sign-ins succeeded, how many
 * were refused with 429 and how fast the refusals came. All players exist before anything is
 * measured. `BENCH_LOGIN_BURST_SIGN_INS` changes the burst's size.
 */
import { randomUUID } from 'node:crypto';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import { call, findDiceGame, fundedPlayers } from './bets.bench.ts';
import { benchServerEnvironment, median, recreateDatabase } from './support.ts';

const signIns = Number(process.env.BENCH_LOGIN_BURST_SIGN_INS ?? 200);
const funded = 64;
/** clients playing rounds back to back, each waiting for its answer */
const roundClients = 16;
const pairs = 2;
const warmupMs = 5_000;
const quietMs = 8_000;
/** the burst window lasts at least this long, and until the last sign-in is answered */
const minimumBurstMs = 8_000;
const signInTimeoutMs = 30_000;
const operator = { email: 'admin@casino.local', password: 'bench-operator-password' };
const password = 'bench login burst password';

interface Round {
  startMs: number;
  endMs: number;
  /** the HTTP status, or why there was none */
  status: number | 'error';
}

interface SignIn {
  status: number | 'timeout' | 'error';
  latencyMs: number;
}

function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

/**
 * The rounds of a window: those in flight at any moment of it (a round stuck behind the burst
 * counts, whenever it started), or, for a quiet window, those entirely inside it. Throughput
 * counts the rounds answered in the window.
 */
function roundsIn(rounds: readonly Round[], fromMs: number, toMs: number, overlapping: boolean) {
  const inside = rounds.filter((round) =>
    overlapping
      ? round.startMs < toMs && round.endMs > fromMs
      : round.startMs >= fromMs && round.endMs <= toMs,
  );
  const latencies = inside.map((round) => round.endMs - round.startMs);
  const answered = rounds.filter((round) => round.endMs >= fromMs && round.endMs < toMs);
  return {
    count: inside.length,
    perSecond: answered.length / ((toMs - fromMs) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.length === 0 ? Number.NaN : Math.max(...latencies),
  };
}

async function signIn(baseUrl: string, email: string): Promise<SignIn> {
  const startMs = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(signInTimeoutMs),
    });
    await response.arrayBuffer();
    return { status: response.status, latencyMs: performance.now() - startMs };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { status: timedOut ? 'timeout' : 'error', latencyMs: performance.now() - startMs };
  }
}

function describeSignIns(results: readonly SignIn[]) {
  const ok = results.filter((result) => result.status === 200);
  const refused = results.filter((result) => result.status === 429);
  const others = results.length - ok.length - refused.length;
  const ms = (value: number) => `${Number.isNaN(value) ? '–' : value.toFixed(0)} ms`;
  return (
    `${ok.length} signed in (p50 ${ms(
      percentile(
        ok.map((r) => r.latencyMs),
        0.5,
      ),
    )}, ` +
    `max ${ms(Math.max(...ok.map((r) => r.latencyMs)))}), ` +
    `${refused.length} refused with 429 (p50 ${ms(
      percentile(
        refused.map((r) => r.latencyMs),
        0.5,
      ),
    )}, ` +
    `max ${ms(refused.length ? Math.max(...refused.map((r) => r.latencyMs)) : Number.NaN)}), ` +
    `${others} other (timeouts after ${signInTimeoutMs / 1000} s: ${results.filter((r) => r.status === 'timeout').length})`
  );
}

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_login_burst');
  const server = await startServerProcess(databaseUrl, {
    REGISTER_RATE_LIMIT_PER_IP: '100000',
    // every sign-in comes from 127.0.0.1: the per-address limit is not what is measured
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    ...benchServerEnvironment,
    OPERATOR_EMAIL: operator.email,
    OPERATOR_PASSWORD: operator.password,
    DATABASE_POOL_SIZE: '24',
  });
  try {
    const { baseUrl } = server;
    const admin = await call<{ token: string }>(baseUrl, '/api/backoffice/v1/auth/login', {
      body: operator,
    });
    const tokens = await fundedPlayers(baseUrl, admin.token, funded, 'bench-burst-funded');
    const emails: string[] = [];
    for (let index = 0; index < signIns; index += 1) {
      const email = `bench-burst-${index}@example.com`;
      await call(baseUrl, '/api/v1/auth/register', { body: { email, password } });
      emails.push(email);
    }
    const gameId = await findDiceGame(baseUrl, tokens[0] as string);
    const body = JSON.stringify({ bet: '0.10', params: { target: 50.5, direction: 'over' } });

    const rounds: Round[] = [];
    let playing = true;
    let next = 0;
    const player = async () => {
      while (playing) {
        next = (next + 1) % tokens.length;
        const startMs = performance.now();
        let status: Round['status'] = 'error';
        try {
          const response = await fetch(`${baseUrl}/api/v2/games/${gameId}/rounds`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[next]}`,
              'idempotency-key': randomUUID(),
            },
            body,
          });
          await response.arrayBuffer();
          status = response.status;
        } catch {
          status = 'error';
        }
        rounds.push({ startMs, endMs: performance.now(), status });
      }
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const players = Array.from({ length: roundClients }, player);
    await sleep(warmupMs);

    /**
     * After a burst the server may still be hashing what timed-out clients abandoned: the next
     * quiet window waits until the last rounds answered are as fast as before the burst.
     */
    const recovered = async (quietP99: number, sinceMs: number) => {
      const deadlineMs = sinceMs + 120_000;
      while (performance.now() < deadlineMs) {
        const recent = rounds.slice(-2 * roundClients);
        if (
          recent.length === 2 * roundClients &&
          recent.every(
            (round) => round.startMs > sinceMs && round.endMs - round.startMs <= 2 * quietP99,
          )
        ) {
          return performance.now() - sinceMs;
        }
        await sleep(250);
      }
      return Number.NaN;
    };

    const results: Array<{
      quiet: ReturnType<typeof roundsIn>;
      burst: ReturnType<typeof roundsIn>;
      signIns: SignIn[];
      burstMs: number;
      recoveryMs: number;
    }> = [];
    for (let pair = 0; pair < pairs; pair += 1) {
      const quietFromMs = performance.now();
      await sleep(quietMs);
      const burstFromMs = performance.now();
      const answered = await Promise.all([
        Promise.all(emails.map((email) => signIn(baseUrl, email))),
        sleep(minimumBurstMs),
      ]);
      const burstToMs = performance.now();
      const quiet = roundsIn(rounds, quietFromMs, burstFromMs, false);
      const recoveryMs = await recovered(quiet.p99, burstToMs);
      const burst = roundsIn(rounds, burstFromMs, burstToMs, true);
      results.push({
        quiet,
        burst,
        signIns: answered[0],
        burstMs: burstToMs - burstFromMs,
        recoveryMs,
      });
    }
    playing = false;
    await Promise.all(players);

    // Printed, not thrown: a round refused or lost under the burst is part of the finding.
    const failed = rounds.filter((round) => round.status !== 200);
    if (failed.length > 0) {
      const byStatus = new Map<string, number>();
      for (const { status } of failed) {
        byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1);
      }
      const counts = [...byStatus].map(([status, count]) => `${count} × ${status}`);
      console.info(`  FAILED ROUNDS: ${counts.join(', ')} of ${rounds.length}`);
    }
    for (const [index, result] of results.entries()) {
      const { quiet, burst, signIns: answered, burstMs, recoveryMs } = result;
      console.info(
        `  pair ${index + 1}: rounds quiet ${quiet.perSecond.toFixed(0)}/s p50 ${quiet.p50.toFixed(0)} ms p99 ${quiet.p99.toFixed(0)} ms | ` +
          `burst (${(burstMs / 1000).toFixed(1)} s) ${burst.perSecond.toFixed(0)}/s p50 ${burst.p50.toFixed(0)} ms p99 ${burst.p99.toFixed(0)} ms max ${burst.max.toFixed(0)} ms | ` +
          `back to quiet speed ${(recoveryMs / 1000).toFixed(1)} s after`,
      );
      console.info(`    ${signIns} sign-ins at once: ${describeSignIns(answered)}`);
    }
    const quietP99 = median(results.map(({ quiet }) => quiet.p99));
    const burstP99 = median(results.map(({ burst }) => burst.p99));
    console.info(
      `dice rounds' p99 during a burst of ${signIns} sign-ins: ${burstP99.toFixed(0)} ms | quiet ${quietP99.toFixed(0)} ms | ratio ${(burstP99 / quietP99).toFixed(2)} (medians of ${pairs})`,
    );
  } finally {
    await server.stop();
  }
}
