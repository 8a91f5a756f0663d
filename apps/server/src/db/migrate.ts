import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsDirectory } from '../paths.ts';

/** Several processes may start at once; this lock lets exactly one of them migrate. */
const migrationLockKey = 7_264_110_001n;

const migrationFilePattern = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export interface MigrationFile {
  version: string;
  name: string;
  fileName: string;
}

export interface Migration extends MigrationFile {
  sql: string;
  checksum: string;
}

export interface AppliedMigration {
  version: string;
  checksum: string;
}

/** Orders migration files by their number; rejects strays and duplicate numbers. */
export function parseMigrationFileNames(fileNames: readonly string[]): MigrationFile[] {
  const migrations: MigrationFile[] = [];
  for (const fileName of fileNames) {
    if (!fileName.endsWith('.sql')) continue;
    const match = migrationFilePattern.exec(fileName);
    if (!match?.[1] || !match[2]) {
      throw new Error(`Migration file "${fileName}" must be named NNNN_lower_snake_case.sql`);
    }
    migrations.push({ version: match[1], name: match[2], fileName });
  }
  migrations.sort((left, right) => left.version.localeCompare(right.version));
  for (let index = 1; index < migrations.length; index += 1) {
    const previous = migrations[index - 1];
    const current = migrations[index];
    if (previous && current && previous.version === current.version) {
      throw new Error(
        `Migrations "${previous.fileName}" and "${current.fileName}" share the number ${current.version}`,
      );
    }
  }
  return migrations;
}

/**
 * Which migrations still need to run. An applied migration whose file changed is an error
 * (history must not be rewritten); versions unknown to this build were applied by a newer
 * build during a rolling deploy and are left alone.
 */
export function planMigrations(
  available: readonly Migration[],
  applied: readonly AppliedMigration[],
): Migration[] {
  const appliedByVersion = new Map(applied.map((migration) => [migration.version, migration]));
  const pending: Migration[] = [];
  for (const migration of available) {
    const record = appliedByVersion.get(migration.version);
    if (!record) {
      pending.push(migration);
    } else if (record.checksum !== migration.checksum) {
      throw new Error(
        `Migration ${migration.fileName} was changed after it had been applied; add a new migration instead`,
      );
    }
  }
  return pending;
}

export async function loadMigrations(directory = migrationsDirectory): Promise<Migration[]> {
  const files = parseMigrationFileNames(await readdir(directory));
  return await Promise.all(
    files.map(async (file) => {
      const sql = await readFile(join(directory, file.fileName), 'utf8');
      return { ...file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export interface MigrationOptions {
  directory?: string;
  log?: (message: string) => void;
}

/** Applies pending migrations in order, each in its own transaction, then disconnects. */
export async function runMigrations(
  databaseUrl: string,
  options: MigrationOptions = {},
): Promise<void> {
  const migrations = await loadMigrations(options.directory);
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'casino-migrations',
  });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey.toString()]);
    try {
      await client.query(`
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version text PRIMARY KEY,
          name text NOT NULL,
          checksum text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
      const { rows } = await client.query<AppliedMigration>(
        'SELECT version, checksum FROM schema_migrations',
      );
      for (const migration of planMigrations(migrations, rows)) {
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query(
            'INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)',
            [migration.version, migration.name, migration.checksum],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`Migration ${migration.fileName} failed`, { cause: error });
        }
        options.log?.(`Applied migration ${migration.fileName}`);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey.toString()]);
    }
  } finally {
    await client.end();
  }
}
