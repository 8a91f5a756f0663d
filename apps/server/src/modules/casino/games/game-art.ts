import { createHash } from 'node:crypto';
import type { GameEngine } from '@casino/contract';
import { type VariantPalette, variantPaletteSchema } from './catalog-seed.ts';

/**
 * Tile art of a game, generated from its engine's motif, its theme palette and its title: a
 * self-contained 384×516 (3:4) SVG — no scripts, fonts or images from anywhere (the CSP and
 * the offline rule), system font stacks only. The same game always gives the same bytes.
 */

export const gameArtWidth = 384;
export const gameArtHeight = 516;

export interface GameArtInput {
  id: string;
  title: string;
  engine: GameEngine;
  providerName: string;
  variant: Record<string, unknown>;
}

const fontStack = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica Neue, Arial, sans-serif';
const fallbackPalette: VariantPalette = { base: '#0b1026', glow: '#3b5bff', accent: '#ffd166' };

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// ─── small helpers ──────────────────────────────────────────────────────────────────────────

/** Deterministic pseudo-random numbers in [0, 1) seeded by the game id (mulberry32). */
function randomSequence(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Fisher–Yates with the game's own random sequence. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  return result;
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** `amount` of the way from colour `from` to colour `to`. */
function mix(from: string, to: string, amount: number): string {
  const a = rgb(from);
  const b = rgb(to);
  return `#${a
    .map((channel, index) =>
      Math.round(channel + ((b[index] ?? 0) - channel) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function paletteOf(variant: Record<string, unknown>): VariantPalette {
  const parsed = variantPaletteSchema.safeParse(variant.palette);
  return parsed.success ? parsed.data : fallbackPalette;
}

/** A circle as path data, so that many circles of one colour are one element. */
function circlePath(x: number, y: number, radius: number) {
  const r = round(radius);
  return `M${round(x - radius)},${round(y)}a${r},${r} 0 1,0 ${round(2 * radius)},0a${r},${r} 0 1,0 ${round(-2 * radius)},0z`;
}

/** A rounded rectangle as path data (see circlePath). */
function roundedRectPath(x: number, y: number, width: number, height: number, radius: number) {
  const r = radius;
  return `M${round(x + r)},${round(y)}h${round(width - 2 * r)}a${r},${r} 0 0 1 ${r},${r}v${round(height - 2 * r)}a${r},${r} 0 0 1 ${-r},${r}h${round(2 * r - width)}a${r},${r} 0 0 1 ${-r},${-r}v${round(2 * r - height)}a${r},${r} 0 0 1 ${r},${-r}z`;
}

/**
 * A soft drop shadow without an SVG filter (a blur is the costliest thing a browser can rasterise,
 * and tile art is rasterised on the main thread in software where there is no GPU): the shape
 * `shape` (one element with no fill, stroke or transform of its own) repeated below itself in
 * black at low opacities, widening with each copy (opacity on the element, not a group, so no
 * layer of its own) — about what `feDropShadow` at `dy` 6 draws.
 */
function softShadow(shape: string, spread: number) {
  const layers = [
    { dy: 6, width: spread, opacity: 0.12 },
    { dy: 5, width: spread / 3, opacity: 0.26 },
  ];
  return layers
    .map((layer) =>
      shape.replace(
        '/>',
        ` transform="translate(0 ${layer.dy})" fill="#000000" fill-opacity="${layer.opacity}"${layer.width > 0 ? ` stroke="#000000" stroke-opacity="${layer.opacity}" stroke-width="${round(layer.width)}" stroke-linejoin="round"` : ''}/>`,
      ),
    )
    .join('');
}

// ─── slot symbols ───────────────────────────────────────────────────────────────────────────

/** The slot engine's symbols (the same for every slot title), best first. */
const slotArtSymbols = [
  'wild',
  'seven',
  'crown',
  'diamond',
  'bell',
  'bar',
  'cherry',
  'lemon',
  'orange',
  'plum',
] as const;
type SlotArtSymbol = (typeof slotArtSymbols)[number];

const symbolColours: Record<SlotArtSymbol, string> = {
  wild: '#ffd43b',
  seven: '#ff4d4f',
  crown: '#fcc419',
  diamond: '#3bc9db',
  bell: '#fab005',
  bar: '#f8f9fa',
  cherry: '#e5383b',
  lemon: '#ffe066',
  orange: '#ff922b',
  plum: '#9c36b5',
};

function starPoints(x: number, y: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    points.push(`${round(x + Math.cos(angle) * radius)},${round(y + Math.sin(angle) * radius)}`);
  }
  return points.join(' ');
}

/** A cut gem centred at (x, y), about `size` wide. */
function gemShape(x: number, y: number, size: number, colour: string) {
  const s = size / 2;
  const dark = darken(colour, 0.45);
  const p = (dx: number, dy: number) => `${round(x + dx * s)},${round(y + dy * s)}`;
  return `<polygon points="${p(-0.9, -0.3)} ${p(-0.45, -0.8)} ${p(0.45, -0.8)} ${p(0.9, -0.3)} ${p(0, 0.9)}" fill="${colour}" stroke="${dark}" stroke-width="2"/><polyline points="${p(-0.9, -0.3)} ${p(0.9, -0.3)}" stroke="${dark}" stroke-width="1.5" fill="none"/><polygon points="${p(-0.3, -0.3)} ${p(0, -0.8)} ${p(0.3, -0.3)} ${p(0, 0.9)}" fill="${lighten(colour, 0.35)}" opacity="0.7"/>`;
}

/** A rocket pointing up, centred at (0, 0), about `size` tall. */
function rocketShape(size: number, palette: VariantPalette) {
  const s = size / 2;
  const p = (dx: number, dy: number) => `${round(dx * s)},${round(dy * s)}`;
  return `<path d="M${p(0, -0.95)} C${p(0.45, -0.6)} ${p(0.4, 0.2)} ${p(0.3, 0.55)} L${p(-0.3, 0.55)} C${p(-0.4, 0.2)} ${p(-0.45, -0.6)} ${p(0, -0.95)}Z" fill="#f1f3f5" stroke="#495057" stroke-width="2"/><polygon points="${p(-0.3, 0.15)} ${p(-0.65, 0.65)} ${p(-0.3, 0.55)}" fill="#e5383b"/><polygon points="${p(0.3, 0.15)} ${p(0.65, 0.65)} ${p(0.3, 0.55)}" fill="#e5383b"/><circle cx="0" cy="${round(-0.25 * s)}" r="${round(0.17 * s)}" fill="${palette.glow}" stroke="#495057" stroke-width="1.5"/><polygon points="${p(-0.2, 0.6)} ${p(0, 1)} ${p(0.2, 0.6)}" fill="#ffa94d"/>`;
}

/** One slot symbol centred at (x, y), about `size` wide. */
function drawSymbol(name: SlotArtSymbol, x: number, y: number, size: number) {
  const s = size / 2;
  const colour = symbolColours[name];
  const dark = darken(colour, 0.45);
  const p = (dx: number, dy: number) => `${round(x + dx * s)},${round(y + dy * s)}`;
  switch (name) {
    case 'wild':
      return `<polygon points="${starPoints(x, y, 0.98 * s, 0.5 * s)}" fill="${colour}" stroke="${dark}" stroke-width="2" stroke-linejoin="round"/><text x="${round(x)}" y="${round(y + 0.2 * s)}" text-anchor="middle" font-family="${fontStack}" font-weight="900" font-size="${round(0.5 * s)}" fill="${darken(colour, 0.7)}">WILD</text>`;
    case 'seven':
      return `<text x="${round(x)}" y="${round(y + s * 0.62)}" text-anchor="middle" font-family="${fontStack}" font-weight="900" font-size="${round(size * 1.05)}" fill="${colour}" stroke="${dark}" stroke-width="2">7</text>`;
    case 'crown':
      return `<polygon points="${p(-0.85, 0.55)} ${p(-0.9, -0.45)} ${p(-0.45, 0)} ${p(0, -0.75)} ${p(0.45, 0)} ${p(0.9, -0.45)} ${p(0.85, 0.55)}" fill="${colour}" stroke="${dark}" stroke-width="2" stroke-linejoin="round"/><rect x="${round(x - 0.85 * s)}" y="${round(y + 0.45 * s)}" width="${round(1.7 * s)}" height="${round(0.3 * s)}" fill="${dark}"/><circle cx="${round(x)}" cy="${round(y + 0.1 * s)}" r="${round(0.15 * s)}" fill="#ff4d6d"/>`;
    case 'diamond':
      return gemShape(x, y, size, colour);
    case 'bell':
      return `<path d="M${p(-0.8, 0.55)} Q${p(-0.55, 0.4)} ${p(-0.55, -0.1)} Q${p(-0.55, -0.8)} ${p(0, -0.8)} Q${p(0.55, -0.8)} ${p(0.55, -0.1)} Q${p(0.55, 0.4)} ${p(0.8, 0.55)}Z" fill="${colour}" stroke="${dark}" stroke-width="2" stroke-linejoin="round"/><circle cx="${round(x)}" cy="${round(y + 0.72 * s)}" r="${round(0.17 * s)}" fill="${dark}"/>`;
    case 'bar':
      return `<rect x="${round(x - 0.95 * s)}" y="${round(y - 0.42 * s)}" width="${round(1.9 * s)}" height="${round(0.84 * s)}" rx="${round(0.15 * s)}" fill="#212529" stroke="${colour}" stroke-width="2"/><text x="${round(x)}" y="${round(y + 0.22 * s)}" text-anchor="middle" font-family="${fontStack}" font-weight="900" font-size="${round(0.62 * s)}" fill="${colour}">BAR</text>`;
    case 'cherry':
      return `<path d="M${p(-0.35, 0.3)} Q${p(-0.2, -0.5)} ${p(0.35, -0.85)} M${p(0.4, 0.4)} Q${p(0.35, -0.3)} ${p(0.35, -0.85)}" stroke="#2b8a3e" stroke-width="${round(0.1 * s)}" fill="none" stroke-linecap="round"/><circle cx="${round(x - 0.4 * s)}" cy="${round(y + 0.45 * s)}" r="${round(0.38 * s)}" fill="${colour}" stroke="${dark}" stroke-width="2"/><circle cx="${round(x + 0.42 * s)}" cy="${round(y + 0.55 * s)}" r="${round(0.38 * s)}" fill="${colour}" stroke="${dark}" stroke-width="2"/>`;
    case 'lemon':
      return `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(0.85 * s)}" ry="${round(0.62 * s)}" fill="${colour}" stroke="${dark}" stroke-width="2"/><ellipse cx="${round(x - 0.25 * s)}" cy="${round(y - 0.2 * s)}" rx="${round(0.25 * s)}" ry="${round(0.12 * s)}" fill="#fff9db" opacity="0.8"/>`;
    case 'orange':
      return `<circle cx="${round(x)}" cy="${round(y + 0.1 * s)}" r="${round(0.78 * s)}" fill="${colour}" stroke="${dark}" stroke-width="2"/><path d="M${p(0, -0.62)} Q${p(0.35, -1)} ${p(0.7, -0.75)} Q${p(0.35, -0.5)} ${p(0, -0.62)}Z" fill="#40c057"/><circle cx="${round(x - 0.28 * s)}" cy="${round(y - 0.15 * s)}" r="${round(0.14 * s)}" fill="#fff4e6" opacity="0.7"/>`;
    case 'plum':
      return `<ellipse cx="${round(x)}" cy="${round(y + 0.08 * s)}" rx="${round(0.68 * s)}" ry="${round(0.82 * s)}" fill="${colour}" stroke="${dark}" stroke-width="2"/><path d="M${p(0, -0.7)} Q${p(0.1, -0.1)} ${p(0, 0.8)}" stroke="${dark}" stroke-width="1.5" fill="none"/><ellipse cx="${round(x - 0.3 * s)}" cy="${round(y - 0.2 * s)}" rx="${round(0.14 * s)}" ry="${round(0.25 * s)}" fill="#ffffff" opacity="0.35"/>`;
  }
}

