import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { loadMigrations, runMigrations } from '../src/db/migrate.ts';
import { databaseUrl } from './support/postgres.ts';

const adminUrl = inject('adminDatabaseUrl');
const created: string[] = [];

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function emptyDatabase(): Promise<string> {
  const name = `migrations_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  created.push(name);
  return databaseUrl(adminUrl, name);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'casino-migrations-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  for (const name of created) {
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
});

test('several processes migrating at once apply each migration exactly once', async () => {
  const url = await emptyDatabase();
  await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
  const applied = await query<{ version: string }>(
    url,
    'SELECT version FROM schema_migrations ORDER BY version',
  );
  const available = await loadMigrations();
  expect(applied.map((row) => row.version)).toEqual(
    available.map((migration) => migration.version),
  );
  const languages = await query<{ count: string }>(url, 'SELECT count(*) FROM languages');
  expect(languages[0]?.count).toBe('9');
});

test('running again is a no-op and leaves no connections behind', async () => {
  const url = await emptyDatabase();
  await runMigrations(url);
  await runMigrations(url);
  const name = new URL(url).pathname.slice(1);
  const sessions = await admin(
    async (client) =>
      (
        await client.query('SELECT count(*) AS count FROM pg_stat_activity WHERE datname = $1', [
          name,
        ])
      ).rows,
  );
  expect(sessions[0]?.count).toBe('0');
});

test('a failing migration rolls back completely and stops the run', async () => {
  const url = await emptyDatabase();
  const directory = join(scratch, 'failing');
  await mkdir(directory);
  await writeFile(join(directory, '0001_first.sql'), 'CREATE TABLE first_table (id int);');
  await writeFile(
    join(directory, '0002_broken.sql'),
    'CREATE TABLE second_table (id int); SELECT * FROM no_such_table;',
  );
  await writeFile(join(directory, '0003_never.sql'), 'CREATE TABLE third_table (id int);');
  await expect(runMigrations(url, { directory })).rejects.toThrow(/0002_broken\.sql failed/);
  const tables = await query<{ table_name: string }>(
    url,
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  expect(tables.map((row) => row.table_name)).toEqual(['first_table', 'schema_migrations']);
});

test('an applied migration that was edited afterwards stops the start', async () => {
  const url = await emptyDatabase();
  const directory = join(scratch, 'edited');
  await mkdir(directory);
  await writeFile(join(directory, '0001_first.sql'), 'CREATE TABLE first_table (id int);');
  await runMigrations(url, { directory });
  await writeFile(join(directory, '0001_first.sql'), 'CREATE TABLE first_table (id bigint);');
  await expect(runMigrations(url, { directory })).rejects.toThrow(
    /changed after it had been applied/,
  );
});
