import { randomUUID } from 'node:crypto';
import {
  type LimitHistoryEntry,
  limitCoolingOffSchema,
  limitHistoryPageSchema,
  type OperatorPlayerLimits,
  operatorPlayerLimitsSchema,
  type PlayerLimits,
  playerLimitsSchema,
  type RgFlagPage,
  rgFlagPageSchema,
  rgFlagSchema,
} from '@casino/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  loginPlayer,
  manualClock,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld } from './support/bonuses.ts';
import { playableOriginal } from './support/originals.ts';

/**
 * The operators' responsible-gambling tools (issue 22) on a real PostgreSQL: a player's limits
 * with who set them, their history (keyset pages), limits an operator imposes or raises (the
 * cooling-off applies, audited with the reason), the flags (limit reached, many limit increases
 * exactly at the threshold) and their resolution, the CSV export (quoting, formula guard, the
 * operator's time zone), the jurisdiction's cooling-off setting, and every route's roles.
 */
const clock = manualClock(new Date());
const hourMs = 3_600_000;

let testApp: TestApp;
let admin: SignedIn;
let support: SignedIn;
let finance: SignedIn;
let adminId: string;
let supportEmail: string;
let world: BonusWorld;
const credentials: Record<'support' | 'finance', { email: string; password: string }> = {
  support: { email: uniqueEmail('support'), password: 'support-password-2026' },
  finance: { email: uniqueEmail('finance'), password: 'finance-password-2026' },
};

/** Operators sign in again: tests move the clock past a session's lifetime. */
async function signInOperators() {
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  support = await loginOperator(testApp.app, credentials.support);
  finance = await loginOperator(testApp.app, credentials.finance);
  world = new BonusWorld(testApp, admin);
}

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { sandboxAutoApproveSeconds: 0 } });
  await testApp.app.services.operators.ensureOperator({
    ...credentials.support,
    roles: ['support'],
  });
  await testApp.app.services.operators.ensureOperator({
    ...credentials.finance,
    roles: ['finance'],
  });
  supportEmail = credentials.support.email;
  await signInOperators();
  const row = await testApp.db
    .selectFrom('operators')
    .select('id')
    .where('email', '=', testApp.config.operatorEmail)
    .executeTakeFirstOrThrow();
  adminId = row.id;
});
beforeEach(signInOperators);
afterAll(async () => {
  await testApp?.close();
});

interface Player extends RegisteredPlayer {
  userId: string;
  globalId: string;
}

async function newPlayer(): Promise<Player> {
  const player = await registerPlayer(testApp.app);
  const row = await testApp.db
    .selectFrom('users')
    .select(['id', 'global_id'])
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return { ...player, userId: row.id, globalId: row.global_id.toString() };
}

const base = (player: { globalId: string }) => `/api/backoffice/v1/players/${player.globalId}`;

function get(operator: SignedIn | null, url: string) {
  return testApp.app.inject({ url, headers: operator ? bearer(operator) : {} });
}

function operatorPut(operator: SignedIn, player: Player, limit: string, body: unknown) {
  return testApp.app.inject({
    method: 'PUT',
    url: `${base(player)}/limits/${limit}`,
    headers: bearer(operator),
    payload: body as Record<string, unknown>,
  });
}

async function operatorSets(
  operator: SignedIn,
  player: Player,
  limit: string,
  amount: string | null,
  reason = 'affordability check',
): Promise<OperatorPlayerLimits> {
  const response = await operatorPut(operator, player, limit, { amount, reason });
  expect(response.statusCode, response.body).toBe(200);
  return operatorPlayerLimitsSchema.parse(response.json());
}

async function operatorLimits(player: Player): Promise<OperatorPlayerLimits> {
  const response = await get(finance, `${base(player)}/limits`);
  expect(response.statusCode, response.body).toBe(200);
  return operatorPlayerLimitsSchema.parse(response.json());
}

async function playerSets(player: Player, limit: string, amount: string | null) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: `/api/v1/me/limits/${limit}`,
    headers: bearer(player),
    payload: { amount },
  });
  expect(response.statusCode, response.body).toBe(200);
  return playerLimitsSchema.parse(response.json());
}

async function playerLimits(player: Player): Promise<PlayerLimits> {
  const response = await testApp.app.inject({ url: '/api/v1/me/limits', headers: bearer(player) });
  expect(response.statusCode, response.body).toBe(200);
  return playerLimitsSchema.parse(response.json());
}

