import {
  fiatOrderSchema,
  playerAuditResponseSchema,
  playerBonusesResponseSchema,
  playerListResponseSchema,
  playerOrdersResponseSchema,
  playerOverviewSchema,
  playerPostingsResponseSchema,
  playerRoundsResponseSchema,
  playerSessionsResponseSchema,
  playerSportTicketsResponseSchema,
} from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  loginPlayer,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { fundedPlayer, playableOriginal, playRound } from './support/originals.ts';

// Issue 24, the back office's players: the search's filters, order and CSV, and the 360° view of
// one player (overview, postings, sessions and their revocation, orders, bonuses, rounds,
// sportsbook tickets, the audit about them), with the roles each route admits.
let testApp: TestApp;
let admin: SignedIn;
let support: SignedIn;
let finance: SignedIn;
let readOnly: SignedIn;
let marketing: SignedIn;
let trading: SignedIn;
let player: Awaited<ReturnType<typeof fundedPlayer>>;
let globalId: string;
let keyCounter = 0;

async function globalIdOf(session: { token: string }): Promise<string> {
  const response = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(session) });
  return (response.json() as { globalId: string }).globalId;
}

function get(url: string, session: SignedIn) {
  return testApp.app.inject({ url, headers: bearer(session) });
}

function post(url: string, session: SignedIn, payload?: Record<string, unknown>) {
  keyCounter += 1;
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), 'idempotency-key': `players-360-${keyCounter}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

beforeAll(async () => {
  // the registration's country is the geo-IP of the client's address (X-Forwarded-For here)
  testApp = await createTestApp({ config: { trustProxy: true } });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  support = await createOperator(testApp.app, 'support');
  finance = await createOperator(testApp.app, 'finance');
  readOnly = await createOperator(testApp.app, 'read_only');
  marketing = await createOperator(testApp.app, 'marketing');
  trading = await createOperator(testApp.app, 'trading');
  player = await fundedPlayer(testApp, 50_000n);
  globalId = await globalIdOf(player);
});
afterAll(async () => {
  await testApp.close();
});

const playerRoutes = (id: string) => [
  `/api/backoffice/v1/players/${id}`,
  `/api/backoffice/v1/players/${id}/postings`,
  `/api/backoffice/v1/players/${id}/sessions`,
  `/api/backoffice/v1/players/${id}/orders`,
  `/api/backoffice/v1/players/${id}/bonuses`,
  `/api/backoffice/v1/players/${id}/rounds`,
  `/api/backoffice/v1/players/${id}/audit`,
];

describe('roles', () => {
  test('admin, support, finance and read_only read every list; marketing is refused', async () => {
    for (const url of [
      ...playerRoutes(globalId),
      `/api/backoffice/v1/players/${globalId}/sport-tickets`,
    ]) {
      for (const reader of [admin, support, finance, readOnly]) {
        const response = await get(url, reader);
        expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      }
      expectError(await get(url, marketing), 'forbidden');
      expectError(await testApp.app.inject({ url }), 'unauthorized');
    }
    expectError(await get('/api/backoffice/v1/players/export.csv', marketing), 'forbidden');
  });

  test('trading reads the sportsbook tickets only', async () => {
    const tickets = await get(`/api/backoffice/v1/players/${globalId}/sport-tickets`, trading);
    expect(tickets.statusCode, tickets.body).toBe(200);
    expect(playerSportTicketsResponseSchema.parse(tickets.json())).toEqual({
      items: [],
      meta: { total: 0, limit: 30, offset: 0, totalCapped: false },
    });
    for (const url of playerRoutes(globalId)) expectError(await get(url, trading), 'forbidden');
  });

  test('an unknown player is 404 on every route; a malformed globalId is 400', async () => {
    for (const url of playerRoutes('999999999999')) {
      expectError(await get(url, admin), 'not_found');
    }
    expectError(await get('/api/backoffice/v1/players/abc', admin), 'validation_error');
  });
});

describe('the search', () => {
  test('filters by name, VIP, ban, verification, country and registration time', async () => {
    const marker = 'Zebulon';
    const anna = await fundedPlayer(testApp, 0n);
    const boris = await fundedPlayer(testApp, 0n);
    const profile = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(anna),
      payload: { firstName: 'Anna', lastName: `${marker}son` },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const annaId = await globalIdOf(anna);
    const borisId = await globalIdOf(boris);
    await sql`UPDATE users SET country = 'MT' WHERE id = ${anna.userId}`.execute(testApp.db);
    await sql`UPDATE users SET country = 'DE', created_at = '2020-01-01T00:00:00Z'
      WHERE id = ${boris.userId}`.execute(testApp.db);
    expect((await post(`/api/backoffice/v1/players/${annaId}/vip`, admin)).statusCode).toBe(200);
    const banned = await post(`/api/backoffice/v1/players/${borisId}/ban`, support, {
      reason: 'multiaccounting',
    });
    expect(banned.statusCode, banned.body).toBe(200);

    const ids = async (query: string) => {
      const response = await get(`/api/backoffice/v1/players?${query}`, readOnly);
      expect(response.statusCode, response.body).toBe(200);
      return playerListResponseSchema.parse(response.json()).items.map((item) => item.globalId);
    };
    expect(await ids(`query=${marker.toUpperCase()}`)).toEqual([annaId]);
    expect(await ids(`query=anna%20${marker}`)).toEqual([annaId]);
    expect(await ids('vip=true&country=mt')).toContain(annaId);
    expect(await ids('vip=true&country=mt')).not.toContain(borisId);
    expect(await ids('banned=true')).toEqual([borisId]);
    expect(await ids('banned=false&country=DE')).toEqual([]);
    expect(await ids('verified=true')).toEqual([]);
    expect(await ids('registeredTo=2021-01-01T00:00:00Z')).toEqual([borisId]);
    expect(await ids('registeredFrom=2021-01-01T00:00:00%2B02:00')).not.toContain(borisId);
    // days: the registration day is included whole, read in the operator's zone
    expect(await ids('registeredFrom=2020-01-01&registeredTo=2020-01-01')).toEqual([borisId]);
    expect(await ids('registeredTo=2019-12-31')).toEqual([]);
    // 2020-01-01T00:00Z is still 31 December in New York
    expect(
      await ids('registeredFrom=2019-12-31&registeredTo=2019-12-31&timeZone=America/New_York'),
    ).toEqual([borisId]);
    expect(await ids('registeredFrom=2020-01-01&timeZone=America/New_York')).not.toContain(borisId);

    const row = playerListResponseSchema
      .parse((await get(`/api/backoffice/v1/players?query=${annaId}`, admin)).json())
      .items.find((item) => item.globalId === annaId);
    expect(row).toMatchObject({
      firstName: 'Anna',
      lastName: `${marker}son`,
      country: 'MT',
      primaryCurrency: 'USD',
      balance: '0.00',
      isVip: true,
    });
    expect(row?.lastSeenAt).not.toBeNull();

    for (const bad of [
      'vip=yes',
      'country=MLT',
      'registeredFrom=yesterday',
      'registeredTo=2020-13-01',
      'timeZone=Mars/Base',
      'sort=email',
    ]) {
      expectError(await get(`/api/backoffice/v1/players?${bad}`, admin), 'validation_error');
    }
  });

  test('a player’s country is the one they registered from', async () => {
    const email = uniqueEmail('country');
    const registered = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'x-forwarded-for': '8.8.8.8' },
      payload: { email, password: 'correct horse battery' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const found = playerListResponseSchema.parse(
      (await get(`/api/backoffice/v1/players?query=${email}&country=US`, admin)).json(),
    );
    expect(found.items.map((item) => [item.email, item.country])).toEqual([[email, 'US']]);
  });

  test('sorts by main balance and by last activity, both ways', async () => {
    const rich = await fundedPlayer(testApp, 9_000_000n);
    const richId = await globalIdOf(rich);
    const page = async (query: string) =>
      playerListResponseSchema.parse(
        (await get(`/api/backoffice/v1/players?${query}&limit=100`, admin)).json(),
      ).items;
    const byBalance = await page('sort=balance');
    expect(byBalance[0]).toMatchObject({ globalId: richId, balance: '90000.00' });
    const balances = byBalance.map((item) => Number(item.balance));
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    const ascending = (await page('sort=balance&order=asc')).map((item) => Number(item.balance));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending.at(-1)).toBe(90_000);

    await sql`UPDATE sessions SET last_seen_at = now() + interval '1 hour'
      WHERE user_id = ${player.userId}`.execute(testApp.db);
    const bySeen = await page('sort=lastSeen');
    expect(bySeen[0]?.globalId).toBe(globalId);
  });

  test('the CSV holds the filtered rows, guards formulas, and is audited', async () => {
    const csvPlayer = await fundedPlayer(testApp, 1_234n);
    const csvId = await globalIdOf(csvPlayer);
    await sql`UPDATE users SET first_name = '=HYPERLINK("x")', country = 'CY'
      WHERE id = ${csvPlayer.userId}`.execute(testApp.db);
    const response = await get(
      `/api/backoffice/v1/players/export.csv?country=CY&timeZone=Europe/Malta`,
      finance,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="players-/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'global_id,email,first_name,last_name,country,currency,balance,vip,verified,ban_reason,' +
        'registered_at_utc,last_seen_at_utc,registered_at_local,last_seen_at_local',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${csvId},${csvPlayer.email},"'=HYPERLINK(""x"")",,CY,USD,12.34`);
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select(['action', 'payload'])
      .where('action', '=', 'players.export')
      .execute();
    expect(audit.at(-1)?.payload).toMatchObject({ rows: 1, filters: { country: 'CY' } });
  });

  test('an operator exports at most 30 times an hour', async () => {
    const exporter = await createOperator(testApp.app, 'read_only');
    const url = '/api/backoffice/v1/players/export.csv?country=ZZ';
    for (let index = 0; index < 30; index += 1) {
      const response = await get(url, exporter);
      expect(response.statusCode, response.body).toBe(200);
    }
    expectError(await get(url, exporter), 'rate_limited');
    // another operator's budget is their own
    expect((await get(url, finance)).statusCode).toBe(200);
  });
  // last of the search's tests: its 1,005 players stay (players are never deleted)
  test('a long result counts up to 1,000 past the page’s start; every order pages alike', async () => {
    // 1,005 players registered one a minute apart, found by a marker in their e-mail
    const marker = `capped-${Date.now()}`;
    await sql`
      INSERT INTO users (email, password_hash, created_at)
      SELECT ${marker} || '-' || lpad(g::text, 4, '0') || '@example.com', 'not-a-hash',
        now() - g * interval '1 minute'
      FROM generate_series(1, 1005) g`.execute(testApp.db);
    const search = async (query: string) => {
      const response = await get(`/api/backoffice/v1/players?query=${marker}${query}`, support);
      expect(response.statusCode, response.body).toBe(200);
      return playerListResponseSchema.parse(response.json());
    };
    const first = await search('&limit=100');
    expect(first.meta).toEqual({ offset: 0, limit: 100, total: 1000, totalCapped: true });
    expect(first.items.map((item) => item.email).slice(0, 2)).toEqual([
      `${marker}-0001@example.com`,
      `${marker}-0002@example.com`,
    ]);
    const deep = await search('&limit=100&offset=950');
    expect(deep.meta).toEqual({ offset: 950, limit: 100, total: 1005, totalCapped: false });
    expect(deep.items.map((item) => item.email)).toEqual(
      Array.from(
        { length: 55 },
        (_, index) => `${marker}-${String(951 + index).padStart(4, '0')}@example.com`,
      ),
    );
    expect(deep.items[0]).toMatchObject({ balance: '0.00', lastSeenAt: null });
    const past = await search('&limit=100&offset=2000');
    expect(past).toEqual({
      items: [],
      meta: { offset: 2000, limit: 100, total: 1005, totalCapped: false },
    });
    // by balance (all 0) and last visit (none): the same players, each once, both ways
    for (const order of ['&sort=balance&order=asc', '&sort=lastSeen&order=desc']) {
      const seen = new Set<string>();
      for (let offset = 0; offset < 1005; offset += 100) {
        const page = await search(`${order}&limit=100&offset=${offset}`);
        for (const item of page.items) seen.add(item.email);
      }
      expect(seen.size, order).toBe(1005);
    }
  });
});

