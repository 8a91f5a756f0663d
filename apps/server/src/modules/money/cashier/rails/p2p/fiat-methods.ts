import {
  buyConditionsSchema,
  type FiatPaymentMethod,
  fiatMethodKindSchema,
  sellConditionsSchema,
  sortMethodsByPriority,
  withdrawalDetailsFields,
} from '@casino/contract';
import type { DatabaseExecutor } from '../../../../../db/database.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import type { FiatMethodRow, FiatOrdersRepository } from './fiat-orders.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';

export interface PlayerContext {
  userId: string;
  /** ISO country of the request's IP, or null */
  country: string | null;
}

export interface MethodView {
  row: FiatMethodRow;
  method: FiatPaymentMethod;
  invoiceFlow: 'requisites' | 'external_invoice';
}

export function fieldError(
  field: string,
  message: string,
  params?: Record<string, string>,
): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field, message, ...(params ? { params } : {}) }] },
  });
}

/**
 * A method as the wallet uses it. Its sell `externalDetailsFields` are everything a withdrawal
 * requires (withdrawalDetailsFields: the holder's name, the method's fields, the kind's own
 * field), so `orders/conditions` lists exactly what the withdrawal is validated against.
 */
export function toMethodView(row: FiatMethodRow): MethodView {
  const kind = fiatMethodKindSchema.parse(row.kind);
  const sell =
    row.sell_conditions === null ? null : sellConditionsSchema.parse(row.sell_conditions);
  return {
    row,
    invoiceFlow: row.invoice_flow === 'external_invoice' ? 'external_invoice' : 'requisites',
    method: {
      id: row.id,
      name: row.name,
      icon: row.icon,
      iconBig: row.icon_big,
      label: row.label,
      method: kind,
      currency: row.currency,
      buy: row.buy_conditions === null ? null : buyConditionsSchema.parse(row.buy_conditions),
      sell:
        sell === null
          ? null
          : {
              ...sell,
              externalDetailsFields: withdrawalDetailsFields({
                name: row.name,
                method: kind,
                sell,
              }),
            },
    },
  };
}

function availableIn(row: FiatMethodRow, country: string | null): boolean {
  if (row.countries === null) return true;
  return country !== null && row.countries.includes(country.toUpperCase());
}

/** Every enabled method by id, as stored (an order's method, whatever is offered now). */
export async function methodsById(
  repository: Pick<FiatOrdersRepository, 'listMethods'>,
  executor?: DatabaseExecutor,
): Promise<Map<string, MethodView>> {
  const rows = await repository.listMethods(executor);
  return new Map(rows.map((row) => [row.id, toMethodView(row)]));
}

/**
 * The fiat methods as players are offered them: in their country, and a method's deposit side
 * only when the provider can take its kind of order now (a hosted-page method without the
 * hosted page is not).
 */
export class FiatMethods {
  private readonly repository: Pick<FiatOrdersRepository, 'listMethods' | 'findMethod'>;
  private readonly provider: Pick<PaymentProvider, 'supportsInvoiceFlow'>;

  constructor({
    repository,
    provider,
  }: {
    repository: Pick<FiatOrdersRepository, 'listMethods' | 'findMethod'>;
    provider: Pick<PaymentProvider, 'supportsInvoiceFlow'>;
  }) {
    this.repository = repository;
    this.provider = provider;
  }

  /** Methods offered in the player's country, sorted by priority; one with neither side is not. */
  async offered(player: PlayerContext): Promise<FiatPaymentMethod[]> {
    const rows = await this.repository.listMethods();
    const methods = rows
      .filter((row) => availableIn(row, player.country))
      .map((row) => this.offeredView(row))
      .filter((view) => view.method.buy !== null || view.method.sell !== null);
    return sortMethodsByPriority(methods.map((view) => view.method));
  }

  /** An enabled method offered in the player's country, or a field error on `bankId`. */
  async require(
    methodId: string,
    country: string | null,
    executor?: DatabaseExecutor,
  ): Promise<MethodView> {
    const row = await this.repository.findMethod(methodId, executor);
    if (!row?.enabled || !availableIn(row, country)) {
      throw fieldError('bankId', 'Validation.invalid_value');
    }
    return this.offeredView(row);
  }

  async byId(executor?: DatabaseExecutor): Promise<Map<string, MethodView>> {
    return await methodsById(this.repository, executor);
  }

  private offeredView(row: FiatMethodRow): MethodView {
    const view = toMethodView(row);
    if (view.method.buy === null || this.provider.supportsInvoiceFlow(view.invoiceFlow)) {
      return view;
    }
    return { ...view, method: { ...view.method, buy: null } };
  }
}
