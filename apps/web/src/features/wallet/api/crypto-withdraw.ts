import type {
  CryptoMethodCode,
  CryptoWithdrawal,
  CryptoWithdrawBody,
  WithdrawFeeResponse,
} from '@casino/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const withdrawFeeQueryKey = (code: CryptoMethodCode, amount: string) =>
  ['wallet', 'currencies', code, 'withdraw_fee', amount] as const;

/** `GET /api/v1/wallet/currencies/{code}/withdraw_fee?amount=`: fee, minAmount, maxAmount. */
export function getWithdrawFee(
  code: CryptoMethodCode,
  amount: string,
  signal?: AbortSignal,
): Promise<WithdrawFeeResponse> {
  return apiRequest(`/api/v1/wallet/currencies/${encodeURIComponent(code)}/withdraw_fee`, {
    query: { amount: amount === '' ? undefined : amount },
    signal,
  });
}

export function withdrawFeeQueryOptions(code: CryptoMethodCode, amount: string) {
  return queryOptions({
    queryKey: withdrawFeeQueryKey(code, amount),
    queryFn: ({ signal }) => getWithdrawFee(code, amount, signal),
    retry: false,
    // The range follows the balance, which moves with every bet.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawFee(code: CryptoMethodCode | null, amount: string) {
  return useQuery({
    ...withdrawFeeQueryOptions(code ?? 'USDTTRC20', amount),
    enabled: code !== null,
  });
}

export const recentAddressesQueryKey = (code: CryptoMethodCode) =>
  ['wallet', 'addresses', code] as const;

/** `GET /api/v1/wallet/addresses/{code}`: the player's recent withdrawal addresses, newest first. */
export function useRecentAddresses(code: CryptoMethodCode | null) {
  return useQuery({
    queryKey: recentAddressesQueryKey(code ?? 'USDTTRC20'),
    queryFn: ({ signal }) =>
      apiRequest<string[]>(`/api/v1/wallet/addresses/${encodeURIComponent(code ?? '')}`, {
        signal,
      }),
    enabled: code !== null,
    retry: false,
  });
}

/** `POST /api/v1/wallet/txns/withdraw`: holds the money and queues the payout. */
export function createCryptoWithdrawal(input: {
  body: CryptoWithdrawBody;
  idempotencyKey: string;
}): Promise<CryptoWithdrawal> {
  return apiRequest('/api/v1/wallet/txns/withdraw', {
    method: 'POST',
    body: input.body,
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
}