describe('one player', () => {
  test('the overview: profile, balances per account, the latest sign-ins', async () => {
    const adjusted = await post(`/api/backoffice/v1/players/${globalId}/adjustments`, admin, {
      currency: 'EUR',
      amount: '7.25',
      reason: 'goodwill',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const response = await get(`/api/backoffice/v1/players/${globalId}`, support);
    expect(response.statusCode, response.body).toBe(200);
    const overview = playerOverviewSchema.parse(response.json());
    expect(overview).toMatchObject({
      globalId,
      email: player.email,
      primaryCurrency: 'USD',
      balance: '500.00',
      banReason: null,
      bannedAt: null,
      paymentRestrictions: { buyBanned: false, fiatBanned: false },
    });
    expect(overview.accounts).toEqual(
      expect.arrayContaining([
        { kind: 'main', currency: 'EUR', balance: '7.25' },
        { kind: 'main', currency: 'USD', balance: '500.00' },
      ]),
    );
    expect(overview.lastSignIns).toHaveLength(1);
    expect(overview.lastSignIns[0]).toMatchObject({ active: true, revokedAt: null });
  });

  test('postings page by keyset, newest first, and filter by kind', async () => {
    for (const amount of ['1.00', '2.00', '3.00']) {
      const response = await post(`/api/backoffice/v1/players/${globalId}/adjustments`, admin, {
        currency: 'USD',
        amount,
        reason: 'keyset',
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const all = playerPostingsResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/postings?limit=100`, finance)).json(),
    );
    expect(all.meta.nextCursor).toBeNull();
    expect(all.items.map((item) => item.kind)).toEqual([
      'manual_adjustment',
      'manual_adjustment',
      'manual_adjustment',
      'manual_adjustment',
      'deposit',
    ]);
    expect(all.items[0]).toMatchObject({ amount: '3.00', currency: 'USD', accountKind: 'main' });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/backoffice/v1/players/${globalId}/postings?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = playerPostingsResponseSchema.parse((await get(url, finance)).json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.meta.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all.items.map((item) => item.id));

    const deposits = playerPostingsResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/postings?kind=deposit`, finance)).json(),
    );
    expect(deposits.items).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: '500.00' }),
    ]);
    const euro = playerPostingsResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/postings?currency=EUR`, finance)).json(),
    );
    expect(euro.items.map((item) => item.amount)).toEqual(['7.25']);
    expectError(
      await get(`/api/backoffice/v1/players/${globalId}/postings?cursor=abc`, finance),
      'validation_error',
    );
  });

  test('rounds page by keyset over equal instants without losing or repeating one', async () => {
    const gameId = await playableOriginal(testApp, 'limbo');
    const played = await playRound(
      testApp,
      player,
      gameId,
      { bet: '1.00', params: { target: 1_000_000 } },
      'players-360-round',
    );
    expect(played.statusCode, played.body).toBe(200);
    // five more rounds, all at the played one's instant (ties broken by id)
    await sql`
      INSERT INTO game_rounds (user_id, game_id, seed_id, nonce, client_seed, currency, bet_minor,
        payout_minor, multiplier, rtp, params, outcome, state, created_at, settled_at)
      SELECT r.user_id, r.game_id, r.seed_id, r.nonce + g, r.client_seed, r.currency, r.bet_minor,
        r.payout_minor, r.multiplier, r.rtp, r.params, r.outcome, r.state, r.created_at,
        r.settled_at
      FROM game_rounds r, generate_series(1, 5) g
      WHERE r.user_id = ${player.userId} AND r.nonce = 0`.execute(testApp.db);
    const all = playerRoundsResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/rounds?limit=100`, readOnly)).json(),
    );
    expect(all.items).toHaveLength(6);
    expect(all.items[0]).toMatchObject({ gameId, currency: 'USD', bet: '1.00', freespin: false });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/backoffice/v1/players/${globalId}/rounds?limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page = playerRoundsResponseSchema.parse((await get(url, readOnly)).json());
      seen.push(...page.items.map((item) => item.id));
      cursor = page.meta.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all.items.map((item) => item.id));
    expectError(
      await get(`/api/backoffice/v1/players/${globalId}/rounds?cursor=12345`, readOnly),
      'validation_error',
    );
  });

  test('orders of every rail, bonuses (none yet)', async () => {
    const buy = await post('/api/v2/wallet/orders/buy', player, {
      amount: '25',
      bankId: 'visa-mastercard-usd',
    });
    expect(buy.statusCode, buy.body).toBe(200);
    const orderId = fiatOrderSchema.parse(buy.json()).id;
    const orders = playerOrdersResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/orders`, finance)).json(),
    );
    expect(orders.meta.total).toBe(1);
    expect(orders.items[0]).toMatchObject({
      id: orderId,
      rail: 'fiat',
      type: 'deposit',
      currency: 'USD',
      amount: '25.00',
    });
    const withdrawals = playerOrdersResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/orders?type=withdrawal`, finance)).json(),
    );
    expect(withdrawals).toEqual({
      items: [],
      meta: { total: 0, limit: 30, offset: 0, totalCapped: false },
    });
    const later = playerOrdersResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/orders?offset=5`, finance)).json(),
    );
    expect(later.meta.total).toBe(1);
    expect(
      playerBonusesResponseSchema.parse(
        (await get(`/api/backoffice/v1/players/${globalId}/bonuses`, finance)).json(),
      ),
    ).toEqual({ items: [], meta: { total: 0, limit: 30, offset: 0, totalCapped: false } });
  });

  test("a withdrawal's balance effect: what it holds or paid, none once its money went back", async () => {
    const payer = await fundedPlayer(testApp, 500n);
    const payerId = await globalIdOf(payer);
    // the pending one's money held as a real withdrawal holds it
    const { holdId } = await testApp.app.services.ledger.createHold(testApp.db, {
      userId: payer.userId,
      currency: 'USD',
      amountMinor: 400n,
      reference: `players-360-effect-${payerId}`,
    });
    await sql`
      INSERT INTO fiat_orders (user_id, type, status, method_id, currency, amount_minor,
        hold_id, expires_at, created_at, updated_at)
      SELECT ${payer.userId}, 'sell', status, 'visa-mastercard-usd', 'USD', amount,
        CASE status WHEN 'pending' THEN ${holdId} END, now(),
        now() - minutes * interval '1 minute', now()
      FROM (VALUES ('completed', 100, 1), ('declined', 200, 2), ('refund', 300, 3),
        ('pending', 400, 4), ('timeouted', 500, 5)) v(status, amount, minutes)`.execute(testApp.db);
    const response = await get(`/api/backoffice/v1/players/${payerId}/orders`, finance);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      playerOrdersResponseSchema
        .parse(response.json())
        .items.map((item) => [item.type, item.status, item.credited, item.creditedCurrency]),
    ).toEqual([
      ['withdrawal', 'completed', '1.00', 'USD'],
      ['withdrawal', 'declined', null, null],
      ['withdrawal', 'refund', null, null],
      ['withdrawal', 'pending', '4.00', 'USD'],
      ['withdrawal', 'timeouted', null, null],
    ]);
  });

  test('a long order history: rails merge newest first, the total counts up to 1,000 ahead', async () => {
    const long = await fundedPlayer(testApp, 500n);
    const longId = await globalIdOf(long);
    // the withdrawal's money held as a real withdrawal holds it
    const { holdId } = await testApp.app.services.ledger.createHold(testApp.db, {
      userId: long.userId,
      currency: 'USD',
      amountMinor: 500n,
      reference: `players-360-long-${longId}`,
    });
    // 1,040 fiat orders a minute apart; a crypto deposit and withdrawal between the newest ones
    await sql`
      INSERT INTO fiat_orders (user_id, type, status, method_id, currency, amount_minor,
        expires_at, created_at, updated_at)
      SELECT ${long.userId}, 'buy', 'declined', 'visa-mastercard-usd', 'USD', 1000 + g,
        now() - g * interval '1 minute', now() - g * interval '1 minute', now()
      FROM generate_series(1, 1040) g`.execute(testApp.db);
    await sql`
      INSERT INTO crypto_deposits (method_code, network, tx_hash, user_id, address, amount_minor,
        confirmations, required_confirmations, status, created_at)
      VALUES ('USDTTRC20', 'tron', ${`tx-${longId}-deposit`}, ${long.userId}, 'T-address', 1250,
        1, 20, 'confirming', now() - interval '90 seconds')`.execute(testApp.db);
    await sql`
      INSERT INTO crypto_withdrawals (user_id, method_code, network, address, amount_minor, rate,
        held_minor, held_currency, status, hold_id, created_at)
      VALUES (${long.userId}, 'USDTTRC20', 'tron', 'T-address', 500, 1, 500, 'USD', 'pending',
        ${holdId}, now() - interval '150 seconds')`.execute(testApp.db);
    const orders = async (query: string) => {
      const response = await get(`/api/backoffice/v1/players/${longId}/orders${query}`, finance);
      expect(response.statusCode, response.body).toBe(200);
      return playerOrdersResponseSchema.parse(response.json());
    };

    const first = await orders('?limit=5');
    expect(first.meta).toEqual({ offset: 0, limit: 5, total: 1000, totalCapped: true });
    expect(first.items.map((item) => [item.rail, item.type, item.amount])).toEqual([
      ['fiat', 'deposit', '10.01'],
      ['crypto', 'deposit', '12.50'],
      ['fiat', 'deposit', '10.02'],
      ['crypto', 'withdrawal', '5.00'],
      ['fiat', 'deposit', '10.03'],
    ]);
    expect(first.items[1]).toMatchObject({
      method: 'USDTTRC20 · tron',
      currency: 'USDT',
      status: 'confirming',
      credited: null,
    });
    expect(first.items[3]).toMatchObject({
      currency: 'USDT',
      status: 'pending',
      credited: '5.00',
      creditedCurrency: 'USD',
    });
    const deep = await orders('?limit=30&offset=1000');
    expect(deep.meta).toEqual({ offset: 1000, limit: 30, total: 1042, totalCapped: false });
    expect(deep.items.map((item) => item.amount).at(-1)).toBe('20.28');
    expect((await orders('?limit=30&offset=1040')).items.map((item) => item.amount)).toEqual([
      '20.39',
      '20.40',
    ]);
    expect(await orders('?offset=5000')).toEqual({
      items: [],
      meta: { offset: 5000, limit: 30, total: 1042, totalCapped: false },
    });
    // every page of 100 in turn: each order once, newest first
    const walked: string[] = [];
    for (let offset = 0; offset < 1042; offset += 100) {
      walked.push(
        ...(await orders(`?limit=100&offset=${offset}`)).items.map((item) => item.createdAt),
      );
    }
    expect(walked).toHaveLength(1042);
    expect([...walked].sort().reverse()).toEqual(walked);
    // the filters, on each branch of the merge
    const crypto = await orders('?rail=crypto');
    expect(crypto.items.map((item) => item.type)).toEqual(['deposit', 'withdrawal']);
    expect(crypto.meta.total).toBe(2);
    expect((await orders('?type=withdrawal')).items.map((item) => item.rail)).toEqual(['crypto']);
    expect((await orders('?rail=fiat&type=withdrawal')).meta.total).toBe(0);
    const fiatDeposits = await orders('?rail=fiat&type=deposit&limit=1&offset=1039');
    expect(fiatDeposits.meta).toEqual({ offset: 1039, limit: 1, total: 1040, totalCapped: false });
    expect(fiatDeposits.items.map((item) => item.amount)).toEqual(['20.40']);
  });

  test('an operator ends one sign-in session: that app is signed out, the others stay', async () => {
    const other = await loginPlayer(testApp.app, player.email, player.password);
    const sessions = playerSessionsResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/sessions`, support)).json(),
    );
    expect(sessions.meta.total).toBe(2);
    const newest = sessions.items[0];
    if (!newest) throw new Error('no session listed');
    const url = `/api/backoffice/v1/players/${globalId}/sessions/${newest.id}`;
    expectError(
      await testApp.app.inject({ method: 'DELETE', url, headers: bearer(readOnly) }),
      'forbidden',
    );
    expectError(
      await testApp.app.inject({ method: 'DELETE', url, headers: bearer(finance) }),
      'forbidden',
    );
    const revoked = await testApp.app.inject({ method: 'DELETE', url, headers: bearer(support) });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expectError(await get('/api/v1/me', other), 'unauthorized');
    expect((await get('/api/v1/me', player)).statusCode).toBe(200);
    expectError(
      await testApp.app.inject({ method: 'DELETE', url, headers: bearer(support) }),
      'not_found',
    );
    // another player's session is not this player's
    const stranger = await fundedPlayer(testApp, 0n);
    const strangerSession = await testApp.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', stranger.userId)
      .executeTakeFirstOrThrow();
    expectError(
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/backoffice/v1/players/${globalId}/sessions/${strangerSession.id}`,
        headers: bearer(admin),
      }),
      'not_found',
    );
    const after = playerSessionsResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/sessions`, support)).json(),
    );
    expect(after.items.find((item) => item.id === newest.id)).toMatchObject({ active: false });

    const audit = playerAuditResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${globalId}/audit`, readOnly)).json(),
    );
    expect(audit.items[0]).toMatchObject({
      action: 'player.session.revoke',
      operatorEmail: expect.stringContaining('support-'),
      payload: { sessionId: newest.id },
    });
    expect(audit.items.map((item) => item.action)).toContain('player.adjustment.request');
  });

  test('the audit lists only what was done to this player, newest first, paginated', async () => {
    const fresh = await fundedPlayer(testApp, 0n);
    const freshId = await globalIdOf(fresh);
    await post(`/api/backoffice/v1/players/${freshId}/verification`, support);
    await testApp.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/v1/players/${freshId}/verification`,
      headers: bearer(admin),
    });
    const page = playerAuditResponseSchema.parse(
      (await get(`/api/backoffice/v1/players/${freshId}/audit?limit=1`, finance)).json(),
    );
    expect(page.meta).toEqual({ total: 2, limit: 1, offset: 0, totalCapped: false });
    expect(page.items.map((item) => item.action)).toEqual(['player.verification.revoke']);
  });
});
