import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import { sports } from '../src/features/sportsbook/sports.ts';

const allLocales = fileURLToPath(new URL('./all-locales.ts', import.meta.url));

type Tree = { readonly [key: string]: string | Tree };

/** The file the build writes beside `index.html`; the server reads it at start (`web-app.ts`). */
export const firstPaintTextsFile = 'first-paint-texts.json';

/** The sportsbook's first screen as the server draws it (`web-sportsbook-paint.ts`). */
export interface SportsbookPaintTexts {
  title: string;
  subtitle: string;
  liveNow: string;
  live: string;
  noLiveTitle: string;
  noLiveText: string;
  startingSoon: string;
  noUpcomingTitle: string;
  noUpcomingText: string;
  /** the first tab's (the overview's) */
  allSports: string;
  /** the odds format chooser's: decimal, fractional, American */
  formats: [string, string, string];
  /** in `sports.ts`'s order (the live list's); the tabs put sports before e-sports */
  sports: { id: number; kind: 'sport' | 'esport'; label: string }[];
}

function text(tree: Tree, path: string): string {
  let node: string | Tree | undefined = tree;
  for (const segment of path.split('.')) {
    node = typeof node === 'object' ? node[segment] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no text ${path}`);
  return node;
}

/** One language's texts of the pages the server draws (a missing key fails the build). */
export function sportsbookPaintTexts(tree: Tree): SportsbookPaintTexts {
  return {
    title: text(tree, 'Pages.sportsbook.title'),
    subtitle: text(tree, 'Pages.sportsbook.subtitle'),
    liveNow: text(tree, 'Sportsbook.live_now'),
    live: text(tree, 'Sportsbook.live'),
    noLiveTitle: text(tree, 'Sportsbook.no_live_title'),
    noLiveText: text(tree, 'Sportsbook.no_live_text'),
    startingSoon: text(tree, 'Sportsbook.starting_soon'),
    noUpcomingTitle: text(tree, 'Sportsbook.no_upcoming_title'),
    noUpcomingText: text(tree, 'Sportsbook.no_upcoming_text'),
    allSports: text(tree, 'Pages.sportsbook.all_sports'),
    formats: [
      text(tree, 'Sportsbook.format.decimal'),
      text(tree, 'Sportsbook.format.fractional'),
      text(tree, 'Sportsbook.format.american'),
    ],
    sports: sports.map((sport) => ({
      id: sport.id,
      kind: sport.kind,
      label: text(tree, `Pages.sportsbook.sport.${sport.key}`),
    })),
  };
}

/** The app's fonts (`main.tsx`), in the order the font stack (`index.css`) tries them. */
const fontStylesheets = [
  '@fontsource-variable/inter/index.css',
  '@fontsource-variable/noto-sans-devanagari/index.css',
];

/** Each font file of those stylesheets with the characters it draws (its `unicode-range`). */
function fontFaces(): { file: string; ranges: [number, number][] }[] {
  const require = createRequire(import.meta.url);
  return fontStylesheets.flatMap((stylesheet) =>
    [
      ...readFileSync(require.resolve(stylesheet), 'utf8').matchAll(/@font-face\s*{([^}]*)}/g),
    ].flatMap(([, face = '']) => {
      const file = /url\(\.\/files\/([\w.-]+\.woff2)\)/.exec(face)?.[1];
      const range = /unicode-range:\s*([^;]+);/.exec(face)?.[1];
      if (!file || !range) return [];
      const ranges = range.split(',').map((part): [number, number] => {
        const [from = '0', to = from] = part.trim().replace(/^U\+/i, '').split('-');
        return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
      });
      return [{ file, ranges }];
    }),
  );
}

/**
 * The font files a language's painted texts need (the first face, in the stack's order, that
 * draws each character): the server preloads them, so the HTML's text is drawn in the app's font
 * and the app's first render, drawing the same text in the same font, is no larger a paint.
 */
function fontsFor(texts: SportsbookPaintTexts, faces: ReturnType<typeof fontFaces>): string[] {
  const all = [
    texts.title,
    texts.subtitle,
    texts.liveNow,
    texts.live,
    texts.noLiveTitle,
    texts.noLiveText,
    texts.startingSoon,
    texts.noUpcomingTitle,
    texts.noUpcomingText,
    texts.allSports,
    ...texts.formats,
    ...texts.sports.map((sport) => sport.label),
  ].join('');
  const needed = new Set<string>();
  for (const character of new Set(all)) {
    const code = character.codePointAt(0) ?? 0;
    if (code <= 0x20) continue;
    const face = faces.find((candidate) =>
      candidate.ranges.some(([from, to]) => code >= from && code <= to),
    );
    if (face) needed.add(face.file);
  }
  return [...needed];
}

/**
 * Writes `first-paint-texts.json` into the build: per language, the few texts a page the server
 * draws in the HTML shows (the sportsbook's header, tabs and live list), taken from the same
 * locale sources as the app's chunks, so the server never imports the web app's sources and the
 * HTML's words are the app's, with the font files those texts are drawn in (preloaded by the
 * server). `{ "languages": { "en": { "sportsbook": {…}, "fonts": ["/assets/….woff2"] } } }`.
 */
export function firstPaintTextsPlugin(): Plugin {
  return {
    name: 'first-paint-texts',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const { module } = await runnerImport<Record<string, Tree>>(allLocales, {
        configFile: false,
        logLevel: 'error',
      });
      // the built file of each font file the stylesheets name
      const built = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset') continue;
        for (const original of output.originalFileNames) {
          if (original.endsWith('.woff2')) built.set(basename(original), output.fileName);
        }
      }
      const faces = fontFaces();
      const languages: Record<string, { sportsbook: SportsbookPaintTexts; fonts: string[] }> = {};
      for (const [language, tree] of Object.entries(module)) {
        const sportsbook = sportsbookPaintTexts(tree);
        const fonts = fontsFor(sportsbook, faces).map((file) => {
          const fileName = built.get(file);
          if (!fileName) throw new Error(`the build has no ${file}`);
          return `/${fileName}`;
        });
        languages[language] = { sportsbook, fonts };
      }
      this.emitFile({
        type: 'asset',
        fileName: firstPaintTextsFile,
        source: JSON.stringify({ languages }),
      });
    },
  };
}
