/**
 * The columns migrations/0019_crypto_withdrawals.sql adds to crypto_withdrawals (its 0018 columns
 * are in crypto.tables.ts); db/schema.ts joins both.
 */
export interface CryptoWithdrawalHoldColumns {
  /** the ledger hold of amount + fee in the primary currency */
  hold_id: string;
  /** the ledger transaction that paid it out, once completed */
  ledger_transaction_id: string | null;
  /** provider cryptobot: the messenger user the bot pays */
  messenger_user_id: string | null;
}
