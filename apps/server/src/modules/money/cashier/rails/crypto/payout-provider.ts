import { type CryptoMethodCode, cryptoBotAsset } from '@casino/contract';
import type { DatabaseTransaction } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';

/** A withdrawal the operator approved, as the payout provider pays it. */
export interface PayoutOrder {
  withdrawalId: string;
  methodCode: CryptoMethodCode;
  network: string;
  /** the chain address (null for a crypto-bot payout) */
  address: string | null;
  memo: string | null;
  /** the messenger user a crypto-bot payout goes to */
  messengerUserId: string | null;
  /** decimal string in the asset */
  amount: string;
  /** the chain transaction the operator reports having sent, if any */
  reportedTxHash: string | null;
}

/**
 * Pays an approved crypto withdrawal out and answers the reference stored as its tx hash. Called
 * inside the transaction that completes the withdrawal, with the withdrawal row locked; the same
 * withdrawal must never pay twice however often it is called (the withdrawal id is the key).
 */
export interface CryptoPayoutProvider {
  pay(transaction: DatabaseTransaction, order: PayoutOrder): Promise<{ txHash: string }>;
}

function txHashError(message: 'Validation.required' | 'Validation.invalid_value'): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field: 'txHash', message }] },
  });
}

/**
 * The sandbox chain payout (CRYPTO_PAYOUT_PROVIDER=sandbox). No private key lives on the server,
 * so coins leave the platform's wallet outside it: the operator says they sent the transaction
 * and reports its hash, which completes the withdrawal. Nothing checks that the hash pays this
 * address this amount, so it is a sandbox, never run in production without the opt-in. A live
 * custody integration implements the same interface by submitting the payout and answering the
 * hash it broadcast.
 */
export class OperatorReportedChainPayouts implements CryptoPayoutProvider {
  async pay(_transaction: DatabaseTransaction, order: PayoutOrder): Promise<{ txHash: string }> {
    if (order.reportedTxHash === null) throw txHashError('Validation.required');
    return { txHash: order.reportedTxHash };
  }
}

/**
 * CRYPTO_PAYOUT_PROVIDER=off (the production default): no chain payout is configured, so a chain
 * withdrawal cannot be completed here (payments_are_disabled); the operator can still decline
 * it, which gives the hold back. New chain withdrawals are not taken in the first place.
 */
export class UnavailableChainPayouts implements CryptoPayoutProvider {
  async pay(): Promise<{ txHash: string }> {
    throw new AppError('payments_are_disabled', {
      message: 'No payout provider pays chain withdrawals on this platform.',
    });
  }
}

/** A crypto-bot transfer to a messenger user, paid once per spend id. */
export interface CryptoBotTransferRequest {
  messengerUserId: string;
  /** the bot's asset name (TONCOIN) */
  asset: string;
  /** decimal string */
  amount: string;
  spendId: string;
  comment: string;
}

/**
 * The crypto bot's transfer (rails/cryptobot's CryptoBotService, handed over by money.wiring.ts;
 * rails never import each other).
 */
export interface CryptoBotTransfers {
  transfer(
    transaction: DatabaseTransaction,
    request: CryptoBotTransferRequest,
  ): Promise<{ transferId: string }>;
}

/**
 * Withdrawals by provider cryptobot: the bot transfers the asset to the player's messenger
 * account, keyed by the withdrawal id as its spend id (a retry pays once). There is no chain
 * hash to report; the transfer id is stored as `cryptobot:<transfer id>`.
 */
export class CryptoBotPayouts implements CryptoPayoutProvider {
  constructor(private readonly bot: CryptoBotTransfers) {}

  async pay(transaction: DatabaseTransaction, order: PayoutOrder): Promise<{ txHash: string }> {
    if (order.reportedTxHash !== null) throw txHashError('Validation.invalid_value');
    if (order.messengerUserId === null) {
      throw new Error(`crypto-bot withdrawal ${order.withdrawalId} has no messenger user`);
    }
    const { transferId } = await this.bot.transfer(transaction, {
      messengerUserId: order.messengerUserId,
      asset: cryptoBotAsset(order.methodCode),
      amount: order.amount,
      spendId: order.withdrawalId,
      comment: `Withdrawal ${order.withdrawalId}`,
    });
    return { txHash: `cryptobot:${transferId}` };
  }
}
