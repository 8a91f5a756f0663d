import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    // The app honours reduced motion (index.css, the games' and the wheel's animations, the
    // banner carousel's autoplay): results show at once and no idle animation burns the 2-core
    // runner's CPU. wheel-promo.spec.ts and originals.spec.ts keep the full motion: the wheel's
    // spin and shake, the games' animations.
    reducedMotion: 'reduce',
    // recording every test (screencast included) costs CPU the 2-core runner needs; a retry records
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
