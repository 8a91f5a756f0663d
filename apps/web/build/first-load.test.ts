import { describe, expect, test } from 'vitest';
import { firstLoadFiles, layerFiles, measureFirstLoad } from './first-load';

const manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react-b.js', '_ui-c.js'],
    dynamicImports: ['src/pages/game.tsx', 'virtual:locale-part/en/locale-en-first'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_ui-c.js': { file: 'assets/ui-c.js', imports: ['_react-b.js'] },
  'src/pages/game.tsx': { file: 'assets/game-d.js', imports: ['_engine-e.js', '_ui-c.js'] },
  '_engine-e.js': { file: 'assets/engine-e.js' },
  'virtual:locale-part/en/locale-en-first': {
    file: 'assets/locale-en-f.js',
    imports: ['_texts-g.js'],
  },
  '_texts-g.js': { file: 'assets/texts-g.js' },
  'src/index.css': { file: 'assets/index-h.css' },
};

describe('the first-load budget', () => {
  test('counts the entry, the first paint modules and their static imports once, never a lazy page', () => {
    expect(firstLoadFiles(manifest, ['virtual:locale-part/en/locale-en-first'])).toEqual([
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/ui-c.js',
      'assets/locale-en-f.js',
      'assets/texts-g.js',
    ]);
  });

  test('a first paint module missing from the manifest is an error, not a smaller sum', () => {
    expect(() => firstLoadFiles(manifest, ['src/locales/xx/index.ts'])).toThrow(
      /not in the manifest/,
    );
  });

  test('fails over the budget and passes at or under it', () => {
    const sizes: Record<string, number> = {
      'assets/index-a.js': 100_000,
      'assets/react-b.js': 60_000,
      'assets/ui-c.js': 9_000,
      'assets/locale-en-f.js': 500,
      'assets/texts-g.js': 500,
      'assets/game-d.js': 900_000,
    };
    const budget = 170_000;
    const atBudget = measureFirstLoad(manifest, (file) => sizes[file] ?? 0, budget);
    expect(atBudget.totalBytes).toBe(budget);
    expect(atBudget.withinBudget).toBe(true);
    sizes['assets/texts-g.js'] = 501;
    const over = measureFirstLoad(manifest, (file) => sizes[file] ?? 0, budget);
    expect(over.totalBytes).toBe(budget + 1);
    expect(over.withinBudget).toBe(false);
  });

  test('a lazily loaded layer counts only what the first load did not fetch', () => {
    expect(layerFiles(manifest, 'src/pages/game.tsx')).toEqual([
      'assets/game-d.js',
      'assets/engine-e.js',
    ]);
  });
});
