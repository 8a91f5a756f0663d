import { afterEach, describe, expect, it, vi } from 'vitest';
import { getTonWalletBalance } from './ton-balance';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(body: unknown, status = 200) {
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const owner = '0:1111111111111111111111111111111111111111111111111111111111111111';

describe('TON wallet balance from the explorer service', () => {
  it('reads the TON balance of the wallet in nanotons', async () => {
    const fetch = answer({ balance: '1239999999', status: 'active' });
    const balance = await getTonWalletBalance(
      owner,
      { kind: 'ton' },
      undefined,
      'https://ton.test/api/v3',
    );
    expect(balance).toEqual({ units: 1_239_999_999n, decimals: 9, jettonWallet: null });
    const url = new URL(fetch.mock.calls[0]?.[0] ?? '');
    expect(url.pathname).toBe('/api/v3/addressInformation');
    expect(url.searchParams.get('address')).toBe(owner);
  });

  it("reads a jetton balance and the player's jetton wallet for the jetton master", async () => {
    const fetch = answer({
      jetton_wallets: [{ address: '0:ABCD', balance: '25750000', owner, jetton: '0:MASTER' }],
    });
    const balance = await getTonWalletBalance(
      owner,
      { kind: 'jetton', master: 'EQMASTER', decimals: 6 },
      undefined,
      'https://ton.test/api/v3',
    );
    expect(balance).toEqual({ units: 25_750_000n, decimals: 6, jettonWallet: '0:ABCD' });
    const url = new URL(fetch.mock.calls[0]?.[0] ?? '');
    expect(url.pathname).toBe('/api/v3/jetton/wallets');
    expect(url.searchParams.get('owner_address')).toBe(owner);
    expect(url.searchParams.get('jetton_address')).toBe('EQMASTER');
  });

  it('counts no jetton wallet as a zero balance, and fails on an explorer error', async () => {
    answer({ jetton_wallets: [] });
    await expect(
      getTonWalletBalance(owner, { kind: 'jetton', master: 'EQMASTER', decimals: 9 }),
    ).resolves.toEqual({ units: 0n, decimals: 9, jettonWallet: null });
    answer({ error: 'rate limited' }, 429);
    await expect(getTonWalletBalance(owner, { kind: 'ton' })).rejects.toThrow('429');
  });
});
