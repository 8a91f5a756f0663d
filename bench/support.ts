import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { recreateDatabase, startTestPostgres } from '../apps/server/test/support/postgres.ts';
import { withRaisedOpenFileLimit } from '../apps/server/test/support/server-process.ts';

export { recreateDatabase, startTestPostgres };

const directory = dirname(fileURLToPath(import.meta.url));

/** What every bench's server process runs with (each adds its own). */
export const benchServerEnvironment = {
  NODE_ENV: 'production',
  WEBSOCKET_JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  OPERATOR_PASSWORD: 'bench-operator-password',
  DEMO_DATA: 'false',
  // web push needs the operator's own VAPID keys in production; the benches send none
  WEB_PUSH_ENABLED: 'false',
  // the benches sign the operator in with a password only
  BACKOFFICE_REQUIRE_TOTP: 'false',
  // required in production (the operators' TOTP secrets at rest); no bench enrols an operator
  OPERATOR_TOTP_KEY: Buffer.alloc(32, 7).toString('base64'),
};

/** What a bench undoes at its end, in reverse order. */
export type Cleanups = Array<() => Promise<void>>;

export interface PgbenchOptions {
  /** extra pgbench arguments selecting the workload, e.g. ['-S'] or ['-b', 'tpcb-like'] */
  workload: string[];
  clients: number;
  seconds: number;
}

function connectionArguments(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    args: ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username)],
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
    database: url.pathname.slice(1),
  };
}

function runPgbenchCommand(databaseUrl: string, extra: string[]): string {
  const connection = connectionArguments(databaseUrl);
  const result = spawnSync('pgbench', [...connection.args, ...extra, connection.database], {
    env: connection.env,
    encoding: 'utf8',
  });
  if (result.error) {
    throw new Error(
      `pgbench could not run (${result.error.message}); install Debian's postgresql-client`,
    );
  }
  if (result.status !== 0) throw new Error(`pgbench failed:\n${result.stderr}`);
  return result.stdout;
}

/**
 * A fresh pgbench database (scale 4) on the same server; `run` measures transactions per second
 * of a workload on it, as often as asked (a bench alternating with its baseline runs it several
 * times on the same data).
 */
export async function preparePgbench(adminUrl: string) {
  const databaseUrl = await recreateDatabase(adminUrl, 'bench_pgbench');
  runPgbenchCommand(databaseUrl, ['-i', '-q', '-s', '4']);
  return {
    run(options: PgbenchOptions): number {
      const output = runPgbenchCommand(databaseUrl, [
        ...options.workload,
        '-c',
        String(options.clients),
        '-j',
        '2',
        '-T',
        String(options.seconds),
      ]);
      const match = /tps = ([\d.]+)/.exec(output);
      if (!match?.[1]) throw new Error(`unexpected pgbench output:\n${output}`);
      return Number(match[1]);
    },
  };
}

/** Transactions per second of pgbench on a fresh database of the same server. */
export async function measurePgbench(adminUrl: string, options: PgbenchOptions): Promise<number> {
  return (await preparePgbench(adminUrl)).run(options);
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('no values');
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function printResult(
  name: string,
  measured: number,
  unit: string,
  baseline: number,
  baselineUnit = 'tps',
) {
  const ratio = measured / baseline;
  console.info(
    `${name}: ${measured.toFixed(0)} ${unit} | baseline ${baseline.toFixed(0)} ${baselineUnit} | ratio ${ratio.toFixed(2)}`,
  );
  return ratio;
}

/** A process's CPU time so far from /proc (Linux), in seconds; null where unavailable. */
export function cpuSeconds(pid: number): number | null {
  const times = cpuTimes(pid);
  return times === null ? null : times.user + times.system;
}

/** The part of `cpuSeconds` spent in the kernel on the process's behalf (system calls). */
export function systemCpuSeconds(pid: number): number {
  return cpuTimes(pid)?.system ?? 0;
}

function cpuTimes(pid: number): { user: number; system: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // /proc counts in USER_HZ, which Linux fixes at 100 for user space.
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return null;
  }
}

/** The process id of the PostgreSQL server's postmaster: the parent of a connection's backend. */
export async function postmasterPidOf(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const stat = readFileSync(`/proc/${rows[0]?.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } finally {
    await client.end();
  }
}

/** CPU seconds of each process of the PostgreSQL server (the postmaster and its children). */
export function postgresCpuSeconds(postmasterPid: number): Map<number, number> {
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmasterPid)], {
    encoding: 'utf8',
  })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  return new Map([postmasterPid, ...children].map((pid) => [pid, cpuSeconds(pid) ?? 0]));
}

/** CPU seconds spent between two readings by the processes alive at the second. */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

/**
 * The bare `ws` broadcast server (ws-broadcast-server.ts) as a child process with `env` added
 * to this one's, its soft limit on open files raised to the hard limit; it exits when its stdin
 * closes.
 */
export async function startBroadcastServer(
  cleanups: Cleanups,
  env: Record<string, string> = {},
): Promise<{ port: number; pid: number }> {
  return await startBareServer(cleanups, 'ws-broadcast-server.ts', env);
}

/**
 * A bench's baseline server (a script in bench/ that prints `{"port":…}` once listening and exits
 * when its stdin closes) as a child process with `env` added to this one's, its soft limit on open
 * files raised to the hard limit.
 */
export async function startBareServer(
  cleanups: Cleanups,
  script: string,
  env: Record<string, string> = {},
): Promise<{ port: number; pid: number }> {
  const [command, args] = withRaisedOpenFileLimit(process.execPath, [
    '--import',
    'tsx',
    resolve(directory, script),
  ]);
  const child: ChildProcess = spawn(command, args, {
    cwd: resolve(directory, '..'),
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.stdin?.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  });
  let output = '';
  return await new Promise((resolvePort, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start:\n${output}`)),
      30_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"port":(\d+)\}/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePort({ port: Number(match[1]), pid: child.pid ?? 0 });
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`${script} exited:\n${output}`));
    });
  });
}
