import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, loginOperator, type TestApp } from './support/app.ts';
import { BonusWorld } from './support/bonuses.ts';
import { CryptoWorld, txHash } from './support/crypto-deposits.ts';

let testApp: TestApp;
let world: CryptoWorld;
let bonusWorld: BonusWorld;

beforeAll(async () => {
  testApp = await createTestApp();
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new CryptoWorld(testApp.app, admin);
  bonusWorld = new BonusWorld(testApp, admin);
});
afterAll(async () => {
  await testApp.close();
});

/** USDTTRC20 needs 20 confirmations; a whole number of USDT converts to USD cents exactly. */
const required = 20;

test('any order, repetition or overlap of a transfer’s reports credits its amount exactly once', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 5, max: 5000 }),
      fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 8 }),
      fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      async (whole, confirmations, concurrent) => {
        const { player, userId } = await bonusWorld.newPlayer();
        const deposit = await world.address(player, 'USDTTRC20');
        const transfer = {
          currency: 'USDTTRC20',
          txHash: txHash(),
          address: deposit.address,
          amount: String(whole),
        };
        // each report either waits for the previous one or races it
        let pending: Array<Promise<unknown>> = [];
        for (const [index, count] of confirmations.entries()) {
          if (!concurrent[index]) {
            await Promise.all(pending);
            pending = [];
          }
          pending.push(world.report({ ...transfer, confirmations: count }));
        }
        await Promise.all(pending);
        const final = await world.report({ ...transfer, confirmations: 0 });
        const confirmed = Math.max(...confirmations) >= required;
        expect(final.status).toBe(confirmed ? 'credited' : 'confirming');
        expect(final.confirmations).toBe(Math.max(...confirmations));
        expect(await world.mainBalance(userId, 'USD')).toBe(confirmed ? BigInt(whole) * 100n : 0n);
        expect(await world.mainBalance(userId, 'USDT')).toBe(0n);
      },
    ),
    { numRuns: 20 },
  );
  await bonusWorld.expectLedgerConsistent();
}, 120_000);
