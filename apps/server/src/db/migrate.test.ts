import { describe, expect, test } from 'vitest';
import {
  checkRepeatableSource,
  declaredObjects,
  loadRepeatables,
  type Migration,
  parseMigrationFileNames,
  parseRepeatablePaths,
  planMigrations,
  planRepeatables,
  type Repeatable,
  type RepeatableFile,
  versionsFromNewerBuild,
} from './migrate.ts';

function migration(version: string, checksum = `sum-${version}`): Migration {
  return {
    version,
    name: `step_${version}`,
    fileName: `${version}_step_${version}.sql`,
    sql: '',
    checksum,
  };
}

describe('parseMigrationFileNames', () => {
  test('orders by number and ignores non-SQL files', () => {
    expect(
      parseMigrationFileNames([
        '0010_later.sql',
        'README.md',
        '0002_second.sql',
        '0001_first.sql',
      ]).map((file) => file.fileName),
    ).toEqual(['0001_first.sql', '0002_second.sql', '0010_later.sql']);
  });

  test('rejects badly named files and duplicate numbers', () => {
    expect(() => parseMigrationFileNames(['1_first.sql'])).toThrow(/NNNN_lower_snake_case/);
    expect(() => parseMigrationFileNames(['0001_First.sql'])).toThrow(/NNNN_lower_snake_case/);
    expect(() => parseMigrationFileNames(['0001_a.sql', '0001_b.sql'])).toThrow(
      /share the number 0001/,
    );
  });
});

describe('planMigrations', () => {
  test('returns the unapplied migrations in order', () => {
    const available = [migration('0001'), migration('0002'), migration('0003')];
    expect(planMigrations(available, [{ version: '0001', checksum: 'sum-0001' }])).toEqual([
      available[1],
      available[2],
    ]);
  });

  test('refuses an applied migration whose file changed', () => {
    expect(() =>
      planMigrations([migration('0001')], [{ version: '0001', checksum: 'something else' }]),
    ).toThrow(/changed after it had been applied/);
  });

  test('leaves migrations applied by a newer build alone', () => {
    expect(
      planMigrations(
        [migration('0001')],
        [
          { version: '0001', checksum: 'sum-0001' },
          { version: '0002', checksum: 'from-the-future' },
        ],
      ),
    ).toEqual([]);
  });
});

describe('versionsFromNewerBuild', () => {
  test('names the applied versions this build does not know', () => {
    const available = [migration('0001'), migration('0002')];
    expect(
      versionsFromNewerBuild(available, [
        { version: '0001', checksum: 'sum-0001' },
        { version: '0002', checksum: 'sum-0002' },
      ]),
    ).toEqual([]);
    expect(
      versionsFromNewerBuild(available, [
        { version: '0004', checksum: 'x' },
        { version: '0001', checksum: 'sum-0001' },
        { version: '0003', checksum: 'y' },
      ]),
    ).toEqual(['0003', '0004']);
  });
});

