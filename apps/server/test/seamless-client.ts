import { createHmac, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import {
  type SeamlessProvider,
  seamlessProviderSchema,
  seamlessWalletResponseSchema,
} from '@casino/contract';
import { expect } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import { bearer, registerPlayer, type SignedIn, type TestApp } from './support/app.ts';

/** A game provider as the tests play it: its key pair signs the wallet requests it sends. */
export interface TestProvider {
  account: SeamlessProvider;
  privateKeyPem: string;
  hmacSecret: string | null;
}

export interface TestPlayer {
  userId: string;
  globalId: string;
  session: SignedIn;
}

export function generateProviderKeys(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

export async function createProvider(
  testApp: TestApp,
  admin: SignedIn,
  options: { scheme?: 'rsa_sha256' | 'hmac_sha256'; currencies?: string[] } = {},
): Promise<TestProvider> {
  const keys = generateProviderKeys();
  const scheme = options.scheme ?? 'rsa_sha256';
  const hmacSecret = scheme === 'hmac_sha256' ? `secret-${randomUUID()}-${randomUUID()}` : null;
  const id = `aggregator-${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/seamless/providers',
    headers: bearer(admin),
    payload: {
      id,
      name: `Aggregator ${id}`,
      signatureScheme: scheme,
      ...(scheme === 'rsa_sha256' ? { providerPublicKey: keys.publicKeyPem } : { hmacSecret }),
      currencies: options.currencies ?? ['USD', 'EUR', 'BTC'],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    account: seamlessProviderSchema.parse(response.json()),
    privateKeyPem: keys.privateKeyPem,
    hmacSecret,
  };
}

/** Registers one game of the provider and returns its catalog id and game code. */
export async function registerGame(
  testApp: TestApp,
  admin: SignedIn,
  provider: TestProvider,
): Promise<{ gameId: string; gameCode: string }> {
  const suffix = randomUUID().slice(0, 8);
  const game = {
    id: `${provider.account.id}-slot-${suffix}`,
    gameCode: `prov_slot_${suffix}`,
    title: `Provider Slot ${suffix}`,
    launchUrl: 'https://games.example.com/launch?game=slot',
    imageUrl: 'https://games.example.com/slot.png',
    rtp: '0.9600',
  };
  const response = await testApp.app.inject({
    method: 'PUT',
    url: `/api/backoffice/v1/seamless/providers/${provider.account.id}/games`,
    headers: bearer(admin),
    payload: { games: [game] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { gameId: game.id, gameCode: game.gameCode };
}

export async function newPlayer(testApp: TestApp): Promise<TestPlayer> {
  const session = await registerPlayer(testApp.app);
  const row = await testApp.db
    .selectFrom('users')
    .select(['id', 'global_id'])
    .where('email', '=', session.email)
    .executeTakeFirstOrThrow();
  return { userId: row.id, globalId: row.global_id.toString(), session };
}

/** Credits the player's main account, as a deposit would. */
export async function fund(
  testApp: TestApp,
  userId: string,
  currency: string,
  amountMinor: bigint,
): Promise<void> {
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `seamless-test-${randomUUID()}`,
    postings: [
      { account: platformAccount(currency, 'provider_clearing'), amountMinor: -amountMinor },
      { account: playerAccount(userId, currency, 'main'), amountMinor },
    ],
  });
}

/**
 * Launches the game as the catalog does (with the game's launch URL) and returns the session
 * token from the URL the player is sent to.
 */
export async function launch(
  testApp: TestApp,
  player: TestPlayer,
  gameId: string,
  currency = 'USD',
): Promise<{ token: string; url: URL }> {
  const game = await testApp.db
    .selectFrom('games')
    .select('external_launch_url')
    .where('id', '=', gameId)
    .executeTakeFirstOrThrow();
  const url = new URL(
    await testApp.app.services.seamless.launcher.launchUrl({
      userId: player.userId,
      gameId,
      externalLaunchUrl: game.external_launch_url ?? '',
      currency,
    }),
  );
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return { token, url };
}

export type WalletPath =
  | '/user/info'
  | '/user/balance'
  | '/transaction/bet'
  | '/transaction/win'
  | '/transaction/rollback';

/**
 * Sends a wallet request as the provider would: the exact body bytes, signed. `signWith`
 * overrides the key (a forged signature); `signature: null` sends none.
 */
export async function walletCall(
  testApp: TestApp,
  provider: TestProvider,
  path: WalletPath,
  body: Record<string, unknown> | string,
  options: { signWith?: string; signature?: string | null } = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const signature =
    options.signature !== undefined
      ? options.signature
      : provider.hmacSecret !== null && options.signWith === undefined
        ? createHmac('sha256', provider.hmacSecret).update(text).digest('base64')
        : sign('sha256', Buffer.from(text), options.signWith ?? provider.privateKeyPem).toString(
            'base64',
          );
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/seamless/${provider.account.id}${path}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-hub88-signature': signature }),
    },
    payload: text,
  });
  return {
    response,
    body: seamlessWalletResponseSchema.passthrough().parse(response.json()),
  };
}

export interface BetFields {
  user: string;
  token: string;
  transaction_uuid: string;
  round: string;
  game_code: string;
  currency: string;
  amount: number;
}

export function betRequest(fields: BetFields): Record<string, unknown> {
  return { request_uuid: randomUUID(), round_closed: false, is_free: false, ...fields };
}
