import type { CashierRail } from '../../rail.ts';
import { methodsById } from './fiat-methods.ts';
import { toHistoryItem } from './fiat-order-views.ts';
import type { FiatOrdersRepository } from './fiat-orders.repository.ts';

/**
 * The P2P rail as the cashier knows it: fiat deposit (buy) and withdrawal (sell) orders through
 * the payment provider. Its ledger references are the ones fiat orders always carried.
 */
export function p2pRail(
  repository: Pick<
    FiatOrdersRepository,
    'withdrawalSumsSince' | 'historyKeys' | 'historyCount' | 'findOrders' | 'listMethods'
  >,
): CashierRail {
  return {
    name: 'p2p',
    bonusMethodKind: 'fiat',
    references: {
      deposit: (orderId) => orderId,
      depositExchange: (orderId) => `fiat_buy:${orderId}`,
      withdrawalHold: (orderId) => `fiat_sell:${orderId}`,
    },
    rateErrors: { deposit: 'quoted-table', withdrawal: 'quoted-table' },
    replayedCredit: 'skip',
    withdrawalSumsSince: (userId, since, executor) =>
      repository.withdrawalSumsSince(userId, since, executor),
    history: {
      keys: (userId, input) => repository.historyKeys(userId, input),
      count: (userId, input) => repository.historyCount(userId, input),
      items: async (ids) => {
        const [rows, methods] = await Promise.all([
          repository.findOrders(ids),
          methodsById(repository),
        ]);
        return rows.map((row) => toHistoryItem(row, methods.get(row.method_id)));
      },
    },
  };
}
