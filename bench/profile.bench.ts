/**
 * Signed-in profile reads: `GET /api/v1/me` through real HTTP (session lookup by token hash,
 * ban check, profile read, realtime token) with many concurrent players, beside
 * `pgbench -S` (one indexed primary-key read per transaction) on the same PostgreSQL server.
 * The ratio says how much of the database's raw read capacity the API turns into requests.
 * The server is the built one `npm start` runs (apps/server/dist/main.js, built first).
 *
 * BENCH_PROFILE_CPU_PROF=<directory> writes the server's V8 CPU profile there
 * (profile-server-<pid>.cpuprofile, from cpu-profile.mjs; open it in Chrome DevTools).
 * BENCH_PROFILE_FLOOR=true measures the floor too, the same way: the server's `GET /healthz`
 * (no session, no database), a bare Fastify and Node's bare `http` answering a small JSON object.
 * BENCH_PROFILE_PROCESSES=<n> (default 1) starts n server processes on the database (the
 * production topology's identical API processes) and spreads the connections over them, as a load
 * balancer does.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  buildServer,
  type ServerProcess,
  startServerProcess,
} from '../apps/server/test/support/server-process.ts';
import {
  benchServerEnvironment,
  type Cleanups,
  cpuSeconds,
  cpuSpent,
  measurePgbench,
  postgresCpuSeconds,
  postmasterPidOf,
  printResult,
  recreateDatabase,
  startBareServer,
  systemCpuSeconds,
} from './support.ts';

const players = 50;
const connections = 32;
const seconds = 10;

interface Target {
  url: string;
  /** the server process answering it, for its CPU time */
  pid: number;
}

interface Measurement {
  requestsPerSecond: number;
  total: number;
  p99: number;
  /** CPU seconds of the servers, of those in the kernel, of PostgreSQL, of the load generator */
  server: number;
  kernel: number;
  postgres: number;
  client: number;
}

/**
 * `connections` spread evenly over the targets (one autocannon each, at once) for `seconds`;
 * `headers` gives each request's headers.
 */
