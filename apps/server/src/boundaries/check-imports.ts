/**
 * The server's import boundaries, checked by `npm run lint` (dependency-cruiser reads the imports,
 * type-only ones included):
 *
 * 1. A module never imports another module's repository (`*.repository.ts`) or tables
 *    (`*.tables.ts`): it reaches another module through that module's service. Composition code
 *    outside modules (`services.ts`, wing factories, jobs, scripts), `db/schema.ts` (the database
 *    type lists every table) and tests may.
 * 2. In the money wing's cashier, dependencies point one way: a rail (`money/cashier/rails/<rail>`)
 *    imports the cashier, never another rail; the cashier never imports a rail.
 * 3. Modules (modules.ts) form no import cycle (the list of exceptions below is empty).
 *    A cycle is found between modules, not files: A's service importing B's type while B's routes
 *    import A's service is a cycle although no file imports itself.
 *
 * Exits 1 on any violation, and on an exception that no longer matches a cycle (delete it).
 */
import { relative } from 'node:path';
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';
import { serverRoot } from '../paths.ts';
import { moduleOf, modulePathPattern } from './modules.ts';

const module = modulePathPattern.source;
const notTest = '\\.test\\.ts$';

const importRules: IFlattenedRuleSet = {
  forbidden: [
    {
      name: 'no-other-modules-repository',
      comment:
        "A module reaches another through its service, never its repository (SQL lives with the tables' owner).",
      severity: 'error',
      from: { path: module, pathNot: notTest },
      to: { path: '\\.repository\\.ts$', pathNot: '^src/modules/$1/[^/]+\\.repository\\.ts$' },
    },
    {
      name: 'no-other-modules-tables',
      comment: "A module never reads another module's table types: it asks that module's service.",
      severity: 'error',
      from: { path: module, pathNot: notTest },
      to: { path: '\\.tables\\.ts$', pathNot: '^src/modules/$1/[^/]+\\.tables\\.ts$' },
    },
    {
      name: 'no-cashier-to-rail',
      comment:
        'The cashier never imports a rail: a rail implements CashierRail (cashier/rail.ts) and the ' +
        "money wing's factory (money.wiring.ts) hands the cashier its rails.",
      severity: 'error',
      from: {
        path: '^src/modules/money/cashier/',
        pathNot: `^src/modules/money/cashier/rails/|${notTest}`,
      },
      to: { path: '^src/modules/money/cashier/rails/' },
    },
    {
      name: 'no-rail-to-rail',
      comment:
        'A rail never imports another rail: what one needs of another is an interface it declares, ' +
        "which money.wiring.ts fills with the other rail's service.",
      severity: 'error',
      from: { path: '^src/modules/money/cashier/rails/([^/]+)/', pathNot: notTest },
      to: {
        path: '^src/modules/money/cashier/rails/',
        pathNot: '^src/modules/money/cashier/rails/$1/',
      },
    },
  ],
};

interface CycleException {
  modules: string[];
  reason: string;
}

/**
 * Module cycles allowed today, each with its reason. Each one must still exist, exactly (no
 * module more or fewer). Empty: the cashier's rails depend on the cashier and never on each
 * other, and nothing else loops.
 */
const allowedModuleCycles: CycleException[] = [];

/** Strongly connected components of more than one module (Tarjan). */
function moduleCycles(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    lowest.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(node, Math.min(lowest.get(node) ?? 0, lowest.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowest.set(node, Math.min(lowest.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** module → module edges, each with the imports that make it (tests left out). */
function moduleEdges(result: ICruiseResult): {
  edges: Map<string, Set<string>>;
  imports: Map<string, string[]>;
} {
  const edges = new Map<string, Set<string>>();
  const imports = new Map<string, string[]>();
  for (const file of result.modules) {
    const from = moduleOf(file.source);
    if (from === null || new RegExp(notTest).test(file.source)) continue;
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (to === null || to === from) continue;
      const targets = edges.get(from) ?? new Set<string>();
      targets.add(to);
      edges.set(from, targets);
      const key = `${from} -> ${to}`;
      imports.set(key, [...(imports.get(key) ?? []), `${file.source} -> ${dependency.resolved}`]);
    }
  }
  return { edges, imports };
}

function sameModules(cycle: string[], exception: CycleException): boolean {
  const allowed = [...exception.modules].sort();
  return cycle.length === allowed.length && cycle.every((name, i) => name === allowed[i]);
}

async function main(): Promise<number> {
  const started = performance.now();
  const { output } = await cruise(
    ['src'],
    {
      baseDir: serverRoot,
      ruleSet: importRules,
      validate: true,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: 'node_modules' },
    },
    {},
  );
  if (typeof output === 'string')
    throw new Error('dependency-cruiser returned a report, not a result');
  const problems: string[] = [];
  for (const violation of output.summary.violations) {
    problems.push(`${violation.rule.name}: ${violation.from} -> ${violation.to}`);
  }
  const { edges, imports } = moduleEdges(output);
  const cycles = moduleCycles(edges);
  for (const cycle of cycles) {
    if (allowedModuleCycles.some((exception) => sameModules(cycle, exception))) continue;
    const members = new Set(cycle);
    const lines = [...imports]
      .filter(([key]) => {
        const [from = '', to = ''] = key.split(' -> ');
        return members.has(from) && members.has(to);
      })
      .flatMap(([, list]) => list.map((line) => `    ${line}`));
    problems.push(`module-cycle: ${cycle.join(' <-> ')}\n${lines.join('\n')}`);
  }
  for (const exception of allowedModuleCycles) {
    if (!cycles.some((cycle) => sameModules(cycle, exception))) {
      problems.push(
        `stale exception: ${exception.modules.join(' <-> ')} is no longer a cycle; delete it from allowedModuleCycles`,
      );
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = relative(process.cwd(), import.meta.filename);
  if (problems.length > 0) {
    console.error(`${where}: ${problems.length} boundary violation(s)\n${problems.join('\n')}`);
    return 1;
  }
  console.info(
    `${where}: import boundaries hold (${output.summary.totalCruised} files, ${cycles.length} allowed module cycles, ${seconds} s)`,
  );
  return 0;
}

if (import.meta.filename === process.argv[1]) {
  process.exitCode = await main();
}
