import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { namespaces } from './index';
import { firstPaintPaths, pickPart } from './parts';

const src = fileURLToPath(new URL('..', import.meta.url));

/** The source without comments (a key named in a comment is not a key used). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(src, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/**
 * The app's modules a first paint runs: `main.tsx` and everything it imports statically,
 * transitively (type-only imports and `import()` excepted), as the build's first load has them.
 */
function eagerModules(): string[] {
  const seen = new Set<string>();
  const pending = [join(src, 'main.tsx')];
  const staticImport =
    /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, typeOnly, specifier = ''] of code(file).matchAll(staticImport)) {
      const imported = typeOnly ? undefined : resolveImport(file, specifier);
      if (imported) pending.push(imported);
    }
  }
  return [...seen];
}

/**
 * Every key an eager module names, as written: `Header.login`, or `Ban.reason.` for a key built
 * at run time (`Ban.reason.${reason}`), whose whole subtree may be shown.
 */
function keysUsedBy(files: readonly string[]): Map<string, string> {
  const key = new RegExp(`['"\`]((?:${namespaces.join('|')})\\.[\\w.]*)(\\$\\{)?`, 'g');
  const used = new Map<string, string>();
  for (const file of files) {
    for (const [, path = '', built] of code(file).matchAll(key)) {
      used.set(built ? path : path.replace(/\.$/, ''), relative(src, file));
    }
  }
  return used;
}

const isUnder = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : leaves(value, path);
  });
}

describe('the first-paint part of the texts', () => {
  it('holds every key the modules of the first paint use', () => {
    const eager = eagerModules();
    // the walk reaches the shell and the home page, not only main.tsx
    expect(eager.map((file) => relative(src, file))).toContain('app/routes/casino-home.tsx');
    const used = keysUsedBy(eager);
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used]
      .filter(([key]) =>
        key.endsWith('.')
          ? // a key built at run time: its whole subtree must be in the first part
            !firstPaintPaths.some((path) => isUnder(key.slice(0, -1), path))
          : !firstPaintPaths.some((path) => isUnder(key, path)),
      )
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('names only keys and subtrees English has', () => {
    const english = leaves(en as unknown as Tree);
    const unknown = firstPaintPaths.filter((path) => !english.some((key) => isUnder(key, path)));
    expect(unknown).toEqual([]);
  });

  it('and the later part split a language without losing or repeating a key', () => {
    const whole = leaves(en as unknown as Tree).sort();
    const first = leaves(pickPart(en as unknown as Tree, 'first') as Tree);
    const later = leaves(pickPart(en as unknown as Tree, 'later') as Tree);
    expect([...first, ...later].sort()).toEqual(whole);
    expect(first.filter((key) => later.includes(key))).toEqual([]);
    // the point of the split: most of the texts wait for the page or layer that shows them
    expect(first.length).toBeLessThan(later.length / 3);
  });
});

describe('lazily loaded components', () => {
  it('all come through lib/lazy.ts, which fetches the later texts with their code', () => {
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => file !== join('lib', 'lazy.ts'));
    const reactLazy = /import\s*\{[^}]*\blazy\b[^}]*\}\s*from\s*'react'|React\.lazy\(/;
    const offenders = files.filter((file) => reactLazy.test(code(join(src, file))));
    expect(offenders).toEqual([]);
  });

  it('and every other module of the app loaded on demand fetches the later texts with it, or shows none', () => {
    // modules loaded on demand that show no text of the app's own
    const textless = new Set([
      './lazy-parts-impl', // Radix's tooltip and popover: the texts come from their eager callers
      './layer-prefetch', // the layers' preload links (it fetches the later texts itself)
      '@/lib/support-chat', // the support chat's third-party widget
      './app/banner-preview/banner-preview', // main.tsx fetches the later texts beside it
      './realtime-client', // the realtime connection (after the first paint)
      './realtime-payloads-broadcast', // the realtime publications' schemas
      './realtime-payloads-sport',
      './realtime-payloads-player',
      './slip-watchers', // the bet slip's live prices (renders nothing)
      '@/features/sportsbook/api/sport-bets', // a ticket's news into the sportsbook's caches
    ]);
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|^test-setup\.ts$|^locales[\\/]/.test(file),
    );
    const bare: string[] = [];
    for (const file of files) {
      const text = code(join(src, file));
      for (const match of text.matchAll(/import\('((?:@\/|\.)[^']+)'\)/g)) {
        const before = text.slice(Math.max(0, (match.index ?? 0) - 120), match.index);
        const wrapped =
          /(?:\blazy|withLaterTexts)\((?:async )?(?:\(\) => )?(?:\(?\{?\s*default: \(await )?$/.test(
            before.replace(/\s+/g, ' '),
          );
        if (!wrapped && !textless.has(match[1] ?? '')) bare.push(`${file}: ${match[1]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
