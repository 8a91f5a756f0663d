import { randomUUID } from 'node:crypto';
import { currencyScale, formatMinorToDecimal } from '@casino/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';
import { convertMinor } from '../src/modules/money/exchange-rates/rate-math.ts';
import {
  type LedgerService,
  platformAccount,
  playerAccount,
} from '../src/modules/money/ledger/ledger.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';

let testApp: TestApp;
let ledger: LedgerService;

beforeAll(async () => {
  testApp = await createTestApp();
  ledger = testApp.app.services.ledger;
});
afterAll(async () => {
  await testApp.close();
});

const modelCurrencies = ['USD', 'EUR', 'BTC', 'RUB'] as const;
type ModelCurrency = (typeof modelCurrencies)[number];

type Command =
  | {
      kind: 'deposit';
      player: number;
      currency: ModelCurrency;
      amountMinor: bigint;
      reuse: boolean;
    }
  | { kind: 'hold'; player: number; currency: ModelCurrency; amountMinor: bigint }
  | { kind: 'postHold'; pick: number; feePercent: number }
  | { kind: 'voidHold'; pick: number }
  | { kind: 'exchange'; player: number; from: ModelCurrency; to: ModelCurrency };

const player = fc.integer({ min: 0, max: 2 });
const currency = fc.constantFrom(...modelCurrencies);
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    player,
    currency,
    amountMinor: fc.bigInt({ min: 1n, max: 10n ** 10n }),
    reuse: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('hold' as const),
    player,
    currency,
    amountMinor: fc.bigInt({ min: 1n, max: 10n ** 10n }),
  }),
  fc.record({
    kind: fc.constant('postHold' as const),
    pick: fc.nat(),
    feePercent: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({ kind: fc.constant('voidHold' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('exchange' as const), player, from: currency, to: currency }),
);

interface ModelHold {
  holdId: string;
  player: number;
  currency: ModelCurrency;
  amountMinor: bigint;
  status: 'pending' | 'posted' | 'voided';
}

async function errorCode(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

test('random deposits, holds, posts, voids, exchanges and duplicates keep the ledger exact', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(commandArbitrary, { minLength: 1, maxLength: 30 }),
      async (commands) => {
        const userIds: string[] = [];
        for (let index = 0; index < 3; index += 1) {
          const account = await testApp.app.services.users.createPlayer({
            email: `model-${randomUUID()}@example.com`,
            passwordHash: 'not-a-login',
            language: 'en',
          });
          if (!account) throw new Error('player not created');
          userIds.push(account.id);
        }
        const main = new Map<string, bigint>();
        const key = (index: number, code: string) => `${index}:${code}`;
        const mainOf = (index: number, code: string) => main.get(key(index, code)) ?? 0n;
        const holds: ModelHold[] = [];
        const usedReferences: { reference: string; player: number; currency: ModelCurrency }[] = [];

        for (const command of commands) {
          switch (command.kind) {
            case 'deposit': {
              const previous = command.reuse ? usedReferences.at(-1) : undefined;
              const reference = previous?.reference ?? `deposit-${randomUUID()}`;
              const target = previous ?? { player: command.player, currency: command.currency };
              const result = await ledger.postTransaction(testApp.db, {
                type: 'deposit',
                externalReference: reference,
                postings: [
                  {
                    account: platformAccount(target.currency, 'provider_clearing'),
                    amountMinor: -command.amountMinor,
                  },
                  {
                    account: playerAccount(userIds[target.player] ?? '', target.currency, 'main'),
                    amountMinor: command.amountMinor,
                  },
                ],
              });
              expect(result.replayed).toBe(previous !== undefined);
              if (!previous) {
                usedReferences.push({ reference, ...target });
                main.set(
                  key(target.player, target.currency),
                  mainOf(target.player, target.currency) + command.amountMinor,
                );
              }
              break;
            }
            case 'hold': {
              const available = mainOf(command.player, command.currency);
              const attempt = ledger.createHold(testApp.db, {
                userId: userIds[command.player] ?? '',
                currency: command.currency,
                amountMinor: command.amountMinor,
                reference: `hold-${randomUUID()}`,
              });
              if (command.amountMinor > available) {
                expect(await errorCode(attempt)).toBe('insufficient_balance');
              } else {
                const { holdId } = await attempt;
                holds.push({ holdId, ...command, status: 'pending' });
                main.set(key(command.player, command.currency), available - command.amountMinor);
              }
              break;
            }
            case 'postHold':
            case 'voidHold': {
              if (holds.length === 0) break;
              const hold = holds[command.pick % holds.length];
              if (!hold) break;
              const attempt =
                command.kind === 'postHold'
                  ? ledger.postHold(testApp.db, hold.holdId, {
                      to: platformAccount(hold.currency, 'provider_clearing'),
                      feeMinor: (hold.amountMinor * BigInt(command.feePercent)) / 100n,
                    })
                  : ledger.voidHold(testApp.db, hold.holdId);
              if (hold.status !== 'pending') {
                expect(await errorCode(attempt)).toBe('hold_not_pending');
              } else {
                await attempt;
                hold.status = command.kind === 'postHold' ? 'posted' : 'voided';
                if (hold.status === 'voided') {
                  main.set(
                    key(hold.player, hold.currency),
                    mainOf(hold.player, hold.currency) + hold.amountMinor,
                  );
                }
              }
              break;
            }
            case 'exchange': {
              if (command.from === command.to) break;
              const amount = mainOf(command.player, command.from);
              const { rate } = await testApp.app.services.exchangeRates.rate(
                command.from,
                command.to,
              );
              const converted = convertMinor(
                amount,
                currencyScale(command.from),
                currencyScale(command.to),
                rate,
              );
              const result = await ledger.exchange(testApp.db, {
                userId: userIds[command.player] ?? '',
                from: command.from,
                to: command.to,
              });
              expect(result.fromAmountMinor).toBe(amount);
              expect(result.toAmountMinor).toBe(converted);
              main.set(key(command.player, command.from), 0n);
              main.set(
                key(command.player, command.to),
                mainOf(command.player, command.to) + converted,
              );
              break;
            }
          }
        }

        for (const [index, userId] of userIds.entries()) {
          for (const code of modelCurrencies) {
            expect(await ledger.balance(userId, code, 'main')).toBe(mainOf(index, code));
            const held = holds
              .filter(
                (hold) =>
                  hold.player === index && hold.currency === code && hold.status === 'pending',
              )
              .reduce((sum, hold) => sum + hold.amountMinor, 0n);
            expect(await ledger.balance(userId, code, 'withdrawal_hold')).toBe(held);
          }
          for (const balance of await ledger.balances(userId)) {
            expect(balance.balanceMinor >= 0n).toBe(true);
          }
          // The header total: every main balance converted to USD (the default primary), rounded
          // down per currency; pending holds are not spendable and are left out.
          let expectedTotal = 0n;
          for (const code of modelCurrencies) {
            const { rate } = await testApp.app.services.exchangeRates.rate(code, 'USD');
            expectedTotal += convertMinor(mainOf(index, code), currencyScale(code), 2, rate);
          }
          const shown = await testApp.app.services.balance.balance(userId);
          expect(shown.total.primaryValue).toBe(formatMinorToDecimal(expectedTotal, 2));
        }
        const report = await ledger.check();
        expect(report.violations).toEqual([]);
      },
    ),
    { numRuns: 25 },
  );
});
