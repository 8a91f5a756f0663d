import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ratesCacheTtlMs } from '../src/modules/money/exchange-rates/exchange-rates.service.ts';
import { createTestApp, manualClock, type TestApp } from './support/app.ts';

// The test app's pool has 5 connections (support/app.ts).
const poolSize = 5;
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
});
afterAll(async () => {
  await testApp.close();
});

test('conversions inside transactions holding every pooled connection still get a fresh rate', async () => {
  const { ledger } = testApp.app.services;
  // warm, then let the rate cache go stale: the next conversion reloads it
  expect(await ledger.convert(10_000n, 'EUR', 'USD')).toBeGreaterThan(0n);
  clock.advance(ratesCacheTtlMs + 1);

  let started = 0;
  let allStarted: () => void = () => undefined;
  const everyConnectionHeld = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const converted = await Promise.all(
    Array.from({ length: poolSize }, () =>
      testApp.db.transaction().execute(async (transaction) => {
        await sql`SELECT 1`.execute(transaction);
        started += 1;
        if (started === poolSize) allStarted();
        await everyConnectionHeld;
        // with no pooled connection left, the rates reload must not need one
        return await ledger.convert(10_000n, 'EUR', 'USD');
      }),
    ),
  );
  expect(new Set(converted).size).toBe(1);
  expect(converted[0]).toBeGreaterThan(0n);
}, 20_000);
