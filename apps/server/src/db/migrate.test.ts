import { describe, expect, test } from 'vitest';
import { type Migration, parseMigrationFileNames, planMigrations } from './migrate.ts';

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