async function fullHistory(player: Player, pageSize = 100): Promise<LimitHistoryEntry[]> {
  const entries: LimitHistoryEntry[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await get(support, `${base(player)}/limits/history?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = limitHistoryPageSchema.parse(response.json());
    entries.push(...page.items);
    cursor = page.meta.nextCursor;
  } while (cursor !== null);
  return entries;
}

async function flags(url: string, operator = finance): Promise<RgFlagPage> {
  const response = await get(operator, url);
  expect(response.statusCode, response.body).toBe(200);
  return rgFlagPageSchema.parse(response.json());
}

function resolve(operator: SignedIn, flagId: string, note: string, player?: Player) {
  return testApp.app.inject({
    method: 'POST',
    url: `${player ? base(player) : '/api/backoffice/v1'}/rg/flags/${flagId}/resolve`,
    headers: bearer(operator),
    payload: { note },
  });
}

async function auditRows(action: string, targetId: string) {
  return await testApp.db
    .selectFrom('operator_audit_log')
    .select(['operator_id', 'payload', 'target_type'])
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

function setCoolingOff(operator: SignedIn, hours: number | null) {
  return testApp.app.inject({
    method: 'PUT',
    url: '/api/backoffice/v1/settings/limit-cooling-off',
    headers: bearer(operator),
    payload: { hours },
  });
}

const operatorActor = () => ({ kind: 'operator', id: adminId, name: testApp.config.operatorEmail });
const playerActor = { kind: 'player', id: null, name: null };

describe('roles and bad input', () => {
  test('admin, support and finance read; finance changes nothing; strangers are refused', async () => {
    const player = await newPlayer();
    const reads = [
      `${base(player)}/limits`,
      `${base(player)}/limits/history`,
      `${base(player)}/rg/flags`,
      '/api/backoffice/v1/rg/flags',
      `${base(player)}/rg/export.csv`,
    ];
    for (const url of reads) {
      for (const operator of [admin, support, finance]) {
        expect((await get(operator, url)).statusCode, url).toBe(200);
      }
      expectError(await get(null, url), 'unauthorized');
      // a player's token is no operator's
      expectError(await get(player, url), 'unauthorized');
    }
    expectError(
      await operatorPut(finance, player, 'deposit/day', { amount: '10', reason: 'check' }),
      'forbidden',
    );
    expectError(await resolve(finance, '1', 'done'), 'forbidden');
    expectError(await resolve(finance, '1', 'done', player), 'forbidden');
    // the jurisdiction's cooling-off: admin only
    for (const operator of [support, finance]) {
      expectError(
        await get(operator, '/api/backoffice/v1/settings/limit-cooling-off'),
        'forbidden',
      );
      expectError(await setCoolingOff(operator, 48), 'forbidden');
    }
    expect(await auditRows('player.limit.set', player.globalId)).toEqual([]);
  });

  test('an unknown player or flag is 404; bad amounts, reasons, cursors and zones are 400', async () => {
    const player = await newPlayer();
    const nobody = { globalId: '999999999999' };
    expectError(await get(admin, `${base(nobody)}/limits`), 'not_found');
    expectError(await get(admin, `${base(nobody)}/limits/history`), 'not_found');
    expectError(await get(admin, `${base(nobody)}/rg/flags`), 'not_found');
    expectError(await get(admin, `${base(nobody)}/rg/export.csv`), 'not_found');
    expectError(await resolve(admin, '999999999', 'done'), 'not_found');
    for (const body of [
      { amount: '10', reason: '' },
      { amount: '10' },
      { amount: '-5', reason: 'affordability' },
      { amount: '10.001', reason: 'affordability' },
      { amount: '0', reason: 'affordability' },
    ]) {
      expectError(await operatorPut(admin, player, 'deposit/day', body), 'validation_error');
    }
    expectError(
      await operatorPut(admin, player, 'session/day', { amount: '1441', reason: 'too long' }),
      'validation_error',
    );
    expectError(await operatorPut(admin, player, 'bogus/day', {}), 'validation_error');
    expectError(
      await get(admin, `${base(player)}/limits/history?cursor=bm90LWEtY3Vyc29y`),
      'validation_error',
    );
    expectError(await get(admin, '/api/backoffice/v1/rg/flags?status=maybe'), 'validation_error');
    expectError(await get(admin, '/api/backoffice/v1/rg/flags?kind=whatever'), 'validation_error');
    expectError(
      await get(admin, `${base(player)}/rg/export.csv?timeZone=Mars/Olympus`),
      'validation_error',
    );
    expect(await auditRows('player.limit.set', player.globalId)).toEqual([]);
  });
});

describe('operator-set limits', () => {
  test('an operator imposes and lowers at once; a raise waits the cooling-off; all audited', async () => {
    const player = await newPlayer();
    const imposedAt = clock.now();
    const imposed = await operatorSets(admin, player, 'deposit/day', '100', 'affordability check');
    expect(imposed).toEqual([
      expect.objectContaining({
        type: 'deposit',
        period: 'day',
        currency: 'USD',
        amount: '100.00',
        setBy: operatorActor(),
        pending: null,
      }),
    ]);
    // the player sees it as any limit
    expect(await playerLimits(player)).toEqual([
      expect.objectContaining({ type: 'deposit', amount: '100.00', pending: null }),
    ]);
    const lowered = await operatorSets(support, player, 'deposit/day', '50', 'lowered by phone');
    expect(lowered[0]).toMatchObject({
      amount: '50.00',
      setBy: { kind: 'operator', name: supportEmail },
    });
    clock.advance(hourMs);
    const raisedAt = clock.now();
    const raised = await operatorSets(admin, player, 'deposit/day', '80', 'documents checked');
    expect(raised[0]).toMatchObject({
      amount: '50.00',
      setBy: { kind: 'operator', name: supportEmail },
      pending: {
        amount: '80.00',
        effectiveAt: new Date(raisedAt.getTime() + 24 * hourMs).toISOString(),
        requestedBy: operatorActor(),
      },
    });
    // the same request again changes nothing (the pending change keeps its time)
    await operatorSets(admin, player, 'deposit/day', '80', 'documents checked');
    clock.advance(24 * hourMs);
    await signInOperators();
    expect((await operatorLimits(player))[0]).toMatchObject({
      amount: '80.00',
      setBy: operatorActor(),
      pending: null,
    });
    // the player's own lower limit is theirs
    await playerSets(player, 'deposit/day', '70');
    expect((await operatorLimits(player))[0]).toMatchObject({ setBy: playerActor });

    const history = await fullHistory(player);
    expect(
      history.map((entry) => [entry.event, entry.from, entry.to, entry.actor.kind, entry.reason]),
    ).toEqual([
      ['decreased', '80.00', '70.00', 'player', null],
      ['increase_applied', '50.00', '80.00', 'system', null],
      ['increase_requested', '50.00', '80.00', 'operator', 'documents checked'],
      ['decreased', '100.00', '50.00', 'operator', 'lowered by phone'],
      ['set', null, '100.00', 'operator', 'affordability check'],
    ]);
    expect(history.at(-1)).toMatchObject({
      type: 'deposit',
      period: 'day',
      currency: 'USD',
      at: imposedAt.toISOString(),
      effectiveAt: imposedAt.toISOString(),
      actor: operatorActor(),
    });

    const audit = await auditRows('player.limit.set', player.globalId);
    expect(audit.map((row) => [row.operator_id, row.target_type, row.payload])).toEqual([
      [
        adminId,
        'player',
        expect.objectContaining({ amount: '100', reason: 'affordability check', kind: 'applied' }),
      ],
      [
        expect.any(String),
        'player',
        expect.objectContaining({ amount: '50', reason: 'lowered by phone', kind: 'applied' }),
      ],
      [
        adminId,
        'player',
        expect.objectContaining({ amount: '80', reason: 'documents checked', kind: 'pending' }),
      ],
      [adminId, 'player', expect.objectContaining({ kind: 'unchanged' })],
    ]);
  });

  test('an operator’s removal waits the cooling-off; session limits are whole minutes', async () => {
    const player = await newPlayer();
    await playerSets(player, 'wager/week', '500');
    const removal = await operatorSets(admin, player, 'wager/week', null, 'asked by the player');
    expect(removal[0]).toMatchObject({
      amount: '500.00',
      setBy: playerActor,
      pending: { amount: null, requestedBy: operatorActor() },
    });
    const session = await operatorSets(admin, player, 'session/day', '90', 'time spent');
    expect(session.find((limit) => limit.type === 'session')).toMatchObject({
      currency: null,
      amount: '90',
      setBy: operatorActor(),
    });
    clock.advance(24 * hourMs + 1);
    await signInOperators();
    expect((await operatorLimits(player)).map((limit) => limit.type)).toEqual(['session']);
    const history = await fullHistory(player);
    expect(history.map((entry) => [entry.type, entry.event, entry.actor.kind])).toEqual([
      ['wager', 'removed', 'system'],
      ['session', 'set', 'operator'],
      ['wager', 'removal_requested', 'operator'],
      ['wager', 'set', 'player'],
    ]);
    expect(history[1]).toMatchObject({ currency: null, to: '90' });
  });

  test('the history pages by cursor without gaps or repeats', async () => {
    const player = await newPlayer();
    for (const amount of ['900', '800', '700', '600', '500', '400', '300']) {
      await playerSets(player, 'loss/month', amount);
    }
    const all = await fullHistory(player);
    expect(all).toHaveLength(7);
    const paged = await fullHistory(player, 2);
    expect(paged.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
    const first = limitHistoryPageSchema.parse(
      (await get(admin, `${base(player)}/limits/history?limit=3`)).json(),
    );
    expect(first.meta).toMatchObject({ offset: 0, limit: 3, total: 7, totalCapped: false });
    expect(first.items.map((entry) => entry.to)).toEqual(['300.00', '400.00', '500.00']);
  });
});

describe('flags', () => {
  test('many limit increases: raised at the third request within 30 days, once, then resolved', async () => {
    const player = await newPlayer();
    const playerFlags = `${base(player)}/rg/flags?kind=many_limit_increases`;
    await playerSets(player, 'wager/day', '10');
    await playerSets(player, 'wager/day', '20');
    await playerSets(player, 'deposit/week', '100');
    await playerSets(player, 'deposit/week', null);
    // two requests: nothing yet; an operator's raise does not count as the player's
    await operatorSets(admin, player, 'wager/day', '25', 'not the player');
    expect((await flags(playerFlags)).items).toEqual([]);
    await playerSets(player, 'wager/day', '30');
    const raised = await flags(playerFlags);
    expect(raised.items).toEqual([
      expect.objectContaining({
        kind: 'many_limit_increases',
        player: { globalId: player.globalId, email: player.email },
        details: { count: 3, windowDays: 30 },
        status: 'open',
        resolution: null,
      }),
    ]);
    // a fourth keeps the one open flag
    await playerSets(player, 'wager/day', '40');
    expect((await flags(playerFlags)).items).toHaveLength(1);
    const flagId = raised.items[0]?.id as string;
    const everyone = await flags('/api/backoffice/v1/rg/flags?kind=many_limit_increases&limit=100');
    expect(everyone.items.map((flag) => flag.id)).toContain(flagId);

    // resolved through the player's route by support, with a note
    const other = await newPlayer();
    expectError(await resolve(support, flagId, 'wrong player', other), 'not_found');
    const resolved = await resolve(support, flagId, 'Called the player; <b>fine</b>', player);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(rgFlagSchema.parse(resolved.json())).toMatchObject({
      id: flagId,
      status: 'resolved',
      resolution: {
        by: { kind: 'operator', name: supportEmail },
        note: 'Called the player; <b>fine</b>',
      },
    });
    expectError(await resolve(admin, flagId, 'again'), 'rg_flag_already_resolved');
    expect((await flags(playerFlags)).items).toEqual([]);
    expect((await flags(`${playerFlags}&status=resolved`)).items.map((flag) => flag.id)).toEqual([
      flagId,
    ]);
    expect(await auditRows('player.rg_flag.resolve', player.globalId)).toEqual([
      expect.objectContaining({
        payload: {
          flagId,
          kind: 'many_limit_increases',
          note: 'Called the player; <b>fine</b>',
        },
      }),
    ]);
    // the rule still holds (4 requests in 30 days): the next request raises a new flag
    await playerSets(player, 'wager/day', '50');
    expect((await flags(playerFlags)).items).toHaveLength(1);
    // requests older than 30 days are out of the window: the flag waits for three within it
    const fresh = await newPlayer();
    const freshFlags = `${base(fresh)}/rg/flags`;
    await playerSets(fresh, 'wager/day', '10');
    await playerSets(fresh, 'wager/day', '20');
    await playerSets(fresh, 'wager/day', '30');
    clock.advance(30 * 24 * hourMs);
    const again = { ...fresh, ...(await loginPlayer(testApp.app, fresh.email, fresh.password)) };
    await signInOperators();
    await playerSets(again, 'wager/day', '40');
    await playerSets(again, 'wager/day', '50');
    expect((await flags(freshFlags)).items).toEqual([]);
    await playerSets(again, 'wager/day', '60');
    expect((await flags(freshFlags)).items).toEqual([
      expect.objectContaining({
        kind: 'many_limit_increases',
        details: { count: 3, windowDays: 30 },
      }),
    ]);
  });

  test('three simultaneous increase requests still raise the flag, once', async () => {
    const player = await newPlayer();
    const limits = ['wager/day', 'loss/day', 'deposit/day'];
    for (const limit of limits) await playerSets(player, limit, '10');
    await Promise.all(limits.map((limit) => playerSets(player, limit, '20')));
    expect((await flags(`${base(player)}/rg/flags`)).items).toEqual([
      expect.objectContaining({
        kind: 'many_limit_increases',
        details: { count: 3, windowDays: 30 },
      }),
    ]);
  });

  test('a deposit that uses a limit up raises limit_reached once per limit', async () => {
    const player = await newPlayer();
    await playerSets(player, 'deposit/day', '100');
    const deposit = async (amount: string) => {
      const order = await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/wallet/orders/buy',
        headers: { ...bearer(player), 'idempotency-key': randomUUID() },
        payload: { amount, bankId: 'wise-usd', externalFields: { email: 'payer@example.com' } },
      });
      expect(order.statusCode, order.body).toBe(200);
      const approved = await world.approve((order.json() as { id: string }).id);
      expect(approved.statusCode, approved.body).toBe(200);
    };
    await deposit('60');
    const playerFlags = `${base(player)}/rg/flags`;
    expect((await flags(playerFlags)).items).toEqual([]);
    await deposit('40');
    const reached = await flags(playerFlags);
    expect(reached.items).toEqual([
      expect.objectContaining({
        kind: 'limit_reached',
        details: {
          type: 'deposit',
          period: 'day',
          amount: '100.00',
          currency: 'USD',
          used: '100.00',
        },
      }),
    ]);
    const all = await flags('/api/backoffice/v1/rg/flags?kind=limit_reached', support);
    expect(all.items.map((flag) => flag.id)).toContain(reached.items[0]?.id);
  });

  test('a stake that uses a wager limit up raises limit_reached; a refused one adds nothing', async () => {
    const diceId = await playableOriginal(testApp, 'dice');
    const player = await newPlayer();
    await testApp.app.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `rg-bo-fund:${randomUUID()}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -10_000n },
        { account: playerAccount(player.userId, 'USD', 'main'), amountMinor: 10_000n },
      ],
    });
    await playerSets(player, 'wager/day', '10');
    const dice = (bet: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/v2/games/${diceId}/rounds`,
        headers: { ...bearer(player), 'idempotency-key': randomUUID() },
        payload: { bet, params: { target: 50.5, direction: 'over' } },
      });
    expect((await dice('4')).statusCode).toBe(200);
    const playerFlags = `${base(player)}/rg/flags?kind=limit_reached`;
    expect((await flags(playerFlags)).items).toEqual([]);
    expect((await dice('6')).statusCode).toBe(200);
    const reached = await flags(playerFlags);
    expect(reached.items).toEqual([
      expect.objectContaining({
        details: { type: 'wager', period: 'day', amount: '10.00', currency: 'USD', used: '10.00' },
      }),
    ]);
    expectError(await dice('1'), 'responsible_gambling_limit');
    expect((await flags(playerFlags)).items).toEqual(reached.items);
  });
});

describe('the CSV export', () => {
  test('RFC 4180 quoting, the formula guard, UTC and the operator’s time zone', async () => {
    const player = await newPlayer();
    await playerSets(player, 'deposit/month', '1000');
    const reason = '=HYPERLINK("http://evil.example","click"), then\nmore';
    await operatorSets(admin, player, 'deposit/month', '500', reason);
    await operatorSets(admin, player, 'loss/day', '20', '@SUM(A1) and -1');
    const response = await get(support, `${base(player)}/rg/export.csv?timeZone=Europe/Malta`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="responsible-gambling-${player.globalId}.csv"`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'record,at_utc,at_local,event,limit_type,limit_period,currency,from,to,effective_at_utc,' +
        'effective_at_local,exclusion_kind,exclusion_until_utc,exclusion_until_local,actor,' +
        'actor_operator_id,actor_operator_email,reason',
    );
    expect(response.body.endsWith('\r\n')).toBe(true);
    const history = await fullHistory(player);
    const [set, lowered] = [...history].reverse();
    expect(set?.event).toBe('set');
    const at = new Date(set?.at as string);
    const malta = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Malta',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    expect(lines[1]).toMatch(
      new RegExp(
        `^limit,${set?.at},\\d{4}-\\d{2}-\\d{2} ${malta} GMT\\+0[12]:00,set,deposit,month,USD,,1000\\.00,`,
      ),
    );
    expect(lines[1]?.endsWith(',player,,,')).toBe(true);
    // the reason: guarded (') and quoted (a comma, quotes and a line break inside)
    expect(response.body).toContain(
      `,operator,${adminId},${testApp.config.operatorEmail},"'=HYPERLINK(""http://evil.example"",""click""), then\nmore"\r\n`,
    );
    expect(response.body).toContain(`,'@SUM(A1) and -1\r\n`);
    expect(lowered?.event).toBe('decreased');
    // without a zone: UTC only
    const utc = await get(finance, `${base(player)}/rg/export.csv`);
    expect(utc.body.split('\r\n')[0]).toBe(
      'record,at_utc,event,limit_type,limit_period,currency,from,to,effective_at_utc,' +
        'exclusion_kind,exclusion_until_utc,actor,actor_operator_id,actor_operator_email,reason',
    );
    // three records and the header; the reason's line break is inside its quoted cell
    expect(utc.body.split('\r\n').filter((line) => line !== '')).toHaveLength(4);
    expect(await auditRows('player.rg_export', player.globalId)).toEqual([
      expect.objectContaining({
        payload: { limitRows: 3, exclusionRows: 0, timeZone: 'Europe/Malta' },
      }),
      expect.objectContaining({ payload: { limitRows: 3, exclusionRows: 0, timeZone: null } }),
    ]);
  });
});

