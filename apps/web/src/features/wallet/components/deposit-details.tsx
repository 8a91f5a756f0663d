import {
  type FiatOrder,
  type FiatPaymentMethod,
  formatMoney,
  receiptBodySchema,
} from '@casino/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing, ExternalLink, Hourglass, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CopyButton } from '@/components/copy-button';
import { Countdown } from '@/components/countdown';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useBuyOrder } from '../api/get-buy-order';
import { useSubmitReceipt } from '../api/submit-receipt';
import { readFileAsDataUrl, receiptFileProblem } from '../receipt-file';
import type { WalletView } from '../wallet-view';
import { InfoNotice, MethodNotices } from './notices';

type DetailsView = Extract<WalletView, { name: 'fiat-deposit-details' }>;

export interface DepositDetailsProps {
  view: DetailsView;
  method: FiatPaymentMethod | null;
  onShow: (view: WalletView) => void;
  onOrderGone: () => void;
  onCompleted: (order: FiatOrder) => void;
}

/** Card numbers read in groups of four; the copy button copies the digits alone. */
function displayValue(key: string, value: string): string {
  return key === 'card' ? value.replace(/(\d{4})(?=\d)/g, '$1 ') : value;
}

function DetailRow({
  label,
  value,
  display,
  testId,
}: {
  label: string;
  value: string;
  display: string;
  testId: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-ink-700/60 py-2 last:border-b-0">
      <div className="min-w-0">
        <p className="text-xs text-ink-400">{label}</p>
        <p data-testid={testId} className="truncate font-semibold text-ink-100 tabular-nums">
          {display}
        </p>
      </div>
      <CopyButton value={value} label={`${label}: ${value}`} />
    </div>
  );
}

function Hint({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-2 text-xs leading-5 text-ink-300">
      <span className="mt-0.5 shrink-0 text-brand-300">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

/** Spec §4 "Fiat order status": where an order's status sends the wallet. */
function useOrderStatusRouting(
  order: FiatOrder | undefined,
  view: DetailsView,
  handlers: Pick<DepositDetailsProps, 'onShow' | 'onCompleted'>,
) {
  // The order object changes on every poll; only a new status should move the view.
  const latest = useRef({ order, methodId: view.methodId, ...handlers });
  latest.current = { order, methodId: view.methodId, ...handlers };
  const status = order?.status;
  useEffect(() => {
    const { order: current, methodId, onShow, onCompleted } = latest.current;
    if (!current || !status) return;
    switch (status) {
      case 'wait_for_confirmation':
        onShow({ name: 'pending', type: 'deposit', orderId: current.id });
        return;
      case 'disputed':
        onShow({ name: 'pending', type: 'dispute', orderId: current.id });
        return;
      case 'timeouted':
      case 'declined':
      case 'refund':
        onShow({ name: 'error', type: 'deposit', methodId });
        return;
      case 'completed':
        onCompleted(current);
        return;
      case 'waiting':
      case 'pending':
      case 'pay_external_invoice':
        return;
    }
  }, [status]);
}

function ExternalInvoice({ order }: { order: FiatOrder }) {
  const { t } = useTranslation();
  if (!order.url) return null;
  const target = order.meta.external_info.target;
  return (
    <div className="flex flex-col gap-3" data-testid="wallet-external-invoice">
      <p className="text-sm font-semibold text-ink-100">{t('wallet.details.external_title')}</p>
      <p className="text-xs text-ink-300">{t('wallet.details.external_hint')}</p>
      {target === null ? (
        <iframe
          title={t('wallet.details.external_title')}
          src={order.url}
          className="h-[28rem] w-full rounded-xl border border-ink-700 bg-white"
          sandbox="allow-forms allow-scripts allow-same-origin allow-popups allow-top-navigation-by-user-activation"
        />
      ) : (
        <Button asChild variant="money" size="lg">
          <a
            href={order.url}
            target={target === 'blank' ? '_blank' : '_self'}
            rel="noopener noreferrer"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('wallet.details.external_open')}
          </a>
        </Button>
      )}
    </div>
  );
}

function ReceiptForm({ order, onSent }: { order: FiatOrder; onSent: () => void }) {
  const { t } = useTranslation();
  const submitReceipt = useSubmitReceipt();
  const idempotency = useIdempotencyKey();
  const schema = useMemo(
    () =>
      z.object({
        name: receiptBodySchema.shape.name,
        file: z
          .custom<File>((value) => value instanceof File, { error: 'Validation.required' })
          .superRefine((file, context) => {
            const problem = receiptFileProblem(file);
            if (problem) context.addIssue({ code: 'custom', message: problem });
          }),
      }),
    [],
  );
  const form = useForm<{ name: string; file: File | undefined }>({
    resolver: zodResolver(schema) as never,
    defaultValues: { name: '', file: undefined },
  });
  const file = form.watch('file');

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      data-testid="wallet-receipt-form"
      onSubmit={form.handleSubmit(async (values) => {
        if (!values.file) return;
        const fileContent = await readFileAsDataUrl(values.file);
        const body = { name: values.name.trim(), fileContent, fileName: values.file.name };
        submitReceipt.mutate(
          { orderId: order.id, body, idempotencyKey: idempotency.keyFor(body) },
          {
            onSuccess: () => {
              idempotency.finish();
              onSent();
            },
            onError: (error) => {
              if (isApiError(error)) idempotency.finish();
            },
          },
        );
      })}
    >
      <Field
        id="wallet-receipt-name"
        label={t('wallet.details.payer_name')}
        error={form.formState.errors.name?.message}
      >
        <TextInput
          id="wallet-receipt-name"
          autoComplete="name"
          aria-invalid={form.formState.errors.name ? true : undefined}
          {...form.register('name')}
        />
      </Field>
      <Field
        id="wallet-receipt-file"
        label={t('wallet.details.receipt')}
        error={form.formState.errors.file?.message}
        hint={
          file
            ? t('wallet.details.receipt_chosen', { name: file.name })
            : t('wallet.details.receipt_hint')
        }
      >
        <input
          id="wallet-receipt-file"
          type="file"
          accept="image/*"
          aria-invalid={form.formState.errors.file ? true : undefined}
          onChange={(event) =>
            form.setValue('file', event.target.files?.[0], { shouldValidate: true })
          }
          className="block w-full cursor-pointer rounded-xl border border-dashed border-ink-600 bg-ink-800 p-3 text-sm text-ink-200 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-ink-700 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink-100"
        />
      </Field>
      <Button type="submit" variant="money" size="lg" disabled={submitReceipt.isPending}>
        {submitReceipt.isPending ? <Spinner /> : null}
        {t('wallet.details.submit')}
      </Button>
    </form>
  );
}

