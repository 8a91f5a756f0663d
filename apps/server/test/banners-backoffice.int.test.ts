import {
  backofficeBannerSchema,
  backofficeBannersPageSchema,
  backofficePartnersSchema,
  partnersResponseSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

let testApp: TestApp;
let admin: SignedIn;

const english = { en: { image_bg: '/banners/welcome-bg.svg', title: 'Hello' } };

function post(payload: unknown, session: SignedIn = admin) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/banners',
    headers: bearer(session),
    payload: payload as Record<string, unknown>,
  });
}

function fieldsOf(response: Awaited<ReturnType<typeof post>>) {
  const body = expectError(response, 'validation_error');
  return (body.payload as { fields: Array<{ field: string; message: string }> }).fields;
}

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await testApp.db
    .selectFrom('operator_audit_log')
    .select('action')
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  await testApp.db
    .insertInto('tournaments')
    .values({
      id: 'spring-race',
      descriptions: JSON.stringify({ en: { name: 'Spring', description: 'd', image: '/t.svg' } }),
      starts_at: new Date(Date.now() - 60_000),
      ends_at: new Date(Date.now() + 86_400_000),
      status: 'running',
      scoring: 'wagered',
      currency: 'USD',
      prizes: JSON.stringify([{ place: 1, amount: '10.00' }]),
    })
    .execute();
});

afterAll(async () => {
  await testApp.close();
});

