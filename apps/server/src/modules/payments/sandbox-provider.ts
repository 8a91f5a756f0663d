import type { DatabaseExecutor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Invoice, InvoiceRequest, PaymentProvider } from './payment-provider.ts';
import type { RequisitesRepository } from './requisites.repository.ts';

export interface SandboxOptions {
  /** SANDBOX_HOSTED_PAGE_ENABLED: whether `/sandbox/pay/{orderId}` is served */
  hostedPageEnabled: boolean;
}

/**
 * The built-in offline P2P provider: requisites come from the operator-managed pool (round robin
 * over the active ones); hosted-page methods are paid on `/sandbox/pay/{orderId}`, which this
 * server serves when enabled. It moves no real money: the operator (or the hosted page) confirms
 * payments. Without the hosted page, hosted-page methods take no orders (payments_are_disabled).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly requisites: RequisitesRepository,
    private readonly options: SandboxOptions,
  ) {}

  async openInvoice(executor: DatabaseExecutor, request: InvoiceRequest): Promise<Invoice> {
    if (request.invoiceFlow === 'external_invoice' && !this.options.hostedPageEnabled) {
      throw new AppError('payments_are_disabled', {
        message: 'The sandbox hosted payment page is disabled.',
      });
    }
    const requisite = await this.requisites.assignNext(executor, request.methodId, request.now);
    if (!requisite) {
      throw new AppError('payments_are_disabled', {
        message: 'No requisites are active for this method.',
      });
    }
    return {
      requisiteId: requisite.id,
      recipientBank: requisite.recipient_bank,
      paymentDetails: {
        card: requisite.card,
        phone: requisite.phone,
        bankName: requisite.bank_name,
        name: requisite.holder_name,
      },
      externalTarget: request.invoiceFlow === 'external_invoice' ? 'blank' : null,
    };
  }

  invoiceUrl(orderId: string): string {
    return `/sandbox/pay/${orderId}`;
  }
}
