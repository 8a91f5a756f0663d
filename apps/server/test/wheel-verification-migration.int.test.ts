import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { loadMigrations, runMigrations } from '../src/db/migrate.ts';
import { migrationsDirectory } from '../src/paths.ts';
import { databaseUrl } from './support/postgres.ts';

/**
 * Migration 0028 completes the prize tables of the spins stored before it with what can still be
 * known, and nothing it cannot know.
 */

const adminUrl = inject('adminDatabaseUrl');
const verificationMigration = '0028';
let scratch: string;
let name: string;

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'casino-wheel-migration-'));
  name = `wheel_migration_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await withClient(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
});

test('spins stored before 0028 get the amounts that are still known: the prize won, and prizes not edited since the spin', async () => {
  const url = databaseUrl(adminUrl, name);
  const directory = join(scratch, 'migrations');
  await mkdir(directory);
  const migrations = await loadMigrations();
  const copy = async (version: (value: string) => boolean) => {
    for (const migration of migrations.filter((entry) => version(entry.version))) {
      await copyFile(
        join(migrationsDirectory, migration.fileName),
        join(directory, migration.fileName),
      );
    }
  };
  await copy((version) => version < verificationMigration);
  await runMigrations(url, { directory });

  const ids = await withClient(url, async (client) => {
    const one = async (text: string, values: unknown[]) => {
      const { rows } = await client.query<{ id: string }>(text, values);
      const row = rows[0];
      if (!row) throw new Error(`nothing returned by ${text}`);
      return row.id;
    };
    const user = await one(
      "INSERT INTO users (email, password_hash) VALUES ('legacy@wheel.test', 'x') RETURNING id",
      [],
    );
    const seed = await one(
      `INSERT INTO fairness_seeds (user_id, server_seed, server_seed_hash, client_seed)
       VALUES ($1, repeat('a', 64), repeat('b', 64), 'legacy') RETURNING id`,
      [user],
    );
    const prize = (position: number, amount: number, at: string) =>
      one(
        `INSERT INTO wheel_prizes (position, amount_usd_minor, balance_type, weight, created_at, updated_at)
         VALUES ($1, $2, 'main', 1, $3, $3) RETURNING id`,
        [position, amount, at],
      );
    const first = await prize(0, 100, '2026-01-01T00:00:00Z');
    const second = await prize(1, 200, '2026-01-01T00:00:00Z');
    const third = await prize(2, 300, '2026-01-01T00:00:00Z');
    const spin = (day: string, prizeId: string, amount: number, table: string[]) =>
      one(
        `INSERT INTO wheel_spins (user_id, spin_day, prize_id, seed_id, client_seed, nonce, weights,
           amount_usd_minor, currency, amount_minor, balance_type, created_at)
         VALUES ($1, $2, $3, $4, 'legacy', $5, $6, $7, 'USD', $7, 'main', $2::date + time '12:00')
         RETURNING id`,
        [
          user,
          day,
          prizeId,
          seed,
          day === '2026-01-02' ? 0 : 1,
          JSON.stringify(table.map((id) => ({ prizeId: id, weight: 1 }))),
          amount,
        ],
      );
    // a spin on the 2nd, the operator's edit on the 3rd (the second prize retired, the third
    // worth 3.50 now; the edit touches every current prize), a spin on the 4th
    const beforeEdit = await spin('2026-01-02', second, 200, [first, second, third]);
    await client.query(
      `UPDATE wheel_prizes SET retired_at = '2026-01-03T00:00:00Z', updated_at = '2026-01-03T00:00:00Z'
       WHERE id = $1`,
      [second],
    );
    await client.query(
      `UPDATE wheel_prizes SET updated_at = '2026-01-03T00:00:00Z',
         amount_usd_minor = CASE WHEN id = $2 THEN 350 ELSE amount_usd_minor END
       WHERE id IN ($1, $2)`,
      [first, third],
    );
    const afterEdit = await spin('2026-01-04', first, 100, [first, third]);
    return { first, second, third, beforeEdit, afterEdit };
  });

  await copy((version) => version === verificationMigration);
  await runMigrations(url, { directory });

  const weights = await withClient(url, async (client) => {
    const { rows } = await client.query<{ id: string; weights: unknown }>(
      'SELECT id, weights FROM wheel_spins',
    );
    return new Map(rows.map((row) => [row.id, row.weights]));
  });
  expect(weights.get(ids.beforeEdit)).toEqual([
    // edited after the spin: its amount then is not known any more
    { prizeId: ids.first, weight: 1 },
    // the prize won: the spin's own row kept it
    { prizeId: ids.second, weight: 1, amountUsdMinor: '200', balanceType: 'main' },
    { prizeId: ids.third, weight: 1 },
  ]);
  expect(weights.get(ids.afterEdit)).toEqual([
    { prizeId: ids.first, weight: 1, amountUsdMinor: '100', balanceType: 'main' },
    // not edited since the spin: today's amount is the amount then
    { prizeId: ids.third, weight: 1, amountUsdMinor: '350', balanceType: 'main' },
  ]);
});
