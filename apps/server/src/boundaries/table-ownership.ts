/**
 * Which module owns each table, and which tables each module's SQL touches, read from the source
 * with the TypeScript compiler API (table-ownership.test.ts holds the two together).
 *
 * An owner is derived where the table is declared: `db/schema.ts` lists every table in
 * `Database`; a table whose row type comes from a module's `*.tables.ts` belongs to that module;
 * the tables declared in `db/schema.ts` itself are owned per `schemaTableOwners` below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { serverRoot } from '../paths.ts';
import { moduleOf } from './modules.ts';

/** Owners of the tables whose row types are declared in db/schema.ts itself. */
export const schemaTableOwners: Record<string, string> = {
  languages: 'platform/languages',
  users: 'players/accounts',
  sessions: 'players/auth',
  operators: 'backoffice/operators',
  operator_sessions: 'backoffice/operators',
  operator_audit_log: 'backoffice/audit',
  settings: 'backoffice/settings',
  rate_limit_counters: 'platform/rate-limits',
  ledger_accounts: 'money/ledger',
  ledger_transactions: 'money/ledger',
  ledger_postings: 'money/ledger',
  ledger_holds: 'money/ledger',
  exchange_rates: 'money/exchange-rates',
  /** lib/idempotency.ts: the idempotency layer every money-moving POST goes through */
  idempotency_keys: 'lib/idempotency',
  realtime_streams: 'realtime',
  realtime_history: 'realtime',
  realtime_outbox: 'realtime',
  game_providers: 'casino/games',
  games: 'casino/games',
  game_categories: 'casino/games',
  game_category_games: 'casino/games',
  promo_categories: 'casino/games',
  promo_category_games: 'casino/games',
  game_favorites: 'casino/games',
  game_last_played: 'casino/games',
  game_blacklists: 'casino/games',
  fairness_seeds: 'casino/originals',
  game_rounds: 'casino/originals',
};

const schemaPath = join(serverRoot, 'src/db/schema.ts');

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Path relative to apps/server, with forward slashes (`src/modules/...`). */
function serverRelative(path: string): string {
  return relative(serverRoot, path).split('\\').join('/');
}

export interface DeclaredTable {
  table: string;
  /** the modules its row type(s) come from; one entry per `*.tables.ts` type in the property */
  declaredIn: string[];
}

/** Every table of `Database` in db/schema.ts, with the module files its row types come from. */
export function declaredTables(): DeclaredTable[] {
  const source = parse(schemaPath);
  const importedFrom = new Map<string, string>();
  const tables: DeclaredTable[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const file = serverRelative(join(serverRoot, 'src/db', statement.moduleSpecifier.text));
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) importedFrom.set(element.name.text, file);
      }
    }
  }
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement) || statement.name.text !== 'Database') continue;
    for (const member of statement.members) {
      if (!ts.isPropertySignature(member) || !member.type || !member.name) continue;
      const names: string[] = [];
      const collect = (node: ts.Node): void => {
        if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
          names.push(node.typeName.text);
        }
        ts.forEachChild(node, collect);
      };
      collect(member.type);
      const declaredIn = names.flatMap((name) => {
        const file = importedFrom.get(name);
        const owner = file?.endsWith('.tables.ts') ? moduleOf(file) : null;
        return owner === null ? [] : [owner];
      });
      tables.push({ table: member.name.getText(source), declaredIn: [...new Set(declaredIn)] });
    }
  }
  return tables;
}

export interface TableUse {
  /** path relative to apps/server */
  file: string;
  line: number;
  table: string;
  /** `selectFrom`, `insertInto`… or the SQL keyword before it (`FROM`, `JOIN`, `INTO`, `UPDATE`) */
  how: string;
}

const builderMethods = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'using',
]);

