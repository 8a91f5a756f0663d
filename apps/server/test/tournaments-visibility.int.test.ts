import {
  backofficeTournamentSchema,
  leaderboardSchema,
  tournamentDetailSchema,
  tournamentsResponseSchema,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
} from './support/app.ts';

let testApp: TestApp;
let admin: SignedIn;
let regular: RegisteredPlayer;
let vip: RegisteredPlayer;

const hour = 60 * 60 * 1000;

function body(id: string, vipOnly: boolean) {
  const now = Date.now();
  return {
    id,
    vipOnly,
    descriptions: {
      en: { name: `Cup ${id}`, description: 'Rules', image: '/tournaments/originals-race.svg' },
      ru: { name: `Кубок ${id}`, description: 'Правила', image: '/tournaments/originals-race.svg' },
    },
    startsAt: new Date(now - hour).toISOString(),
    endsAt: new Date(now + hour).toISOString(),
    scoring: 'wagered',
    currency: 'USD',
    prizes: [
      { place: 1, amount: '100' },
      { place: 2, amount: '50.5' },
    ],
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  for (const [id, vipOnly] of [
    ['open-cup', false],
    ['vip-cup', true],
  ] as const) {
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/tournaments',
      headers: bearer(admin),
      payload: body(id, vipOnly),
    });
    expect(created.statusCode, created.body).toBe(201);
    const parsed = backofficeTournamentSchema.parse(created.json());
    expect(parsed.status).toBe('running');
    expect(parsed.prizes).toEqual([
      { place: 1, amount: '100.00' },
      { place: 2, amount: '50.50' },
    ]);
  }
  regular = await registerPlayer(testApp.app);
  vip = await registerPlayer(testApp.app);
  const { global_id } = await testApp.db
    .selectFrom('users')
    .select('global_id')
    .where('email', '=', vip.email)
    .executeTakeFirstOrThrow();
  const granted = await testApp.app.inject({
    method: 'POST',
    url: `/api/backoffice/v1/players/${global_id}/vip`,
    headers: bearer(admin),
  });
  expect(granted.statusCode, granted.body).toBe(200);
});
afterAll(async () => {
  await testApp?.close();
});

async function listIds(headers: Record<string, string>) {
  const response = await testApp.app.inject({ url: '/api/v2/tournaments', headers });
  expect(response.statusCode, response.body).toBe(200);
  return {
    ids: tournamentsResponseSchema.parse(response.json()).items.map((item) => item.id),
    cacheControl: response.headers['cache-control'],
  };
}

describe('VIP-only tournaments exist for VIP players only', () => {
  test('the list: guests and regular players see the public one, VIP players both', async () => {
    const guest = await listIds({});
    expect(guest.ids).toEqual(['open-cup']);
    // a guest's answer is the same for every guest: kept a day (spec §9)
    expect(guest.cacheControl).toBe('public, max-age=86400');
    const player = await listIds(bearer(regular));
    expect(player.ids).toEqual(['open-cup']);
    expect(player.cacheControl).toBe('private, no-cache');
    expect((await listIds(bearer(vip))).ids.sort()).toEqual(['open-cup', 'vip-cup']);
  });

  test('the detail and the leaderboard: not_found for guests and regular players', async () => {
    for (const headers of [{}, bearer(regular)]) {
      for (const url of [
        '/api/v2/tournaments/vip-cup',
        '/api/v2/tournaments/vip-cup/leaderboard',
      ]) {
        const response = await testApp.app.inject({ url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().detail).toBe('not_found');
      }
    }
    const detail = await testApp.app.inject({
      url: '/api/v2/tournaments/vip-cup',
      headers: bearer(vip),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const parsed = tournamentDetailSchema.parse(detail.json());
    expect(parsed).toMatchObject({
      id: 'vip-cup',
      vip_players_only: true,
      status: 'running',
      prizePool: '150.50',
      allGames: true,
    });
    expect(parsed.descriptions.ru?.name).toBe('Кубок vip-cup');
    const board = await testApp.app.inject({
      url: '/api/v2/tournaments/vip-cup/leaderboard',
      headers: bearer(vip),
    });
    expect(board.statusCode, board.body).toBe(200);
    expect(leaderboardSchema.parse(board.json())).toEqual({
      items: [],
      me: null,
      meta: { offset: 0, limit: 30, total: 0 },
    });
  });

  test('the public one opens for everyone; an unknown id is not_found', async () => {
    const open = await testApp.app.inject({ url: '/api/v2/tournaments/open-cup' });
    expect(open.statusCode, open.body).toBe(200);
    const missing = await testApp.app.inject({ url: '/api/v2/tournaments/no-such-cup' });
    expect(missing.statusCode).toBe(404);
  });

  test('the operator lists both and cannot change the scoring of a started tournament', async () => {
    const list = await testApp.app.inject({
      url: '/api/backoffice/v1/tournaments',
      headers: bearer(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .items.map((item: { id: string }) => item.id)
        .sort(),
    ).toEqual(['open-cup', 'vip-cup']);
    const change = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/backoffice/v1/tournaments/open-cup',
      headers: bearer(admin),
      payload: { scoring: 'won' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().payload.fields).toEqual([
      { field: 'scoring', message: 'Validation.invalid_value' },
    ]);
    const duplicate = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/tournaments',
      headers: bearer(admin),
      payload: body('open-cup', false),
    });
    expect(duplicate.statusCode).toBe(400);
  });
});