describe('the jurisdiction’s cooling-off', () => {
  test('an admin lengthens it (audited): a raise asked afterwards waits the new one', async () => {
    const view = await get(admin, '/api/backoffice/v1/settings/limit-cooling-off');
    expect(limitCoolingOffSchema.parse(view.json())).toEqual({
      hours: null,
      floorHours: 24,
      effectiveHours: 24,
    });
    expectError(await setCoolingOff(admin, 12), 'validation_error');
    expectError(await setCoolingOff(admin, 24 * 91), 'validation_error');
    const player = await newPlayer();
    await playerSets(player, 'deposit/day', '100');
    // a raise asked before the change keeps its 24 hours
    await playerSets(player, 'deposit/week', '100');
    await playerSets(player, 'deposit/week', '200');
    const set = await setCoolingOff(admin, 72);
    expect(set.statusCode, set.body).toBe(200);
    expect(limitCoolingOffSchema.parse(set.json())).toEqual({
      hours: 72,
      floorHours: 24,
      effectiveHours: 72,
    });
    try {
      const askedAt = clock.now();
      const asked = await playerSets(player, 'deposit/day', '150');
      expect(asked.find((limit) => limit.period === 'day')?.pending?.effectiveAt).toBe(
        new Date(askedAt.getTime() + 72 * hourMs).toISOString(),
      );
      // an operator's raise waits the same
      const byOperator = await operatorSets(admin, player, 'loss/day', '10', 'imposed');
      expect(byOperator.find((limit) => limit.type === 'loss')?.pending).toBeNull();
      const raised = await operatorSets(admin, player, 'loss/day', '20', 'raised');
      expect(raised.find((limit) => limit.type === 'loss')?.pending?.effectiveAt).toBe(
        new Date(clock.now().getTime() + 72 * hourMs).toISOString(),
      );
      clock.advance(24 * hourMs);
      let limits = await playerLimits(player);
      expect(limits.find((limit) => limit.period === 'week')).toMatchObject({
        amount: '200.00',
        pending: null,
      });
      expect(limits.find((limit) => limit.period === 'day')).toMatchObject({
        amount: '100.00',
        pending: { amount: '150.00' },
      });
      clock.advance(48 * hourMs);
      limits = await playerLimits(player);
      expect(limits.find((limit) => limit.period === 'day')).toMatchObject({
        amount: '150.00',
        pending: null,
      });
      await signInOperators();
      expect(
        await auditRows('settings.limit_cooling_off.update', 'limits.cooling_off_hours'),
      ).toEqual([
        expect.objectContaining({ operator_id: adminId, payload: { previous: null, hours: 72 } }),
      ]);
    } finally {
      await signInOperators();
      const reset = await setCoolingOff(admin, null);
      expect(reset.statusCode, reset.body).toBe(200);
    }
    expect(
      limitCoolingOffSchema.parse(
        (await get(admin, '/api/backoffice/v1/settings/limit-cooling-off')).json(),
      ).effectiveHours,
    ).toBe(24);
  });
});
