import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findFreePort } from './support/postgres.ts';
import { waitFor } from './support/realtime.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm start` without DATABASE_URL: the server runs PostgreSQL itself (item 9 of issue 17). It
 * restarts a PostgreSQL that died under it, takes over the one a killed server left running, and
 * on Ctrl+C stops cleanly, printing a few short lines.
 */
describe('the embedded PostgreSQL', () => {
  let dataDirectory: string;
  let environment: Record<string, string>;
  let server: ServerProcess;
  const servers: ServerProcess[] = [];

  async function start(): Promise<ServerProcess> {
    // own process group: the stop below is a terminal's Ctrl+C, sent to the whole group
    const started = await startServerProcess(null, environment, {
      ownProcessGroup: true,
      readyTimeoutMs: 180_000,
    });
    servers.push(started);
    return started;
  }

  async function postmasterPid(): Promise<number | null> {
    try {
      const text = await readFile(join(dataDirectory, 'postgres', 'postmaster.pid'), 'utf8');
      return Number(text.split('\n')[0]);
    } catch {
      return null;
    }
  }

  async function ready(candidate: ServerProcess): Promise<boolean> {
    try {
      return (await fetch(`${candidate.baseUrl}/readyz`)).status === 200;
    } catch {
      return false;
    }
  }

  beforeAll(async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'casino-test-embedded-'));
    // as root the cluster belongs to the `postgres` user, who must be able to enter this
    await chmod(dataDirectory, 0o755);
    environment = {
      DATA_DIR: dataDirectory,
      EMBEDDED_POSTGRES_PORT: String(await findFreePort()),
      JOBS_ENABLED: 'true',
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
    };
    server = await start();
  }, 240_000);

  afterAll(async () => {
    for (const started of servers) started.kill('SIGKILL');
    const pid = await postmasterPid();
    if (pid !== null && isAlive(pid)) {
      process.kill(pid, 'SIGQUIT');
      await waitFor(() => !isAlive(pid), 'PostgreSQL to stop', 30_000);
    }
    await rm(dataDirectory, { recursive: true, force: true });
  }, 60_000);

  test('killed under the running server, it is started again and the server serves', async () => {
    const killed = await postmasterPid();
    expect(killed).not.toBeNull();
    process.kill(killed as number, 'SIGKILL');

    await waitFor(
      async () => (await postmasterPid()) !== killed && (await ready(server)),
      'the server to start PostgreSQL again',
      90_000,
    );
    const languages = await fetch(`${server.baseUrl}/api/v1/languages?mode=1`);
    expect(languages.status).toBe(200);
    expect(server.running()).toBe(true);
    expect(server.output()).toContain('starting it again');
  }, 120_000);

  test('left running by a killed server, it is taken over by the next start', async () => {
    const left = await postmasterPid();
    expect(left).not.toBeNull();
    server.kill('SIGKILL');
    await server.exited;
    expect(isAlive(left as number)).toBe(true);

    server = await start();

    expect(isAlive(left as number)).toBe(false);
    expect(await postmasterPid()).not.toBe(left);
    expect(server.output()).toContain('an earlier run left');
    expect((await fetch(`${server.baseUrl}/api/v1/languages?mode=1`)).status).toBe(200);
  }, 240_000);

  test('Ctrl+C stops the server and then PostgreSQL, printing a few short lines', async () => {
    const postgres = await postmasterPid();
    expect(postgres).not.toBeNull();
    // connections in use and idle in the pool, as in a running app
    await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${server.baseUrl}/api/v1/languages?mode=1`)),
    );
    const printedBefore = server.output().length;

    await server.stop();

    const { code } = await server.exited;
    const lines = server
      .output()
      .slice(printedBefore)
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines.join('\n')).toContain('shutting down');
    expect(lines.join('\n')).toContain('stopped');
    expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(5);
    for (const line of lines) expect(line.length, line.slice(0, 500)).toBeLessThan(300);
    // an orderly stop: PostgreSQL goes after the server closed its connections, nothing breaks
    const warnings = lines.filter((line) => /"level":[456]0/.test(line));
    expect(warnings).toEqual([]);
    expect(code).toBe(0);
    expect(isAlive(postgres as number)).toBe(false);
    expect(await postmasterPid()).toBeNull();
  }, 120_000);
});
