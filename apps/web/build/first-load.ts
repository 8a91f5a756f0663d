import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json` (`build.manifest`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The target of issue 21: a guest's home page, JavaScript only (CSS and fonts apart), gzip. */
const firstLoadTargetBytes = 170_000;

/**
 * What `npm test` enforces: the figure reached, rounded up to the next kB, so the first load cannot
 * grow back (167.4 kB when this was set, under `firstLoadTargetBytes`: tailwind-merge replaced by
 * `lib/cn.ts`'s small merge, 180.1 → 174.3; the bet slip's code loaded with its first selection or
 * a stored slip, → 168.8; the ban screen and the sportsbook's ticket cache update loaded when
 * needed, → 167.3 (167.4 with `cn`'s caches). Before: 180.1 after the texts split into a
 * first-paint part and the rest and the home FAQ moved to native `<details>`; 202.6 after zod/mini,
 * sonner, Radix's dialog, popover and tooltip and the shell's modals left the first load). README,
 * Benchmarks, has the history. 169.2 after the home and game pages' blocking-time work (+0.8 kB:
 * the rows rendered as scrolled, the start-up requests one a task, the realtime schemas' groups,
 * the layers' prefetch after the load, each measured to lower the pages' blocking time): the
 * ratchet is now the target itself, which the first load must not pass.
 */
export const firstLoadBudgetBytes = 170_000;

/**
 * What a guest's first load of the home page fetches beside the entry and its static imports:
 * the first part of the English texts (no language is bundled; `main.tsx` awaits the first part
 * of the player's one before the first render: `src/locales/parts.ts`). Every other lazy module
 * (pages, dialogs, games, TON Connect, the rest of the texts) loads later, when used.
 */
export const firstPaintModules = ['virtual:locale-part/en/locale-en-first'];

/**
 * The JavaScript files of a first load: the entries, the named lazily loaded modules, and
 * everything any of them imports statically, transitively (what the browser must fetch before it
 * can run them). A named module missing from the manifest is an error, so a rename cannot
 * silently drop it from the sum.
 */
export function firstLoadFiles(manifest: Manifest, lazyModules: readonly string[]): string[] {
  const entries = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
  if (entries.length === 0) throw new Error('the manifest has no entry');
  for (const key of lazyModules) {
    if (!manifest[key]) throw new Error(`${key} is not in the manifest`);
  }
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest imports ${key}, which it does not list`);
    if (/\.m?js$/.test(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...lazyModules]) visit(key);
  return files;
}

export interface FirstLoad {
  files: { file: string; gzipBytes: number }[];
  totalBytes: number;
  withinBudget: boolean;
}

export function measureFirstLoad(
  manifest: Manifest,
  gzipBytesOf: (file: string) => number,
  budgetBytes = firstLoadBudgetBytes,
): FirstLoad {
  const files = firstLoadFiles(manifest, firstPaintModules)
    .map((file) => ({ file, gzipBytes: gzipBytesOf(file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { files, totalBytes, withinBudget: totalBytes <= budgetBytes };
}

/**
 * Lazily loaded layers and what their first opening may fetch beyond the first load (their
 * module and its static imports, transitively, gzip): the wallet dialog, the bonuses page and the
 * bonus drawer once fetched the whole of TON Connect (about 196 kB) with them, through 1.4 kB of
 * icons the bundler had merged into its libraries' chunk (`vite.config.ts`, group `ton`). The
 * budgets sit a little above the figures reached (wallet 168.7, bonuses 62.8, drawer 50.7 kB;
 * each 196.7 kB more before, with TON Connect); most of it is library code the pages a player
 * opens first share (zod, Radix), so on a real visit less of it is new.
 */
export const layerBudgets: Record<string, number> = {
  'src/app/layout/app-wallet-dialog.tsx': 172_000,
  'src/app/routes/bonuses.tsx': 66_000,
  'src/features/bonuses/components/bonus-drawer.tsx': 54_000,
};

/** The files a layer's first opening fetches that the first load did not. */
export function layerFiles(manifest: Manifest, layer: string): string[] {
  const loaded = new Set(firstLoadFiles(manifest, firstPaintModules));
  return firstLoadFiles(manifest, [layer]).filter((file) => !loaded.has(file));
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** `node build/first-load.ts [dist]`: prints the first load and exits 1 over the budget. */
function main() {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const budget = Number(process.env.FIRST_LOAD_BUDGET_BYTES ?? firstLoadBudgetBytes);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const result = measureFirstLoad(
    manifest,
    (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    budget,
  );
  for (const { file, gzipBytes } of result.files) {
    console.info(`${kB(gzipBytes).padStart(10)}  ${file}`);
  }
  const verdict = result.withinBudget ? 'within' : 'OVER';
  console.info(
    `first-load JavaScript of a guest's home page: ${kB(result.totalBytes)} gzip, ${verdict} the budget of ${kB(budget)} (issue 21's target: ${kB(firstLoadTargetBytes)})`,
  );
  if (!result.withinBudget) process.exitCode = 1;
  for (const [layer, layerBudget] of Object.entries(layerBudgets)) {
    const bytes = layerFiles(manifest, layer).reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
      0,
    );
    const within = bytes <= layerBudget;
    console.info(
      `${layer} opened first: ${kB(bytes)} gzip more, ${within ? 'within' : 'OVER'} its budget of ${kB(layerBudget)}`,
    );
    if (!within) process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
