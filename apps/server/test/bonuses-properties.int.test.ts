import { randomUUID } from 'node:crypto';
import { formatMinorToDecimal } from '@casino/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import { createTestApp, loginOperator, manualClock, type TestApp } from './support/app.ts';
import { BonusWorld } from './support/bonuses.ts';

const clock = manualClock(new Date('2026-07-01T12:00:00.000Z'));
const hourMs = 60 * 60 * 1000;
let testApp: TestApp;
let world: BonusWorld;
let dice: string;
/** offers with different wagering and caps: [easy ×0.5 capped ×0.5, hard ×3 uncapped] */
const offerIds: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  world = new BonusWorld(testApp, await loginOperator(testApp.app, undefined, testApp.config));
  dice = await world.diceGame();
  offerIds.push(
    (
      await world.createOffer({
        type: 'promo',
        wager: 0.5,
        maxAmountMultiplier: 0.5,
        deadlineHours: 2,
      })
    ).id,
    (await world.createOffer({ type: 'promo', wager: 3, wagerMaxBetUsd: '4', deadlineHours: 5 }))
      .id,
  );
});
afterAll(async () => {
  await testApp.close();
});

type Command =
  | { kind: 'grant'; offer: number; amountCents: number }
  | { kind: 'fund'; amountCents: number }
  | { kind: 'play'; betCents: number; target: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'withdraw' }
  | { kind: 'wait'; hours: number };

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      offer: fc.integer({ min: 0, max: 1 }),
      amountCents: fc.integer({ min: 100, max: 2_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fund' as const),
      amountCents: fc.integer({ min: 10, max: 1_000 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('play' as const),
      betCents: fc.integer({ min: 10, max: 500 }),
      target: fc.integer({ min: 5, max: 95 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'withdraw' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      hours: fc.integer({ min: 1, max: 6 }),
    }),
  },
);

interface BonusRow {
  id: string;
  status: string;
  amount_minor: bigint;
  wager_current_minor: bigint;
  wager_total_minor: bigint;
  max_convert_minor: bigint | null;
  converted_minor: bigint | null;
  expires_at: Date | null;
}

async function bonusRows(userId: string): Promise<BonusRow[]> {
  return await testApp.db
    .selectFrom('user_bonuses')
    .select([
      'id',
      'status',
      'amount_minor',
      'wager_current_minor',
      'wager_total_minor',
      'max_convert_minor',
      'converted_minor',
      'expires_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

test('over random grants, rounds, cancels, withdrawals and deadlines the bonus rules hold', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(commandArbitrary, { minLength: 4, maxLength: 14 }),
      async (commands) => {
        const { player, userId } = await world.newPlayer();
        /** what each bonus must have wagered: the stakes of the rounds played while it was active */
        const expectedWager = new Map<string, bigint>();
        for (const command of commands) {
          const before = await bonusRows(userId);
          const active = before.find((row) => row.status === 'active');
          switch (command.kind) {
            case 'grant':
              await world.services.transactions.run((transaction) =>
                world.services.bonuses.lifecycle.grantFixed(transaction, {
                  userId,
                  offerId: offerIds[command.offer] ?? '',
                  amountUsdMinor: BigInt(command.amountCents),
                  reference: `property:${randomUUID()}`,
                }),
              );
              break;
            case 'fund':
              await world.services.ledger.postTransaction(testApp.db, {
                type: 'deposit',
                externalReference: `property-fund-${randomUUID()}`,
                postings: [
                  {
                    account: platformAccount('USD', 'provider_clearing'),
                    amountMinor: -BigInt(command.amountCents),
                  },
                  {
                    account: playerAccount(userId, 'USD', 'main'),
                    amountMinor: BigInt(command.amountCents),
                  },
                ],
              });
              break;
            case 'play': {
              const response = await world.play(player, dice, {
                bet: formatMinorToDecimal(BigInt(command.betCents), 2),
                params: { target: command.target, direction: 'over' },
              });
              if (response.statusCode === 200) {
                if (active) {
                  expectedWager.set(
                    active.id,
                    (expectedWager.get(active.id) ?? 0n) + BigInt(command.betCents),
                  );
                }
              } else {
                const detail = (response.json() as { detail: string }).detail;
                expect(['insufficient_balance', 'bonus_max_bet_exceeded']).toContain(detail);
                if (detail === 'bonus_max_bet_exceeded')
                  expect(command.betCents).toBeGreaterThan(400);
              }
              break;
            }
            case 'cancel': {
              const open = before.filter(
                (row) => row.status === 'active' || row.status === 'pending',
              );
              const target = open[command.pick % Math.max(open.length, 1)];
              if (target) {
                await world.services.transactions.run(async (transaction) => {
                  const account = await world.services.users.findAccount(userId, transaction);
                  if (!account) throw new Error('no account');
                  await world.services.bonuses.lifecycle.cancel(transaction, account, target.id);
                });
              }
              break;
            }
            case 'withdraw':
              await world.services.transactions.run((transaction) =>
                world.services.bonuses.cashier.forfeitForWithdrawal(transaction, userId),
              );
              break;
            case 'wait':
              clock.advance(command.hours * hourMs);
              await world.services.bonuses.lifecycle.sweep();
              break;
          }

          // the rules, after every step
          const rows = await bonusRows(userId);
          const actives = rows.filter((row) => row.status === 'active');
          expect(actives.length).toBeLessThanOrEqual(1);
          if (actives.length === 0)
            expect(rows.some((row) => row.status === 'pending')).toBe(false);
          const bonusAccount = await world.balance(userId, 'bonus');
          expect(bonusAccount >= 0n).toBe(true);
          expect((await world.balance(userId, 'main')) >= 0n).toBe(true);
          if (actives.length === 0) expect(bonusAccount).toBe(0n);
          for (const row of rows) {
            // wagering counts exactly the stakes placed while the bonus was active
            expect(row.wager_current_minor).toBe(expectedWager.get(row.id) ?? 0n);
            if (row.status === 'active') {
              expect(row.wager_current_minor < row.wager_total_minor).toBe(true);
              expect(row.expires_at && row.expires_at.getTime() > clock.now().getTime()).toBe(true);
            }
            if (row.status === 'completed') {
              expect(row.wager_current_minor >= row.wager_total_minor).toBe(true);
              expect(row.converted_minor !== null && row.converted_minor >= 0n).toBe(true);
              if (row.max_convert_minor !== null) {
                expect((row.converted_minor ?? 0n) <= row.max_convert_minor).toBe(true);
              }
            }
            if (row.status === 'pending') expect(row.wager_current_minor).toBe(0n);
          }
        }
      },
    ),
    { numRuns: 12 },
  );
  await world.expectLedgerConsistent();
}, 600_000);
