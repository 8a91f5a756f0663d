import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn';

const src = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    // (cn.ts itself names its groups, not classes)
    return /\.tsx?$/.test(name) && !/(\.test\.tsx?|^cn\.ts)$/.test(name) ? [path] : [];
  });
}

/**
 * Every class-like word of the app's source strings that tailwind-merge knows as a Tailwind
 * utility (it drops a repeated one; it keeps a repeated word it does not know).
 */
function appUtilities(): string[] {
  const words = new Set<string>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const [, single, double, template] of text.matchAll(
      /'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g,
    )) {
      const literal = (single ?? double ?? template ?? '').replace(/\$\{[^}]*\}/g, ' ');
      for (const word of literal.split(/\s+/)) if (word) words.add(word);
    }
  }
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

/**
 * One utility of each shape: the same utility with another number or another of the theme's
 * colours (`px-3` and `px-4`, `bg-ink-800/60` and `bg-gold-400/10`) resolves the same way in
 * both, so comparing every pair of shapes is comparing every pair, in a fraction of the time.
 */
function shapes(utilities: string[]): string[] {
  const byShape = new Map<string, string>();
  for (const utility of utilities) {
    const shape = utility
      .replace(/\b(ink|brand|gold|money|danger|amber|white|black)\b/g, 'c')
      .replace(/\d+(\.\d+)?/g, '0');
    if (!byShape.has(shape)) byShape.set(shape, utility);
  }
  return [...byShape.values()];
}

/** The variants of a class (`md:hover:`), the part that decides which classes can conflict. */
const variantsOf = (className: string) =>
  className
    .split(/:(?![^[]*\])/)
    .slice(0, -1)
    .sort()
    .join(':');

describe('cn', () => {
  const utilities = appUtilities();

  it('finds the utilities of the app', () => {
    expect(utilities.length).toBeGreaterThan(800);
    expect(utilities).toEqual(expect.arrayContaining(['px-4', 'text-sm', 'bg-ink-950/85']));
  });

  // about a second and a half alone (some 100,000 pairs); more when the whole suite shares the CPU
  it('resolves every pair of the app’s utilities as tailwind-merge does', {
    timeout: 30_000,
  }, () => {
    const byVariants = new Map<string, string[]>();
    for (const utility of shapes(utilities)) {
      const variants = variantsOf(utility);
      byVariants.set(variants, [...(byVariants.get(variants) ?? []), utility]);
    }
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const pair = `${first} ${second}`;
          const expected = twMerge(pair);
          if (mergeClasses(pair) !== expected) differences.push(`${pair} → ${expected}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('keeps the overrides the shared components rely on', () => {
    // Button's own size and colour, overridden by a caller
    expect(
      cn('h-10 px-4 text-sm bg-brand-500 text-ink-950', 'h-8 px-2 text-xs bg-transparent'),
    ).toBe('text-ink-950 h-8 px-2 text-xs bg-transparent');
    expect(cn('px-4 py-2', 'p-0')).toBe('p-0');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('size-4', 'h-5')).toBe('size-4 h-5');
    expect(cn('w-4 h-4', 'size-5')).toBe('size-5');
    expect(cn('text-sm text-ink-100', 'text-ink-400')).toBe('text-sm text-ink-400');
    expect(cn('border border-ink-700', 'border-2 border-brand-500')).toBe(
      'border-2 border-brand-500',
    );
    expect(cn('rounded-xl', 'md:rounded-2xl', 'rounded-none')).toBe('md:rounded-2xl rounded-none');
    expect(cn('hover:bg-ink-800', 'hover:bg-ink-700 bg-ink-900')).toBe(
      'hover:bg-ink-700 bg-ink-900',
    );
    expect(cn('flex', false, undefined, { hidden: true })).toBe('hidden');
    expect(cn('shrink-0', 'flex-1')).toBe('flex-1');
    expect(cn('leading-5', 'text-sm')).toBe('text-sm');
    expect(cn('font-mono font-bold', 'font-sans')).toBe('font-bold font-sans');
    expect(cn('z-10 relative', 'absolute')).toBe('z-10 absolute');
    // classes Tailwind does not know stay, in order, even repeated
    expect(cn('group peer', 'group', 'animate-fade-in')).toBe('group peer group animate-fade-in');
  });
});