async function measure(
  targets: Target[],
  postmasterPid: number,
  headers?: () => Record<string, string>,
  duration = seconds,
): Promise<Measurement> {
  const serverCpu = () => targets.reduce((sum, { pid }) => sum + (cpuSeconds(pid) ?? 0), 0);
  const kernelCpu = () => targets.reduce((sum, { pid }) => sum + systemCpuSeconds(pid), 0);
  const serverBefore = serverCpu();
  const kernelBefore = kernelCpu();
  const postgresBefore = postgresCpuSeconds(postmasterPid);
  const clientBefore = process.cpuUsage();
  const results = await Promise.all(
    targets.map((target, index) =>
      autocannon({
        url: target.url,
        connections:
          Math.floor(connections / targets.length) + (index < connections % targets.length ? 1 : 0),
        duration,
        ...(headers
          ? { requests: [{ setupRequest: (request) => ({ ...request, headers: headers() }) }] }
          : {}),
      }),
    ),
  );
  const client = process.cpuUsage(clientBefore);
  const measurement = {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    total: results.reduce((sum, result) => sum + result.requests.total, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    server: serverCpu() - serverBefore,
    kernel: kernelCpu() - kernelBefore,
    postgres: cpuSpent(postgresBefore, postgresCpuSeconds(postmasterPid)),
    client: (client.user + client.system) / 1e6,
  };
  const non2xx = results.reduce((sum, result) => sum + result.non2xx, 0);
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  if (non2xx > 0 || errors > 0) {
    throw new Error(`the profile bench saw ${non2xx} non-2xx answers and ${errors} errors`);
  }
  return measurement;
}

/** The CPU time per request follows each process's own work, not the machine's load. */
function printCpu(measurement: Measurement) {
  const perRequest = (cpu: number) => ((cpu * 1e6) / measurement.total).toFixed(0);
  console.info(
    `  p99 latency ${measurement.p99} ms over ${measurement.total} requests; CPU per request: server ${perRequest(measurement.server)} µs (${perRequest(measurement.kernel)} in the kernel), PostgreSQL ${perRequest(measurement.postgres)} µs, load generator ${perRequest(measurement.client)} µs`,
  );
}

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_profile');
  await buildServer();
  const cpuProfileDirectory = process.env.BENCH_PROFILE_CPU_PROF;
  const processes = Number(process.env.BENCH_PROFILE_PROCESSES ?? '1');
  const floor = process.env.BENCH_PROFILE_FLOOR === 'true';
  const servers: ServerProcess[] = [];
  const cleanups: Cleanups = [];
  try {
    for (let index = 0; index < processes; index += 1) {
      servers.push(
        await startServerProcess(
          databaseUrl,
          {
            REGISTER_RATE_LIMIT_PER_IP: '100000',
            ...benchServerEnvironment,
            // one process runs the jobs, as any of them could
            ...(index > 0 ? { JOBS_ENABLED: 'false' } : {}),
            ...(cpuProfileDirectory
              ? {
                  NODE_OPTIONS: `--import ${pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), 'cpu-profile.mjs')).href}`,
                  CPU_PROFILE_DIRECTORY: resolve(cpuProfileDirectory),
                  CPU_PROFILE_NAME: 'profile-server',
                }
              : {}),
          },
          { built: true },
        ),
      );
    }
    const [first] = servers;
    if (!first) throw new RangeError('BENCH_PROFILE_PROCESSES must be at least 1');
    const tokens: string[] = [];
    for (let index = 0; index < players; index += 1) {
      const response = await fetch(`${first.baseUrl}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench-${index}@example.com`, password: 'bench-password-1' }),
      });
      if (!response.ok)
        throw new Error(`register failed: ${response.status} ${await response.text()}`);
      tokens.push(((await response.json()) as { token: string }).token);
    }
    let next = 0;
    const postmasterPid = await postmasterPidOf(databaseUrl);
    const targets = servers.map((server) => ({
      url: `${server.baseUrl}/api/v1/me`,
      pid: server.pid,
    }));
    const signedIn = () => {
      next = (next + 1) % tokens.length;
      return { authorization: `Bearer ${tokens[next]}` };
    };
    // a cold server compiles its hot paths during the first seconds
    await measure(targets, postmasterPid, signedIn, 3);
    // what the servers spend with no request at all (jobs, timers), part of every figure below
    const idleBefore = targets.reduce((sum, { pid }) => sum + (cpuSeconds(pid) ?? 0), 0);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idleSpent =
      targets.reduce((sum, { pid }) => sum + (cpuSeconds(pid) ?? 0), 0) - idleBefore;
    console.info(`  idle servers: ${((idleSpent / 5) * 1000).toFixed(0)} ms of CPU a second`);
    const profile = await measure(targets, postmasterPid, signedIn);
    const baseline = await measurePgbench(adminUrl, { workload: ['-S'], clients: 8, seconds });
    printResult(
      `profile reads (GET /api/v1/me${processes > 1 ? `, ${processes} server processes` : ''})`,
      profile.requestsPerSecond,
      'req/s',
      baseline,
    );
    printCpu(profile);
    if (floor) {
      const health = await measure(
        [{ url: `${first.baseUrl}/healthz`, pid: first.pid }],
        postmasterPid,
      );
      printResult(
        'floor: the same server, GET /healthz',
        health.requestsPerSecond,
        'req/s',
        baseline,
      );
      printCpu(health);
      for (const bare of ['fastify', 'node']) {
        const { port, pid } = await startBareServer(cleanups, 'http-hello-server.ts', {
          BARE_SERVER: bare,
          NODE_ENV: 'production',
        });
        const hello = await measure([{ url: `http://127.0.0.1:${port}/`, pid }], postmasterPid);
        printResult(`floor: bare ${bare}, GET /`, hello.requestsPerSecond, 'req/s', baseline);
        printCpu(hello);
      }
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    for (const server of servers) await server.stop();
  }
}
