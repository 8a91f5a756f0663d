/**
 * The database's schema, brought up to date at every start by two kinds of migration, both under
 * one advisory lock (of several processes starting at once, exactly one migrates):
 *
 * 1. Numbered migrations, `apps/server/migrations/NNNN_lower_snake_case.sql`: table changes only
 *    (tables, columns, constraints, indexes, types, the data they move). Each runs once, in number
 *    order, in its own transaction, recorded in `schema_migrations` with its checksum. An applied
 *    migration is history that existing databases have run: a changed file stops the start, so a
 *    change is a new migration. 0001–0028 also created stored functions and triggers, some of
 *    them several times over; they stay as they are, a fresh database replays them, and the
 *    repeatables below then replace what they created.
 * 2. Repeatable migrations, `src/modules/<module>/db/*.sql` (any depth under `src/modules`, in a
 *    folder named `db`): every stored function and trigger of the database, each defined once,
 *    as source, beside the module that owns it, with CREATE OR REPLACE so that applying it again
 *    is harmless. `<function>.sql` defines that one function (with its grants and comments, if
 *    any); `<table>.triggers.sql` defines that table's triggers. File names are unique across
 *    modules and key the record, so a module can move without its files being applied again.
 *    After the numbered migrations, each file whose checksum differs from the one recorded in
 *    `schema_repeatables` is applied, in its own transaction (one table's trigger locks at a
 *    time: no deadlock with the traffic of other processes); when numbered migrations ran in this
 *    start, every file is (a table change may have dropped or replaced what a file defines).
 *    Order: function files, then trigger files (a trigger needs its function), each kind in file
 *    name order. PL/pgSQL bodies resolve names when they run, so functions need no order among
 *    themselves; a LANGUAGE sql body is checked when created, so one that calls another stored
 *    function must sort after it.
 *
 * What CREATE OR REPLACE cannot do (drop a function or a trigger, change a function's arguments
 * or result type) is a numbered migration that drops the old object, with its file removed or
 * changed in the same commit. Applying a file again does not undo what it stopped saying: a
 * comment or a grant taken out of it stays until the file says so (COMMENT … IS NULL, REVOKE).
 * A database that holds numbered migrations this build does not know was migrated by a newer
 * build (a rolling deploy): its tables and its stored code are left as they are. (A newer build
 * that changed only repeatables cannot be told from an older one: an older build started after it
 * applies its own versions again, and the newer one restores them at its next start.)
 * test/repeatable-migrations.int.test.ts proves every function and trigger of a migrated
 * database is defined in exactly one file.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsDirectory, modulesDirectory } from '../paths.ts';

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

/** Applied versions this build does not know: a newer build migrated the database. */
export function versionsFromNewerBuild(
  available: readonly MigrationFile[],
  applied: readonly AppliedMigration[],
): string[] {
  const known = new Set(available.map((migration) => migration.version));
  return applied
    .map((migration) => migration.version)
    .filter((version) => !known.has(version))
    .sort();
}

const repeatableFilePattern = /^([a-z][a-z0-9_]*)(\.triggers)?\.sql$/;

export interface RepeatableFile {
  /** the file name without `.sql` (`ledger_post`, `ledger_postings.triggers`): the record's key */
  name: string;
  /** `function`: `<function>.sql`; `triggers`: `<table>.triggers.sql` */
  kind: 'function' | 'triggers';
  /** the function, or the table whose triggers the file defines */
  object: string;
  /** relative to the root searched, with `/` (`money/ledger/db/ledger_post.sql`) */
  path: string;
}

export interface Repeatable extends RepeatableFile {
  sql: string;
  checksum: string;
}

export interface AppliedRepeatable {
  name: string;
  checksum: string;
}

