import { backofficePromoCodeSchema, promoInfoCookie, promoInfoSchema } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld } from './support/bonuses.ts';
import { globalIdOf } from './support/realtime.ts';

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
const hourMs = 60 * 60 * 1000;
const germanIp = '85.214.132.117';
const americanIp = '8.8.8.8';

let testApp: TestApp;
let admin: SignedIn;
let keyCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});
afterAll(async () => {
  await testApp.close();
});

function key(): { 'idempotency-key': string } {
  keyCounter += 1;
  return { 'idempotency-key': `promo-key-${keyCounter}` };
}

async function createCode(payload: Record<string, unknown>) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/promocodes',
    headers: bearer(admin),
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return backofficePromoCodeSchema.parse(response.json());
}

function activate(
  player: SignedIn,
  code: unknown,
  options: { headers?: Record<string, string>; ip?: string } = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v2/promocodes/activate',
    headers: { ...bearer(player), ...(options.headers ?? key()) },
    payload: { code } as Record<string, unknown>,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** promo_credit postings to this player's accounts. */
async function creditsOf(userId: string) {
  return await testApp.db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['t.external_reference', 'p.amount_minor', 'a.currency', 'a.kind'])
    .where('t.type', '=', 'promo_credit')
    .where('a.user_id', '=', userId)
    .execute();
}