describe('banner CRUD', () => {
  test('only an admin operator may manage banners', async () => {
    const support = await createOperator(testApp.app, 'support');
    expectError(await post({ type: 'vip', descriptions: english }, support), 'forbidden');
    const player = await registerPlayer(testApp.app);
    expectError(await post({ type: 'vip', descriptions: english }, player), 'unauthorized');
    expectError(
      await testApp.app.inject({ url: '/api/backoffice/v1/banners', headers: bearer(player) }),
      'unauthorized',
    );
  });

  test('English copy, a known type and pictures of ours or https are required', async () => {
    expect(fieldsOf(await post({ type: 'vip', descriptions: {} }))).toContainEqual({
      field: 'descriptions.en',
      message: 'Validation.required',
    });
    expect(fieldsOf(await post({ type: 'popup', descriptions: english }))).toContainEqual({
      field: 'type',
      message: 'Validation.invalid_value',
    });
    const insecure = { en: { image_bg: 'http://example.com/a.svg' } };
    expect(fieldsOf(await post({ type: 'vip', descriptions: insecure }))).toContainEqual({
      field: 'descriptions.en.image_bg',
      message: 'Validation.invalid_value',
    });
    expect(
      fieldsOf(await post({ type: 'vip', descriptions: english, geo: ['usa'] })),
    ).toContainEqual({ field: 'geo.0', message: 'Validation.invalid_country' });
  });

  test('each type gets what it needs (spec §5)', async () => {
    expect(fieldsOf(await post({ type: 'specific_game', descriptions: english }))).toEqual([
      { field: 'gameIds', message: 'Validation.required' },
    ]);
    expect(fieldsOf(await post({ type: 'game_of_the_month', descriptions: english }))).toEqual([
      { field: 'gameIds', message: 'Validation.required' },
    ]);
    expect(fieldsOf(await post({ type: 'tournament', descriptions: english }))).toEqual([
      { field: 'tournamentId', message: 'Validation.required' },
    ]);
    expect(fieldsOf(await post({ type: 'common', descriptions: english }))).toEqual([
      { field: 'url', message: 'Validation.required' },
    ]);
    expect(
      fieldsOf(
        await post({ type: 'active_players', descriptions: english, providerIds: ['tidewater'] }),
      ),
    ).toEqual([{ field: 'url', message: 'Validation.required' }]);
    expect(fieldsOf(await post({ type: 'cashback_new_web', descriptions: english }))).toEqual([
      { field: 'url', message: 'Validation.required' },
    ]);
  });

  test('ids must name real games, providers, categories, promo categories and tournaments', async () => {
    const fields = fieldsOf(
      await post({
        type: 'specific_game',
        descriptions: english,
        gameIds: ['orbit-dice', 'no-such-game'],
        providerIds: ['no-such-studio'],
        categoryKeys: ['no-such-category'],
        tournamentId: 'no-such-race',
      }),
    );
    expect(fields).toEqual([
      { field: 'gameIds', message: 'Validation.invalid_value' },
      { field: 'providerIds', message: 'Validation.invalid_value' },
      { field: 'categoryKeys', message: 'Validation.invalid_value' },
      { field: 'tournamentId', message: 'Validation.invalid_value' },
    ]);
    expect(
      fieldsOf(await post({ type: 'common', descriptions: english, promoCategoryId: 9999 })),
    ).toEqual([{ field: 'promoCategoryId', message: 'Validation.invalid_value' }]);
  });

  test('deposit bounds must not cross and sums take at most cents', async () => {
    expect(
      fieldsOf(
        await post({
          type: 'vip',
          descriptions: english,
          playerCategory: {
            deposits_from: '100',
            deposits_to: '50',
            deposits_count_from: 3,
            deposits_count_to: 1,
          },
        }),
      ),
    ).toEqual([
      { field: 'playerCategory.deposits_to', message: 'Validation.invalid_value' },
      { field: 'playerCategory.deposits_count_to', message: 'Validation.invalid_value' },
    ]);
    expect(
      fieldsOf(
        await post({
          type: 'vip',
          descriptions: english,
          playerCategory: { deposits_from: '1.005' },
        }),
      ),
    ).toEqual([{ field: 'playerCategory.deposits_from', message: 'Validation.invalid_amount' }]);
  });

  test('create, list, change and delete, each audited', async () => {
    const created = await post({
      type: 'specific_game',
      descriptions: {
        ...english,
        ru: { image_bg: '/banners/welcome-bg.svg', image_fg: '/banners/welcome-fg.ru.svg' },
      },
      gameIds: ['orbit-dice'],
      geo: ['de', 'at', 'de'],
      playerCategory: { vip: false, deposits_from: '10.5' },
      position: 7,
    });
    expect(created.statusCode, created.body).toBe(201);
    const banner = backofficeBannerSchema.parse(created.json());
    expect(banner).toMatchObject({
      type: 'specific_game',
      position: 7,
      isEnabled: true,
      gameIds: ['orbit-dice'],
      geo: ['AT', 'DE'],
      playerCategory: {
        authorized: null,
        vip: false,
        all: false,
        deposits_from: '10.50',
        deposits_to: null,
      },
    });
    expect(banner.descriptions.ru).toEqual({
      image_bg: '/banners/welcome-bg.svg',
      image_fg: '/banners/welcome-fg.ru.svg',
      image_3: null,
      title: null,
      text: null,
    });

    const list = await testApp.app.inject({
      url: '/api/backoffice/v1/banners?type=specific_game',
      headers: bearer(admin),
    });
    const page = backofficeBannersPageSchema.parse(list.json());
    expect(page.items.map((item) => item.id)).toContain(banner.id);
    expect(page.items.every((item) => item.type === 'specific_game')).toBe(true);

    const url = `/api/backoffice/v1/banners/${banner.id}`;
    const invalid = await testApp.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(admin),
      payload: { gameIds: [] },
    });
    expect(fieldsOf(invalid)).toEqual([{ field: 'gameIds', message: 'Validation.required' }]);

    const changed = await testApp.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(admin),
      payload: { type: 'tournament', tournamentId: 'spring-race', isEnabled: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(backofficeBannerSchema.parse(changed.json())).toMatchObject({
      type: 'tournament',
      tournamentId: 'spring-race',
      isEnabled: false,
      gameIds: ['orbit-dice'],
    });

    const empty = await testApp.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(admin),
      payload: {},
    });
    expectError(empty, 'validation_error');

    const removed = await testApp.app.inject({ method: 'DELETE', url, headers: bearer(admin) });
    expect(removed.statusCode).toBe(204);
    const again = await testApp.app.inject({ method: 'DELETE', url, headers: bearer(admin) });
    expectError(again, 'not_found');
    const gone = await testApp.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(admin),
      payload: { position: 1 },
    });
    expectError(gone, 'not_found');

    expect(await auditActions(banner.id)).toEqual([
      'banners.create',
      'banners.update',
      'banners.delete',
    ]);
  });
});

