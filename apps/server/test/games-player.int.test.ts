import {
  backofficeGameSchema,
  betLimitsFor,
  favoriteGamesSchema,
  gameBlacklistRuleSchema,
  gameBlacklistRulesPageSchema,
  gameSessionSchema,
  gamesPageSchema,
  gameTileSchema,
  gameUnavailablePayloadSchema,
  validationPayloadSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { fundedPlayer, playableOriginal } from './support/originals.ts';

const americanIp = '8.8.8.8';
const russianIp = '77.88.8.8';

let testApp: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({ config: { trustProxy: true } });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

function from(ip: string, headers: Record<string, string> = {}) {
  return { 'x-forwarded-for': ip, ...headers };
}

async function get(url: string, headers: Record<string, string> = {}) {
  return await testApp.app.inject({ url, headers });
}

async function tile(id: string, headers: Record<string, string> = {}) {
  const response = await get(`/api/v2/games/${id}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return gameTileSchema.parse(response.json());
}

async function userIdOf(player: RegisteredPlayer): Promise<string> {
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addRule(body: Record<string, unknown>) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/games/blacklists',
    headers: bearer(admin),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return gameBlacklistRuleSchema.parse(response.json());
}

async function removeRule(id: number) {
  const response = await testApp.app.inject({
    method: 'DELETE',
    url: `/api/backoffice/v1/games/blacklists/${id}`,
    headers: bearer(admin),
  });
  expect(response.statusCode, response.body).toBe(204);
}

describe('favourites', () => {
  test('guests cannot list or change favourites', async () => {
    for (const request of [
      { method: 'GET', url: '/api/v2/games/favorites' },
      { method: 'GET', url: '/api/v2/games/favorites/paged' },
      { method: 'POST', url: '/api/v2/games/favorites', payload: { gameId: 'orbit-dice' } },
      { method: 'DELETE', url: '/api/v2/games/favorites/orbit-dice' },
      { method: 'GET', url: '/api/v2/games/last' },
      { method: 'GET', url: '/api/v2/games/orbit-dice/session' },
    ] as const) {
      expectError(await testApp.app.inject(request), 'unauthorized');
    }
  });

  test('add (idempotent), list newest first, page, mark tiles, remove (idempotent)', async () => {
    const player = await registerPlayer(testApp.app);
    const other = await registerPlayer(testApp.app);
    const add = async (gameId: string) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/games/favorites',
        headers: bearer(player),
        payload: { gameId },
      });
      expect(response.statusCode, response.body).toBe(200);
      return gameTileSchema.parse(response.json());
    };
    expect(await add('orbit-dice')).toMatchObject({ id: 'orbit-dice', isFavorite: true });
    await add('kraken-mines');
    await add('golden-koi-keno');
    await add('orbit-dice');

    const list = favoriteGamesSchema.parse(
      (await get('/api/v2/games/favorites', bearer(player))).json(),
    );
    expect(list.items.map((item) => item.id)).toEqual([
      'golden-koi-keno',
      'kraken-mines',
      'orbit-dice',
    ]);
    expect(list.items.every((item) => item.isFavorite)).toBe(true);

    const paged = gamesPageSchema.parse(
      (await get('/api/v2/games/favorites/paged?limit=2&offset=1', bearer(player))).json(),
    );
    expect(paged).toMatchObject({ meta: { offset: 1, limit: 2, total: 3 } });
    expect(paged.items.map((item) => item.id)).toEqual(['kraken-mines', 'orbit-dice']);

    // tiles everywhere carry the flag for their owner only
    const search = gamesPageSchema.parse(
      (await get('/api/v2/games?search=kraken', bearer(player))).json(),
    );
    const flags = Object.fromEntries(search.items.map((item) => [item.id, item.isFavorite]));
    expect(flags['kraken-mines']).toBe(true);
    expect(flags['kraken-dice']).toBe(false);
    expect((await tile('kraken-mines', bearer(player))).isFavorite).toBe(true);
    expect((await tile('kraken-mines', bearer(other))).isFavorite).toBe(false);
    expect((await tile('kraken-mines')).isFavorite).toBe(false);
    // an expired or unknown session browses as a guest
    expect((await tile('kraken-mines', { authorization: 'Bearer not-a-session' })).isFavorite).toBe(
      false,
    );

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const removed = await testApp.app.inject({
        method: 'DELETE',
        url: '/api/v2/games/favorites/kraken-mines',
        headers: bearer(player),
      });
      expect(removed.statusCode).toBe(204);
    }
    const after = favoriteGamesSchema.parse(
      (await get('/api/v2/games/favorites', bearer(player))).json(),
    );
    expect(after.items.map((item) => item.id)).toEqual(['golden-koi-keno', 'orbit-dice']);
    const othersList = favoriteGamesSchema.parse(
      (await get('/api/v2/games/favorites', bearer(other))).json(),
    );
    expect(othersList.items).toEqual([]);
  });

  test('an unknown or disabled game cannot be added; a bad body is a validation error', async () => {
    const player = await registerPlayer(testApp.app);
    const post = (payload: unknown) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v2/games/favorites',
        headers: bearer(player),
        payload: payload as Record<string, unknown>,
      });
    expectError(await post({ gameId: 'no-such-game' }), 'not_found');
    await testApp.db
      .updateTable('games')
      .set({ enabled: false })
      .where('id', '=', 'pulsar-keno')
      .execute();
    try {
      expectError(await post({ gameId: 'pulsar-keno' }), 'not_found');
    } finally {
      await testApp.db
        .updateTable('games')
        .set({ enabled: true })
        .where('id', '=', 'pulsar-keno')
        .execute();
    }
    const missing = expectError(await post({}), 'validation_error');
    expect(validationPayloadSchema.parse(missing.payload).fields).toEqual([
      { field: 'gameId', message: 'Validation.required' },
    ]);
    const extra = expectError(await post({ gameId: 'orbit-dice', note: 'x' }), 'validation_error');
    expect(validationPayloadSchema.parse(extra.payload).fields).toEqual([
      { field: 'note', message: 'Validation.unknown_field' },
    ]);
  });
});

describe('last played', () => {
  test('lists the player’s games, most recently played first, a page at a time', async () => {
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(player);
    const now = Date.now();
    const played = [
      ['orbit-limbo', 50],
      ['coral-reef-plinko', 10],
      ['viking-runes-dice', 30],
      ['orbit-reels', 5],
    ] as const;
    await testApp.db
      .insertInto('game_last_played')
      .values(
        played.map(([gameId, minutesAgo]) => ({
          user_id: userId,
          game_id: gameId,
          played_at: new Date(now - minutesAgo * 60_000),
        })),
      )
      .execute();
    const page = gamesPageSchema.parse(
      (await get('/api/v2/games/last?limit=3', bearer(player))).json(),
    );
    expect(page.meta).toEqual({ offset: 0, limit: 3, total: 4 });
    expect(page.items.map((item) => item.id)).toEqual([
      'orbit-reels',
      'coral-reef-plinko',
      'viking-runes-dice',
    ]);

    // the round service's hook moves a game to the front
    await testApp.db
      .transaction()
      .execute((transaction) =>
        testApp.app.services.games.recordPlayed(userId, 'orbit-limbo', transaction),
      );
    const again = gamesPageSchema.parse((await get('/api/v2/games/last', bearer(player))).json());
    expect(again.items.map((item) => item.id)).toEqual([
      'orbit-limbo',
      'orbit-reels',
      'coral-reef-plinko',
      'viking-runes-dice',
    ]);
    const stranger = await registerPlayer(testApp.app);
    expect(
      gamesPageSchema.parse((await get('/api/v2/games/last', bearer(stranger))).json()),
    ).toEqual({ items: [], meta: { offset: 0, limit: 30, total: 0 } });
    const tooMany = expectError(
      await get('/api/v2/games/last?limit=500', bearer(player)),
      'validation_error',
    );
    expect(validationPayloadSchema.parse(tooMany.payload).fields[0]?.field).toBe('limit');
  });
});

describe('the game session', () => {
  test('an original gives its engine, variant, rtp and stake limits in the player’s currency', async () => {
    const player = await registerPlayer(testApp.app);
    const response = await get('/api/v2/games/orbit-plinko/session', bearer(player));
    expect(response.statusCode, response.body).toBe(200);
    const session = gameSessionSchema.parse(response.json());
    const row = await testApp.db
      .selectFrom('games')
      .select(['variant', 'rtp'])
      .where('id', '=', 'orbit-plinko')
      .executeTakeFirstOrThrow();
    expect(session).toEqual({
      kind: 'original',
      game: await tile('orbit-plinko', bearer(player)),
      engine: 'plinko',
      variant: row.variant,
      rtp: row.rtp,
      limits: betLimitsFor('USD'),
    });
    expect(session.kind === 'original' && session.variant).toMatchObject({
      rows: 16,
      risk: 'medium',
    });

    const euro = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: { currency: { primary: 'EUR' } },
    });
    expect(euro.statusCode, euro.body).toBe(200);
    const inEuro = gameSessionSchema.parse(
      (await get('/api/v2/games/orbit-reels/session', bearer(player))).json(),
    );
    expect(inEuro).toMatchObject({
      kind: 'original',
      engine: 'slot',
      limits: betLimitsFor('EUR'),
    });

    expectError(await get('/api/v2/games/no-such-game/session', bearer(player)), 'not_found');
  });

  test('a third-party game needs a configured provider launcher', async () => {
    await testApp.db
      .insertInto('games')
      .values({
        id: 'partner-roulette',
        title: 'Partner Roulette',
        provider_id: 'orbit-originals',
        engine: 'external',
        image_url: '/game-art/partner-roulette.svg',
        rtp: '0.9730',
        external_launch_url: 'https://games.partner.example/launch/roulette',
      })
      .execute();
    try {
      const player = await registerPlayer(testApp.app);
      const response = await get('/api/v2/games/partner-roulette/session', bearer(player));
      if (response.statusCode === 200) {
        // a seamless-wallet launcher is wired: it must hand out the provider's URL
        const session = gameSessionSchema.parse(response.json());
        expect(session.kind).toBe('external');
        expect(session.kind === 'external' && session.launchUrl).toMatch(
          /^https:\/\/games\.partner\.example\/launch\/roulette/,
        );
      } else {
        expectError(response, 'game_unavailable');
      }
    } finally {
      // games are permanent: a game leaves the catalog by being disabled
      await testApp.db
        .updateTable('games')
        .set({ enabled: false })
        .where('id', '=', 'partner-roulette')
        .execute();
    }
  });
});

describe('blacklists', () => {
  test('a country rule marks the tile for visitors from there and blocks the session', async () => {
    const rule = await addRule({ gameId: 'orbit-mines', country: 'us' });
    expect(rule).toMatchObject({ gameId: 'orbit-mines', providerId: null, country: 'US' });
    const player = await registerPlayer(testApp.app);
    try {
      expect((await tile('orbit-mines', from(americanIp))).blacklists).toEqual(['country']);
      expect((await tile('orbit-mines', from(americanIp, bearer(player)))).blacklists).toEqual([
        'country',
      ]);
      expect((await tile('orbit-mines', from(russianIp, bearer(player)))).blacklists).toEqual([]);
      expect((await tile('orbit-dice', from(americanIp))).blacklists).toEqual([]);

      // still listed, with the reason
      const page = gamesPageSchema.parse(
        (await get('/api/v2/games?category=originals&limit=100', from(americanIp))).json(),
      );
      expect(page.items.find((item) => item.id === 'orbit-mines')?.blacklists).toEqual(['country']);

      const blocked = expectError(
        await get('/api/v2/games/orbit-mines/session', from(americanIp, bearer(player))),
        'game_unavailable',
      );
      expect(gameUnavailablePayloadSchema.parse(blocked.payload)).toEqual({ reasons: ['country'] });
      const elsewhere = await get(
        '/api/v2/games/orbit-mines/session',
        from(russianIp, bearer(player)),
      );
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await removeRule(rule.id);
    }
    expect((await tile('orbit-mines', from(americanIp))).blacklists).toEqual([]);
  });

  test('a provider rule by currency applies to that provider’s games for players in it', async () => {
    const rule = await addRule({ providerId: 'emberline', currency: 'PLN' });
    const zloty = await registerPlayer(testApp.app);
    const dollar = await registerPlayer(testApp.app);
    await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(zloty),
      payload: { currency: { primary: 'PLN' } },
    });
    const countryRule = await addRule({ providerId: 'emberline', country: 'US' });
    try {
      const emberline = gamesPageSchema.parse(
        (
          await get('/api/v2/games?provider=emberline&limit=100', from(americanIp, bearer(zloty)))
        ).json(),
      );
      expect(emberline.items.length).toBeGreaterThan(0);
      for (const item of emberline.items) expect(item.blacklists).toEqual(['country', 'currency']);
      expect((await tile('lava-lake-dice', from(russianIp, bearer(zloty)))).blacklists).toEqual([
        'currency',
      ]);
      expect((await tile('lava-lake-dice', from(russianIp, bearer(dollar)))).blacklists).toEqual(
        [],
      );
      // a guest has no currency
      expect((await tile('lava-lake-dice', from(russianIp))).blacklists).toEqual([]);
      expect((await tile('orbit-dice', from(americanIp, bearer(zloty)))).blacklists).toEqual([]);

      const blocked = expectError(
        await get('/api/v2/games/lava-lake-dice/session', from(russianIp, bearer(zloty))),
        'game_unavailable',
      );
      expect(blocked.payload).toEqual({ reasons: ['currency'] });
    } finally {
      await removeRule(countryRule.id);
      await removeRule(rule.id);
    }
  });
});

describe('operator', () => {
  test('PATCH a game: enabled, label and rtp within bounds, audited; admins only', async () => {
    const patch = (
      payload: Record<string, unknown>,
      headers: Record<string, string> = bearer(admin),
      id = 'stardust-keno',
    ) =>
      testApp.app.inject({
        method: 'PATCH',
        url: `/api/backoffice/v1/games/${id}`,
        headers,
        payload,
      });
    expectError(await patch({ enabled: false }, {}), 'unauthorized');
    const support = await createOperator(testApp.app, 'support');
    expectError(await patch({ enabled: false }, bearer(support)), 'forbidden');
    const player = await registerPlayer(testApp.app);
    expectError(await patch({ enabled: false }, bearer(player)), 'unauthorized');

    const changed = await patch({ rtp: '0.95', label: 'exclusive' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(backofficeGameSchema.parse(changed.json())).toEqual({
      id: 'stardust-keno',
      title: 'Stardust Keno',
      providerId: 'nebula-forge',
      engine: 'keno',
      rtp: '0.9500',
      enabled: true,
      label: 'exclusive',
    });
    expect((await tile('stardust-keno')).labelType).toBe('exclusive');
    const signedIn = await registerPlayer(testApp.app);
    const session = gameSessionSchema.parse(
      (await get('/api/v2/games/stardust-keno/session', bearer(signedIn))).json(),
    );
    expect(session.kind === 'original' && session.rtp).toBe('0.9500');

    const disabled = await patch({ enabled: false, label: null });
    expect(backofficeGameSchema.parse(disabled.json())).toMatchObject({
      enabled: false,
      label: null,
    });
    expectError(await get('/api/v2/games/stardust-keno'), 'not_found');
    expectError(await get('/api/v2/games/stardust-keno/session', bearer(signedIn)), 'not_found');
    const listed = gamesPageSchema.parse((await get('/api/v2/games?search=stardust')).json());
    expect(listed.items.map((item) => item.id)).not.toContain('stardust-keno');
    // its art keeps working for old links
    expect((await get('/game-art/stardust-keno.svg')).statusCode).toBe(200);
    expect((await patch({ enabled: true })).statusCode).toBe(200);

    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'target_type', 'payload'])
      .where('target_id', '=', 'stardust-keno')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'game.update',
      'game.update',
      'game.update',
    ]);
    expect(audit[0]?.payload).toEqual({
      previous: { rtp: '0.9900', enabled: true, label: null },
      changes: { rtp: '0.9500', label: 'exclusive' },
    });
  });

  test('the operator’s switch, rtp and blacklist rules reach the very next round', async () => {
    const player = await fundedPlayer(testApp, 10_000n);
    const gameId = await playableOriginal(testApp, 'limbo');
    const { rtp } = await testApp.db
      .selectFrom('games')
      .select('rtp')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    const play = () =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/v2/games/${gameId}/rounds`,
        headers: { ...bearer(player), 'idempotency-key': `switch-${Math.random()}` },
        payload: { bet: '1.00', params: { target: 2 } },
      });
    const patch = (payload: Record<string, unknown>) =>
      testApp.app.inject({
        method: 'PATCH',
        url: `/api/backoffice/v1/games/${gameId}`,
        headers: bearer(admin),
        payload,
      });
    // rounds keep what they start from for a while; the operator's changes drop it at once
    expect((await play()).statusCode).toBe(200);
    expect((await play()).statusCode).toBe(200);
    expect((await patch({ enabled: false })).statusCode).toBe(200);
    expectError(await play(), 'not_found');
    expect((await patch({ enabled: true, rtp: '0.9600' })).statusCode).toBe(200);
    const played = await play();
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json().rtp).toBe('0.9600');
    const rule = await addRule({ gameId, currency: 'USD' });
    expectError(await play(), 'game_unavailable');
    await removeRule(rule.id);
    expect((await play()).statusCode).toBe(200);
    expect((await patch({ rtp })).statusCode).toBe(200);
  });

  test('PATCH rejects an rtp out of bounds, an empty body and unknown games', async () => {
    const patch = (payload: Record<string, unknown>, id = 'stardust-keno') =>
      testApp.app.inject({
        method: 'PATCH',
        url: `/api/backoffice/v1/games/${id}`,
        headers: bearer(admin),
        payload,
      });
    for (const rtp of ['0.995', '0.85', '1', '0.97000', 'high', '-0.95']) {
      const body = expectError(await patch({ rtp }), 'validation_error');
      expect(validationPayloadSchema.parse(body.payload).fields, rtp).toEqual([
        { field: 'rtp', message: 'Validation.invalid_rtp' },
      ]);
    }
    for (const rtp of ['0.9', '0.99', '0.9123']) {
      expect((await patch({ rtp })).statusCode, rtp).toBe(200);
    }
    const empty = expectError(await patch({}), 'validation_error');
    expect(validationPayloadSchema.parse(empty.payload).fields).toEqual([
      { field: 'body', message: 'Validation.required' },
    ]);
    const label = expectError(await patch({ label: 'hot' }), 'validation_error');
    expect(validationPayloadSchema.parse(label.payload).fields[0]?.field).toBe('label');
    expectError(await patch({ enabled: true }, 'no-such-game'), 'not_found');
    await patch({ rtp: '0.99' });
  });

  test('blacklist rules: list, add with validation, remove, audited', async () => {
    const post = (
      payload: Record<string, unknown>,
      headers: Record<string, string> = bearer(admin),
    ) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/games/blacklists',
        headers,
        payload,
      });
    const support = await createOperator(testApp.app, 'support');
    expectError(await post({ gameId: 'orbit-dice', country: 'DE' }, bearer(support)), 'forbidden');
    expectError(await post({ gameId: 'orbit-dice', country: 'DE' }, {}), 'unauthorized');

    const invalid = [
      [{ country: 'DE' }, [{ field: 'gameId', message: 'Validation.required' }]],
      [
        { gameId: 'orbit-dice', providerId: 'emberline', country: 'DE' },
        [{ field: 'providerId', message: 'Validation.invalid_value' }],
      ],
      [{ gameId: 'orbit-dice' }, [{ field: 'country', message: 'Validation.required' }]],
      [
        { gameId: 'orbit-dice', country: 'DE', currency: 'EUR' },
        [{ field: 'currency', message: 'Validation.invalid_value' }],
      ],
      [
        { gameId: 'orbit-dice', country: 'Germany' },
        [{ field: 'country', message: 'Validation.invalid_country' }],
      ],
    ] as const;
    for (const [payload, fields] of invalid) {
      const body = expectError(await post(payload), 'validation_error');
      expect(validationPayloadSchema.parse(body.payload).fields, JSON.stringify(payload)).toEqual(
        fields,
      );
    }
    expectError(await post({ gameId: 'no-such-game', country: 'DE' }), 'not_found');
    expectError(await post({ providerId: 'nobody', currency: 'EUR' }), 'not_found');

    const first = await addRule({ gameId: 'orbit-dice', country: 'DE' });
    const second = await addRule({ providerId: 'tidewater', currency: 'EUR' });
    const list = gameBlacklistRulesPageSchema.parse(
      (
        await testApp.app.inject({
          url: '/api/backoffice/v1/games/blacklists?limit=10',
          headers: bearer(admin),
        })
      ).json(),
    );
    expect(list.items).toEqual([first, second]);
    expect(list.meta).toEqual({ offset: 0, limit: 10, total: 2 });

    await removeRule(first.id);
    await removeRule(second.id);
    expectError(
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/backoffice/v1/games/blacklists/${first.id}`,
        headers: bearer(admin),
      }),
      'not_found',
    );
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'target_id'])
      .where('target_type', '=', 'game_blacklist')
      .where('target_id', 'in', [String(first.id), String(second.id)])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'game.blacklist.add', target_id: String(first.id) },
      { action: 'game.blacklist.add', target_id: String(second.id) },
      { action: 'game.blacklist.remove', target_id: String(first.id) },
      { action: 'game.blacklist.remove', target_id: String(second.id) },
    ]);
  });
});
