import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names and lets later Tailwind utilities win over earlier conflicting ones (a
 * caller's `className` over a shared component's own classes), as tailwind-merge does, in a
 * fraction of its weight on the first load: it knows the utilities this app writes, grouped as
 * tailwind-merge groups them. `cn.test.ts` checks every pair of classes in the app's source
 * against tailwind-merge itself, so a utility it does not know yet fails there, not on screen.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** Utilities whose whole name is their group. */
const wordGroups: Record<string, string> = {};
for (const [group, words] of Object.entries({
  display:
    'block inline-block inline flex inline-flex grid inline-grid hidden contents table table-cell table-row flow-root list-item',
  position: 'static fixed absolute relative sticky',
  sr: 'sr-only not-sr-only',
  'text-transform': 'uppercase lowercase capitalize normal-case',
  'text-decoration': 'underline overline line-through no-underline',
  'text-overflow': 'truncate text-ellipsis text-clip',
  'fvn-spacing': 'tabular-nums proportional-nums',
  container: 'container',
  '@container': '@container',
  transform: 'transform transform-cpu transform-gpu transform-none',
  filter: 'filter filter-none',
  grayscale: 'grayscale',
  resize: 'resize',
  'border-collapse': 'border-separate border-collapse',
  'border-style':
    'border-solid border-dashed border-dotted border-double border-hidden border-none',
  'outline-style': 'outline-none outline-hidden outline-solid outline-dashed outline-dotted',
  shadow: 'shadow',
  'drop-shadow': 'drop-shadow',
  blur: 'blur',
  'backdrop-blur': 'backdrop-blur',
  transition: 'transition',
  'ring-w': 'ring',
  'outline-w': 'outline',
  'border-w': 'border',
  rounded: 'rounded',
  'border-w-t': 'border-t',
  'border-w-r': 'border-r',
  'border-w-b': 'border-b',
  'border-w-l': 'border-l',
  'border-w-x': 'border-x',
  'border-w-y': 'border-y',
  'scroll-behavior': 'scroll-smooth scroll-auto',
  'flex-direction': 'flex-row flex-row-reverse flex-col flex-col-reverse',
  'flex-wrap': 'flex-wrap flex-wrap-reverse flex-nowrap',
  'snap-type': 'snap-x snap-y snap-both snap-none',
  'snap-strictness': 'snap-mandatory snap-proximity',
  'snap-align': 'snap-start snap-end snap-center snap-align-none',
  'bg-clip': 'bg-clip-text bg-clip-border bg-clip-padding bg-clip-content',
  break: 'break-normal break-all break-keep break-words',
  wrap: 'wrap-break-word wrap-anywhere wrap-normal',
  'divide-x': 'divide-x',
  'divide-y': 'divide-y',
  whitespace:
    'whitespace-normal whitespace-nowrap whitespace-pre whitespace-pre-line whitespace-pre-wrap whitespace-break-spaces',
  'object-fit': 'object-contain object-cover object-fill object-none object-scale-down',
  'text-alignment': 'text-left text-center text-right text-justify text-start text-end',
  'text-wrap': 'text-wrap text-nowrap text-balance text-pretty',
  grow: 'grow',
  shrink: 'shrink',
})) {
  for (const word of words.split(' ')) wordGroups[word] = group;
}

const tShirt = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/;
const arbitraryLength = /^\[(length:|[\d.]+(px|r?em|%|vh|vw|dvh|svh|lvh|ch|ex)\]$)/;
const isSize = (value: string) => tShirt.test(value) || value === 'none' || value === 'inner';
const isWidth = (value: string) => /^\d+$/.test(value) || value === 'px' || value === '';

/** Utilities named `<prefix>-<value>`: their group, by prefix (the longest that matches). */
const prefixGroups: Record<string, string | ((value: string) => string)> = {
  text: (value) =>
    tShirt.test(value) || value === 'base' || arbitraryLength.test(value)
      ? 'font-size'
      : 'text-color',
  bg: (value) =>
    /^(linear|radial|conic)-/.test(value) || value === 'none' ? 'bg-image' : 'bg-color',
  border: (value) =>
    isWidth(value) ? 'border-w' : value.startsWith('spacing-') ? undefinedGroup : 'border-color',
  ring: (value) => (isWidth(value) ? 'ring-w' : 'ring-color'),
  'ring-offset': (value) => (isWidth(value) ? 'ring-offset-w' : 'ring-offset-color'),
  outline: (value) => (isWidth(value) ? 'outline-w' : 'outline-color'),
  shadow: (value) => (isSize(value) || value.startsWith('[') ? 'shadow' : 'shadow-color'),
  font: (value) =>
    /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(value)
      ? 'font-weight'
      : 'font-family',
  from: (value) => (value.endsWith('%') ? 'from-position' : 'from'),
  via: (value) => (value.endsWith('%') ? 'via-position' : 'via'),
  to: (value) => (value.endsWith('%') ? 'to-position' : 'to'),
  flex: 'flex',
  divide: 'divide-color',
  placeholder: 'placeholder-color',
  'border-spacing': 'border-spacing',
  'border-spacing-x': 'border-spacing-x',
  'border-spacing-y': 'border-spacing-y',
  object: 'object-position',
  decoration: (value) =>
    /^(solid|double|dotted|dashed|wavy)$/.test(value) ? 'decoration-style' : 'decoration',
};
for (const side of ['t', 'r', 'b', 'l', 'x', 'y', 's', 'e']) {
  prefixGroups[`border-${side}`] = (value) =>
    isWidth(value) ? `border-w-${side}` : `border-color-${side}`;
}
// the same group as the prefix's name
for (const prefix of 'p px py pt pr pb pl ps pe m mx my mt mr mb ml ms me w h size min-w min-h max-w max-h inset inset-x inset-y top right bottom left start end z gap gap-x gap-y grid-cols grid-rows col-span col-start col-end row-span row-start row-end order opacity rounded rounded-t rounded-r rounded-b rounded-l rounded-tl rounded-tr rounded-br rounded-bl rounded-s rounded-e leading tracking duration delay ease aspect basis scale scale-x scale-y rotate translate-x translate-y skew-x skew-y blur backdrop-blur drop-shadow line-clamp underline-offset overflow overflow-x overflow-y justify justify-items justify-self items self place-items place-content place-self content cursor pointer-events select appearance list align touch scroll-m scroll-p accent caret fill stroke scrollbar animate transition divide-x divide-y grow shrink snap'.split(
  ' ',
)) {
  prefixGroups[prefix] ??= prefix;
}
const undefinedGroup = '';

