import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The only places under apps/server/src that open a transaction other than through the opener
 * (lib/transactions.ts), each with its reason. Keep it short.
 */
export const transactionOpeningExceptions: Record<string, string> = {
  'lib/transactions.ts': 'the opener itself',
  'db/migrate.ts':
    'migrations run at start before any service exists, on one client holding the advisory ' +
    'lock; each migration is its own BEGIN/COMMIT on that client',
};

/** `.transaction()` of Kysely (any spacing) or a BEGIN / START TRANSACTION sent by hand. */
const opening = [
  /\.\s*transaction\s*\(\s*\)/,
  /\bquery\s*\(\s*['"`]\s*(BEGIN|START\s+TRANSACTION)\b/i,
  /sql\s*`\s*(BEGIN|START\s+TRANSACTION)\b/i,
];

/** `file: line` of each opening of a transaction in `text` (comments ignored). */
export function transactionOpenings(file: string, text: string): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const code = line.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*\*?)/.test(code)) continue;
    if (opening.some((pattern) => pattern.test(code))) found.push(`${file}:${index + 1}`);
  }
  // a call split over lines: `db\n  .transaction()` is caught line by line above; a builder
  // chain `.transaction` + `()` on the next line is caught here
  const joined = text.replace(/\/\/[^\n]*/g, '').replace(/\s+/g, ' ');
  if (found.length === 0 && opening.some((pattern) => pattern.test(joined))) found.push(file);
  return found;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('one transaction opener', () => {
  it('nothing in apps/server/src opens a transaction but lib/transactions.ts (and the listed exceptions)', () => {
    const openings = sourceFiles(sourceRoot).flatMap((path) => {
      const file = relative(sourceRoot, path);
      if (file in transactionOpeningExceptions) return [];
      return transactionOpenings(file, readFileSync(path, 'utf8'));
    });
    expect(openings).toEqual([]);
  });

  it('every exception still exists and still opens a transaction (the list stays short)', () => {
    for (const file of Object.keys(transactionOpeningExceptions)) {
      const text = readFileSync(join(sourceRoot, file), 'utf8');
      expect(transactionOpenings(file, text), file).not.toEqual([]);
    }
  });

  it('finds a raw opening however it is written', () => {
    const raw = [
      'await this.db.transaction().execute(async (transaction) => {});',
      'await this.db\n  .transaction()\n  .setIsolationLevel("serializable")',
      "await client.query('BEGIN');",
      'await sql`BEGIN`.execute(db);',
      'await db.transaction ( ).execute(work);',
    ];
    for (const text of raw) expect(transactionOpenings('x.ts', text), text).not.toEqual([]);
    expect(transactionOpenings('x.ts', '// db.transaction() in a comment')).toEqual([]);
    expect(transactionOpenings('x.ts', 'await transactions.run(fn);')).toEqual([]);
  });
});