describe('parseRepeatablePaths', () => {
  test('takes the .sql files directly in db folders at any depth, functions first, each kind by name', () => {
    const files = parseRepeatablePaths([
      'wheel/db/wheel_spins.triggers.sql',
      'ledger/ledger.service.ts',
      'ledger/db/ledger_post.sql',
      'ledger/db/notes.md',
      'ledger/db/ledger_accounts.triggers.sql',
      'money/ledger/db/ledger_is_immutable.sql',
      'games/seed.sql',
      'realtime/db/archive/old_function.sql',
      'audit/db/operator_audit_log_is_append_only.sql',
    ]);
    expect(files.map((file) => file.path)).toEqual([
      'money/ledger/db/ledger_is_immutable.sql',
      'ledger/db/ledger_post.sql',
      'audit/db/operator_audit_log_is_append_only.sql',
      'ledger/db/ledger_accounts.triggers.sql',
      'wheel/db/wheel_spins.triggers.sql',
    ]);
    expect(files[1]).toEqual({
      name: 'ledger_post',
      kind: 'function',
      object: 'ledger_post',
      path: 'ledger/db/ledger_post.sql',
    });
    expect(files[3]).toEqual({
      name: 'ledger_accounts.triggers',
      kind: 'triggers',
      object: 'ledger_accounts',
      path: 'ledger/db/ledger_accounts.triggers.sql',
    });
  });

  test('the order does not depend on the folders nor on the order found', () => {
    const paths = ['b/db/zeta.sql', 'a/db/alpha.triggers.sql', 'c/d/db/beta.sql', 'a/db/a_b.sql'];
    const names = (list: string[]) => parseRepeatablePaths(list).map((file) => file.name);
    expect(names(paths)).toEqual(['a_b', 'beta', 'zeta', 'alpha.triggers']);
    expect(names([...paths].reverse())).toEqual(names(paths));
    expect(
      names(['x/db/beta.sql', 'y/db/a_b.sql', 'z/db/zeta.sql', 'w/db/alpha.triggers.sql']),
    ).toEqual(names(paths));
  });

  test('rejects badly named files and two files of one name in different modules', () => {
    expect(() => parseRepeatablePaths(['ledger/db/LedgerPost.sql'])).toThrow(/<function>\.sql/);
    expect(() => parseRepeatablePaths(['ledger/db/0001_post.sql'])).toThrow(/<function>\.sql/);
    expect(() => parseRepeatablePaths(['ledger/db/ledger.post.sql'])).toThrow(/<function>\.sql/);
    expect(() =>
      parseRepeatablePaths(['ledger/db/ledger_post.sql', 'money/ledger/db/ledger_post.sql']),
    ).toThrow(/share the name ledger_post\.sql/);
  });
});

describe('declaredObjects', () => {
  test('finds the functions and the triggers with their tables, comments aside', () => {
    const sql = `-- CREATE FUNCTION in_a_comment() is not a definition
/* nor CREATE TRIGGER here ON other */
CREATE OR REPLACE FUNCTION Public.Checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL; -- ON nothing
END;
$$;
CREATE OR REPLACE TRIGGER accounts_permanent
  BEFORE UPDATE OF id, owner_type OR DELETE ON public.ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION checked();
create trigger accounts_checked after insert on ledger_accounts
  referencing new table as new_rows for each statement execute function checked();`;
    expect(declaredObjects(sql)).toEqual([
      { kind: 'function', name: 'checked', orReplace: true, constraintTrigger: false },
      {
        kind: 'trigger',
        name: 'accounts_permanent',
        table: 'ledger_accounts',
        orReplace: true,
        constraintTrigger: false,
      },
      {
        kind: 'trigger',
        name: 'accounts_checked',
        table: 'ledger_accounts',
        orReplace: false,
        constraintTrigger: false,
      },
    ]);
  });
});

