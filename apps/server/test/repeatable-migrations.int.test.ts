import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  declaredObjects,
  loadMigrations,
  loadRepeatables,
  type Repeatable,
  runMigrations,
} from '../src/db/migrate.ts';
import { migrationsDirectory, modulesDirectory } from '../src/paths.ts';
import { createDatabaseFromTemplate, type TestDatabase } from './support/postgres.ts';

/**
 * Stored functions and triggers are source: each lives once in a module's `db/` folder and is
 * applied again when it changes (src/db/migrate.ts).
 */

const adminUrl = inject('adminDatabaseUrl');
const databases: TestDatabase[] = [];
let scratch: string;
let repeatables: Repeatable[];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'casino-repeatables-'));
  repeatables = await loadRepeatables();
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

/** A database migrated the way every test database is: numbered migrations, then repeatables. */
async function migratedDatabase(): Promise<string> {
  const database = await createDatabaseFromTemplate(adminUrl, 'repeatables');
  databases.push(database);
  return database.url;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function rows<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  return await withClient(url, async (client) => (await client.query<T>(text, values)).rows);
}

/** A copy of every repeatable under a root of its own, to change one as a developer would. */
async function copyOfRepeatables(label: string): Promise<string> {
  const root = join(scratch, label);
  for (const repeatable of repeatables) {
    await mkdir(dirname(join(root, repeatable.path)), { recursive: true });
    await writeFile(join(root, repeatable.path), repeatable.sql);
  }
  return root;
}

function source(path: string): Repeatable {
  const repeatable = repeatables.find((entry) => entry.path === path);
  if (!repeatable) throw new Error(`no repeatable ${path}`);
  return repeatable;
}

const changedPath = 'realtime/db/realtime_stream.sql';

/**
 * realtime_stream.sql changed by a developer: the same function, plus a comment on it and a row
 * that counts how many times the file was run.
 */
function changedSource(label: string): string {
  return `${source(changedPath).sql}
COMMENT ON FUNCTION realtime_stream(text) IS '${label}';
INSERT INTO repeatable_runs (label) VALUES ('${label}');
`;
}

async function runsOf(url: string, label: string): Promise<number> {
  const [row] = await rows<{ count: number }>(
    url,
    'SELECT count(*)::integer AS count FROM repeatable_runs WHERE label = $1',
    [label],
  );
  return row?.count ?? 0;
}

async function functionComment(url: string): Promise<string | null> {
  const [row] = await rows<{ comment: string | null }>(
    url,
    "SELECT obj_description('realtime_stream(text)'::regprocedure, 'pg_proc') AS comment",
  );
  return row?.comment ?? null;
}

