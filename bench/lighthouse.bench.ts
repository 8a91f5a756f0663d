/**
 * Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated throttling) on the built
 * player app served by the real server, as `npm start` serves it: the home page and a category
 * page as a guest, a game page signed in, the sportsbook. Prints performance, accessibility and
 * best practices per page against the targets of issue 21, and what each page lost points on.
 * Scores, not timings of this machine: Lighthouse simulates the phone and the network from what
 * the page loaded, so a loaded machine moves them only a little (it does move them: run twice).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { findFreePort } from '../apps/server/test/support/postgres.ts';
import { startServerProcess } from '../apps/server/test/support/server-process.ts';
import { recreateDatabase } from './support.ts';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const categories = ['performance', 'accessibility', 'best-practices'] as const;
const targets: Record<(typeof categories)[number], number> = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
};
/** The demo player (the server inserts it with the demo data). */
const demoPlayer = { email: 'demo@casino.local', password: 'demo-player-2026' };

interface PageToMeasure {
  name: string;
  path: string;
  signedIn: boolean;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

function scoreLine(page: string, result: Result): string {
  const cells = categories.map((id) => {
    const score = Math.round((result.categories[id]?.score ?? 0) * 100);
    return `${id} ${score}${score >= targets[id] ? '' : ` (< ${targets[id]})`}`;
  });
  return `${page.padEnd(22)} ${cells.join('  ')}`;
}

/** The performance metrics the score is made of, as Lighthouse shows them. */
function metricsLine(result: Result): string {
  const ids = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ];
  const short = ['FCP', 'LCP', 'TBT', 'CLS', 'SI'];
  return `  ${ids.map((id, index) => `${short[index]} ${result.audits[id]?.displayValue ?? '?'}`).join(', ')}`;
}

/** The audits that cost points, worst first, with the elements they name. */
function failures(result: Result): string[] {
  const lines: string[] = [];
  for (const id of categories) {
    const category = result.categories[id];
    if (!category) continue;
    for (const reference of category.auditRefs) {
      const audit = result.audits[reference.id];
      if (!audit || reference.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      const shown = audit.displayValue ? ` — ${audit.displayValue}` : '';
      lines.push(`  [${id}] ${audit.id}: ${audit.title}${shown}`);
      const details = audit.details as { items?: Array<{ node?: { snippet?: string } }> };
      for (const item of (details?.items ?? []).slice(0, 4)) {
        if (item.node?.snippet) lines.push(`      ${item.node.snippet.slice(0, 160)}`);
      }
    }
  }
  return lines;
}

export async function run(adminUrl: string) {
  if (!existsSync(chromiumPath)) {
    console.warn(`lighthouse: skipped, no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
    return;
  }
  // the app as it is now, built as `npm start` builds it (LIGHTHOUSE_SKIP_BUILD=1: the build
  // already in apps/web/dist, e.g. for runs alternating between two builds)
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build:web failed');
  }
  // LIGHTHOUSE_REPORT_DIR: each page's full JSON report is written there (the LCP element, the
  // main thread's work, the requests); LIGHTHOUSE_PAGES: only the pages whose name contains one
  // of these comma-separated words (home, category, sportsbook, game)
  const reportDirectory = process.env.LIGHTHOUSE_REPORT_DIR;
  const onlyPages = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
  // LIGHTHOUSE_RUNS: runs of each page, the median run reported (Lighthouse's advice: one run
  // varies with what else the machine does)
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  if (reportDirectory) await mkdir(reportDirectory, { recursive: true });

  const databaseUrl = await recreateDatabase(adminUrl, 'bench_lighthouse');
  const server = await startServerProcess(databaseUrl, { LOG_LEVEL: 'warn' });
  const profile = await mkdtemp(join(tmpdir(), 'lighthouse-chromium-'));
  const port = await findFreePort();
  // The default context (a persistent one) is the one Lighthouse's tabs open in, so the signed-in
  // page finds the session token this context puts in localStorage.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const base = server.baseUrl;
    // a game category of the navigation (its `value` is the key of `/categories/{key}/games`)
    const category = (
      await json<Array<{ value: string; entity: string }>>(`${base}/api/v2/categories`)
    ).find((entry) => entry.entity === 'category');
    const games = await json<{ items?: Array<{ id: string | number }> }>(
      `${base}/api/v2/games?limit=1`,
    );
    const game = games.items?.[0];
    if (!category || !game) throw new Error('the demo catalog has no category or no game');
    const pages: PageToMeasure[] = [
      { name: 'home (guest)', path: '/en/', signedIn: false },
      { name: 'category (guest)', path: `/en/categories/${category.value}/games`, signedIn: false },
      { name: 'sportsbook (guest)', path: '/en/sportsbook', signedIn: false },
      { name: 'game (signed in)', path: `/en/games/${game.id}`, signedIn: true },
    ];
    const { token } = await json<{ token: string }>(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demoPlayer),
    });

    const lines: string[] = [];
    const measured = pages.filter(
      (page) => onlyPages.length === 0 || onlyPages.some((word) => page.name.includes(word)),
    );
    for (const page of measured) {
      const tab = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(tab);
      if (page.signedIn) {
        // Lighthouse would clear the origin's storage (the token with it): it is told not to,
        // and the cache is cleared here instead, so the page still loads cold.
        await tab.goto(`${base}/healthz`);
        await tab.evaluate(`localStorage.setItem('auth_token', ${JSON.stringify(token)})`);
        await cdp.send('Network.clearBrowserCache');
      }
      const flags: Flags = {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        disableStorageReset: page.signedIn,
      };
      const results: Result[] = [];
      for (let attempt = 1; attempt <= runs; attempt += 1) {
        if (page.signedIn) await cdp.send('Network.clearBrowserCache');
        const runnerResult = await lighthouse(`${base}${page.path}`, flags);
        if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        const attemptResult = runnerResult.lhr;
        if (attemptResult.runtimeError) {
          const { code, message } = attemptResult.runtimeError;
          throw new Error(`${page.path}: ${code} ${message}`);
        }
        if (runs > 1) console.info(`  run ${attempt}: ${scoreLine(page.name, attemptResult)}`);
        results.push(attemptResult);
      }
      await cdp.detach();
      // the run nearest the median first contentful paint and time to interactive, as
      // Lighthouse's own tools pick it (one run of a page on a shared machine is noise)
      const result = computeMedianRun(filterToValidRuns(results));
      if (reportDirectory) {
        const file = `${page.name.split(' ')[0]}.json`;
        await writeFile(join(reportDirectory, file), JSON.stringify(result));
      }
      const line = scoreLine(page.name, result);
      console.info(line);
      console.info(metricsLine(result));
      for (const failure of failures(result)) console.info(failure);
      lines.push(line);
    }
    console.info(`\nlighthouse (mobile preset) against performance ≥ 90, accessibility ≥ 95,`);
    console.info(`best practices ≥ 95:`);
    for (const line of lines) console.info(line);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.stop();
  }
}
