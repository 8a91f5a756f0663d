import { describe, expect, test } from 'vitest';
import type { CashierRail } from './cashier/rail.ts';
import { cryptoRails } from './cashier/rails/crypto/crypto.rail.ts';
import { p2pRail } from './cashier/rails/p2p/p2p.rail.ts';

// The rails' descriptions read no rows for their references: no repository is called here.
const unused = () => {
  throw new Error('not called');
};
const rails: CashierRail[] = [
  p2pRail({
    withdrawalSumsSince: unused,
    historyKeys: unused,
    historyCount: unused,
    findOrders: unused,
    listMethods: unused,
  }),
  ...Object.values(
    cryptoRails({
      deposits: { historyKeys: unused, historyCount: unused, historyRows: unused },
      withdrawals: {
        withdrawalSumsSince: unused,
        historyKeys: unused,
        historyCount: unused,
        historyRows: unused,
      },
    }),
  ),
];

/**
 * What each rail's movements are called in the ledger, as existing data holds them: the
 * ledger's idempotency (a replayed credit, a second hold) depends on these exact strings.
 */
describe("the rails' ledger references and descriptions stay as existing data holds them", () => {
  test.each([
    ['p2p', 'fiat', 'o1', 'fiat_buy:o1', 'fiat_sell:o1', 'quoted-table', 'quoted-table', 'skip'],
    [
      'crypto',
      'crypto',
      'crypto_deposit:o1',
      'crypto_deposit:o1',
      'crypto_withdrawal:o1',
      'asset',
      'asset-no-rate',
      'fail',
    ],
    [
      'cryptobot',
      'crypto',
      'crypto_deposit:o1',
      'crypto_deposit:o1',
      'crypto_withdrawal:o1',
      'asset',
      'asset-no-rate',
      'fail',
    ],
  ])('%s', (name, kind, deposit, exchange, hold, depositErrors, withdrawalErrors, replayed) => {
    const rail = rails.find((entry) => entry.name === name);
    expect(rail).toBeDefined();
    expect(rail?.bonusMethodKind).toBe(kind);
    expect(rail?.references.deposit('o1')).toBe(deposit);
    expect(rail?.references.depositExchange('o1')).toBe(exchange);
    expect(rail?.references.withdrawalHold('o1')).toBe(hold);
    expect(rail?.rateErrors).toEqual({ deposit: depositErrors, withdrawal: withdrawalErrors });
    expect(rail?.replayedCredit).toBe(replayed);
  });

  test('every rail is described once', () => {
    expect(rails.map((rail) => rail.name).sort()).toEqual(['crypto', 'cryptobot', 'p2p']);
  });
});