describe('a main code', () => {
  test('credits its amount once, answers the promo info and sets the promo_info cookie', async () => {
    await createCode({ code: 'FREE10', kind: 'main', amountUsd: '10' });
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const response = await activate(player, ' free10 ');
    expect(response.statusCode, response.body).toBe(200);
    const info = promoInfoSchema.parse(response.json());
    expect(info).toEqual({
      amount: '10.00',
      currency: 'USD',
      freespins_count: 0,
      freespins_amount: '0.00',
      code: 'FREE10',
      type: 'main',
    });
    const cookie = response.cookies.find((candidate) => candidate.name === promoInfoCookie);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 86_400 });
    expect(cookie?.httpOnly).toBeUndefined();
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toEqual(info);
    const header = String(response.headers['set-cookie']);
    expect(header).toContain(`${promoInfoCookie}=${encodeURIComponent(JSON.stringify(info))}`);
    expect(header).not.toMatch(/HttpOnly/i);

    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(1_000n);
    const credits = await creditsOf(userId);
    expect(credits).toEqual([
      {
        external_reference: expect.any(String),
        amount_minor: 1_000n,
        currency: 'USD',
        kind: 'main',
      },
    ]);
    const activation = await testApp.db
      .selectFrom('promo_activations')
      .select(['id', 'use_number', 'kind', 'currency', 'amount_minor'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(activation).toEqual({
      id: credits[0]?.external_reference,
      use_number: 1,
      kind: 'main',
      currency: 'USD',
      amount_minor: 1_000n,
    });

    const again = expectError(await activate(player, 'FREE10'), 'promo_code_already_used');
    expect(again.payload).toEqual({ code: 'FREE10', limit: 1 });
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(1_000n);
  });

  test('pays in the primary currency, converted at the rate in force and rounded down', async () => {
    await createCode({ code: 'EURO-PROMO', kind: 'main', amountUsd: '10' });
    const player = await registerPlayer(testApp.app);
    const changed = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: { currency: { primary: 'EUR' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const response = await activate(player, 'euro-promo');
    expect(response.statusCode, response.body).toBe(200);
    // 10 USD at 1 EUR = 1.16 USD
    expect(promoInfoSchema.parse(response.json())).toMatchObject({
      amount: '8.62',
      currency: 'EUR',
    });
    const userId = await userIdOf(testApp, player);
    expect(await testApp.app.services.ledger.balance(userId, 'EUR', 'main')).toBe(862n);
  });

  test('a replayed Idempotency-Key answers the same promo and cookie without a second credit', async () => {
    await createCode({ code: 'REPLAY5', kind: 'main', amountUsd: '5', perPlayerLimit: 3 });
    const player = await registerPlayer(testApp.app);
    const headers = key();
    const first = await activate(player, 'REPLAY5', { headers });
    const replay = await activate(player, 'REPLAY5', { headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(replay.cookies.find((cookie) => cookie.name === promoInfoCookie)?.value).toBe(
      first.cookies.find((cookie) => cookie.name === promoInfoCookie)?.value,
    );
    expect(
      await testApp.app.services.ledger.balance(await userIdOf(testApp, player), 'USD', 'main'),
    ).toBe(500n);
  });
});

async function createOffer(body: Parameters<BonusWorld['createOffer']>[0]): Promise<string> {
  return (await new BonusWorld(testApp, admin).createOffer(body)).id;
}

describe('a bonus code', () => {
  test('grants a bonus of its amount with the offer’s wagering and free spins', async () => {
    const offerId = await createOffer({
      type: 'promo',
      title: { en: 'Welcome promo' },
      wager: 10,
      freespinsCount: 20,
      freespinsAmountUsd: '0.2',
      deadlineHours: 48,
    });
    await createCode({ code: 'WELCOME100', kind: 'bonus', amountUsd: '100', offerId });
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const response = await activate(player, 'welcome100');
    expect(response.statusCode, response.body).toBe(200);
    const info = promoInfoSchema.parse(response.json());
    expect(info).toEqual({
      amount: '100.00',
      currency: 'USD',
      freespins_count: 20,
      freespins_amount: '0.20',
      code: 'WELCOME100',
      type: 'bonus',
    });
    const cookie = response.cookies.find((candidate) => candidate.name === promoInfoCookie);
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toEqual(info);
    const activation = await testApp.db
      .selectFrom('promo_activations')
      .select(['id', 'user_bonus_id', 'currency', 'amount_minor'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const bonus = await testApp.db
      .selectFrom('user_bonuses')
      .select([
        'id',
        'type',
        'status',
        'amount_minor',
        'wager_total_minor',
        'freespins_total',
        'reference',
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(bonus).toEqual({
      id: activation.user_bonus_id,
      type: 'promo',
      status: 'active',
      amount_minor: 10_000n,
      wager_total_minor: 100_000n,
      freespins_total: 20,
      reference: activation.id,
    });
    expect(activation).toMatchObject({ currency: 'USD', amount_minor: 10_000n });
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'bonus')).toBe(10_000n);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(0n);
    expect(await creditsOf(userId)).toEqual([]);
  });

  test('a conditions code makes the offer the player’s: the next deposit receives it', async () => {
    const offerId = await createOffer({
      type: 'personal',
      title: { en: 'Double your deposit' },
      amountMultiplier: 1,
      maxAmountUsd: '50',
      wager: 20,
      deadlineHours: 72,
    });
    await createCode({
      code: 'DOUBLE50',
      kind: 'conditions',
      offerId,
      validTo: new Date(clock.now().getTime() + 30 * 24 * hourMs).toISOString(),
    });
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const response = await activate(player, 'DOUBLE50');
    expect(response.statusCode, response.body).toBe(200);
    // what the promo presents: the offer's 'up to' amount
    expect(promoInfoSchema.parse(response.json())).toEqual({
      amount: '50.00',
      currency: 'USD',
      freespins_count: 0,
      freespins_amount: '0.00',
      code: 'DOUBLE50',
      type: 'conditions',
    });
    const activation = await testApp.db
      .selectFrom('promo_activations')
      .select(['id', 'kind', 'amount_minor', 'user_bonus_id'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(activation).toMatchObject({ kind: 'conditions', amount_minor: 0n, user_bonus_id: null });
    expect(await testApp.app.services.ledger.balances(userId)).toEqual([]);

    // a completed deposit of 30 USD receives the personal offer: 100 % of it
    await testApp.app.services.transactions.run((transaction) =>
      testApp.app.services.bonuses.cashier.onDepositCompleted(transaction, {
        userId,
        depositId: `promo-test-deposit-${activation.id}`,
        amountMinor: 3_000n,
        currency: 'USD',
        methodKind: 'fiat',
      }),
    );
    const bonuses = await testApp.db
      .selectFrom('user_bonuses')
      .select(['offer_id', 'amount_minor', 'status'])
      .where('user_id', '=', userId)
      .execute();
    expect(bonuses).toContainEqual({ offer_id: offerId, amount_minor: 3_000n, status: 'active' });
  });
});

describe('limits under concurrent activations', () => {
  test('20 players racing for a code of 5 uses: exactly 5 are credited', async () => {
    const code = await createCode({ code: 'RACE5', kind: 'main', amountUsd: '3', usesLimit: 5 });
    const players = await Promise.all(
      Array.from({ length: 20 }, () => registerPlayer(testApp.app)),
    );
    const answers = await Promise.all(players.map((player) => activate(player, 'race5')));
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    expect(accepted).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(expectError(refused, 'promo_code_exhausted').payload).toEqual({ code: 'RACE5' });
    }
    const stored = await testApp.db
      .selectFrom('promo_codes')
      .select('uses')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(stored.uses).toBe(5);
    const credits = await testApp.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('promo_activations as a', (join) =>
        join.on((eb) => eb(eb.cast('a.id', 'text'), '=', eb.ref('t.external_reference'))),
      )
      .select('t.id')
      .where('t.type', '=', 'promo_credit')
      .where('a.promo_code_id', '=', code.id)
      .execute();
    expect(credits).toHaveLength(5);
    let creditedPlayers = 0;
    for (const player of players) {
      const balance = await testApp.app.services.ledger.balance(
        await userIdOf(testApp, player),
        'USD',
        'main',
      );
      expect([0n, 300n]).toContain(balance);
      if (balance === 300n) creditedPlayers += 1;
    }
    expect(creditedPlayers).toBe(5);
  });

  test('one player firing 10 activations of a code allowing 2 per player: exactly 2 count', async () => {
    const code = await createCode({
      code: 'TWICE',
      kind: 'main',
      amountUsd: '1',
      perPlayerLimit: 2,
    });
    const player = await registerPlayer(testApp.app);
    const userId = await userIdOf(testApp, player);
    const answers = await Promise.all(Array.from({ length: 10 }, () => activate(player, 'TWICE')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expectError(refused, 'promo_code_already_used');
    }
    const activations = await testApp.db
      .selectFrom('promo_activations')
      .select('use_number')
      .where('promo_code_id', '=', code.id)
      .orderBy('use_number')
      .execute();
    expect(activations).toEqual([{ use_number: 1 }, { use_number: 2 }]);
    expect(await testApp.app.services.ledger.balance(userId, 'USD', 'main')).toBe(200n);
    expect(await creditsOf(userId)).toHaveLength(2);
  });
});

describe('refusals', () => {
  test('outside the validity window: promo_code_expired; inside it the code works', async () => {
    await createCode({
      code: 'WINDOW',
      kind: 'main',
      amountUsd: '2',
      validFrom: new Date(clock.now().getTime() + hourMs).toISOString(),
      validTo: new Date(clock.now().getTime() + 3 * hourMs).toISOString(),
      perPlayerLimit: 5,
    });
    const player = await registerPlayer(testApp.app);
    expectError(await activate(player, 'WINDOW'), 'promo_code_expired');
    clock.advance(hourMs);
    const inside = await activate(player, 'WINDOW');
    expect(inside.statusCode, inside.body).toBe(200);
    clock.advance(2 * hourMs);
    expectError(await activate(player, 'WINDOW'), 'promo_code_expired');
    expect(
      await testApp.app.services.ledger.balance(await userIdOf(testApp, player), 'USD', 'main'),
    ).toBe(200n);
  });

  test('new players only: a player with a completed deposit is not eligible', async () => {
    await createCode({ code: 'NEWBIE', kind: 'main', amountUsd: '1', newPlayersOnly: true });
    const veteran = await registerPlayer(testApp.app);
    await testApp.app.services.users.recordCompletedDeposit(
      await userIdOf(testApp, veteran),
      5_000n,
    );
    expectError(await activate(veteran, 'NEWBIE'), 'promo_code_not_eligible');
    const newcomer = await registerPlayer(testApp.app);
    expect((await activate(newcomer, 'NEWBIE')).statusCode).toBe(200);
  });

  test('VIP only: other players are not eligible', async () => {
    await createCode({ code: 'VIPONLY', kind: 'main', amountUsd: '1', vipOnly: true });
    const regular = await registerPlayer(testApp.app);
    expectError(await activate(regular, 'VIPONLY'), 'promo_code_not_eligible');
    const vip = await registerPlayer(testApp.app);
    await testApp.app.services.users.setVip(await globalIdOf(testApp.app, vip), { isVip: true });
    expect((await activate(vip, 'VIPONLY')).statusCode).toBe(200);
  });

  test('a country allow-list: players from elsewhere, or from nowhere known, are not eligible', async () => {
    await createCode({ code: 'GERMANY', kind: 'main', amountUsd: '1', countries: ['de'] });
    const player = await registerPlayer(testApp.app);
    expectError(await activate(player, 'GERMANY', { ip: americanIp }), 'promo_code_not_eligible');
    expectError(await activate(player, 'GERMANY'), 'promo_code_not_eligible');
    const response = await activate(player, 'GERMANY', { ip: germanIp });
    expect(response.statusCode, response.body).toBe(200);
  });

  test('an unknown or switched-off code: promo_code_not_found', async () => {
    const code = await createCode({ code: 'SWITCHED', kind: 'main', amountUsd: '1' });
    const player = await registerPlayer(testApp.app);
    expectError(await activate(player, 'NO-SUCH-CODE'), 'promo_code_not_found');
    const off = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/v1/promocodes/${code.id}`,
      headers: bearer(admin),
      payload: { isEnabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expectError(await activate(player, 'SWITCHED'), 'promo_code_not_found');
  });

  test('malformed bodies answer validation_error in the one error body', async () => {
    const player = await registerPlayer(testApp.app);
    for (const code of ['ab', 'has space', 'x'.repeat(33), 'émoji', 42, null]) {
      const body = expectError(await activate(player, code), 'validation_error');
      expect(body.payload, String(code)).toEqual({
        fields: [
          {
            field: 'code',
            message: code === null ? 'Validation.required' : 'Validation.invalid_value',
          },
        ],
      });
    }
    const extra = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/promocodes/activate',
      headers: { ...bearer(player), ...key() },
      payload: { code: 'FREE10', bonus: true },
    });
    expect(expectError(extra, 'validation_error').payload).toEqual({
      fields: [{ field: 'bonus', message: 'Validation.unknown_field' }],
    });
    const noKey = await activate(player, 'FREE10', { headers: {} });
    expect(expectError(noKey, 'validation_error').payload).toEqual({
      fields: [{ field: 'Idempotency-Key', message: 'Validation.required' }],
    });
    expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/promocodes/activate',
        payload: { code: 'FREE10' },
      }),
      'unauthorized',
    );
  });
});
