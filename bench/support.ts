import { spawnSync } from 'node:child_process';
import { recreateDatabase, startTestPostgres } from '../apps/server/test/support/postgres.ts';

export { recreateDatabase, startTestPostgres };

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
