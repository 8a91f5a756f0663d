import type { CreateSellOrderBody } from '@casino/contract';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { notifyApiError } from '../../../lib/notify';
import { checkWithdrawEnabled, useCreateSellOrder } from '../api/withdraw';
import type { WalletView } from '../wallet-view';
import {
  notifyWithdrawCreateError,
  withdrawCheckOutcome,
  withdrawCheckPassedOutcome,
} from '../withdraw-errors';

/**
 * Spec §4 "Withdraw flow": the submitted draft is confirmed, then the withdraw-enabled check
 * runs (wager / personal-data views on failure, personal data too when verification is
 * required), then the request; pending on success.
 */
export function useFiatWithdraw(options: {
  show: (view: WalletView) => void;
  onCreated?: () => void;
  /** Withdrawing forfeits active bonuses, so the player is asked first (spec §4 step 5). */
  hasActiveBonuses: boolean;
}) {
  const { show, onCreated, hasActiveBonuses } = options;
  const createSellOrder = useCreateSellOrder({ onCreated });
  const idempotency = useIdempotencyKey();
  const [checking, setChecking] = useState(false);
  const [bonusBurnDraft, setBonusBurnDraft] = useState<CreateSellOrderBody | null>(null);

  const send = useCallback(
    (draft: CreateSellOrderBody) => {
      setBonusBurnDraft(null);
      createSellOrder.mutate(
        { body: draft, idempotencyKey: idempotency.keyFor(draft) },
        {
          onSuccess: () => {
            idempotency.finish();
            show({ name: 'pending', type: 'withdraw', orderId: null });
          },
          onError: (error) => {
            if (isApiError(error)) idempotency.finish();
            if (isApiError(error) && error.detail === 'payments_are_disabled') {
              show({ name: 'withdraw-disabled' });
              return;
            }
            if (withdrawCheckOutcome(error) === 'personal-data') {
              show({ name: 'personal-data' });
              return;
            }
            notifyWithdrawCreateError(error);
          },
        },
      );
    },
    [createSellOrder, idempotency, show],
  );

  const confirm = useCallback(
    async (draft: CreateSellOrderBody) => {
      setChecking(true);
      let check: Awaited<ReturnType<typeof checkWithdrawEnabled>>;
      try {
        check = await checkWithdrawEnabled();
      } catch (error) {
        const outcome = withdrawCheckOutcome(error);
        if (outcome === 'wager') show({ name: 'wager' });
        else if (outcome === 'personal-data') show({ name: 'personal-data' });
        else notifyApiError(error);
        return;
      } finally {
        setChecking(false);
      }
      if (withdrawCheckPassedOutcome(check) === 'personal-data') {
        show({ name: 'personal-data' });
        return;
      }
      if (hasActiveBonuses) {
        setBonusBurnDraft(draft);
        return;
      }
      send(draft);
    },
    [hasActiveBonuses, send, show],
  );

  return {
    confirm,
    isSubmitting: checking || createSellOrder.isPending,
    /** The draft waiting on the bonus-burn question, else null. */
    bonusBurnDraft,
    continueBurningBonuses: () => {
      if (bonusBurnDraft) send(bonusBurnDraft);
    },
    dismissBonusBurn: () => setBonusBurnDraft(null),
  };
}
