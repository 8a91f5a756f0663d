import type { CryptoMethodCode, WithdrawFeeResponse } from '@casino/contract';
import { useEffect, useState } from 'react';
import { useWithdrawFee } from '../api/crypto-withdraw';
import { parseCryptoAmount } from '../crypto-methods';

/** Spec §9: the fee lookup waits this long after typing stops; §5: the check as long after it. */
export const withdrawFeeDebounceMs = 200;
export const withdrawCheckDelayMs = 200;

function useDebounced<Value>(value: Value, delayMs: number): Value {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export interface CryptoWithdrawLimits {
  /** the fee for the amount last looked up (the previous one while a new lookup runs) */
  fee: string | null;
  /** the range the amount was checked against, once the check for the current amount ran */
  checked: WithdrawFeeResponse | null;
  /** the lookup or the check for the current amount has not finished */
  isLoading: boolean;
  isError: boolean;
}

/**
 * The withdrawal fee lookup for the typed amount (debounced), and the range check that runs
 * 200 ms after the lookup returns (spec §5): until then the amount counts as not yet checked.
 */
export function useCryptoWithdrawLimits(
  code: CryptoMethodCode | null,
  amount: string,
  precision: number,
): CryptoWithdrawLimits {
  const typed = parseCryptoAmount(amount, precision) === null ? '' : amount.trim();
  const requested = useDebounced(typed, withdrawFeeDebounceMs);
  const lookup = useWithdrawFee(code, requested);
  const [checked, setChecked] = useState<{
    code: CryptoMethodCode | null;
    amount: string;
    limits: WithdrawFeeResponse;
  } | null>(null);

  const answer = lookup.isPlaceholderData || lookup.isFetching ? undefined : lookup.data;
  useEffect(() => {
    if (!answer) return;
    const timer = window.setTimeout(
      () => setChecked({ code, amount: requested, limits: answer }),
      withdrawCheckDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [answer, code, requested]);

  const current = checked !== null && checked.code === code && checked.amount === typed;
  return {
    fee: lookup.data?.fee ?? null,
    checked: current ? checked.limits : null,
    isLoading: !lookup.isError && !current,
    isError: lookup.isError,
  };
}
