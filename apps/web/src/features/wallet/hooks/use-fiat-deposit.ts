import type { ExternalDetailFieldName, FiatOrder, FiatPaymentMethod } from '@casino/contract';
import { useCallback, useState } from 'react';
import { useLongPending } from '@/hooks/use-long-pending';
import { isApiError } from '@/lib/api-error';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { openExternalLink } from '@/lib/messenger-launch';
import { useCreateBuyOrder } from '../api/create-buy-order';
import { getNotExpiredOrder } from '../api/get-not-expired-order';
import { notifyDepositCreateError } from '../deposit-errors';
import type { WalletView } from '../wallet-view';

/** Leaves for a hosted payment page the way the order asks; an embedded page is the view's job. */
export function openExternalInvoice(order: FiatOrder): void {
  if (order.status !== 'pay_external_invoice' || !order.url) return;
  const target = order.meta.external_info.target;
  if (target === 'parent') window.location.assign(order.url);
  else if (target === 'blank') openExternalLink(order.url);
}

function detailsView(order: FiatOrder, methodId: string): WalletView {
  return { name: 'fiat-deposit-details', orderId: order.id, methodId, isSubmitStep: false, order };
}

/** The fiat deposit steps of spec §4: entry rule, amount, additional details, order creation. */
export function useFiatDeposit(show: (view: WalletView) => void) {
  const createOrder = useCreateBuyOrder();
  const idempotency = useIdempotencyKey();
  const isLongPending = useLongPending(createOrder.isPending);
  const [checkingMethodId, setCheckingMethodId] = useState<string | null>(null);

  const start = useCallback(
    async (method: FiatPaymentMethod) => {
      if (method.buy?.multiplyOrdersAllowed) {
        show({ name: 'fiat-deposit', methodId: method.id });
        return;
      }
      setCheckingMethodId(method.id);
      try {
        const order = await getNotExpiredOrder(method.id);
        show(order ? detailsView(order, method.id) : { name: 'fiat-deposit', methodId: method.id });
      } catch (error) {
        // Spec §4: a failed check is only logged; the player can still start a new order.
        console.warn('Checking for an open deposit order failed', error);
        show({ name: 'fiat-deposit', methodId: method.id });
      } finally {
        setCheckingMethodId(null);
      }
    },
    [show],
  );

  const create = useCallback(
    (
      method: FiatPaymentMethod,
      amount: string,
      externalFields: Partial<Record<ExternalDetailFieldName, string>> = {},
    ) => {
      const callbackUrl = new URL(window.location.href);
      callbackUrl.searchParams.set('wallet', 'history');
      const body = {
        amount,
        bankId: method.id,
        ...(Object.keys(externalFields).length > 0 ? { externalFields } : {}),
        callbackUrl: callbackUrl.toString(),
      };
      createOrder.mutate(
        { body, idempotencyKey: idempotency.keyFor(body) },
        {
          onSuccess: (order) => {
            idempotency.finish();
            openExternalInvoice(order);
            show(detailsView(order, method.id));
          },
          onError: (error) => {
            // The server answered, so this attempt is over; a network failure keeps the key
            // and the next press retries the same attempt.
            if (isApiError(error)) idempotency.finish();
            notifyDepositCreateError(error);
          },
        },
      );
    },
    [createOrder, idempotency, show],
  );

  /** The amount form's submit: more details first when the method asks for any. */
  const submitAmount = useCallback(
    (method: FiatPaymentMethod, amount: string) => {
      const fields = method.buy?.externalDetailsFields;
      if (fields && fields.required.length + fields.optional.length > 0) {
        show({ name: 'fiat-deposit-additional-details', methodId: method.id, amount });
        return;
      }
      create(method, amount);
    },
    [create, show],
  );

  return {
    start,
    submitAmount,
    create,
    checkingMethodId,
    isCreating: createOrder.isPending,
    isLongPending,
  };
}
