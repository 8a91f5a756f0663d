import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CryptoBotConfig } from '../../../../../config.ts';
import type { DatabaseExecutor } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Clock } from '../../../../../lib/clock.ts';
import { fieldsWithNul, nulCharactersError } from '../../../../../lib/nul-characters.ts';
import type { CryptoBotInvoiceRow, CryptoBotRepository } from './cryptobot.repository.ts';
import type { CryptoBotClient, TransferRequest } from './cryptobot-client.ts';
import { cryptoBotSignature, isValidCryptoBotSignature } from './cryptobot-signature.ts';

/** How long a crypto-bot invoice may be paid. */
export const invoiceTtlSeconds = 60 * 60;

/** The `invoice_paid` update of a Crypto Pay webhook, as far as crediting needs it. */
const paidUpdateSchema = z.object({
  update_id: z.number().int(),
  update_type: z.string(),
  request_date: z.string().optional(),
  payload: z.looseObject({
    invoice_id: z.union([z.number().int(), z.string()]),
    status: z.string(),
    asset: z.string().optional(),
    amount: z.string(),
    payload: z.string().optional(),
    paid_at: z.string().optional(),
  }),
});

export interface PaidInvoice {
  /** our invoice id (the invoice's payload) */
  invoiceId: string;
  providerInvoiceId: string;
  asset: string | null;
  /** decimal string in the asset */
  amount: string;
}

/** A verified webhook: an invoice was paid, or an update this platform does not act on. */
export type CryptoBotUpdate = { type: 'invoice_paid'; invoice: PaidInvoice } | { type: 'ignored' };

export interface CryptoBotServiceDependencies {
  repository: CryptoBotRepository;
  client: CryptoBotClient;
  config: Pick<CryptoBotConfig, 'token' | 'mode'>;
  clock: Clock;
}

/**
 * The crypto-bot service for the wallet: its invoices (deposits), verified webhooks, transfers
 * (withdrawals by provider cryptobot) and the sandbox's signed `invoice_paid` webhook.
 */
export class CryptoBotService {
  private readonly repository: CryptoBotRepository;
  private readonly client: CryptoBotClient;
  private readonly config: Pick<CryptoBotConfig, 'token' | 'mode'>;
  private readonly clock: Clock;

  constructor({ repository, client, config, clock }: CryptoBotServiceDependencies) {
    this.repository = repository;
    this.client = client;
    this.config = config;
    this.clock = clock;
  }

  get mode(): CryptoBotConfig['mode'] {
    return this.client.mode;
  }

  /**
   * Opens an invoice in the bot for a player's deposit, then records it (the bot is called
   * outside any transaction: an invoice it opened that is never recorded is never paid to us).
   */
  async createInvoice(request: {
    userId: string;
    methodCode: string;
    asset: string;
    amountMinor: bigint;
    amount: string;
    description: string;
  }): Promise<CryptoBotInvoiceRow> {
    const id = randomUUID();
    const now = this.clock.now();
    const created = await this.client.createInvoice({
      invoiceId: id,
      asset: request.asset,
      amount: request.amount,
      description: request.description,
      expiresInSeconds: invoiceTtlSeconds,
    });
    return await this.repository.insertInvoice({
      id,
      userId: request.userId,
      methodCode: request.methodCode,
      asset: request.asset,
      amountMinor: request.amountMinor,
      providerInvoiceId: created.providerInvoiceId,
      payUrl: created.payUrl,
      expiresAt: new Date(now.getTime() + invoiceTtlSeconds * 1000),
      at: now,
    });
  }

  /**
   * Checks a webhook's `crypto-pay-api-signature` over the raw body, then reads it.
   * `unauthorized` for a bad signature, `bad_request` for a body that is no update.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): CryptoBotUpdate {
    if (!isValidCryptoBotSignature(this.config.token, rawBody, signature)) {
      throw new AppError('unauthorized', { message: 'The webhook signature is not valid.' });
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('invalid_json');
    }
    const fields = fieldsWithNul(json, 'body');
    if (fields.length > 0) throw nulCharactersError(fields);
    const parsed = paidUpdateSchema.safeParse(json);
    if (!parsed.success) throw new AppError('bad_request', { message: 'Not a crypto-bot update.' });
    const update = parsed.data;
    if (update.update_type !== 'invoice_paid' || update.payload.status !== 'paid') {
      return { type: 'ignored' };
    }
    if (update.payload.payload === undefined) return { type: 'ignored' };
    return {
      type: 'invoice_paid',
      invoice: {
        invoiceId: update.payload.payload,
        providerInvoiceId: String(update.payload.invoice_id),
        asset: update.payload.asset ?? null,
        amount: update.payload.amount,
      },
    };
  }

  async findInvoice(id: string, executor?: DatabaseExecutor): Promise<CryptoBotInvoiceRow | null> {
    return await this.repository.findInvoice(id, executor);
  }

  async lockInvoice(executor: DatabaseExecutor, id: string): Promise<CryptoBotInvoiceRow | null> {
    return await this.repository.lockInvoice(executor, id);
  }

  async markPaid(
    executor: DatabaseExecutor,
    id: string,
    depositId: string,
  ): Promise<CryptoBotInvoiceRow> {
    return await this.repository.updateInvoice(executor, id, {
      status: 'paid',
      paid_at: this.clock.now(),
      deposit_id: depositId,
    });
  }

  /** Whether an invoice can still be paid (active and not past its expiry). */
  isPayable(invoice: CryptoBotInvoiceRow): boolean {
    return invoice.status === 'active' && invoice.expires_at.getTime() > this.clock.now().getTime();
  }

  /**
   * Pays a crypto-bot transfer to a messenger user (withdrawals by provider cryptobot). The
   * sandbox records it (once per spend id) and succeeds; live mode calls the API, which pays a
   * spend id once. Pass the caller's transaction so the sandbox record commits with its payout.
   */
  async transfer(
    executor: DatabaseExecutor,
    request: TransferRequest,
  ): Promise<{ transferId: string }> {
    return await this.client.transfer(executor, request);
  }

  /**
   * The sandbox bot's `invoice_paid` webhook for an invoice, signed as the live bot signs it:
   * the raw body and its `crypto-pay-api-signature`.
   */
  sandboxPaidWebhook(
    invoice: CryptoBotInvoiceRow,
    amount: string,
  ): { body: string; signature: string } {
    if (this.config.mode !== 'sandbox')
      throw new Error('the sandbox webhook exists in sandbox mode only');
    const now = this.clock.now().toISOString();
    const body = JSON.stringify({
      update_id: Math.floor(this.clock.now().getTime() / 1000),
      update_type: 'invoice_paid',
      request_date: now,
      payload: {
        invoice_id: invoice.provider_invoice_id ?? invoice.id,
        status: 'paid',
        asset: invoice.asset,
        amount,
        payload: invoice.payload,
        paid_at: now,
        created_at: invoice.created_at.toISOString(),
      },
    });
    return { body, signature: cryptoBotSignature(this.config.token, body) };
  }
}
