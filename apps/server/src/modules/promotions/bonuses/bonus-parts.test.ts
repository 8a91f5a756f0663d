import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../../paths.ts';

/**
 * The bonus engine is split by responsibility (issue 18): these checks keep it from growing back
 * into one service. Each part is built from one object of named dependencies, stays well under
 * fifteen public methods, and the parts depend on each other in one direction only: the lifecycle
 * at the bottom, what rounds, the cashier and the player use of it above.
 */
const folder = join(serverRoot, 'src/modules/promotions/bonuses');
const parts = [
  'bonus-lifecycle.service.ts',
  'bonus-rounds.service.ts',
  'cashier-bonuses.service.ts',
  'player-bonuses.service.ts',
];
const maxPublicMethods = 14;

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(join(folder, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
}

function exportedClasses(source: ts.SourceFile): ts.ClassDeclaration[] {
  return source.statements.filter(
    (statement): statement is ts.ClassDeclaration =>
      ts.isClassDeclaration(statement) &&
      (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
  );
}

function publicMethods(declaration: ts.ClassDeclaration): string[] {
  return declaration.members
    .filter(ts.isMethodDeclaration)
    .filter(
      (method) =>
        !(ts.getModifiers(method) ?? []).some(
          (m) =>
            m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword,
        ),
    )
    .map((method) => method.name.getText());
}

/** The files of this folder a file imports (type-only imports included). */
function localImports(source: ts.SourceFile): string[] {
  return source.statements
    .filter(ts.isImportDeclaration)
    .map((statement) => (statement.moduleSpecifier as ts.StringLiteral).text)
    .filter((specifier) => specifier.startsWith('./'))
    .map((specifier) => specifier.slice(2));
}

/** A cycle among `files` following `edges`, as a list of files, or null when there is none. */
function findCycle(files: readonly string[], edges: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('the bonus engine’s parts', () => {
  it.each(parts)('%s is one class built from one object of named dependencies', (file) => {
    const classes = exportedClasses(parse(file));
    expect(classes).toHaveLength(1);
    const constructors = classes[0]?.members.filter(ts.isConstructorDeclaration) ?? [];
    expect(constructors).toHaveLength(1);
    const parameters = constructors[0]?.parameters ?? [];
    expect(parameters).toHaveLength(1);
    expect(parameters[0] && ts.isObjectBindingPattern(parameters[0].name)).toBe(true);
  });

  it.each(parts)(`%s has at most ${maxPublicMethods} public methods`, (file) => {
    const [declaration] = exportedClasses(parse(file));
    if (!declaration) throw new Error(`no class in ${file}`);
    expect(publicMethods(declaration).length).toBeLessThanOrEqual(maxPublicMethods);
  });

  it('no service of the bonuses module has more public methods than that', () => {
    const services = readdirSync(folder).filter((file) => file.endsWith('.service.ts'));
    const oversized = services.flatMap((file) =>
      exportedClasses(parse(file))
        .filter((declaration) => publicMethods(declaration).length > maxPublicMethods)
        .map((declaration) => `${file}: ${declaration.name?.text}`),
    );
    expect(oversized).toEqual([]);
  });

  it('the parts import each other without a cycle, and the lifecycle imports none of them', () => {
    const files = readdirSync(folder).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const edges = new Map(files.map((file) => [file, localImports(parse(file))]));
    expect(findCycle(files, edges)).toBeNull();
    const lifecycleImports = edges.get('bonus-lifecycle.service.ts') ?? [];
    expect(lifecycleImports.filter((file) => parts.includes(file))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const edges = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(findCycle(['a.ts', 'b.ts', 'c.ts'], edges)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(findCycle(['a.ts', 'b.ts'], new Map([['a.ts', ['b.ts']]]))).toBeNull();
  });
});
