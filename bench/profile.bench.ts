/**
 * Signed-in profile reads: `GET /api/v1/me` through real HTTP (session lookup by token hash,
 * ban check, profile read, realtime token) with many concurrent players, beside
 * `pgbench -S` (one indexed primary-key read per transaction) on the same PostgreSQL server.
 * The ratio says how much of the database's raw read capacity the API turns into requests.
 * The server is the built one `npm start` runs (apps/server/dist/main.js, built first).
 *
 * BENCH_PROFILE_CPU_PROF=<directory> writes the server's V8 CPU profile there
 * (profile-server-<pid>.cpuprofile, from cpu-profile.mjs; open it in Chrome DevTools).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { buildServer, startServerProcess } from '../apps/server/test/support/server-process.ts';
import {
  benchServerEnvironment,
  cpuSeconds,
  cpuSpent,
  measurePgbench,
  postgresCpuSeconds,
  postmasterPidOf,
  printResult,
  recreateDatabase,
  systemCpuSeconds,
} from './support.ts';

const players = 50;
const connections = 32;
const seconds = 10;

export async function run(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_profile');
  await buildServer();
  const cpuProfileDirectory = process.env.BENCH_PROFILE_CPU_PROF;
  const server = await startServerProcess(
    databaseUrl,
    {
      REGISTER_RATE_LIMIT_PER_IP: '100000',
      ...benchServerEnvironment,
      ...(cpuProfileDirectory
        ? {
            NODE_OPTIONS: `--import ${pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), 'cpu-profile.mjs')).href}`,
            CPU_PROFILE_DIRECTORY: resolve(cpuProfileDirectory),
            CPU_PROFILE_NAME: 'profile-server',
          }
        : {}),
    },
    { built: true },
  );
  try {
    const tokens: string[] = [];
    for (let index = 0; index < players; index += 1) {
      const response = await fetch(`${server.baseUrl}/api/v1/auth/register`, {
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
    const cpuBefore = cpuSeconds(server.pid);
    const systemBefore = systemCpuSeconds(server.pid);
    const postgresBefore = postgresCpuSeconds(postmasterPid);
    const clientBefore = process.cpuUsage();
    const result = await autocannon({
      url: `${server.baseUrl}/api/v1/me`,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (request) => {
            next = (next + 1) % tokens.length;
            return { ...request, headers: { authorization: `Bearer ${tokens[next]}` } };
          },
        },
      ],
    });
    const cpuAfter = cpuSeconds(server.pid);
    const systemAfter = systemCpuSeconds(server.pid);
    const postgresSpent = cpuSpent(postgresBefore, postgresCpuSeconds(postmasterPid));
    const client = process.cpuUsage(clientBefore);
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(
        `profile bench saw ${result.non2xx} non-2xx answers and ${result.errors} errors`,
      );
    }
    const baseline = await measurePgbench(adminUrl, { workload: ['-S'], clients: 8, seconds });
    printResult('profile reads (GET /api/v1/me)', result.requests.average, 'req/s', baseline);
    console.info(`  p99 latency ${result.latency.p99} ms over ${result.requests.total} requests`);
    // The CPU time per request follows each process's own work, not the machine's load: the
    // server's, PostgreSQL's (every process of the server) and the load generator's (this one).
    const total = result.requests.total;
    if (cpuBefore !== null && cpuAfter !== null && total > 0) {
      const perRequest = (seconds: number) => ((seconds * 1e6) / total).toFixed(0);
      console.info(
        `  CPU per request: server ${perRequest(cpuAfter - cpuBefore)} µs (${perRequest(systemAfter - systemBefore)} in the kernel), PostgreSQL ${perRequest(postgresSpent)} µs, load generator ${perRequest((client.user + client.system) / 1e6)} µs`,
      );
    }
  } finally {
    await server.stop();
  }
}
