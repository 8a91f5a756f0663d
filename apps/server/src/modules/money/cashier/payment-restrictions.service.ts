import type { PaymentRestrictions, PaymentRestrictionsBody } from '@casino/contract';
import type { DatabaseExecutor } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { Cashier } from './cashier.service.ts';
import type {
  PaymentRestrictionRow,
  PaymentRestrictionsRepository,
} from './payment-restrictions.repository.ts';

export interface PaymentRestrictionsServiceDependencies {
  repository: PaymentRestrictionsRepository;
  users: Pick<UsersService, 'findAccountByGlobalId'>;
  audit: Pick<AuditService, 'record'>;
  /** the player's lock every rail's order takes (a change waits for the orders in flight) */
  cashier: Pick<Cashier, 'lockPlayer'>;
  clock: Clock;
  transactions: Transactions;
}

/**
 * Operator restrictions on a player's payments (player_payment_restrictions), over every rail:
 * `fiatBanned` refuses every fiat order, `buyBanned` every deposit (fiat and crypto);
 * fiat_banned wins when both are set. A rail checks before it writes anything and again under
 * the player's lock (Cashier.lockPlayer), which a change also takes, so no order is created
 * after a restriction is saved.
 */
export class PaymentRestrictionsService {
  private readonly repository: PaymentRestrictionsRepository;
  private readonly users: PaymentRestrictionsServiceDependencies['users'];
  private readonly audit: PaymentRestrictionsServiceDependencies['audit'];
  private readonly cashier: PaymentRestrictionsServiceDependencies['cashier'];
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({
    repository,
    users,
    audit,
    cashier,
    clock,
    transactions,
  }: PaymentRestrictionsServiceDependencies) {
    this.repository = repository;
    this.users = users;
    this.audit = audit;
    this.cashier = cashier;
    this.clock = clock;
    this.transactions = transactions;
  }

  /** A fiat order: wallet_fiat_banned for any, wallet_buy_banned for a deposit (buy). */
  async assertFiatOrderAllowed(
    userId: string,
    type: 'buy' | 'sell',
    executor?: DatabaseExecutor,
  ): Promise<void> {
    const row = await this.repository.find(userId, executor);
    if (row?.fiat_banned) throw new AppError('wallet_fiat_banned');
    if (type === 'buy' && row?.buy_banned) throw new AppError('wallet_buy_banned');
  }

  /** Crypto deposits are refused like fiat ones when the operator banned the player's deposits. */
  async assertCryptoDepositAllowed(userId: string, executor?: DatabaseExecutor): Promise<void> {
    const row = await this.repository.find(userId, executor);
    if (row?.buy_banned) throw new AppError('wallet_buy_banned');
  }

  async get(globalId: string): Promise<PaymentRestrictions> {
    const account = await this.users.findAccountByGlobalId(globalId);
    if (!account) throw new AppError('not_found', { message: 'No player has this globalId.' });
    return toPaymentRestrictions(account.globalId, await this.repository.find(account.id));
  }

  /** Replaces the player's restrictions; the change and its audit record commit together. */
  async set(
    actor: OperatorActor,
    globalId: string,
    body: PaymentRestrictionsBody,
  ): Promise<PaymentRestrictions> {
    return await this.transactions.run(async (transaction) => {
      const account = await this.users.findAccountByGlobalId(globalId, transaction);
      if (!account) throw new AppError('not_found', { message: 'No player has this globalId.' });
      await this.cashier.lockPlayer(transaction, account.id);
      const previous = await this.repository.find(account.id, transaction);
      const reason = body.reason === undefined || body.reason === '' ? null : body.reason;
      const row = await this.repository.upsert(transaction, {
        userId: account.id,
        buyBanned: body.buyBanned,
        fiatBanned: body.fiatBanned,
        reason,
        at: this.clock.now(),
        operatorId: actor.operatorId,
      });
      await this.audit.record(
        actor,
        {
          action: 'player.payment_restrictions.set',
          targetType: 'player',
          targetId: account.globalId,
          payload: {
            buyBanned: body.buyBanned,
            fiatBanned: body.fiatBanned,
            reason,
            previous: previous
              ? { buyBanned: previous.buy_banned, fiatBanned: previous.fiat_banned }
              : null,
          },
        },
        transaction,
      );
      return toPaymentRestrictions(account.globalId, row);
    });
  }
}

function toPaymentRestrictions(
  globalId: string,
  row: PaymentRestrictionRow | null,
): PaymentRestrictions {
  return {
    globalId,
    buyBanned: row?.buy_banned ?? false,
    fiatBanned: row?.fiat_banned ?? false,
    reason: row?.reason ?? null,
    updatedAt: row?.updated_at.toISOString() ?? null,
    updatedBy: row?.updated_by ?? null,
  };
}
