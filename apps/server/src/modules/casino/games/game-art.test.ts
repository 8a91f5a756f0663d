import { describe, expect, test } from 'vitest';
import { buildCatalogSeed } from './catalog-seed.ts';
import {
  escapeXml,
  gameArtHeight,
  gameArtUrl,
  gameArtWidth,
  layoutTitle,
  renderGameArt,
} from './game-art.ts';

const seed = buildCatalogSeed();
const providerNames = new Map(seed.providers.map((provider) => [provider.id, provider.name]));
const art = (game: (typeof seed.games)[number]) =>
  renderGameArt({
    id: game.id,
    title: game.title,
    engine: game.engine,
    providerName: providerNames.get(game.providerId) ?? '',
    variant: game.variant,
  });

/**
 * A small well-formedness check: every tag closes in order, attribute values are quoted,
 * text holds no raw `<` and every `&` starts an entity.
 */
function assertWellFormed(svg: string) {
  const problems: string[] = [];
  const stack: string[] = [];
  const tagPattern = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  const strayAmpersand = /&(?!(amp|lt|gt|quot|apos);)/;
  let position = 0;
  for (const match of svg.matchAll(tagPattern)) {
    const text = svg.slice(position, match.index);
    if (/[<>]/.test(text) || strayAmpersand.test(text)) problems.push(`text: ${text}`);
    const [, closing, name = '', attributes = '', selfClosing] = match;
    if (strayAmpersand.test(attributes)) problems.push(`attributes: ${attributes}`);
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}>`);
    } else if (!selfClosing) stack.push(name);
    position = (match.index ?? 0) + match[0].length;
  }
  if (position !== svg.length)
    problems.push(`unparsed from ${position}: ${svg.slice(position, position + 80)}`);
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  expect(problems).toEqual([]);
}

describe('game art', () => {
  test('every seeded title gets a well-formed, self-contained 384×516 SVG', () => {
    for (const game of seed.games) {
      const svg = art(game);
      expect(
        svg.startsWith(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${gameArtWidth}" height="${gameArtHeight}"`,
        ),
      ).toBe(true);
      assertWellFormed(svg);
      expect(svg, game.id).not.toMatch(/<script|<image|<foreignObject|href=|@import|url\((?!#)/i);
      expect(svg.length, game.id).toBeLessThan(40_000);
      // no SVG filters or group opacity: browsers rasterise an <img>'s SVG on the main thread
      // (in software without a GPU), where a blur costs more than the rest of the tile together
      expect(svg, game.id).not.toMatch(/<filter|filter=|<fe[A-Z]|<mask|<g[^>]* opacity=/);
      // and each element costs style and layout there: shapes of one look are one path
      expect(svg.match(/<[a-zA-Z]/g)?.length, game.id).toBeLessThan(100);
    }
  });

  test('is deterministic, and differs between titles', () => {
    const [first, second] = seed.games;
    if (!first || !second) throw new Error('empty seed');
    expect(art(first)).toBe(art(first));
    expect(art(first)).not.toBe(art(second));
    expect(gameArtUrl(first.id, art(first))).toMatch(
      new RegExp(`^/game-art/${first.id}\\.svg\\?v=[0-9a-f]{10}$`),
    );
  });

  test('draws each engine’s motif', () => {
    const motifOf = (engine: string) => {
      const game = seed.games.find((candidate) => candidate.engine === engine);
      if (!game) throw new Error(engine);
      return art(game);
    };
    expect(motifOf('dice')).toContain('url(#dieFace)');
    expect(motifOf('limbo')).toContain('url(#curveFill)');
    expect(motifOf('mines')).toContain('url(#tileFill)');
    expect(motifOf('plinko')).toContain('stroke-dasharray');
    // keno's 40 numbers, as digits placed one by one in a text element per look
    const kenoDigits = [
      ...motifOf('keno').matchAll(/<text x="[^"]*" y="[^"]*"[^>]*font-size="14"[^>]*>(\d+)</g),
    ];
    expect(kenoDigits.map((match) => match[1]).join('').length).toBe(9 + 31 * 2);
    expect(motifOf('slot')).toContain('url(#cabinet)');
    // the shadows that replaced the blur filters: translucent black copies below the shape
    expect(motifOf('dice')).toMatch(/<rect [^>]*transform="translate\(0 6\)" fill="#000000"/);
  });

  test('escapes the title and copes with any variant, even an empty one', () => {
    const svg = renderGameArt({
      id: 'strange',
      title: '<script>alert("x")</script> & Co\'s',
      engine: 'external',
      providerName: 'A & B <Games>',
      variant: {},
    });
    assertWellFormed(svg);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('A &amp; B &lt;GAMES&gt;');
    for (const engine of ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot'] as const) {
      assertWellFormed(
        renderGameArt({
          id: `x-${engine}`,
          title: 'X',
          engine,
          providerName: 'P',
          variant: { palette: 'nope', rows: 'many', target: null },
        }),
      );
    }
    expect(escapeXml(`"'<>&`)).toBe('&quot;&apos;&lt;&gt;&amp;');
  });

  test('titles take at most two lines that fit the tile', () => {
    for (const game of seed.games) {
      const { lines, fontSize } = layoutTitle(game.title);
      expect(lines.length).toBeLessThanOrEqual(2);
      expect(lines.join(' ')).toBe(game.title);
      expect(fontSize).toBeGreaterThanOrEqual(24);
      for (const line of lines) expect(line.length * fontSize * 0.68).toBeLessThanOrEqual(336);
    }
    expect(layoutTitle('Rock & Roll Keno').lines).toEqual(['Rock & Roll', 'Keno']);
  });
});