describe('partners', () => {
  const partner = {
    id: 'safer-play',
    image: '/banners/partner-safer-play.svg',
    url: 'https://example.com/safer-play',
    descriptions: {
      en: { title: 'Safer Play', description: 'Help, around the clock.' },
      ru: { title: 'Безопасная игра', description: 'Помощь круглосуточно.' },
    },
  };

  test('put creates then replaces; the public list is localized, else English', async () => {
    const url = '/api/backoffice/v1/partners/safer-play';
    const created = await testApp.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin),
      payload: partner,
    });
    expect(created.statusCode, created.body).toBe(200);

    const russian = await testApp.app.inject({ url: '/api/v2/partners?locale=ru' });
    expect(russian.headers['cache-control']).toBe('public, max-age=86400');
    expect(partnersResponseSchema.parse(russian.json())).toEqual([
      {
        id: 'safer-play',
        title: 'Безопасная игра',
        description: 'Помощь круглосуточно.',
        image: '/banners/partner-safer-play.svg',
        url: 'https://example.com/safer-play',
      },
    ]);
    const polish = await testApp.app.inject({ url: '/api/v2/partners?locale=pl' });
    expect(partnersResponseSchema.parse(polish.json())[0]?.title).toBe('Safer Play');

    const disabled = await testApp.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin),
      payload: { ...partner, isEnabled: false },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await testApp.app.inject({ url: '/api/v2/partners' })).json()).toEqual([]);
    const all = await testApp.app.inject({
      url: '/api/backoffice/v1/partners',
      headers: bearer(admin),
    });
    expect(backofficePartnersSchema.parse(all.json())).toMatchObject([
      { id: 'safer-play', isEnabled: false },
    ]);

    expect(
      (await testApp.app.inject({ method: 'DELETE', url, headers: bearer(admin) })).statusCode,
    ).toBe(204);
    expect(await auditActions('safer-play')).toEqual([
      'partners.create',
      'partners.update',
      'partners.delete',
    ]);
  });

  test('the body names the path’s partner, opens https and has English copy', async () => {
    const mismatch = await testApp.app.inject({
      method: 'PUT',
      url: '/api/backoffice/v1/partners/other',
      headers: bearer(admin),
      payload: partner,
    });
    expect(fieldsOf(mismatch)).toEqual([{ field: 'id', message: 'Validation.invalid_value' }]);
    const insecure = await testApp.app.inject({
      method: 'PUT',
      url: '/api/backoffice/v1/partners/safer-play',
      headers: bearer(admin),
      payload: { ...partner, url: 'http://example.com', descriptions: {} },
    });
    expect(fieldsOf(insecure)).toEqual([
      { field: 'url', message: 'Validation.invalid_value' },
      { field: 'descriptions.en', message: 'Validation.required' },
    ]);
  });
});

describe('demo banners', () => {
  test('the home types the product backs plus the tournament banner, inserted once', async () => {
    // the banners above were deleted; only the demo ones remain
    await testApp.app.services.banners.seedDemo();
    await testApp.app.services.banners.seedDemo();
    const rows = await testApp.db.selectFrom('banners').select(['type', 'tournament_id']).execute();
    expect(rows.map((row) => row.type).sort()).toEqual(
      [
        'active_players',
        'bonus_on_deposit',
        'bonus_on_deposit',
        'common',
        'game_of_the_week',
        'login',
        'players_with_deposits',
        'registration',
        'specific_game',
        'tournament',
        'turbine',
        'vip',
        'wallet',
      ].sort(),
    );
    expect(rows.find((row) => row.type === 'tournament')?.tournament_id).toBe('spring-race');
    const partners = await testApp.app.inject({ url: '/api/v2/partners' });
    expect(partnersResponseSchema.parse(partners.json()).map((item) => item.id)).toEqual([
      'orbit-esports',
      'safer-play',
    ]);
    const guest = await testApp.app.inject({ url: '/api/v2/banners?locale=en' });
    expect(guest.statusCode).toBe(200);
  });
});