function byCodePoints(left: string, right: string): number {
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/**
 * The repeatable files among paths relative to the modules' root (the `.sql` files directly in a
 * folder named `db`), in the order they are applied: functions, then triggers, each by file name.
 * Rejects a badly named file and two files of one name.
 */
export function parseRepeatablePaths(paths: readonly string[]): RepeatableFile[] {
  const files: RepeatableFile[] = [];
  const pathsByName = new Map<string, string>();
  for (const original of paths) {
    const segments = original.split(/[\\/]/);
    const fileName = segments.at(-1) ?? '';
    if (segments.at(-2) !== 'db' || !fileName.endsWith('.sql')) continue;
    const path = segments.join('/');
    const match = repeatableFilePattern.exec(fileName);
    if (!match?.[1]) {
      throw new Error(
        `Repeatable "${path}" must be named <function>.sql or <table>.triggers.sql, in lower_snake_case`,
      );
    }
    const name = fileName.slice(0, -'.sql'.length);
    const other = pathsByName.get(name);
    if (other !== undefined) {
      throw new Error(`Repeatables "${other}" and "${path}" share the name ${fileName}`);
    }
    pathsByName.set(name, path);
    files.push({ name, kind: match[2] ? 'triggers' : 'function', object: match[1], path });
  }
  const rank = (file: RepeatableFile) => (file.kind === 'function' ? 0 : 1);
  return files.sort(
    (left, right) => rank(left) - rank(right) || byCodePoints(left.name, right.name),
  );
}

export interface DeclaredObject {
  kind: 'function' | 'trigger';
  /** lower case, as PostgreSQL folds an unquoted name */
  name: string;
  /** a trigger's table */
  table?: string;
  orReplace: boolean;
  constraintTrigger: boolean;
}

const creationPattern =
  /\bCREATE\s+(OR\s+REPLACE\s+)?(CONSTRAINT\s+)?(FUNCTION|PROCEDURE|TRIGGER)\s+(?:public\.)?([a-z_][a-z0-9_]*)/gi;
const triggerTablePattern = /\bON\s+(?:public\.)?([a-z_][a-z0-9_]*)/i;

/** The functions (procedures among them) and triggers a script creates, its comments aside. */
export function declaredObjects(sql: string): DeclaredObject[] {
  const code = sql.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');
  const objects: DeclaredObject[] = [];
  for (const match of code.matchAll(creationPattern)) {
    const [whole, orReplace, constraint, keyword = '', name = ''] = match;
    const base = {
      name: name.toLowerCase(),
      orReplace: orReplace !== undefined,
      constraintTrigger: constraint !== undefined,
    };
    if (keyword.toUpperCase() === 'TRIGGER') {
      const rest = code.slice(match.index + whole.length);
      const table = triggerTablePattern.exec(rest)?.[1]?.toLowerCase();
      objects.push({ kind: 'trigger', ...base, ...(table === undefined ? {} : { table }) });
    } else {
      objects.push({ kind: 'function', ...base });
    }
  }
  return objects;
}

/**
 * A repeatable defines exactly what its name says, replaceably: `<function>.sql` that one
 * function, `<table>.triggers.sql` only triggers of that table (the order functions, then
 * triggers depends on it).
 */
export function checkRepeatableSource(file: RepeatableFile, sql: string): void {
  const objects = declaredObjects(sql);
  for (const object of objects) {
    if (object.constraintTrigger) {
      throw new Error(
        `Repeatable ${file.path}: constraint trigger ${object.name} cannot be replaced; use a plain trigger`,
      );
    }
    if (!object.orReplace) {
      throw new Error(
        `Repeatable ${file.path}: ${object.name} must be created with CREATE OR REPLACE (a repeatable is applied again)`,
      );
    }
  }
  const found = objects.map((object) => `${object.kind} ${object.name}`).join(', ') || 'nothing';
  if (file.kind === 'function') {
    const [only] = objects;
    if (objects.length !== 1 || only?.kind !== 'function' || only.name !== file.object) {
      throw new Error(
        `Repeatable ${file.path} must create exactly the function ${file.object} (it creates ${found})`,
      );
    }
  } else if (
    objects.length === 0 ||
    objects.some((object) => object.kind !== 'trigger' || object.table !== file.object)
  ) {
    throw new Error(
      `Repeatable ${file.path} must create triggers of the table ${file.object} only (it creates ${found})`,
    );
  }
}

/**
 * Which repeatables to apply, in order: those whose content is not the one recorded, or all of
 * them when numbered migrations ran in this start.
 */
export function planRepeatables(
  available: readonly Repeatable[],
  applied: readonly AppliedRepeatable[],
  numberedMigrationsRan: boolean,
): Repeatable[] {
  if (numberedMigrationsRan) return [...available];
  const recorded = new Map(applied.map((repeatable) => [repeatable.name, repeatable.checksum]));
  return available.filter((repeatable) => recorded.get(repeatable.name) !== repeatable.checksum);
}

export async function loadRepeatables(root = modulesDirectory): Promise<Repeatable[]> {
  const files = parseRepeatablePaths(await readdir(root, { recursive: true }));
  return await Promise.all(
    files.map(async (file) => {
      const sql = await readFile(join(root, file.path), 'utf8');
      checkRepeatableSource(file, sql);
      return { ...file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export interface MigrationOptions {
  /**
   * The numbered migrations. Another directory than the build's own (a test replaying part of
   * the history) applies no repeatables unless `repeatablesDirectory` is given too.
   */
  directory?: string;
  /** the root searched for `db/*.sql` repeatables (default: src/modules); null: none */
  repeatablesDirectory?: string | null;
  log?: (message: string) => void;
}

async function applyRepeatables(
  client: pg.Client,
  repeatables: readonly Repeatable[],
  numberedMigrationsRan: boolean,
  log: ((message: string) => void) | undefined,
): Promise<void> {
  const { rows } = await client.query<AppliedRepeatable>(
    'SELECT name, checksum FROM schema_repeatables',
  );
  for (const repeatable of planRepeatables(repeatables, rows, numberedMigrationsRan)) {
    await client.query('BEGIN');
    try {
      await client.query(repeatable.sql);
      await client.query(
        `INSERT INTO schema_repeatables (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [repeatable.name, repeatable.checksum],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`Repeatable ${repeatable.path} failed`, { cause: error });
    }
    log?.(`Applied repeatable ${repeatable.path}`);
  }
}

/**
 * Applies pending numbered migrations in order, then the repeatables that changed, each in its
 * own transaction, then disconnects.
 */
export async function runMigrations(
  databaseUrl: string,
  options: MigrationOptions = {},
): Promise<void> {
  const migrations = await loadMigrations(options.directory);
  const repeatablesDirectory =
    options.repeatablesDirectory !== undefined
      ? options.repeatablesDirectory
      : options.directory === undefined
        ? modulesDirectory
        : null;
  const repeatables =
    repeatablesDirectory === null ? null : await loadRepeatables(repeatablesDirectory);
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
      const pending = planMigrations(migrations, rows);
      for (const migration of pending) {
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
      if (repeatables !== null) {
        const newer = versionsFromNewerBuild(migrations, rows);
        if (newer.length > 0) {
          options.log?.(
            `The database has migrations this build does not know (${newer.join(', ')}): its stored functions and triggers are left as a newer build defined them`,
          );
        } else {
          await applyRepeatables(client, repeatables, pending.length > 0, options.log);
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey.toString()]);
    }
  } finally {
    await client.end();
  }
}