/** What a later utility of a group removes beside its own group (tailwind-merge's own table). */
const conflicts: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: [
    'rounded-s',
    'rounded-e',
    'rounded-t',
    'rounded-r',
    'rounded-b',
    'rounded-l',
    'rounded-ss',
    'rounded-se',
    'rounded-ee',
    'rounded-es',
    'rounded-tl',
    'rounded-tr',
    'rounded-br',
    'rounded-bl',
  ],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-spacing': ['border-spacing-x', 'border-spacing-y'],
  'border-w': ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((side) => `border-w-${side}`),
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((side) => `border-color-${side}`),
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
};

/** The group of a utility without its variants, `!` and `-`; undefined for a class Tailwind has not. */
function groupOf(utility: string): string | undefined {
  const word = wordGroups[utility];
  if (word) return word;
  // an arbitrary property, `[scrollbar-width:none]`
  if (utility.startsWith('[')) {
    const colon = utility.indexOf(':');
    return colon > 0 ? `arbitrary..${utility.slice(1, colon)}` : undefined;
  }
  for (let dash = utility.lastIndexOf('-'); dash > 0; dash = utility.lastIndexOf('-', dash - 1)) {
    const rule = prefixGroups[utility.slice(0, dash)];
    if (rule === undefined) continue;
    const group = typeof rule === 'string' ? rule : rule(utility.slice(dash + 1));
    return group || undefined;
  }
  return undefined;
}

/** Splits a class into its variants (`md:`, `hover:`, `[&_svg]:`) and the utility. */
function parse(className: string): { variants: string; utility: string } {
  let depth = 0;
  let start = 0;
  const variants: string[] = [];
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      variants.push(className.slice(start, index));
      start = index + 1;
    }
  }
  return { variants: sortVariants(variants).join(':'), utility: className.slice(start) };
}

/** Variants whose place among the others matters (tailwind-merge's list), beside arbitrary ones. */
const orderSensitive = new Set(
  '* ** after backdrop before details-content file first-letter first-line marker placeholder selection'.split(
    ' ',
  ),
);

/** Variants sorted, as Tailwind applies them in any order, except around order-sensitive ones. */
function sortVariants(variants: string[]): string[] {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith('[') || orderSensitive.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()];
}

/** What decides a class's conflicts: its variants and `!`, and its group (none: Tailwind has not it). */
function classify(className: string): [id: string, group: string] | null {
  const { variants, utility: written } = parse(className);
  let utility = written;
  let important = '';
  if (utility.startsWith('!') || utility.endsWith('!')) {
    important = '!';
    utility = utility.startsWith('!') ? utility.slice(1) : utility.slice(0, -1);
  }
  if (utility.startsWith('-')) utility = utility.slice(1);
  // a value after `/` (an opacity, a fraction) does not change the group
  const slash = utility.includes('/') ? utility.search(/\/(?![^[(]*[\])])/) : -1;
  const group = groupOf(slash > 0 ? utility.slice(0, slash) : utility) ?? groupOf(utility);
  return group === undefined ? null : [`${variants}${important}:`, group];
}

// The same classes come back at every render: each is classified once, each list merged once
// (both caches emptied when they grow past a few screens' worth).
const classes = new Map<string, [id: string, group: string] | null>();
const lists = new Map<string, string>();

function classified(className: string): [id: string, group: string] | null {
  let known = classes.get(className);
  if (known === undefined) {
    known = classify(className);
    if (classes.size >= 5000) classes.clear();
    classes.set(className, known);
  }
  return known;
}

export function mergeClasses(classList: string): string {
  let merged = lists.get(classList);
  if (merged === undefined) {
    merged = merge(classList);
    if (lists.size >= 1000) lists.clear();
    lists.set(classList, merged);
  }
  return merged;
}

/** tailwind-merge's pass: from the last class back, a class whose group is taken already goes. */
function merge(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const names = classList.trim().split(/\s+/);
  for (let index = names.length - 1; index >= 0; index--) {
    const className = names[index] as string;
    if (!className) continue;
    const known = classified(className);
    if (known) {
      const [id, group] = known;
      if (taken.has(id + group)) continue;
      taken.add(id + group);
      for (const other of conflicts[group] ?? []) taken.add(id + other);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
