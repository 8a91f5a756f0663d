// Runs the browser tests when a Chromium is available; otherwise says how to get one and
// skips only this layer (browsers cannot be downloaded by test tools on our machines).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.warn(
    `Browser tests skipped: no Chromium at ${chromiumPath}.\n` +
      'Install it with `sudo apt-get install chromium` (Debian) or set CHROMIUM_PATH.',
  );
  process.exit(0);
}
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromiumPath } },
);
process.exit(result.status ?? 1);
