import { useCallback, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { notifyApiError } from '@/lib/notify';
import { checkWithdrawEnabled, useCreateWithdrawal } from '../api/withdraw';
import { cryptoWithdrawAddressError, notifyCryptoWithdrawError } from '../crypto-withdraw-errors';
import type { WalletView, WithdrawDraft } from '../wallet-view';
import {
  notifyWithdrawCreateError,
  withdrawCheckOutcome,
  withdrawCheckPassedOutcome,
} from '../withdraw-errors';

/**
 * Spec §4 "Withdraw flow", for fiat and crypto withdrawals alike: the submitted draft is
 * confirmed, then the withdraw-enabled check runs (wager / personal-data views on failure,
 * personal data too when verification is required), then the bonus-burn question, then the
 * request; pending on success.
 */
export function useWithdraw(options: {
  show: (view: WalletView) => void;
  onCreated?: () => void;
  /** Withdrawing forfeits active bonuses, so the player is asked first (spec §4 step 5). */
  hasActiveBonuses: boolean;
  /** The server refused a crypto withdrawal's address: shown beside the field (spec §8). */
  onAddressRefused?: (messageKey: string) => void;
}) {
  const { show, onCreated, hasActiveBonuses, onAddressRefused } = options;
  const createWithdrawal = useCreateWithdrawal({ onCreated });
  const idempotency = useIdempotencyKey();
  const [checking, setChecking] = useState(false);
  const [bonusBurnDraft, setBonusBurnDraft] = useState<WithdrawDraft | null>(null);

  const send = useCallback(
    (draft: WithdrawDraft) => {
      setBonusBurnDraft(null);
      createWithdrawal.mutate(
        { draft, idempotencyKey: idempotency.keyFor(draft) },
        {
          onSuccess: (created) => {
            idempotency.finish();
            show({
              name: 'pending',
              type: 'withdraw',
              orderId: draft.kind === 'crypto' ? created.id : null,
            });
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
            if (draft.kind === 'fiat') {
              notifyWithdrawCreateError(error);
              return;
            }
            const addressError = cryptoWithdrawAddressError(error);
            if (addressError && onAddressRefused) onAddressRefused(addressError);
            else notifyCryptoWithdrawError(error);
          },
        },
      );
    },
    [createWithdrawal, idempotency, show, onAddressRefused],
  );

  const confirm = useCallback(
    async (draft: WithdrawDraft) => {
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
    isSubmitting: checking || createWithdrawal.isPending,
    /** The draft waiting on the bonus-burn question, else null. */
    bonusBurnDraft,
    continueBurningBonuses: () => {
      if (bonusBurnDraft) send(bonusBurnDraft);
    },
    dismissBonusBurn: () => setBonusBurnDraft(null),
  };
}
