import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from './postgres.ts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** What a server process printed is kept up to this size (its start and its end matter). */
const maximumOutputChars = 1_000_000;

export interface ServerProcess {
  baseUrl: string;
  /** the child's process id (e.g. for reading its CPU time) */
  pid: number;
  /** everything the process printed so far (stdout and stderr, interleaved as received) */
  output: () => string;
  /** resolves when the process has exited */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** whether the process still runs */
  running: () => boolean;
  /** sends `signal` to the process (only to it: what `kill -9 <pid>` does) */
  kill: (signal: NodeJS.Signals) => void;
  /** SIGINT and waits for the exit (nothing, when it already exited) */
  stop: () => Promise<void>;
}

export interface ServerProcessOptions {
  /**
   * Run in a process group of its own and signal the whole group on stop, as a terminal does on
   * Ctrl+C (the group also holds whatever the server started without detaching it).
   */
  ownProcessGroup?: boolean;
  /** how long the start may take until /readyz answers 200 (default one minute) */
  readyTimeoutMs?: number;
  /**
   * Run the built server (`apps/server/dist/main.js`, what `npm start` runs; build it first with
   * `buildServer`) instead of the source through tsx (the tests' default).
   */
  built?: boolean;
  /** raise the soft limit on open files to the hard limit (a server holding 10,000 sockets) */
  raiseOpenFileLimit?: boolean;
  /** another checkout of the repository whose server to run (a bench comparing two versions) */
  repositoryRoot?: string;
}

/** Builds `apps/server/dist/main.js` as `npm start` does (apps/server/build.mjs). */
export async function buildServer(): Promise<void> {
  const child = spawn(process.execPath, ['apps/server/build.mjs'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`the server build failed (exit code ${code})`);
}

/**
 * `command args` run through `sh`, which first raises its soft limit on open files to the hard
 * limit (Node cannot call setrlimit) and then becomes the command (`exec`: the same process id).
 */
export function withRaisedOpenFileLimit(command: string, args: string[]): [string, string[]] {
  return [
    '/bin/sh',
    ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"', command, ...args],
  ];
}

async function waitUntilReady(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited early:\n${output().slice(-20_000)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`server did not become ready:\n${output().slice(-20_000)}`);
}

/**
 * Starts the real server (`apps/server/src/main.ts`, what `npm start` builds and runs) as a child
 * process on a free port against `databaseUrl` — or, with null, on the embedded PostgreSQL it
 * starts itself (`DATA_DIR`, `EMBEDDED_POSTGRES_PORT` in `extraEnv`); it migrates and inserts
 * the demo data itself.
 */
export async function startServerProcess(
  databaseUrl: string | null,
  extraEnv: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await findFreePort();
  let log = '';
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl }),
    ...extraEnv,
  };
  if (databaseUrl === null) delete environment.DATABASE_URL;
  const nodeArguments = options.built
    ? ['--enable-source-maps', 'apps/server/dist/main.js']
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const [command, args] = options.raiseOpenFileLimit
    ? withRaisedOpenFileLimit(process.execPath, nodeArguments)
    : [process.execPath, nodeArguments];
  const child = spawn(command, args, {
    cwd: options.repositoryRoot ?? repositoryRoot,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
  const keepLog = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-maximumOutputChars);
  };
  child.stdout?.on('data', keepLog);
  child.stderr?.on('data', keepLog);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const interrupt = () => {
    if (options.ownProcessGroup && child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
    else child.kill('SIGINT');
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, child, () => log, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    // A server that never became ready must not outlive the caller.
    if (running()) child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    output: () => log,
    exited,
    running,
    kill: (signal) => {
      if (running()) child.kill(signal);
    },
    stop: async () => {
      // Already gone (exited, or killed by a signal): its 'exit' event will not come again.
      if (!running()) return;
      interrupt();
      await exited;
    },
  };
}

/**
 * One JSON call to a server process: the bearer token when given, a fresh Idempotency-Key on a
 * POST; answers the status, the parsed body (null when empty) and the headers.
 */
export async function callServer(
  server: Pick<ServerProcess, 'baseUrl'>,
  path: string,
  options: { method?: string; token?: string; body?: object } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const method = options.method ?? 'GET';
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? null : JSON.parse(text),
    headers: response.headers,
  };
}
