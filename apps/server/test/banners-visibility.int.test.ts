import {
  type Banner,
  type BannerType,
  bannersResponseSchema,
  isBannerVisible,
  type newBannerBodySchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  bearer,
  createTestApp,
  loginOperator,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

const russianIp = '77.88.8.8';
const americanIp = '8.8.8.8';

let testApp: TestApp;
let admin: SignedIn;
/** banner id by name, as created below */
const ids = new Map<string, string>();

const art = (title: string) => ({
  en: { image_bg: '/banners/welcome-bg.svg', title, text: `${title} text` },
  ru: { image_bg: '/banners/welcome-bg.svg', title: `${title} ru` },
});

/** A create body as the operator sends it (defaults left out). */
type NewBannerInput = Partial<z.input<typeof newBannerBodySchema>> & { type: BannerType };

async function createBanner(name: string, body: NewBannerInput) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/banners',
    headers: bearer(admin),
    payload: { descriptions: art(name), ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  ids.set(name, (response.json() as { id: string }).id);
}

async function insertTournament(id: string, options: { vipOnly: boolean; endsInMs: number }) {
  const now = Date.now();
  await testApp.db
    .insertInto('tournaments')
    .values({
      id,
      vip_only: options.vipOnly,
      descriptions: JSON.stringify({
        en: { name: `${id} name`, description: 'Race', image: `/tournaments/${id}.svg` },
        ru: { name: `${id} ru`, description: 'Гонка', image: `/tournaments/${id}.svg` },
      }),
      starts_at: new Date(now - 3_600_000),
      ends_at: new Date(now + options.endsInMs),
      status: 'running',
      scoring: 'wagered',
      currency: 'USD',
      prizes: JSON.stringify([{ place: 1, amount: '100.00' }]),
    })
    .execute();
}

async function bannersFor(
  options: { session?: SignedIn; ip?: string; query?: string } = {},
): Promise<{
  names: string[];
  items: Banner[];
  country: string | null;
  headers: Record<string, unknown>;
}> {
  const response = await testApp.app.inject({
    url: `/api/v2/banners${options.query ?? ''}`,
    headers: {
      'x-forwarded-for': options.ip ?? '127.0.0.1',
      ...(options.session ? bearer(options.session) : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = bannersResponseSchema.parse(response.json());
  const names = body.items.map(
    (banner) => [...ids].find(([, id]) => id === banner.id)?.[0] ?? banner.id,
  );
  return { names, items: body.items, country: body.country, headers: response.headers };
}

async function makeVip(player: RegisteredPlayer) {
  const account = await testApp.app.services.users.findAccount(await userIdOf(testApp, player));
  if (!account) throw new Error('no such player');
  await testApp.app.services.users.setVip(account.globalId, { isVip: true });
}

async function deposit(player: RegisteredPlayer, usdMinor: bigint) {
  await testApp.app.services.users.recordCompletedDeposit(
    await userIdOf(testApp, player),
    usdMinor,
  );
}

beforeAll(async () => {
  testApp = await createTestApp({ config: { trustProxy: true, restrictedCountries: [] } });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  await insertTournament('open-race', { vipOnly: false, endsInMs: 86_400_000 });
  await insertTournament('vip-race', { vipOnly: true, endsInMs: 86_400_000 });
  await insertTournament('ending-race', { vipOnly: false, endsInMs: 1_000 });

  await createBanner('public', { type: 'common', categoryKeys: ['originals'], position: 1 });
  await createBanner('guests', {
    type: 'registration',
    position: 2,
    playerCategory: { authorized: false },
  });
  await createBanner('signed-in', {
    type: 'cashback',
    position: 3,
    playerCategory: { authorized: true },
  });
  await createBanner('vip', { type: 'vip', position: 4, playerCategory: { vip: true } });
  await createBanner('not-vip', { type: 'cashback', position: 5, playerCategory: { vip: false } });
  await createBanner('wallet', { type: 'wallet', position: 6 });
  await createBanner('american', { type: 'bonus_on_deposit', position: 7, geo: ['us'] });
  await createBanner('two-deposits', {
    type: 'players_with_deposits',
    position: 8,
    playerCategory: { deposits_count_from: 1, deposits_count_to: 2 },
  });
  await createBanner('high-roller', {
    type: 'players_with_deposits',
    position: 9,
    playerCategory: { deposits_from: '100', deposits_to: '1000.00' },
  });
  await createBanner('tournament', { type: 'tournament', position: 10, tournamentId: 'open-race' });
  await createBanner('vip-tournament', {
    type: 'tournament',
    position: 11,
    tournamentId: 'vip-race',
  });
  await createBanner('ended-tournament', {
    type: 'tournament',
    position: 12,
    tournamentId: 'ending-race',
  });
  await createBanner('disabled', { type: 'common', url: '/bonuses', isEnabled: false });
  await createBanner('exit', { type: 'exit_window', position: 0 });
  // the ending tournament is over by the time the tests ask
  await new Promise((resolve) => setTimeout(resolve, 1_100));
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /api/v2/banners', () => {
  test('a guest gets the public and guest banners in order, none for players or VIP', async () => {
    const guest = await bannersFor();
    expect(guest.names).toEqual(['public', 'guests', 'not-vip', 'wallet', 'tournament']);
    expect(guest.country).toBeNull();
    expect(guest.headers['cache-control']).toBe('private, max-age=86400');
    expect(guest.headers.vary).toBe('Authorization, Cookie');
  });

  test('a player loses the guest banner and gets the signed-in one', async () => {
    const player = await registerPlayer(testApp.app);
    const result = await bannersFor({ session: player });
    expect(result.names).toEqual(['public', 'signed-in', 'not-vip', 'wallet', 'tournament']);
    expect(result.headers['cache-control']).toBe('private, no-cache');
  });

  test('a VIP player gets the VIP banner and VIP tournament, not the non-VIP one', async () => {
    const vip = await registerPlayer(testApp.app);
    await makeVip(vip);
    const result = await bannersFor({ session: vip });
    expect(result.names).toEqual([
      'public',
      'signed-in',
      'vip',
      'wallet',
      'tournament',
      'vip-tournament',
    ]);
  });

  test('the geo list is matched against the country of the IP', async () => {
    expect((await bannersFor({ ip: americanIp })).names).toContain('american');
    const russian = await bannersFor({ ip: russianIp });
    expect(russian.names).not.toContain('american');
    expect(russian.country).toBe('RU');
    expect((await bannersFor({ ip: americanIp })).country).toBe('US');
  });

  test('deposit bounds: count and USD sum from billing, the wallet banner gone', async () => {
    const player = await registerPlayer(testApp.app);
    await deposit(player, 5_000n);
    let names = (await bannersFor({ session: player })).names;
    expect(names).toContain('two-deposits');
    expect(names).not.toContain('high-roller');
    expect(names).not.toContain('wallet');

    await deposit(player, 5_000n);
    names = (await bannersFor({ session: player })).names;
    expect(names).toContain('two-deposits');
    expect(names).toContain('high-roller');

    await deposit(player, 100_000n);
    names = (await bannersFor({ session: player })).names;
    expect(names).not.toContain('two-deposits');
    expect(names).not.toContain('high-roller');
  });

  test('what the server sends passes the contract rules for the same viewer', async () => {
    const vip = await registerPlayer(testApp.app);
    await makeVip(vip);
    await deposit(vip, 20_000n);
    const result = await bannersFor({ session: vip, ip: americanIp, query: '?locale=ru' });
    const viewer = {
      signedIn: true,
      isVip: true,
      hasDeposits: true,
      country: 'US',
      billing: { countDeposit: 1, sumDeposits: '200.00' },
      locale: 'ru',
    };
    expect(result.items.length).toBeGreaterThan(0);
    for (const banner of result.items) expect(isBannerVisible(banner, viewer)).toBe(true);
  });

  test('locale narrows descriptions to that language and English', async () => {
    const russian = await bannersFor({ query: '?locale=ru' });
    const publicBanner = russian.items.find((banner) => banner.id === ids.get('public'));
    expect(Object.keys(publicBanner?.descriptions ?? {}).sort()).toEqual(['en', 'ru']);
    expect(publicBanner?.descriptions.ru?.title).toBe('public ru');
    expect(publicBanner?.game_categories).toEqual([{ key_title: 'originals' }]);

    const kazakh = await bannersFor({ query: '?locale=kk' });
    const tournament = kazakh.items.find((banner) => banner.id === ids.get('tournament'));
    expect(Object.keys(tournament?.descriptions ?? {})).toEqual(['en']);
    expect(tournament?.tournament).toMatchObject({
      id: 'open-race',
      vip_players_only: false,
      descriptions: { en: { name: 'open-race name', image: '/tournaments/open-race.svg' } },
    });
  });

  test('the exit window placement answers only exit window banners', async () => {
    expect((await bannersFor({ query: '?placement=exit_window' })).names).toEqual(['exit']);
    expect((await bannersFor()).names).not.toContain('exit');
  });

  test('a bad query is a validation error; a banned player’s token is refused', async () => {
    const bad = await testApp.app.inject({ url: '/api/v2/banners?placement=footer' });
    expectError(bad, 'validation_error');

    const banned = await registerPlayer(testApp.app);
    const account = await testApp.app.services.users.findAccount(await userIdOf(testApp, banned));
    await testApp.app.services.users.setBan(account?.globalId ?? '', 'multiaccounting');
    const response = await testApp.app.inject({ url: '/api/v2/banners', headers: bearer(banned) });
    expectError(response, 'user_banned');
  });
});