async function recordedChecksum(url: string, name: string): Promise<string | undefined> {
  const [row] = await rows<{ checksum: string }>(
    url,
    'SELECT checksum FROM schema_repeatables WHERE name = $1',
    [name],
  );
  return row?.checksum;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

describe('completeness', () => {
  test('every function and trigger of the migrated database is defined in exactly one repeatable, and every repeatable defines what the database holds', async () => {
    const url = await migratedDatabase();
    // pg_trgm's functions belong to the extension, not to us
    const functions = await rows<{ name: string; source: string }>(
      url,
      `SELECT p.proname AS name, p.prosrc AS source
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public'
         AND NOT EXISTS (
           SELECT 1 FROM pg_depend d
           WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
         )
       ORDER BY 1`,
    );
    const triggers = await rows<{ name: string }>(
      url,
      `SELECT c.relname || '.' || t.tgname AS name
       FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND NOT t.tgisinternal
       ORDER BY 1`,
    );

    const definedFunctions = new Map<string, string[]>();
    const definedTriggers = new Map<string, string[]>();
    for (const repeatable of repeatables) {
      for (const object of declaredObjects(repeatable.sql)) {
        const [map, key] =
          object.kind === 'function'
            ? [definedFunctions, object.name]
            : [definedTriggers, `${object.table}.${object.name}`];
        map.set(key, [...(map.get(key) ?? []), repeatable.path]);
      }
    }

    // one definition each: no overload left behind, no object in two files
    expect(functions.map((row) => row.name)).toEqual([
      ...new Set(functions.map((row) => row.name)),
    ]);
    expect(
      [...definedFunctions, ...definedTriggers].filter(([, paths]) => paths.length !== 1),
    ).toEqual([]);
    // the database holds exactly the objects the files define
    expect(functions.map((row) => row.name)).toEqual([...definedFunctions.keys()].sort());
    expect(triggers.map((row) => row.name)).toEqual([...definedTriggers.keys()].sort());
    // and a function's body is its file's (the file was applied after the numbered migrations)
    for (const row of functions) {
      const [path = ''] = definedFunctions.get(row.name) ?? [];
      expect(source(path).sql, row.name).toContain(row.source);
    }
  });

  test('the migrated database records every repeatable with its content checksum', async () => {
    const url = await migratedDatabase();
    const recorded = await rows<{ name: string; checksum: string }>(
      url,
      'SELECT name, checksum FROM schema_repeatables ORDER BY name',
    );
    expect(recorded).toEqual(
      repeatables
        .map((repeatable) => ({ name: repeatable.name, checksum: sha256(repeatable.sql) }))
        .sort((left, right) => (left.name < right.name ? -1 : 1)),
    );
  });
});

describe('re-application', () => {
  test('a changed repeatable is applied once; unchanged repeatables apply nothing; several runners at once apply a change once', async () => {
    const url = await migratedDatabase();
    await rows(url, 'CREATE TABLE repeatable_runs (label text NOT NULL)');
    const root = await copyOfRepeatables('reapply');
    const messages: string[] = [];
    const log = (message: string) => messages.push(message);

    // the same sources as the database's: nothing runs
    await runMigrations(url, { repeatablesDirectory: root, log });
    expect(messages).toEqual([]);

    await writeFile(join(root, changedPath), changedSource('first change'));
    await runMigrations(url, { repeatablesDirectory: root, log });
    expect(messages).toEqual([`Applied repeatable ${changedPath}`]);
    expect(await runsOf(url, 'first change')).toBe(1);
    expect(await functionComment(url)).toBe('first change');
    expect(await recordedChecksum(url, 'realtime_stream')).toBe(
      sha256(changedSource('first change')),
    );

    // started again with nothing changed: nothing runs
    await runMigrations(url, { repeatablesDirectory: root, log });
    await runMigrations(url, { repeatablesDirectory: root, log });
    expect(await runsOf(url, 'first change')).toBe(1);
    expect(messages).toHaveLength(1);

    // three processes starting at once after another change: the lock lets one apply it
    messages.length = 0;
    await writeFile(join(root, changedPath), changedSource('second change'));
    await Promise.all([
      runMigrations(url, { repeatablesDirectory: root, log }),
      runMigrations(url, { repeatablesDirectory: root, log }),
      runMigrations(url, { repeatablesDirectory: root, log }),
    ]);
    expect(await runsOf(url, 'second change')).toBe(1);
    expect(messages).toEqual([`Applied repeatable ${changedPath}`]);
    expect(await functionComment(url)).toBe('second change');

    // back to the build's own source: applied again, as any change
    messages.length = 0;
    await runMigrations(url, { log });
    expect(messages).toEqual([`Applied repeatable ${changedPath}`]);
    expect(await runsOf(url, 'second change')).toBe(1);
    expect(await recordedChecksum(url, 'realtime_stream')).toBe(source(changedPath).checksum);
  });

  test('after numbered migrations every repeatable is applied again, restoring what a table change dropped', async () => {
    const url = await migratedDatabase();
    const directory = join(scratch, 'numbered');
    await mkdir(directory);
    for (const migration of await loadMigrations()) {
      await copyFile(
        join(migrationsDirectory, migration.fileName),
        join(directory, migration.fileName),
      );
    }
    await writeFile(
      join(directory, '9000_table_change.sql'),
      'DROP TRIGGER users_no_truncate ON users;',
    );
    const messages: string[] = [];
    await runMigrations(url, {
      directory,
      repeatablesDirectory: modulesDirectory,
      log: (message) => messages.push(message),
    });
    expect(messages).toEqual([
      'Applied migration 9000_table_change.sql',
      ...repeatables.map((repeatable) => `Applied repeatable ${repeatable.path}`),
    ]);
    const [trigger] = await rows<{ definition: string }>(
      url,
      `SELECT pg_get_triggerdef(t.oid) AS definition FROM pg_trigger t
       WHERE t.tgname = 'users_no_truncate' AND t.tgrelid = 'users'::regclass`,
    );
    expect(trigger?.definition).toBe(
      'CREATE TRIGGER users_no_truncate BEFORE TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION row_is_permanent()',
    );
  });

  test('functions are applied before triggers: a new trigger with its new function in one start', async () => {
    const url = await migratedDatabase();
    const root = await copyOfRepeatables('ordering');
    await writeFile(
      join(root, 'casino/games/db/games_renamed.sql'),
      `CREATE OR REPLACE FUNCTION games_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'renamed';
END;
$$;
`,
    );
    await writeFile(
      join(root, 'casino/games/db/games.triggers.sql'),
      `${source('casino/games/db/games.triggers.sql').sql}
CREATE OR REPLACE TRIGGER games_no_rename BEFORE UPDATE OF title ON games
  FOR EACH ROW EXECUTE FUNCTION games_renamed();
`,
    );
    const messages: string[] = [];
    await runMigrations(url, {
      repeatablesDirectory: root,
      log: (message) => messages.push(message),
    });
    expect(messages).toEqual([
      'Applied repeatable casino/games/db/games_renamed.sql',
      'Applied repeatable casino/games/db/games.triggers.sql',
    ]);
    const [row] = await rows<{ count: number }>(
      url,
      "SELECT count(*)::integer AS count FROM pg_trigger WHERE tgname = 'games_no_rename'",
    );
    expect(row?.count).toBe(1);
  });

  test('a failing repeatable rolls back completely and stops the start', async () => {
    const url = await migratedDatabase();
    const root = await copyOfRepeatables('failing');
    await writeFile(
      join(root, changedPath),
      `${source(changedPath).sql}
COMMENT ON FUNCTION realtime_stream(text) IS 'never kept';
SELECT * FROM no_such_table;
`,
    );
    await expect(runMigrations(url, { repeatablesDirectory: root })).rejects.toThrow(
      /Repeatable realtime\/db\/realtime_stream\.sql failed/,
    );
    expect(await functionComment(url)).toBeNull();
    expect(await recordedChecksum(url, 'realtime_stream')).toBe(source(changedPath).checksum);
  });

  test('a database migrated by a newer build keeps its stored functions and triggers', async () => {
    const url = await migratedDatabase();
    await rows(url, 'CREATE TABLE repeatable_runs (label text NOT NULL)');
    await rows(
      url,
      "INSERT INTO schema_migrations (version, name, checksum) VALUES ('9999', 'from_a_newer_build', 'x')",
    );
    const root = await copyOfRepeatables('older');
    await writeFile(join(root, changedPath), changedSource('older build'));
    const messages: string[] = [];
    await runMigrations(url, {
      repeatablesDirectory: root,
      log: (message) => messages.push(message),
    });
    expect(await runsOf(url, 'older build')).toBe(0);
    expect(messages).toEqual([
      'The database has migrations this build does not know (9999): its stored functions and triggers are left as a newer build defined them',
    ]);
    expect(await recordedChecksum(url, 'realtime_stream')).toBe(source(changedPath).checksum);
  });
});
