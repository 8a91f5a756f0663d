import type { CryptoDeposit, CryptoMethodCode } from '@casino/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const cryptoDepositQueryKey = (code: CryptoMethodCode) =>
  ['wallet', 'txns', 'deposit', code] as const;

/**
 * `POST /api/v1/wallet/txns/deposit {currency}`: the player's deposit address (and memo) for the
 * method. The server hands out one stable address per player and network, so asking again is
 * safe and the answer is cached like a read.
 */
export function getCryptoDepositAddress(
  code: CryptoMethodCode,
  signal?: AbortSignal,
): Promise<CryptoDeposit> {
  return apiRequest('/api/v1/wallet/txns/deposit', {
    method: 'POST',
    body: { currency: code },
    signal,
  });
}

export function cryptoDepositQueryOptions(code: CryptoMethodCode) {
  return queryOptions({
    queryKey: cryptoDepositQueryKey(code),
    queryFn: ({ signal }) => getCryptoDepositAddress(code, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCryptoDepositAddress(code: CryptoMethodCode) {
  return useQuery(cryptoDepositQueryOptions(code));
}

export interface CryptoBotInvoiceInput {
  body: { amount: string; currency: CryptoMethodCode; provider: 'cryptobot' };
  idempotencyKey: string;
}

/** `{amount, currency, provider: 'cryptobot'}`: a crypto-bot invoice whose pay URL is `redirectUrl`. */
export function createCryptoBotInvoice({
  body,
  idempotencyKey,
}: CryptoBotInvoiceInput): Promise<CryptoDeposit> {
  return apiRequest('/api/v1/wallet/txns/deposit', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Creates the invoice; the form shows the errors (create_deposit_fail_*). */
export function useCreateCryptoBotInvoice() {
  return useMutation({ mutationFn: createCryptoBotInvoice, meta: { handlesErrors: true } });
}