/** The order page: where to send the money, the countdown, then the receipt (spec §2). */
export function DepositDetails({
  view,
  method,
  onShow,
  onOrderGone,
  onCompleted,
}: DepositDetailsProps) {
  const { t } = useTranslation();
  const orderQuery = useBuyOrder(view.orderId, view.order ?? undefined);
  const order = orderQuery.data;
  const [expired, setExpired] = useState(false);
  useOrderStatusRouting(order, view, { onShow, onCompleted });

  const orderGone = isApiError(orderQuery.error) && orderQuery.error.status === 404;
  useEffect(() => {
    if (orderGone) onOrderGone();
  }, [orderGone, onOrderGone]);

  useEffect(() => {
    if (expired) onShow({ name: 'error', type: 'deposit', methodId: view.methodId });
  }, [expired, onShow, view.methodId]);

  if (!order) {
    return (
      <div className="grid h-40 place-items-center">
        <Spinner className="size-6 text-brand-300" />
      </div>
    );
  }

  const amount = formatMoney(order.valueFrom, order.currencyFrom.code);

  if (view.isSubmitStep) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-300">
          {t('wallet.details.amount_to_pay')}:{' '}
          <span className="font-semibold text-ink-100">{amount}</span>
        </p>
        <ReceiptForm
          order={order}
          onSent={() => onShow({ name: 'pending', type: 'deposit', orderId: order.id })}
        />
      </div>
    );
  }

  if (order.status === 'pay_external_invoice') return <ExternalInvoice order={order} />;

  const rows = [
    order.recipientBank
      ? {
          key: 'recipient-bank',
          label: t('wallet.details.recipient_bank'),
          value: order.recipientBank.name,
        }
      : null,
    { key: 'amount', label: t('wallet.details.amount_to_pay'), value: order.valueFrom },
    order.paymentDetails.card
      ? { key: 'card', label: t('wallet.details.card'), value: order.paymentDetails.card }
      : null,
    order.paymentDetails.phone
      ? { key: 'phone', label: t('wallet.details.phone'), value: order.paymentDetails.phone }
      : null,
    order.paymentDetails.bankName
      ? {
          key: 'bank-name',
          label: t('wallet.details.bank_name'),
          value: order.paymentDetails.bankName,
        }
      : null,
    order.paymentDetails.name
      ? {
          key: 'recipient-name',
          label: t('wallet.details.recipient_name'),
          value: order.paymentDetails.name,
        }
      : null,
  ].filter((row) => row !== null);

  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-2xl border border-ink-700 bg-ink-800 p-4 text-center">
        <p className="text-xs text-ink-400">{t('wallet.details.amount_to_pay')}</p>
        <p
          data-testid="wallet-details-total"
          className="text-2xl font-bold text-ink-100 tabular-nums"
        >
          {amount}
        </p>
      </div>
      <div className="rounded-2xl border border-ink-700 bg-ink-800 px-4 py-1">
        {rows.map((row) => (
          <DetailRow
            key={row.key}
            label={row.label}
            value={row.value}
            display={row.key === 'amount' ? amount : displayValue(row.key, row.value)}
            testId={`wallet-details-${row.key}`}
          />
        ))}
      </div>
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-ink-800/60 p-4">
        <div className="flex items-center gap-2 text-sm font-semibold text-ink-100">
          <Spinner className="text-brand-300" />
          {t('wallet.details.waiting')}
        </div>
        <p className="text-xs text-ink-400">{t('wallet.details.time_left')}</p>
        <Countdown
          target={new Date(order.details.expiredAt * 1000)}
          onComplete={() => setExpired(true)}
        />
      </div>
      <p className="flex gap-2 text-xs leading-5 text-money-400">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('wallet.details.guarantee')}
      </p>
      <ul className="flex flex-col gap-1.5">
        <Hint icon={<BellRing className="size-4" aria-hidden="true" />}>
          {t('wallet.details.hint_exact_amount')}
        </Hint>
        <Hint icon={<BellRing className="size-4" aria-hidden="true" />}>
          {t('wallet.details.hint_no_comment')}
        </Hint>
        <Hint icon={<Hourglass className="size-4" aria-hidden="true" />}>
          {t('wallet.details.hint_keep_receipt')}
        </Hint>
      </ul>
      {order.senderBank.method === 'cross_border' ? (
        <InfoNotice testId="wallet-notice-cross-border">
          {t('wallet.details.cross_border')}
        </InfoNotice>
      ) : null}
      {method ? <MethodNotices method={method} /> : null}
      <Button
        variant="money"
        size="lg"
        onClick={() => onShow({ ...view, order, isSubmitStep: true })}
      >
        {t('wallet.details.confirm')}
      </Button>
    </div>
  );
}
