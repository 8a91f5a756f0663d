import { createHash, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { seamlessGameListSchema, seamlessProviderSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  betRequest,
  createProvider,
  fund,
  generateProviderKeys,
  launch,
  newPlayer,
  registerGame,
  walletCall,
} from './seamless-client.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp?.close();
});

const base = '/api/backoffice/v1/seamless/providers';

function providerBody(overrides: Record<string, unknown> = {}) {
  return {
    id: `hub-${randomUUID().slice(0, 8)}`,
    name: 'Hub Aggregator',
    providerPublicKey: generateProviderKeys().publicKeyPem,
    currencies: ['USD'],
    ...overrides,
  };
}

async function auditActions(
  targetId: string,
): Promise<Array<{ action: string; payload: unknown }>> {
  return await testApp.db
    .selectFrom('operator_audit_log')
    .select(['action', 'payload'])
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

describe('operator access', () => {
  test('only a signed-in admin reaches the provider endpoints', async () => {
    const support = await createOperator(testApp.app, 'support');
    const requests = [
      { method: 'GET' as const, url: base },
      { method: 'POST' as const, url: base, payload: providerBody() },
      { method: 'GET' as const, url: `${base}/any` },
      { method: 'PATCH' as const, url: `${base}/any`, payload: { enabled: false } },
      { method: 'GET' as const, url: `${base}/any/games` },
      { method: 'PUT' as const, url: `${base}/any/games`, payload: { games: [] } },
    ];
    for (const request of requests) {
      expectError(await testApp.app.inject(request), 'unauthorized');
      expectError(await testApp.app.inject({ ...request, headers: bearer(support) }), 'forbidden');
    }
    // a player session is no operator session
    const player = await newPlayer(testApp);
    expectError(
      await testApp.app.inject({ method: 'GET', url: base, headers: bearer(player.session) }),
      'unauthorized',
    );
  });
});

describe('provider accounts', () => {
  test('creating an account generates our key pair, returns only our public key, and is audited', async () => {
    const body = providerBody({ currencies: ['USD', 'EUR', 'USD'] });
    const response = await testApp.app.inject({
      method: 'POST',
      url: base,
      headers: bearer(admin),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const account = seamlessProviderSchema.strict().parse(response.json());
    expect(account).toMatchObject({
      id: body.id,
      signatureScheme: 'rsa_sha256',
      hasHmacSecret: false,
      currencies: ['USD', 'EUR'],
      enabled: true,
      walletPath: `/api/seamless/${body.id}`,
    });
    expect(createPublicKey(account.ourPublicKey).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(response.body).not.toContain('PRIVATE KEY');
    const listed = await testApp.app.inject({ url: base, headers: bearer(admin) });
    expect(listed.body).toContain(body.id);
    expect(listed.body).not.toContain('PRIVATE KEY');

    const [audit] = await auditActions(body.id);
    expect(audit?.action).toBe('seamless.provider.create');
    expect(JSON.stringify(audit?.payload)).not.toContain('KEY');

    // the provider is also a studio of the catalog
    const studio = await testApp.db
      .selectFrom('game_providers')
      .select('name')
      .where('id', '=', body.id)
      .executeTakeFirst();
    expect(studio?.name).toBe(body.name);

    const again = await testApp.app.inject({
      method: 'POST',
      url: base,
      headers: bearer(admin),
      payload: body,
    });
    expectError(again, 'seamless_provider_exists');
  });

  test('keys that cannot verify anything are refused', async () => {
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    for (const payload of [
      providerBody({ providerPublicKey: weak }),
      providerBody({ providerPublicKey: undefined }),
      providerBody({ signatureScheme: 'hmac_sha256', providerPublicKey: undefined }),
      providerBody({ signatureScheme: 'hmac_sha256', hmacSecret: 'too-short' }),
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: base,
        headers: bearer(admin),
        payload,
      });
      expectError(response, 'validation_error');
    }
  });

  test('the HMAC secret is stored but never shown', async () => {
    const secret = `hmac-${randomUUID()}-${randomUUID()}`;
    const response = await testApp.app.inject({
      method: 'POST',
      url: base,
      headers: bearer(admin),
      payload: providerBody({
        signatureScheme: 'hmac_sha256',
        providerPublicKey: undefined,
        hmacSecret: secret,
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ hasHmacSecret: true, providerPublicKey: null });
    expect(response.body).not.toContain(secret);
  });

  test('a disabled provider cannot be launched or take bets, but settles its wins', async () => {
    const provider = await createProvider(testApp, admin);
    const { gameId, gameCode } = await registerGame(testApp, admin, provider);
    const player = await newPlayer(testApp);
    await fund(testApp, player.userId, 'USD', 10_000n);
    const { token } = await launch(testApp, player, gameId);
    const placed = betRequest({
      user: player.userId,
      token,
      transaction_uuid: randomUUID(),
      round: randomUUID(),
      game_code: gameCode,
      currency: 'USD',
      amount: 100_000,
    });
    expect((await walletCall(testApp, provider, '/transaction/bet', placed)).body.status).toBe(
      'RS_OK',
    );

    const disabled = await testApp.app.inject({
      method: 'PATCH',
      url: `${base}/${provider.account.id}`,
      headers: bearer(admin),
      payload: { enabled: false },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ enabled: false });
    expect((await auditActions(provider.account.id)).map((entry) => entry.action)).toEqual([
      'seamless.provider.create',
      'seamless.games.put',
      'seamless.provider.disable',
    ]);

    await expect(launch(testApp, player, gameId)).rejects.toMatchObject({
      code: 'game_unavailable',
    });
    const bet = await walletCall(testApp, provider, '/transaction/bet', {
      ...placed,
      transaction_uuid: randomUUID(),
    });
    expect(bet.body.status).toBe('RS_ERROR_INVALID_PARTNER');
    const win = await walletCall(testApp, provider, '/transaction/win', {
      ...placed,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: placed.transaction_uuid,
      amount: 300_000,
    });
    expect(win.body).toMatchObject({ status: 'RS_OK', balance: 10_200_000 });

    const enabled = await testApp.app.inject({
      method: 'PATCH',
      url: `${base}/${provider.account.id}`,
      headers: bearer(admin),
      payload: { enabled: true, currencies: ['EUR'], sessionTtlSeconds: 600 },
    });
    expect(enabled.json()).toMatchObject({
      enabled: true,
      currencies: ['EUR'],
      sessionTtlSeconds: 600,
    });
    // USD is no longer offered by this provider
    await expect(launch(testApp, player, gameId)).rejects.toMatchObject({
      code: 'game_unavailable',
    });
    expectError(
      await testApp.app.inject({
        method: 'PATCH',
        url: `${base}/no-such-provider`,
        headers: bearer(admin),
        payload: { enabled: false },
      }),
      'not_found',
    );
  });

  test('a provider’s key can be replaced: the old key no longer signs', async () => {
    const provider = await createProvider(testApp, admin);
    const { gameId, gameCode } = await registerGame(testApp, admin, provider);
    const player = await newPlayer(testApp);
    const { token } = await launch(testApp, player, gameId);
    const request = { request_uuid: randomUUID(), user: player.userId, token, game_code: gameCode };
    const replacement = generateProviderKeys();
    const updated = await testApp.app.inject({
      method: 'PATCH',
      url: `${base}/${provider.account.id}`,
      headers: bearer(admin),
      payload: { providerPublicKey: replacement.publicKeyPem },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const old = await walletCall(testApp, provider, '/user/balance', request);
    expect(old.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const current = await walletCall(testApp, provider, '/user/balance', request, {
      signWith: replacement.privateKeyPem,
    });
    expect(current.body).toMatchObject({ status: 'RS_OK', balance: 0 });
  });
});

describe('provider games and launches', () => {
  test('registered games join the catalog as external games and launch with a session token', async () => {
    const provider = await createProvider(testApp, admin, { currencies: ['USD', 'EUR'] });
    const gameId = `${provider.account.id}-crash`;
    const game = {
      id: gameId,
      gameCode: 'prov_crash',
      title: 'Crash Royale',
      launchUrl: 'https://games.example.com/open?brand=casino',
      imageUrl: 'https://games.example.com/crash.png',
      rtp: '0.97',
      label: 'exclusive',
    };
    const put = await testApp.app.inject({
      method: 'PUT',
      url: `${base}/${provider.account.id}/games`,
      headers: bearer(admin),
      payload: { games: [game] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [saved] = seamlessGameListSchema.parse(put.json()).items;
    expect(saved).toMatchObject({
      id: gameId,
      providerId: provider.account.id,
      studioId: provider.account.id,
      gameCode: 'prov_crash',
      label: 'exclusive',
      enabled: true,
    });
    const row = await testApp.db
      .selectFrom('games')
      .select(['engine', 'external_launch_url', 'provider_id', 'rtp'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      engine: 'external',
      external_launch_url: game.launchUrl,
      provider_id: provider.account.id,
    });
    expect(Number(row.rtp)).toBe(0.97);

    // updating keeps one row; the list shows the change
    const retitled = await testApp.app.inject({
      method: 'PUT',
      url: `${base}/${provider.account.id}/games`,
      headers: bearer(admin),
      payload: { games: [{ ...game, title: 'Crash Royale II' }] },
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    const list = await testApp.app.inject({
      url: `${base}/${provider.account.id}/games`,
      headers: bearer(admin),
    });
    expect(seamlessGameListSchema.parse(list.json()).items.map((item) => item.title)).toEqual([
      'Crash Royale II',
    ]);

    const player = await newPlayer(testApp);
    const { token, url } = await launch(testApp, player, gameId, 'EUR');
    expect(url.origin + url.pathname).toBe('https://games.example.com/open');
    expect(url.searchParams.get('brand')).toBe('casino');
    expect(url.searchParams.get('currency')).toBe('EUR');
    expect(url.searchParams.get('user')).toBe(player.userId);
    expect(url.searchParams.get('lang')).toMatch(/^[a-z]{2}$/);
    const session = await testApp.db
      .selectFrom('seamless_sessions')
      .select(['token_hash', 'currency', 'game_id'])
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(session.token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(session).toMatchObject({ currency: 'EUR', game_id: gameId });
    const balance = await walletCall(testApp, provider, '/user/balance', {
      request_uuid: randomUUID(),
      user: player.userId,
      token,
      game_code: 'prov_crash',
    });
    expect(balance.body).toMatchObject({ status: 'RS_OK', currency: 'EUR', balance: 0 });

    await expect(launch(testApp, player, gameId, 'BTC')).rejects.toMatchObject({
      code: 'game_unavailable',
    });
  });

  test('a catalog id or game code held elsewhere is a conflict; unknown studios are invalid', async () => {
    const first = await createProvider(testApp, admin);
    const second = await createProvider(testApp, admin);
    const { gameId, gameCode } = await registerGame(testApp, admin, first);
    const game = {
      id: gameId,
      gameCode: 'other_code',
      title: 'Taken',
      launchUrl: 'https://games.example.com/launch',
      imageUrl: 'https://games.example.com/x.png',
      rtp: '0.95',
    };
    const put = (providerId: string, games: unknown[]) =>
      testApp.app.inject({
        method: 'PUT',
        url: `${base}/${providerId}/games`,
        headers: bearer(admin),
        payload: { games },
      });
    expectError(await put(second.account.id, [game]), 'seamless_game_conflict');
    expectError(
      await put(first.account.id, [{ ...game, id: `${first.account.id}-new`, gameCode }]),
      'seamless_game_conflict',
    );
    expectError(
      await put(first.account.id, [
        { ...game, id: `${first.account.id}-studio`, studioId: 'no-such-studio' },
      ]),
      'validation_error',
    );
    expectError(
      await put(first.account.id, [
        { ...game, id: `${first.account.id}-a` },
        { ...game, id: `${first.account.id}-a`, gameCode: 'another' },
      ]),
      'validation_error',
    );
    expectError(await put('no-such-provider', [{ ...game, id: 'free-id' }]), 'not_found');
  });
});
