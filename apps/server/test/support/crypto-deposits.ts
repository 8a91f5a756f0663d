import { randomUUID } from 'node:crypto';
import {
  type CryptoDeposit,
  cryptoDepositSchema,
  type IncomingTransferResult,
  incomingTransferResultSchema,
} from '@casino/contract';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { bearer, type SignedIn } from './app.ts';

/** What the crypto wallet tests share: deposit calls, watcher reports and reads. */
export class CryptoWorld {
  constructor(
    readonly app: App,
    readonly admin: SignedIn,
  ) {}

  async depositCall(player: SignedIn, body: Record<string, unknown>) {
    return await this.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/txns/deposit',
      headers: bearer(player),
      payload: body,
    });
  }

  /** The player's deposit address (and memo) for a method. */
  async address(player: SignedIn, currency: string): Promise<CryptoDeposit> {
    const response = await this.depositCall(player, { currency });
    expect(response.statusCode, response.body).toBe(200);
    return cryptoDepositSchema.strict().parse(response.json());
  }

  async reportCall(body: Record<string, unknown>) {
    return await this.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/crypto/incoming',
      headers: { ...bearer(this.admin), 'idempotency-key': randomUUID() },
      payload: body,
    });
  }

  /** The chain watcher reports a transfer; the operator endpoint answers 200. */
  async report(body: Record<string, unknown>): Promise<IncomingTransferResult> {
    const response = await this.reportCall(body);
    expect(response.statusCode, response.body).toBe(200);
    return incomingTransferResultSchema.strict().parse(response.json());
  }

  async mainBalance(userId: string, currency: string): Promise<bigint> {
    return await this.app.services.ledger.balance(userId, currency, 'main');
  }

  async setPrimary(player: SignedIn, primary: string): Promise<void> {
    const response = await this.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: { currency: { primary } },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** A transaction hash that no other test uses. */
export function txHash(): string {
  return `0x${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`;
}