/** `FROM t`, `JOIN t`, `INTO t`, `UPDATE t`, `DELETE FROM t`, schema-qualified or not. */
const sqlTablePattern =
  /\b(DELETE\s+FROM|FROM|JOIN|INTO|UPDATE)\s+(?:ONLY\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Strips `-- …` and `/* … *\/` comments so prose never counts as SQL. */
function withoutSqlComments(text: string): string {
  // a comment becomes its line breaks, so line numbers stay right
  const blank = (comment: string): string => comment.replace(/[^\n]/g, ' ');
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/--[^\n]*/g, blank);
}

function sqlTextUses(
  text: string,
  tables: Set<string>,
): Array<{ table: string; how: string; offset: number }> {
  const uses: Array<{ table: string; how: string; offset: number }> = [];
  for (const match of withoutSqlComments(text).matchAll(sqlTablePattern)) {
    const table = match[2]?.toLowerCase() ?? '';
    const how = (match[1] ?? '').toUpperCase().replace(/\s+/, ' ');
    if (tables.has(table)) uses.push({ table, how, offset: match.index });
  }
  return uses;
}

/** Table names in a builder argument: `'games'`, `'games as g'`, `['a', 'b as c']`. */
function tableNamesOf(argument: ts.Expression): string[] {
  if (ts.isStringLiteralLike(argument)) return [argument.text.split(/\s+as\s+/i)[0]?.trim() ?? ''];
  if (ts.isArrayLiteralExpression(argument))
    return argument.elements.flatMap((e) => tableNamesOf(e));
  return [];
}

function isSqlTag(tag: ts.Expression): boolean {
  return ts.isIdentifier(tag) && tag.text === 'sql';
}

/** Every table the Kysely calls and `sql` templates of one TypeScript file touch. */
export function tableUsesInSource(path: string, tables: Set<string>): TableUse[] {
  const source = parse(path);
  const file = serverRelative(path);
  const uses: TableUse[] = [];
  const lineOf = (position: number): number =>
    source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      builderMethods.has(node.expression.name.text) &&
      node.arguments[0] !== undefined
    ) {
      for (const table of tableNamesOf(node.arguments[0])) {
        if (tables.has(table)) {
          uses.push({
            file,
            line: lineOf(node.getStart(source)),
            table,
            how: node.expression.name.text,
          });
        }
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const target = node.expression;
      // sql.table('games') and sql.id('games')
      if (
        isSqlTag(target.expression) &&
        (target.name.text === 'table' || target.name.text === 'id') &&
        node.arguments[0] !== undefined
      ) {
        for (const table of tableNamesOf(node.arguments[0])) {
          if (tables.has(table)) {
            uses.push({
              file,
              line: lineOf(node.getStart(source)),
              table,
              how: `sql.${target.name.text}`,
            });
          }
        }
      }
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template)
        ? [{ text: template.text, start: template.getStart(source) }]
        : [
            { text: template.head.text, start: template.head.getStart(source) },
            ...template.templateSpans.map((span) => ({
              text: span.literal.text,
              start: span.literal.getStart(source),
            })),
          ];
      for (const part of parts) {
        for (const use of sqlTextUses(part.text, tables)) {
          uses.push({
            file,
            line: lineOf(part.start) + lineCount(part.text.slice(0, use.offset)),
            table: use.table,
            how: use.how,
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

function lineCount(text: string): number {
  return text.split('\n').length - 1;
}

/** Every table the stored SQL of one `db/*.sql` file touches. */
export function tableUsesInSqlFile(path: string, tables: Set<string>): TableUse[] {
  const text = readFileSync(path, 'utf8');
  const file = serverRelative(path);
  return sqlTextUses(text, tables).map((use) => ({
    file,
    line: lineCount(text.slice(0, use.offset)) + 1,
    table: use.table,
    how: use.how,
  }));
}

const writes = new Set([
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'INTO',
  'UPDATE',
  'DELETE FROM',
]);

/** Whether a use changes the table (insert, update, delete) rather than reading it. */
export function isWrite(use: TableUse): boolean {
  return writes.has(use.how);
}

/** Files under src/modules whose name passes `keep`. */
export function moduleFiles(keep: (name: string) => boolean): string[] {
  const root = join(serverRoot, 'src/modules');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => keep(name))
    .map((name) => join(root, name))
    .sort();
}
