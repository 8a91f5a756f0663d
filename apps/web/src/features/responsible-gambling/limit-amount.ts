import type { LimitType } from '@casino/contract';

/**
 * Whether a limit's amount as typed is one the server takes: whole minutes above zero for a
 * session limit, else a money amount above zero with at most two decimals (the server then holds
 * it to the currency's own decimals). Checked before sending, so a mistyped amount is shown under
 * its field instead of coming back as an error toast.
 */
export function limitAmountValid(type: LimitType, typed: string): boolean {
  const value = typed.trim();
  const pattern = type === 'session' ? /^\d{1,6}$/ : /^\d{1,13}(\.\d{1,2})?$/;
  return pattern.test(value) && /[1-9]/.test(value);
}
