import type { DatabaseExecutor } from '../../../../../db/database.ts';

/** Where and how the player pays for one deposit (buy) order. */
export interface Invoice {
  requisiteId: string | null;
  recipientBank: string;
  paymentDetails: {
    card: string | null;
    phone: string | null;
    bankName: string | null;
    name: string | null;
  };
  /** set for hosted-page payments: how the browser opens `url` */
  externalTarget: 'parent' | 'blank' | null;
}

export interface InvoiceRequest {
  methodId: string;
  /** 'external_invoice': the player pays on the provider's hosted page */
  invoiceFlow: 'requisites' | 'external_invoice';
  now: Date;
}

/**
 * A fiat P2P payment provider. The wallet owns orders and money; the provider says where the
 * player pays. Calls run inside the wallet's transaction (`executor`) so an assignment commits
 * with its order. Errors: `payments_are_disabled` when the method cannot take payments now.
 */
export interface PaymentProvider {
  readonly name: string;
  /** whether orders of this flow can be taken now; methods of another flow are not offered */
  supportsInvoiceFlow(flow: InvoiceRequest['invoiceFlow']): boolean;
  openInvoice(executor: DatabaseExecutor, request: InvoiceRequest): Promise<Invoice>;
  /** the hosted payment page of a `pay_external_invoice` order */
  invoiceUrl(orderId: string): string;
}
