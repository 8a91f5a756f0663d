import type { DatabaseExecutor } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Invoice, InvoiceRequest, PaymentProvider } from './payment-provider.ts';
import type { RequisitesRepository } from './requisites.repository.ts';

export interface ManualP2POptions {
  /** SANDBOX_HOSTED_PAGE_ENABLED: whether `/sandbox/pay/{orderId}` is served */
  hostedPageEnabled: boolean;
}

/**
 * The operator's own P2P payments (PAYMENT_PROVIDER=manual): requisites come from the
 * operator-managed pool (round robin over the active ones), the player transfers to them and
 * sends the receipt, and the operator confirms the payment against it. That is real operations,
 * not a sandbox. Its one sandbox part is the hosted payment page of `external_invoice` methods,
 * `/sandbox/pay/{orderId}`, whose Pay button confirms the payment itself: without it (the
 * production default) those methods take no orders and are not offered.
 */
export class ManualP2PProvider implements PaymentProvider {
  readonly name = 'manual';

  constructor(
    private readonly requisites: RequisitesRepository,
    private readonly options: ManualP2POptions,
  ) {}

  supportsInvoiceFlow(flow: InvoiceRequest['invoiceFlow']): boolean {
    return flow === 'requisites' || this.options.hostedPageEnabled;
  }

  async openInvoice(executor: DatabaseExecutor, request: InvoiceRequest): Promise<Invoice> {
    if (!this.supportsInvoiceFlow(request.invoiceFlow)) {
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