// ─── engine motifs ──────────────────────────────────────────────────────────────────────────

const pipLayouts: Record<number, Array<[number, number]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function die(
  x: number,
  y: number,
  size: number,
  rotation: number,
  face: number,
  palette: VariantPalette,
) {
  const pips = (pipLayouts[face] ?? pipLayouts[1] ?? [])
    .map(
      ([dx, dy]) =>
        `<circle cx="${round(dx * size * 0.27)}" cy="${round(dy * size * 0.27)}" r="${round(size * 0.085)}" fill="${palette.base}"/>`,
    )
    .join('');
  const half = size / 2;
  const corner = round(size * 0.18);
  return `<g transform="translate(${round(x)} ${round(y)}) rotate(${rotation})">${softShadow(`<rect x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${corner}"/>`, 12)}<rect x="${-half}" y="${-half + 8}" width="${size}" height="${size}" rx="${round(size * 0.18)}" fill="${darken(palette.glow, 0.35)}"/><rect x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${round(size * 0.18)}" fill="url(#dieFace)" stroke="${lighten(palette.glow, 0.6)}" stroke-width="2"/>${pips}</g>`;
}

function diceMotif(
  random: () => number,
  palette: VariantPalette,
  variant: Record<string, unknown>,
) {
  const target = numberOr(variant.target, 50.5);
  const first = 1 + Math.floor(random() * 6);
  const second = 1 + Math.floor(random() * 6);
  const sliderY = 318;
  const knobX = 52 + (280 * Math.min(98, Math.max(2, target))) / 100;
  return [
    die(138, 168, 120, -14, first, palette),
    die(252, 214, 104, 11, second, palette),
    `<rect x="52" y="${sliderY - 7}" width="280" height="14" rx="7" fill="${darken(palette.glow, 0.5)}"/>`,
    `<rect x="52" y="${sliderY - 7}" width="${round(knobX - 52)}" height="14" rx="7" fill="#ff4d6d"/>`,
    `<rect x="${round(knobX)}" y="${sliderY - 7}" width="${round(332 - knobX)}" height="14" rx="7" fill="#51cf66"/>`,
    `<rect x="${round(knobX - 13)}" y="${sliderY - 17}" width="26" height="34" rx="7" fill="${palette.accent}" stroke="${palette.base}" stroke-width="3"/>`,
  ].join('');
}

function limboMotif(palette: VariantPalette, variant: Record<string, unknown>) {
  const target = numberOr(variant.target, 2);
  const left = 48;
  const right = 316;
  const bottom = 330;
  const top = 108;
  const curvature = 3.2;
  const points: Array<[number, number]> = [];
  for (let step = 0; step <= 24; step += 1) {
    const t = step / 24;
    const rise = (Math.exp(curvature * t) - 1) / (Math.exp(curvature) - 1);
    points.push([left + (right - left) * t, bottom - (bottom - top) * rise]);
  }
  const line = points.map(([px, py]) => `${round(px)},${round(py)}`).join(' L');
  const [endX, endY] = points[points.length - 1] ?? [right, top];
  const [beforeX, beforeY] = points[points.length - 2] ?? [right - 10, top + 10];
  const angle = (Math.atan2(endY - beforeY, endX - beforeX) * 180) / Math.PI + 90;
  const grid: string[] = [];
  for (let index = 0; index <= 4; index += 1) {
    const gy = top + ((bottom - top) * index) / 4;
    grid.push(
      `<line x1="${left}" y1="${round(gy)}" x2="${right + 20}" y2="${round(gy)}" stroke="#ffffff" stroke-opacity="0.08" stroke-width="1"/>`,
    );
  }
  const rocketBody = rocketShape(62, palette);
  return [
    grid.join(''),
    `<path d="M${line} L${right},${bottom} Z" fill="url(#curveFill)"/>`,
    `<path d="M${line}" fill="none" stroke="${palette.accent}" stroke-width="16" stroke-linecap="round" stroke-opacity="0.12"/>`,
    `<path d="M${line}" fill="none" stroke="${palette.accent}" stroke-width="9" stroke-linecap="round" stroke-opacity="0.3"/>`,
    `<path d="M${line}" fill="none" stroke="${lighten(palette.accent, 0.4)}" stroke-width="3" stroke-linecap="round"/>`,
    `<g transform="translate(${round(endX)} ${round(endY - 6)}) rotate(${round(angle)})">${rocketBody}</g>`,
    `<text x="${left}" y="96" font-family="${fontStack}" font-weight="900" font-size="50" fill="${palette.accent}" letter-spacing="-1">${escapeXml(target.toFixed(2))}×</text>`,
  ].join('');
}

function minesMotif(random: () => number, palette: VariantPalette) {
  const tile = 50;
  const gap = 8;
  const startX = (gameArtWidth - (5 * tile + 4 * gap)) / 2;
  const startY = 62;
  const order = shuffled(
    Array.from({ length: 25 }, (_, index) => index),
    random,
  );
  const gems = new Set(order.slice(0, 7));
  const mine = order[7];
  // cells of one look are one path each (see sparkles); the plain cells' faces keep their own
  // rectangles for their gradient
  const outlines: string[] = [];
  const undersides: string[] = [];
  const gemCells: string[] = [];
  const faces: string[] = [];
  const contents: string[] = [];
  for (let index = 0; index < 25; index += 1) {
    const x = startX + (index % 5) * (tile + gap);
    const y = startY + Math.floor(index / 5) * (tile + gap);
    const cx = x + tile / 2;
    const cy = y + tile / 2;
    outlines.push(roundedRectPath(x, y, tile, tile, 10));
    if (gems.has(index)) {
      gemCells.push(roundedRectPath(x, y, tile, tile, 10));
      contents.push(gemShape(cx, cy, 30, '#3ee8b5'));
    } else if (index === mine) {
      const spikes: string[] = [];
      for (let spike = 0; spike < 8; spike += 1) {
        const angle = (spike * Math.PI) / 4;
        spikes.push(
          `M${round(cx)},${cy}L${round(cx + Math.cos(angle) * 17)},${round(cy + Math.sin(angle) * 17)}`,
        );
      }
      contents.push(
        `<rect x="${round(x)}" y="${y}" width="${tile}" height="${tile}" rx="10" fill="#c92a2a"/><path d="${spikes.join('')}" stroke="#212529" stroke-width="4" stroke-linecap="round"/><circle cx="${round(cx)}" cy="${cy}" r="12" fill="#212529"/><circle cx="${round(cx - 4)}" cy="${cy - 4}" r="3" fill="#ffffff" fill-opacity="0.7"/>`,
      );
    } else {
      undersides.push(roundedRectPath(x, y + 4, tile, tile, 10));
      faces.push(
        `<rect x="${round(x)}" y="${y}" width="${tile}" height="${tile}" rx="10" fill="url(#tileFill)"/>`,
      );
    }
  }
  return [
    softShadow(`<path d="${outlines.join('')}"/>`, 7),
    `<path d="${undersides.join('')}" fill="${darken(palette.glow, 0.45)}"/>`,
    faces.join(''),
    `<path d="${gemCells.join('')}" fill="${darken(palette.base, 0.3)}" stroke="${palette.accent}" stroke-opacity="0.5"/>`,
    contents.join(''),
  ].join('');
}

function plinkoMotif(
  random: () => number,
  palette: VariantPalette,
  variant: Record<string, unknown>,
) {
  const rows = Math.min(12, Math.max(8, Math.round(numberOr(variant.rows, 12))));
  const top = 70;
  const bottom = 300;
  const spacing = Math.min(28, 300 / (rows + 2));
  const rowGap = (bottom - top) / rows;
  const pegs: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    const count = row + 3;
    const y = top + row * rowGap;
    for (let index = 0; index < count; index += 1) {
      const x = gameArtWidth / 2 + (index - (count - 1) / 2) * spacing;
      pegs.push(circlePath(x, y, 4));
    }
  }
  const buckets: string[] = [];
  const bucketCount = rows + 1;
  for (let index = 0; index < bucketCount; index += 1) {
    const distance = Math.abs(index - (bucketCount - 1) / 2) / ((bucketCount - 1) / 2);
    const x = gameArtWidth / 2 + (index - (bucketCount - 1) / 2) * spacing - spacing / 2 + 2;
    buckets.push(
      `<rect x="${round(x)}" y="${bottom + 6}" width="${round(spacing - 4)}" height="20" rx="4" fill="${mix(palette.glow, '#ff4d4f', distance)}"/>`,
    );
  }
  // the ball's trail bounces down through the pegs
  let column = 0;
  const trail: string[] = [];
  const ballRow = Math.floor(rows * 0.6);
  for (let row = 0; row <= ballRow; row += 1) {
    const count = row + 3;
    const x = gameArtWidth / 2 + (column + 1 - (count - 1) / 2) * spacing;
    trail.push(`${round(x)},${round(top + row * rowGap - 10)}`);
    if (random() < 0.5) column += 1;
  }
  const [lastX = '192', lastY = '150'] = (trail[trail.length - 1] ?? '192,150').split(',');
  return [
    `<polygon points="${gameArtWidth / 2},${top - 30} ${round(gameArtWidth / 2 - (rows + 3) * spacing * 0.55)},${bottom + 2} ${round(gameArtWidth / 2 + (rows + 3) * spacing * 0.55)},${bottom + 2}" fill="${palette.glow}" opacity="0.12"/>`,
    `<path d="${pegs.join('')}" fill="#ffffff" fill-opacity="0.9"/>`,
    buckets.join(''),
    `<polyline points="${trail.join(' ')}" fill="none" stroke="${palette.accent}" stroke-width="3" stroke-dasharray="2 7" stroke-linecap="round" opacity="0.8"/>`,
    `<circle cx="${lastX}" cy="${lastY}" r="22" fill="url(#ballGlow)"/>`,
    `<circle cx="${lastX}" cy="${lastY}" r="10" fill="url(#ballFill)"/>`,
  ].join('');
}

function kenoMotif(random: () => number, palette: VariantPalette) {
  const numbers = Array.from({ length: 40 }, (_, index) => index + 1);
  const picked = new Set(shuffled(numbers, random).slice(0, 10));
  const hits = new Set([...picked].filter(() => random() < 0.55));
  const spacing = 40;
  const startX = gameArtWidth / 2 - 3.5 * spacing;
  const startY = 84;
  // balls and numbers of one look are one element each (see sparkles); a hit keeps its own
  // circle for its gradient's highlight
  const shadows: string[] = [];
  const hitBalls: string[] = [];
  const ballPaths = { picked: [] as string[], open: [] as string[] };
  const digits = {
    hit: { text: '', x: [] as number[], y: [] as number[] },
    picked: { text: '', x: [] as number[], y: [] as number[] },
    open: { text: '', x: [] as number[], y: [] as number[] },
  };
  for (const number of numbers) {
    const x = startX + ((number - 1) % 8) * spacing;
    const y = startY + Math.floor((number - 1) / 8) * (spacing + 6);
    const look = hits.has(number) ? 'hit' : picked.has(number) ? 'picked' : 'open';
    if (look === 'hit') {
      shadows.push(`<circle cx="${round(x)}" cy="${y}" r="17"/>`);
      hitBalls.push(`<circle cx="${round(x)}" cy="${y}" r="17" fill="url(#ballFill)"/>`);
    } else ballPaths[look].push(circlePath(x, y, 17));
    // each digit placed on its own, centred (a bold 14 px digit is about 8.4 px wide)
    const text = String(number);
    [...text].forEach((digit, index) => {
      digits[look].text += digit;
      digits[look].x.push(round(x + (index - (text.length - 1) / 2) * 8.4));
      digits[look].y.push(y + 5);
    });
  }
  const numberText = (look: keyof typeof digits, fill: string, opacity: number) =>
    digits[look].text
      ? `<text x="${digits[look].x.join(' ')}" y="${digits[look].y.join(' ')}" text-anchor="middle" font-family="${fontStack}" font-weight="800" font-size="14" fill="${fill}" fill-opacity="${opacity}">${digits[look].text}</text>`
      : '';
  return [
    `<path d="${ballPaths.open.join('')}" fill="#ffffff" fill-opacity="0.1"/>`,
    ballPaths.picked.length > 0
      ? `<path d="${ballPaths.picked.join('')}" fill="${palette.glow}"/>`
      : '',
    shadows.map((shadow) => softShadow(shadow, 5)).join(''),
    hitBalls.join(''),
    numberText('open', '#ffffff', 0.55),
    numberText('picked', '#ffffff', 1),
    numberText('hit', palette.base, 1),
  ].join('');
}

function slotMotif(random: () => number, palette: VariantPalette) {
  const reelWidth = 52;
  const gap = 6;
  const cell = 62;
  const frameX = (gameArtWidth - (5 * reelWidth + 4 * gap)) / 2;
  const frameY = 92;
  const cabinet = `x="${frameX - 16}" y="${frameY - 22}" width="${5 * reelWidth + 4 * gap + 32}" height="${3 * cell + 44}" rx="22"`;
  const parts: string[] = [
    softShadow(`<rect ${cabinet}/>`, 14),
    `<rect ${cabinet} fill="url(#cabinet)" stroke="${palette.accent}" stroke-width="3"/>`,
  ];
  const winner = slotArtSymbols[1 + Math.floor(random() * 5)] ?? 'seven';
  const others = slotArtSymbols.filter((symbol) => symbol !== winner);
  const winningReels = 3 + Math.floor(random() * 3);
  for (let reel = 0; reel < 5; reel += 1) {
    const x = frameX + reel * (reelWidth + gap);
    parts.push(
      `<rect x="${x}" y="${frameY - 6}" width="${reelWidth}" height="${3 * cell + 12}" rx="10" fill="url(#reelFill)"/>`,
    );
    for (let row = 0; row < 3; row += 1) {
      const name =
        row === 1 && reel < winningReels
          ? winner
          : (others[Math.floor(random() * others.length)] ?? 'bar');
      parts.push(drawSymbol(name, x + reelWidth / 2, frameY + row * cell + cell / 2, 38));
    }
  }
  const lineY = frameY + cell * 1.5;
  const lineEnd = frameX + winningReels * (reelWidth + gap) - gap;
  parts.push(
    `<rect x="${frameX - 4}" y="${round(lineY - cell / 2 + 2)}" width="${round(lineEnd - frameX + 8)}" height="${cell - 4}" rx="10" fill="none" stroke="${palette.accent}" stroke-width="9" stroke-opacity="0.22"/>`,
    `<rect x="${frameX - 4}" y="${round(lineY - cell / 2 + 2)}" width="${round(lineEnd - frameX + 8)}" height="${cell - 4}" rx="10" fill="none" stroke="${palette.accent}" stroke-width="3" stroke-opacity="0.6"/>`,
  );
  return parts.join('');
}

function externalMotif(palette: VariantPalette) {
  return `<circle cx="192" cy="190" r="92" fill="${palette.glow}" opacity="0.35"/>${softShadow('<circle cx="192" cy="190" r="70"/>', 14)}<circle cx="192" cy="190" r="70" fill="url(#ballFill)"/><polygon points="172,150 172,230 236,190" fill="${palette.base}"/>`;
}

function motif(input: GameArtInput, palette: VariantPalette, random: () => number) {
  switch (input.engine) {
    case 'dice':
      return diceMotif(random, palette, input.variant);
    case 'limbo':
      return limboMotif(palette, input.variant);
    case 'mines':
      return minesMotif(random, palette);
    case 'plinko':
      return plinkoMotif(random, palette, input.variant);
    case 'keno':
      return kenoMotif(random, palette);
    case 'slot':
      return slotMotif(random, palette);
    case 'external':
      return externalMotif(palette);
  }
}

// ─── title ──────────────────────────────────────────────────────────────────────────────────

/** Average advance of a bold system-ui glyph, in ems: enough to keep long titles in the tile. */
const boldCharacterWidthEm = 0.68;
const titleMaxWidth = 336;

/** Greedy word wrap into at most two lines, with the largest font size that fits. */
export function layoutTitle(title: string): { lines: string[]; fontSize: number } {
  const words = title.split(/\s+/).filter((word) => word.length > 0);
  let best: string[] = [title];
  let bestLongest = title.length;
  for (let split = 1; split < words.length; split += 1) {
    // keep a joining "&" between its words
    if (words[split - 1] === '&' || words[split] === '&') continue;
    const lines = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
    const longest = Math.max(...lines.map((line) => line.length));
    if (longest < bestLongest) {
      best = lines;
      bestLongest = longest;
    }
  }
  // one line when it fits at a generous size
  if (title.length * boldCharacterWidthEm * 34 <= titleMaxWidth) {
    return {
      lines: [title],
      fontSize: Math.min(44, Math.floor(titleMaxWidth / (title.length * boldCharacterWidthEm))),
    };
  }
  const fontSize = Math.max(
    18,
    Math.min(40, Math.floor(titleMaxWidth / (bestLongest * boldCharacterWidthEm))),
  );
  return { lines: best, fontSize };
}

const engineLabels: Record<GameEngine, string> = {
  dice: 'DICE',
  limbo: 'LIMBO',
  mines: 'MINES',
  plinko: 'PLINKO',
  keno: 'KENO',
  slot: 'SLOT',
  external: 'LIVE',
};

export function renderGameArt(input: GameArtInput): string {
  const palette = paletteOf(input.variant);
  const random = randomSequence(input.id);
  const { lines, fontSize } = layoutTitle(input.title);
  const lineHeight = Math.round(fontSize * 1.08);
  const titleBottom = 484;
  const titleTop = titleBottom - (lines.length - 1) * lineHeight;
  const titleLines = lines
    .map(
      (line, index) =>
        `<text x="24" y="${titleTop + index * lineHeight}" font-family="${fontStack}" font-weight="800" font-size="${fontSize}" fill="#ffffff" letter-spacing="-0.5">${escapeXml(line)}</text>`,
    )
    .join('');
  const providerY = titleTop - fontSize - 8;

  // sparkles in three brightnesses, each one path (every element of an <img>'s SVG costs the
  // browser style and layout on its main thread)
  const sparkles: string[][] = [[], [], []];
  for (let index = 0; index < 26; index += 1) {
    const x = random() * gameArtWidth;
    const y = random() * 360;
    const radius = 0.6 + random() * 1.8;
    const brightness = random();
    sparkles[Math.min(2, Math.floor(brightness * 3))]?.push(circlePath(x, y, radius));
  }
  const sparklePaths = sparkles
    .map((paths, level) =>
      paths.length > 0
        ? `<path d="${paths.join('')}" fill="#ffffff" fill-opacity="${round(0.23 + level * 0.17)}"/>`
        : '',
    )
    .join('');
  const rays = Array.from({ length: 12 }, (_, index) => {
    const angle = (index * Math.PI) / 6 + random() * 0.2;
    const x = 192 + Math.cos(angle) * 420;
    const y = 200 + Math.sin(angle) * 420;
    const x2 = 192 + Math.cos(angle + 0.12) * 420;
    const y2 = 200 + Math.sin(angle + 0.12) * 420;
    return `M192,200L${round(x)},${round(y)}L${round(x2)},${round(y2)}z`;
  }).join('');
  const label = engineLabels[input.engine];
  const chipWidth = 22 + label.length * 9;

  // only the gradients this picture uses (each is elements of its own)
  const gradients = [
    `<linearGradient id="bg" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${mix(palette.base, palette.glow, 0.55)}"/><stop offset="0.55" stop-color="${mix(palette.base, palette.glow, 0.18)}"/><stop offset="1" stop-color="${darken(palette.base, 0.35)}"/></linearGradient>`,
    `<radialGradient id="halo" cx="0.5" cy="0.38" r="0.55"><stop offset="0" stop-color="${lighten(palette.glow, 0.2)}" stop-opacity="0.75"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(palette.base, 0.4)}" stop-opacity="0"/><stop offset="0.55" stop-color="${darken(palette.base, 0.4)}" stop-opacity="0.85"/><stop offset="1" stop-color="${darken(palette.base, 0.6)}" stop-opacity="0.97"/></linearGradient>`,
    `<linearGradient id="dieFace" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${lighten(palette.glow, 0.7)}"/></linearGradient>`,
    `<linearGradient id="curveFill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></linearGradient>`,
    `<linearGradient id="tileFill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(palette.glow, 0.25)}"/><stop offset="1" stop-color="${palette.glow}"/></linearGradient>`,
    `<radialGradient id="ballFill" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${lighten(palette.accent, 0.7)}"/><stop offset="0.5" stop-color="${palette.accent}"/><stop offset="1" stop-color="${darken(palette.accent, 0.35)}"/></radialGradient>`,
    `<linearGradient id="cabinet" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(palette.glow, 0.15)}"/><stop offset="1" stop-color="${darken(palette.glow, 0.45)}"/></linearGradient>`,
    `<linearGradient id="reelFill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(palette.base, 0.5)}"/><stop offset="0.5" stop-color="${mix(palette.base, '#ffffff', 0.12)}"/><stop offset="1" stop-color="${darken(palette.base, 0.5)}"/></linearGradient>`,
    `<radialGradient id="ballGlow"><stop offset="0.4" stop-color="${palette.accent}" stop-opacity="0.7"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
  ];
  const body = [
    `<rect width="${gameArtWidth}" height="${gameArtHeight}" fill="url(#bg)"/>`,
    `<path d="${rays}" fill="#ffffff" fill-opacity="0.035"/>`,
    `<rect width="${gameArtWidth}" height="${gameArtHeight}" fill="url(#halo)"/>`,
    sparklePaths,
    // the motifs are drawn around (192, 200); shown a little larger and lower
    `<g transform="translate(192 226) scale(1.12) translate(-192 -200)">${motif(input, palette, random)}</g>`,
    `<rect y="330" width="${gameArtWidth}" height="${gameArtHeight - 330}" fill="url(#scrim)"/>`,
    `<rect x="18" y="18" width="${chipWidth}" height="28" rx="14" fill="${darken(palette.base, 0.3)}" fill-opacity="0.75" stroke="${palette.accent}" stroke-opacity="0.6"/>`,
    `<text x="${18 + chipWidth / 2}" y="37" text-anchor="middle" font-family="${fontStack}" font-weight="800" font-size="13" letter-spacing="1.5" fill="${palette.accent}">${label}</text>`,
    `<text x="24" y="${providerY}" font-family="${fontStack}" font-weight="700" font-size="14" letter-spacing="2" fill="${palette.accent}">${escapeXml(input.providerName.toUpperCase())}</text>`,
    titleLines,
    `<rect x="1" y="1" width="${gameArtWidth - 2}" height="${gameArtHeight - 2}" rx="2" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2"/>`,
  ].join('');
  const used = gradients.filter((gradient) =>
    body.includes(`url(#${/id="(\w+)"/.exec(gradient)?.[1]})`),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${gameArtWidth}" height="${gameArtHeight}" viewBox="0 0 ${gameArtWidth} ${gameArtHeight}"><defs>${used.join('')}</defs>${body}</svg>`;
}

/** A short content hash: the art URL changes whenever the picture does, so it can be cached forever. */
export function gameArtVersion(svg: string): string {
  return createHash('sha256').update(svg).digest('hex').slice(0, 10);
}

export function gameArtUrl(gameId: string, svg: string): string {
  return `/game-art/${gameId}.svg?v=${gameArtVersion(svg)}`;
}
