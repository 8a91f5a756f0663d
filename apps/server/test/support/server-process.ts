import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from './postgres.ts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  baseUrl: string;
  /** the child's process id (e.g. for reading its CPU time) */
  pid: number;
  stop: () => Promise<void>;
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/**
 * Starts the real server (`apps/server/src/main.ts`, exactly what `npm start` runs) as a child
 * process on a free port against `databaseUrl`; it migrates and inserts the demo data itself.
 */
export async function startServerProcess(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await findFreePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keepLog = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keepLog);
  child.stderr?.on('data', keepLog);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, child, () => log);
  } catch (error) {
    // A server that never became ready must not outlive the caller.
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    stop: async () => {
      // Already gone (exited, or killed by a signal): its 'exit' event will not come again.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT');
      await exited;
    },
  };
}
