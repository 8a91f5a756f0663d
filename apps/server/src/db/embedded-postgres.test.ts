import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const directories: string[] = [];
afterEach(async () => {
  for (const directory of directories.splice(0)) {
    await rm(directory, { recursive: true, force: true });
  }
});

/** A data directory that looks initialised, whose postmaster.pid names `pid`. */
async function clusterNaming(pid: number): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'casino-embedded-unit-'));
  directories.push(directory);
  await writeFile(join(directory, 'PG_VERSION'), '18\n');
  await writeFile(
    join(directory, 'postmaster.pid'),
    `${pid}\n${directory}\n1700000000\n5433\n/tmp\nlocalhost\n  1234 5678\nready   \n`,
  );
  return directory;
}

test('a postmaster.pid naming a live process that is no PostgreSQL of this directory is refused, and that process left alone', async () => {
  // this test's own process: alive, and not a postgres serving the directory
  const directory = await clusterNaming(process.pid);
  const messages: string[] = [];
  await expect(
    startEmbeddedPostgres({
      directory,
      port: 1,
      log: (message) => messages.push(message),
      info: (message) => messages.push(message),
      warn: (message) => messages.push(message),
    }),
  ).rejects.toThrow(/names process \d+, which is not a PostgreSQL server of this directory/);
  expect(messages.some((message) => message.includes('stopping'))).toBe(false);
});
