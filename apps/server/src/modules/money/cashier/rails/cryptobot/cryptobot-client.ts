import { randomUUID } from 'node:crypto';
import type { CryptoBotConfig } from '../../../../../config.ts';
import type { DatabaseExecutor } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import type { CryptoBotRepository } from './cryptobot.repository.ts';

export interface CreateInvoiceRequest {
  /** our invoice id; it travels as the invoice's payload and comes back in the webhook */
  invoiceId: string;
  /** the bot's asset code (spec §9 mapping) */
  asset: string;
  /** decimal string in the asset */
  amount: string;
  description: string;
  expiresInSeconds: number;
}

export interface TransferRequest {
  /** the player's messenger user id (digits) */
  messengerUserId: string;
  asset: string;
  /** decimal string in the asset */
  amount: string;
  /** unique per payout: a retried transfer with the same spend id pays once */
  spendId: string;
  comment?: string;
}

/**
 * The crypto-bot payment service, shaped like its public Crypto Pay API: invoices for deposits
 * (paid in the bot, reported by a signed `invoice_paid` webhook) and transfers for withdrawals.
 */
export interface CryptoBotClient {
  readonly mode: CryptoBotConfig['mode'];
  createInvoice(
    request: CreateInvoiceRequest,
  ): Promise<{ providerInvoiceId: string; payUrl: string }>;
  transfer(executor: DatabaseExecutor, request: TransferRequest): Promise<{ transferId: string }>;
}

/** The sandbox's invoice page, served by this server (like the fiat hosted-page sandbox). */
export function sandboxInvoicePath(invoiceId: string): string {
  return `/sandbox/cryptobot/invoices/${encodeURIComponent(invoiceId)}`;
}

/**
 * The built-in offline crypto-bot: invoices are paid on `/sandbox/cryptobot/invoices/{id}`,
 * whose Pay button sends a correctly signed webhook to this server; transfers are recorded in
 * cryptobot_transfers (once per spend id) and succeed. No real money moves.
 */
export class SandboxCryptoBotClient implements CryptoBotClient {
  readonly mode = 'sandbox' as const;

  constructor(
    private readonly repository: CryptoBotRepository,
    private readonly clock: Clock,
  ) {}

  async createInvoice(
    request: CreateInvoiceRequest,
  ): Promise<{ providerInvoiceId: string; payUrl: string }> {
    return {
      providerInvoiceId: `sandbox-${request.invoiceId}`,
      payUrl: sandboxInvoicePath(request.invoiceId),
    };
  }

  async transfer(
    executor: DatabaseExecutor,
    request: TransferRequest,
  ): Promise<{ transferId: string }> {
    const row = await this.repository.recordTransfer(executor, {
      spendId: request.spendId,
      messengerUserId: request.messengerUserId,
      asset: request.asset,
      amount: request.amount,
      transferId: `sandbox-${randomUUID()}`,
      at: this.clock.now(),
    });
    return { transferId: row.transfer_id };
  }
}

/**
 * CRYPTOBOT_MODE=off (the production default): no crypto-bot is configured, so it takes no
 * invoice and pays no transfer (payments_are_disabled); its methods drop the provider.
 */
export class UnavailableCryptoBotClient implements CryptoBotClient {
  readonly mode = 'off' as const;

  async createInvoice(): Promise<{ providerInvoiceId: string; payUrl: string }> {
    throw unavailable();
  }

  async transfer(): Promise<{ transferId: string }> {
    throw unavailable();
  }
}

function unavailable(): AppError {
  return new AppError('payments_are_disabled', {
    message: 'The crypto-bot is not available on this platform.',
  });
}

const requestTimeoutMs = 10_000;

interface ApiAnswer {
  ok?: boolean;
  result?: Record<string, unknown>;
  error?: { code?: number; name?: string };
}

/** An error the Crypto Pay API answered (`name`: e.g. INSUFFICIENT_FUNDS, USER_NOT_FOUND). */
export class CryptoBotApiError extends Error {
  constructor(
    readonly method: string,
    readonly errorName: string,
  ) {
    super(`crypto-bot ${method} failed: ${errorName}`);
  }
}

/** The live Crypto Pay API (CRYPTOBOT_MODE=live): HTTPS calls with the API token. */
export class LiveCryptoBotClient implements CryptoBotClient {
  readonly mode = 'live' as const;

  constructor(
    private readonly config: Pick<CryptoBotConfig, 'token' | 'apiUrl'>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call(
    method: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    let answer: ApiAnswer;
    try {
      const response = await this.fetchImpl(`${this.config.apiUrl}/api/${method}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'crypto-pay-api-token': this.config.token,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      answer = (await response.json()) as ApiAnswer;
    } catch (error) {
      throw new AppError('service_unavailable', {
        message: 'The crypto-bot service cannot be reached.',
        cause: error,
      });
    }
    if (answer.ok !== true || answer.result === undefined) {
      throw new CryptoBotApiError(method, answer.error?.name ?? 'UNKNOWN');
    }
    return answer.result;
  }

  async createInvoice(
    request: CreateInvoiceRequest,
  ): Promise<{ providerInvoiceId: string; payUrl: string }> {
    const result = await this.call('createInvoice', {
      currency_type: 'crypto',
      asset: request.asset,
      amount: request.amount,
      description: request.description,
      payload: request.invoiceId,
      expires_in: request.expiresInSeconds,
    });
    const payUrl = result.bot_invoice_url ?? result.pay_url;
    if (typeof payUrl !== 'string' || result.invoice_id === undefined) {
      throw new CryptoBotApiError('createInvoice', 'MALFORMED_ANSWER');
    }
    return { providerInvoiceId: String(result.invoice_id), payUrl };
  }

  async transfer(
    _executor: DatabaseExecutor,
    request: TransferRequest,
  ): Promise<{ transferId: string }> {
    const result = await this.call('transfer', {
      user_id: Number(request.messengerUserId),
      asset: request.asset,
      amount: request.amount,
      spend_id: request.spendId,
      ...(request.comment === undefined ? {} : { comment: request.comment }),
    });
    if (result.transfer_id === undefined) {
      throw new CryptoBotApiError('transfer', 'MALFORMED_ANSWER');
    }
    return { transferId: String(result.transfer_id) };
  }
}
