import {
  type BackofficePaymentMethod,
  type CreateRequisiteBody,
  isUuid,
  type Requisite,
  type UpdatePaymentMethodBody,
  type UpdateRequisiteBody,
} from '@casino/contract';
import type { Updateable } from 'kysely';
import { AppError } from '../../../../../lib/app-error.ts';
import type { Transactions } from '../../../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../../../backoffice/audit/audit.service.ts';
import type { FiatPaymentMethodsTable, FiatRequisitesTable } from './p2p.tables.ts';
import type {
  PaymentMethodRow,
  RequisiteRow,
  RequisitesRepository,
} from './requisites.repository.ts';

function toPaymentMethod(row: PaymentMethodRow): BackofficePaymentMethod {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    kind: row.kind,
    currency: row.currency,
    invoiceFlow: row.invoice_flow,
    countries: row.countries,
    enabled: row.enabled,
    deposits: row.buy_conditions !== null,
    withdrawals: row.sell_conditions !== null,
  };
}

function toRequisite(row: RequisiteRow): Requisite {
  return {
    id: row.id,
    methodId: row.method_id,
    recipientBank: row.recipient_bank,
    card: row.card,
    phone: row.phone,
    bankName: row.bank_name,
    holderName: row.holder_name,
    active: row.active,
    createdAt: row.created_at.toISOString(),
  };
}

export interface RequisitesServiceDependencies {
  repository: RequisitesRepository;
  audit: AuditService;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/** The operator's side of the sandbox provider: the pool of requisites players pay to. */
export class RequisitesService {
  private readonly repository: RequisitesRepository;
  private readonly audit: AuditService;
  private readonly transactions: Transactions;

  constructor({ repository, audit, transactions }: RequisitesServiceDependencies) {
    this.repository = repository;
    this.audit = audit;
    this.transactions = transactions;
  }

  /** `GET …/payments/methods`: every fiat method, enabled or not. */
  async listMethods(): Promise<BackofficePaymentMethod[]> {
    return (await this.repository.listMethods()).map(toPaymentMethod);
  }

  /** `PATCH …/payments/methods/{id}`: on or off, and where it is offered. Audited. */
  async updateMethod(
    actor: OperatorActor,
    id: string,
    body: UpdatePaymentMethodBody,
  ): Promise<BackofficePaymentMethod> {
    return await this.transactions.run(async (transaction) => {
      const previous = await this.repository.lockMethod(transaction, id);
      if (!previous) throw new AppError('not_found', { message: 'No payment method has this id.' });
      const changes: Updateable<FiatPaymentMethodsTable> = {};
      if (body.enabled !== undefined) changes.enabled = body.enabled;
      if (body.countries !== undefined) changes.countries = body.countries;
      const row = await this.repository.updateMethod(transaction, id, changes);
      await this.audit.record(
        actor,
        {
          action: 'payments.method.update',
          targetType: 'payment_method',
          targetId: id,
          payload: {
            previous: { enabled: previous.enabled, countries: previous.countries },
            current: { enabled: row.enabled, countries: row.countries },
          },
        },
        transaction,
      );
      return toPaymentMethod(row);
    });
  }

  async list(): Promise<Requisite[]> {
    return (await this.repository.list()).map(toRequisite);
  }

  async create(actor: OperatorActor, body: CreateRequisiteBody): Promise<Requisite> {
    return await this.transactions.run(async (transaction) => {
      if (!(await this.repository.methodExists(body.methodId, transaction))) {
        throw new AppError('validation_error', {
          payload: { fields: [{ field: 'methodId', message: 'Validation.invalid_value' }] },
        });
      }
      const row = await this.repository.insert(transaction, {
        methodId: body.methodId,
        recipientBank: body.recipientBank,
        card: body.card ?? null,
        phone: body.phone ?? null,
        bankName: body.bankName ?? null,
        holderName: body.holderName ?? null,
        active: body.active,
      });
      const requisite = toRequisite(row);
      await this.audit.record(
        actor,
        {
          action: 'payments.requisite.create',
          targetType: 'requisite',
          targetId: row.id,
          payload: requisite,
        },
        transaction,
      );
      return requisite;
    });
  }

  async update(actor: OperatorActor, id: string, body: UpdateRequisiteBody): Promise<Requisite> {
    if (!isUuid(id)) throw new AppError('not_found');
    return await this.transactions.run(async (transaction) => {
      const previous = await this.repository.lock(transaction, id);
      if (!previous) throw new AppError('not_found');
      const changes: Updateable<FiatRequisitesTable> = {};
      if (body.recipientBank !== undefined) changes.recipient_bank = body.recipientBank;
      if (body.card !== undefined) changes.card = body.card;
      if (body.phone !== undefined) changes.phone = body.phone;
      if (body.bankName !== undefined) changes.bank_name = body.bankName;
      if (body.holderName !== undefined) changes.holder_name = body.holderName;
      if (body.active !== undefined) changes.active = body.active;
      const row = await this.repository.update(transaction, id, changes);
      await this.audit.record(
        actor,
        {
          action: 'payments.requisite.update',
          targetType: 'requisite',
          targetId: id,
          payload: { previous: toRequisite(previous), current: toRequisite(row) },
        },
        transaction,
      );
      return toRequisite(row);
    });
  }
}
