import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { TonDepositKind } from '../ton-transfer';

/**
 * The connected TON wallet's balance comes from a blockchain explorer service (wallet spec §7),
 * called directly: the toncenter v3 HTTP API by default, another instance through
 * VITE_TON_API_URL.
 */
export const tonApiUrl: string = (
  (import.meta.env.VITE_TON_API_URL as string | undefined) || 'https://toncenter.com/api/v3'
).replace(/\/+$/, '');

const addressInformationSchema = z.object({ balance: z.union([z.string(), z.number()]) });
const jettonWalletsSchema = z.object({
  jetton_wallets: z.array(z.object({ address: z.string(), balance: z.string() })),
});

export interface TonWalletBalance {
  /** in the smallest units of the asset */
  units: bigint;
  decimals: number;
  /** the player's jetton wallet (the message goes there); null for TON or no wallet yet */
  jettonWallet: string | null;
}

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`The TON explorer answered ${response.status}`);
  return response.json();
}

/** Reads the TON balance, or the jetton balance and the jetton wallet of `owner`. */
export async function getTonWalletBalance(
  owner: string,
  kind: TonDepositKind,
  signal?: AbortSignal,
  baseUrl: string = tonApiUrl,
): Promise<TonWalletBalance> {
  if (kind.kind === 'ton') {
    const query = new URLSearchParams({ address: owner, use_v2: 'false' });
    const answer = addressInformationSchema.parse(
      await getJson(`${baseUrl}/addressInformation?${query}`, signal),
    );
    return { units: BigInt(answer.balance), decimals: 9, jettonWallet: null };
  }
  const query = new URLSearchParams({
    owner_address: owner,
    jetton_address: kind.master,
    limit: '1',
    offset: '0',
  });
  const answer = jettonWalletsSchema.parse(
    await getJson(`${baseUrl}/jetton/wallets?${query}`, signal),
  );
  const wallet = answer.jetton_wallets[0];
  return {
    units: wallet ? BigInt(wallet.balance) : 0n,
    decimals: kind.decimals,
    jettonWallet: wallet?.address ?? null,
  };
}

export const tonBalanceQueryKey = (owner: string, kind: TonDepositKind) =>
  ['ton', 'balance', owner, kind.kind === 'ton' ? 'TON' : kind.master] as const;

export function tonBalanceQueryOptions(owner: string, kind: TonDepositKind) {
  return queryOptions({
    queryKey: tonBalanceQueryKey(owner, kind),
    queryFn: ({ signal }) => getTonWalletBalance(owner, kind, signal),
    retry: false,
    staleTime: 15_000,
  });
}

export function useTonWalletBalance(owner: string | null, kind: TonDepositKind) {
  return useQuery({
    ...tonBalanceQueryOptions(owner ?? '', kind),
    enabled: owner !== null,
  });
}

/** The freshest balance before sending: the jetton wallet address must be known. */
export function fetchTonWalletBalance(
  queryClient: QueryClient,
  owner: string,
  kind: TonDepositKind,
): Promise<TonWalletBalance> {
  return queryClient.fetchQuery(tonBalanceQueryOptions(owner, kind));
}