describe('checkRepeatableSource', () => {
  const functionFile: RepeatableFile = {
    name: 'ledger_post',
    kind: 'function',
    object: 'ledger_post',
    path: 'ledger/db/ledger_post.sql',
  };
  const triggersFile: RepeatableFile = {
    name: 'ledger_accounts.triggers',
    kind: 'triggers',
    object: 'ledger_accounts',
    path: 'ledger/db/ledger_accounts.triggers.sql',
  };
  const body =
    "RETURNS void LANGUAGE sql AS $$ SELECT 1 $$;\nCOMMENT ON FUNCTION ledger_post() IS 'x';";
  const trigger = (name: string, table: string) =>
    `CREATE OR REPLACE TRIGGER ${name} BEFORE DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION f();`;

  test('accepts a file that defines what its name says, replaceably', () => {
    expect(() =>
      checkRepeatableSource(functionFile, `CREATE OR REPLACE FUNCTION ledger_post() ${body}`),
    ).not.toThrow();
    expect(() =>
      checkRepeatableSource(
        triggersFile,
        `${trigger('a', 'ledger_accounts')}\n${trigger('b', 'ledger_accounts')}`,
      ),
    ).not.toThrow();
  });

  test('refuses a definition that cannot be applied again', () => {
    expect(() =>
      checkRepeatableSource(functionFile, `CREATE FUNCTION ledger_post() ${body}`),
    ).toThrow(/must be created with CREATE OR REPLACE/);
    expect(() =>
      checkRepeatableSource(
        triggersFile,
        'CREATE TRIGGER a BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION f();',
      ),
    ).toThrow(/must be created with CREATE OR REPLACE/);
    expect(() =>
      checkRepeatableSource(
        triggersFile,
        'CREATE OR REPLACE CONSTRAINT TRIGGER a AFTER INSERT ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION f();',
      ),
    ).toThrow(/constraint trigger a cannot be replaced/);
  });

  test('refuses a file that defines something else than its name says', () => {
    expect(() =>
      checkRepeatableSource(functionFile, `CREATE OR REPLACE FUNCTION ledger_posts() ${body}`),
    ).toThrow(/exactly the function ledger_post \(it creates function ledger_posts\)/);
    expect(() =>
      checkRepeatableSource(
        functionFile,
        `CREATE OR REPLACE FUNCTION ledger_post() ${body}\nCREATE OR REPLACE FUNCTION ledger_post(a int) ${body}`,
      ),
    ).toThrow(/exactly the function ledger_post/);
    expect(() =>
      checkRepeatableSource(
        functionFile,
        `CREATE OR REPLACE FUNCTION ledger_post() ${body}\n${trigger('a', 'ledger_accounts')}`,
      ),
    ).toThrow(/exactly the function ledger_post/);
    expect(() => checkRepeatableSource(functionFile, 'SELECT 1;')).toThrow(/it creates nothing/);
    expect(() =>
      checkRepeatableSource(
        triggersFile,
        `${trigger('a', 'ledger_accounts')}\n${trigger('b', 'ledger_postings')}`,
      ),
    ).toThrow(/triggers of the table ledger_accounts only/);
    expect(() =>
      checkRepeatableSource(
        triggersFile,
        `CREATE OR REPLACE FUNCTION f() ${body}\n${trigger('a', 'ledger_accounts')}`,
      ),
    ).toThrow(/triggers of the table ledger_accounts only/);
    expect(() => checkRepeatableSource(triggersFile, '')).toThrow(/it creates nothing/);
  });

  test('every repeatable of the source tree is well formed and named uniquely', async () => {
    const repeatables = await loadRepeatables();
    expect(repeatables.length).toBeGreaterThan(0);
    expect(repeatables.map((repeatable) => repeatable.path)).toContain(
      'money/ledger/db/ledger_post.sql',
    );
  });
});

describe('planRepeatables', () => {
  function repeatable(name: string, checksum = `sum-${name}`): Repeatable {
    return {
      name,
      kind: 'function',
      object: name,
      path: `module/db/${name}.sql`,
      sql: '',
      checksum,
    };
  }
  const available = [repeatable('a'), repeatable('b'), repeatable('c')];

  test('applies nothing when every checksum is the one recorded', () => {
    expect(
      planRepeatables(
        available,
        [
          { name: 'c', checksum: 'sum-c' },
          { name: 'a', checksum: 'sum-a' },
          { name: 'b', checksum: 'sum-b' },
        ],
        false,
      ),
    ).toEqual([]);
  });

  test('applies the new and the changed ones, in order; records of removed files are ignored', () => {
    expect(
      planRepeatables(
        available,
        [
          { name: 'a', checksum: 'an older a' },
          { name: 'b', checksum: 'sum-b' },
          { name: 'gone', checksum: 'whatever' },
        ],
        false,
      ),
    ).toEqual([available[0], available[2]]);
  });

  test('applies every one after numbered migrations ran', () => {
    expect(
      planRepeatables(
        available,
        available.map((entry) => ({ name: entry.name, checksum: entry.checksum })),
        true,
      ),
    ).toEqual(available);
  });
});
