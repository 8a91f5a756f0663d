import {
  type BackofficeOrder,
  currencyDefinition,
  currencyScale,
  type FiatMethodKind,
  type FiatOrder,
  type FiatSellOrder,
  fiatOrderStatusSchema,
  formatMinorToDecimal,
  type TransactionEvent,
  type TransactionHistoryItem,
} from '@casino/contract';
import type { MethodView } from './fiat-methods.ts';
import type { FiatOrderRow } from './fiat-orders.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** How a fiat order reads to the player, the history, realtime and the operator. */

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function detailsOf(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') result[key] = entry;
  }
  return result;
}

export function toFiatOrder(
  row: FiatOrderRow,
  view: MethodView,
  provider: Pick<PaymentProvider, 'invoiceUrl'>,
): FiatOrder {
  const scale = currencyScale(row.currency);
  const details = detailsOf(row.payment_details);
  const change =
    row.credited_minor !== null && row.credited_minor !== row.amount_minor
      ? formatMinorToDecimal(row.credited_minor - row.amount_minor, scale)
      : null;
  return {
    id: row.id,
    status: fiatOrderStatusSchema.parse(row.status),
    url: row.external_target === null ? null : provider.invoiceUrl(row.id),
    type: row.type === 'sell' ? 'sell' : 'buy',
    cancellableUntil: row.cancellable_until?.toISOString() ?? null,
    details: { expiredAt: unixSeconds(row.expires_at) },
    meta: {
      external_info: {
        target:
          row.external_target === 'parent' || row.external_target === 'blank'
            ? row.external_target
            : null,
      },
    },
    recipientBank: row.recipient_bank === null ? null : { name: row.recipient_bank },
    paymentDetails: {
      card: details.card ?? null,
      phone: details.phone ?? null,
      bankName: details.bankName ?? null,
      name: details.name ?? null,
    },
    valueFrom: formatMinorToDecimal(row.amount_minor, scale),
    currencyFrom: {
      code: row.currency,
      displayFormat: currencyDefinition(row.currency)?.displayFormat ?? '{amount}',
    },
    bankMethod: view.method.method,
    additonalAmountChange: change,
    senderBank: { id: view.method.id, method: view.method.method, label: view.method.label },
  };
}

export function toSellOrder(row: FiatOrderRow): FiatSellOrder {
  const scale = currencyScale(row.currency);
  return {
    id: row.id,
    type: 'sell',
    status: fiatOrderStatusSchema.parse(row.status),
    amount: formatMinorToDecimal(row.amount_minor, scale),
    fee: formatMinorToDecimal(row.fee_minor, scale),
    currency: row.currency,
    bankId: row.method_id,
    subbankId: row.subbank_id,
    cancellableUntil: row.cancellable_until?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export function toHistoryItem(
  row: FiatOrderRow,
  view: MethodView | undefined,
): TransactionHistoryItem {
  const scale = currencyScale(row.currency);
  const stored = fiatOrderStatusSchema.parse(row.status);
  const paymentDetails =
    row.type === 'sell' ? detailsOf(row.external_fields) : detailsOf(row.payment_details);
  const kind: FiatMethodKind | undefined = view?.method.method;
  return {
    id: row.id,
    type: row.type === 'sell' ? 'sell' : 'buy',
    status: stored === 'pay_external_invoice' ? 'waiting' : stored,
    timestamp: row.created_at.toISOString(),
    externalId: null,
    address: null,
    paymentDetails,
    originalAmount: {
      value: formatMinorToDecimal(row.credited_minor ?? row.amount_minor, scale),
      currency: {
        code: row.currency,
        displayFormat: currencyDefinition(row.currency)?.displayFormat ?? '{amount}',
      },
    },
    senderBank:
      view && kind ? { id: view.method.id, method: kind, label: view.method.label } : null,
    fee: row.type === 'sell' ? formatMinorToDecimal(row.fee_minor, scale) : null,
    cancellableUntil:
      row.type === 'sell' && row.status === 'pending'
        ? (row.cancellable_until?.toISOString() ?? null)
        : null,
  };
}

/** The `transaction#` event of an order's status, as its history item shows it. */
export function toTransactionEvent(row: FiatOrderRow, now: Date): TransactionEvent {
  const item = toHistoryItem(row, undefined);
  return {
    id: item.id,
    type: item.type,
    status: item.status,
    amount: item.originalAmount.value,
    currency: row.currency,
    timestamp: now.toISOString(),
  };
}

export function toBackofficeOrder(row: FiatOrderRow, playerGlobalId: string): BackofficeOrder {
  const scale = currencyScale(row.currency);
  const dispute =
    row.dispute === null || typeof row.dispute !== 'object'
      ? null
      : (row.dispute as Record<string, unknown>);
  return {
    id: row.id,
    type: row.type === 'sell' ? 'sell' : 'buy',
    status: fiatOrderStatusSchema.parse(row.status),
    playerGlobalId,
    methodId: row.method_id,
    currency: row.currency,
    amount: formatMinorToDecimal(row.amount_minor, scale),
    fee: formatMinorToDecimal(row.fee_minor, scale),
    creditedAmount:
      row.credited_minor === null ? null : formatMinorToDecimal(row.credited_minor, scale),
    hasReceipt: row.receipt_file !== null,
    payerName: row.payer_name,
    dispute,
    details: detailsOf(row.type === 'sell' ? row.external_fields : row.payment_details),
    declineReason: row.decline_reason,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
