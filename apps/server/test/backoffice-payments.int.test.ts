import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  approvalsPageSchema,
  backofficeOrderListResponseSchema,
  backofficeOrderSchema,
  dashboardSchema,
  fiatOrderSchema,
  fiatSellOrderSchema,
  type PlaceSportBetBody,
} from '@casino/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { CryptoWorld, txHash } from './support/crypto-deposits.ts';
import { openOperatorStream } from './support/operator-stream.ts';
import { preMatchOneXTwo } from './support/sport-tickets.ts';

const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pngDataUrl = `data:image/png;base64,${pngBytes.toString('base64')}`;

let testApp: TestApp;
let baseUrl: string;
let admin: SignedIn;
let finance: SignedIn;
let financeTwo: SignedIn;
let readOnly: SignedIn;
let marketing: SignedIn;
let support: SignedIn;
let trading: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp({
    config: {
      dataDirectory: await mkdtemp(join(tmpdir(), 'bo-payments-test-')),
      sandboxAutoApproveSeconds: 0,
    },
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  finance = await createOperator(testApp.app, 'finance');
  financeTwo = await createOperator(testApp.app, 'finance');
  readOnly = await createOperator(testApp.app, 'read_only');
  marketing = await createOperator(testApp.app, 'marketing');
  support = await createOperator(testApp.app, 'support');
  trading = await createOperator(testApp.app, 'trading');
});
afterAll(async () => {
  await testApp.close();
});

function post(url: string, session: SignedIn, payload?: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), 'idempotency-key': randomUUID() },
    ...(payload === undefined ? {} : { payload }),
  });
}

function get(url: string, session: SignedIn) {
  return testApp.app.inject({ url, headers: bearer(session) });
}

function openStream(session: SignedIn) {
  return openOperatorStream(baseUrl, bearer(session));
}

async function fundedPlayer(usdMinor: bigint) {
  const player = await registerPlayer(testApp.app);
  const userId = await userIdOf(testApp, player);
  if (usdMinor > 0n) {
    await testApp.app.services.ledger.postTransaction(testApp.db, {
      type: 'deposit',
      externalReference: `bo-payments-fund:${randomUUID()}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -usdMinor },
        { account: playerAccount(userId, 'USD', 'main'), amountMinor: usdMinor },
      ],
    });
  }
  const profile = await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload: { firstName: 'Anna', lastName: 'Smith', gender: 'female', dateOfBirth: '1990-05-01' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const me = await get('/api/v1/me', player);
  const globalId = String((me.json() as { globalId: string | number }).globalId);
  return { ...player, userId, globalId };
}

async function depositWithReceipt(player: SignedIn, amount = '1500') {
  const buy = await post('/api/v2/wallet/orders/buy', player, { amount, bankId: 'sber-rub' });
  expect(buy.statusCode, buy.body).toBe(200);
  const order = fiatOrderSchema.parse(buy.json());
  const paid = await post(`/api/v1/wallet/orders/buy/${order.id}/paid`, player, {
    name: 'Anna <b>Smith</b>',
    fileName: 'receipt.png',
    fileContent: pngDataUrl,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return order.id;
}

async function withdrawal(player: SignedIn, amount: string) {
  const sell = await post('/api/v2/wallet/orders/sell', player, {
    amount,
    bankId: 'visa-mastercard-usd',
    details: { name: 'Anna Smith', card: '4111111111111111' },
  });
  expect(sell.statusCode, sell.body).toBe(200);
  return fiatSellOrderSchema.parse(sell.json()).id;
}

describe('the deposits queue', () => {
  test('filters, sorts and counts by the queue’s rule; a decline keeps its reason', async () => {
    const player = await fundedPlayer(0n);
    const first = await depositWithReceipt(player, '1500');
    // another player's open deposit without a receipt is in no queue
    const other = await fundedPlayer(0n);
    const waiting = await post('/api/v2/wallet/orders/buy', other, {
      amount: '2000',
      bankId: 'sber-rub',
    });
    expect(waiting.statusCode).toBe(200);
    const second = await depositWithReceipt(await fundedPlayer(0n), '1700');

    const list = async (query: string, session: SignedIn = finance) => {
      const response = await get(`/api/backoffice/v1/orders?${query}`, session);
      expect(response.statusCode, response.body).toBe(200);
      return backofficeOrderListResponseSchema.parse(response.json());
    };
    const queue = await list('queue=depositsAwaitingApproval&sort=createdAt&order=asc&limit=100');
    const ids = queue.items.map((item) => item.id);
    expect(ids).toContain(first);
    expect(ids).toContain(second);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(queue.items.every((item) => item.status === 'wait_for_confirmation')).toBe(true);
    const newest = await list('queue=depositsAwaitingApproval&limit=100');
    expect(newest.items.map((item) => item.id)).toEqual([...ids].reverse());
    // the dashboard counts what the list holds
    const dashboard = dashboardSchema.parse(
      (await get('/api/backoffice/v1/reports/dashboard', admin)).json(),
    );
    expect(dashboard.queues.depositsAwaitingApproval).toBe(queue.meta.total);

    const mine = await list(`playerGlobalId=${player.globalId}`);
    expect(mine.items.map((item) => item.id)).toEqual([first]);
    expect(mine.items[0]?.payerName).toBe('Anna <b>Smith</b>');
    expect((await list('playerGlobalId=999999999999')).items).toEqual([]);
    expect((await list('currency=EUR&queue=depositsAwaitingApproval')).items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await list(`queue=depositsAwaitingApproval&createdFrom=${today}&limit=100`)).meta.total,
    ).toBe(queue.meta.total);
    expect((await list('queue=depositsAwaitingApproval&createdTo=2020-01-01')).items).toEqual([]);
    expectError(
      await get('/api/backoffice/v1/orders?createdFrom=yesterday', finance),
      'validation_error',
    );
    expectError(await get('/api/backoffice/v1/orders?sort=amount', finance), 'validation_error');
    // a cursor walks the oldest-first queue too
    const page = await list('queue=depositsAwaitingApproval&sort=createdAt&order=asc&limit=1');
    if (page.meta.nextCursor) {
      const next = await list(
        `queue=depositsAwaitingApproval&sort=createdAt&order=asc&limit=1&cursor=${page.meta.nextCursor}`,
      );
      expect(next.items[0]?.id).toBe(ids[1]);
    }

    // read_only reads; marketing does not
    expect((await get('/api/backoffice/v1/orders', readOnly)).statusCode).toBe(200);
    expectError(await get('/api/backoffice/v1/orders', marketing), 'forbidden');
    expectError(await post(`/api/backoffice/v1/orders/${first}/decline`, readOnly), 'forbidden');

    expectError(
      await post(`/api/backoffice/v1/orders/${first}/decline`, finance, {
        reason: 'x'.repeat(501),
      }),
      'validation_error',
    );
    const declined = await post(`/api/backoffice/v1/orders/${first}/decline`, finance, {
      reason: 'The receipt shows another card',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(backofficeOrderSchema.parse(declined.json())).toMatchObject({
      status: 'declined',
      declineReason: 'The receipt shows another card',
    });
    // without a body as before: no reason
    const plain = await post(`/api/backoffice/v1/orders/${second}/decline`, finance);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(backofficeOrderSchema.parse(plain.json()).declineReason).toBeNull();
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .select('payload')
      .where('action', '=', 'wallet.order.decline')
      .where('target_id', '=', first)
      .executeTakeFirstOrThrow();
    expect(audit.payload).toMatchObject({ reason: 'The receipt shows another card' });
  });
});

describe('the crypto queues', () => {
  test('filter by method, player and creation date, oldest first on demand', async () => {
    const world = new CryptoWorld(testApp.app, admin);
    const transfers = [];
    for (let index = 0; index < 2; index += 1) {
      transfers.push(
        await world.report({
          currency: 'BTC',
          txHash: txHash(),
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          amount: '0.01',
          confirmations: 6,
        }),
      );
    }
    const list = async (query: string) => {
      const response = await get(`/api/backoffice/v1/crypto/deposits?${query}`, support);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: Array<{ id: string }> }).items.map((item) => item.id);
    };
    const ids = transfers.map((transfer) => transfer.id);
    const oldestFirst = await list('status=unmatched&method=BTC&order=asc&limit=100');
    expect(oldestFirst.filter((id) => ids.includes(id))).toEqual(ids);
    const newestFirst = await list('status=unmatched&method=BTC&limit=100');
    expect(newestFirst.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
    expect(await list('status=unmatched&method=ETH&limit=100')).not.toContain(ids[0]);
    expect(await list('status=unmatched&createdTo=2020-01-01')).toEqual([]);
    expect(await list('playerGlobalId=999999999999')).toEqual([]);
    const withdrawals = await get(
      '/api/backoffice/v1/crypto/withdrawals?playerGlobalId=abc',
      finance,
    );
    expect(withdrawals.statusCode, withdrawals.body).toBe(200);
    expect((withdrawals.json() as { items: unknown[] }).items).toEqual([]);
    expectError(
      await get('/api/backoffice/v1/crypto/deposits?order=up', support),
      'validation_error',
    );
  });
});

describe('approvals (maker-checker)', () => {
  test('lists what awaits a second operator with who asked first; roles', async () => {
    const player = await fundedPlayer(200_000n);
    const orderId = await withdrawal(player, '900');
    const first = await post(`/api/backoffice/v1/orders/${orderId}/approve`, finance);
    expect(first.statusCode, first.body).toBe(202);
    const adjustment = await post(
      `/api/backoffice/v1/players/${player.globalId}/adjustments`,
      financeTwo,
      { currency: 'USD', amount: '-750', reason: 'Chargeback' },
    );
    expect(adjustment.statusCode, adjustment.body).toBe(202);
    const adjustmentId = (adjustment.json() as { id: string }).id;
    // under the threshold: nothing to approve a second time
    const small = await withdrawal(player, '25');

    const approvals = async (query: string, session: SignedIn = finance) => {
      const response = await get(`/api/backoffice/v1/approvals?${query}`, session);
      expect(response.statusCode, response.body).toBe(200);
      return approvalsPageSchema.parse(response.json());
    };
    const mine = await approvals(`playerGlobalId=${player.globalId}`);
    expect(mine.meta).toEqual({ total: 2, limit: 50, offset: 0 });
    expect(mine.items).toEqual([
      expect.objectContaining({
        kind: 'p2p_order',
        id: orderId,
        playerGlobalId: player.globalId,
        currency: 'USD',
        amount: '900.00',
        reason: null,
        firstApprover: { id: expect.any(String), email: expect.stringContaining('finance') },
      }),
      expect.objectContaining({
        kind: 'adjustment',
        id: adjustmentId,
        amount: '-750.00',
        reason: 'Chargeback',
      }),
    ]);
    expect(mine.items.map((item) => item.id)).not.toContain(small);
    expect(
      (await approvals(`playerGlobalId=${player.globalId}&kind=withdrawal`)).items.map(
        (item) => item.kind,
      ),
    ).toEqual(['p2p_order']);
    expect(
      (await approvals(`playerGlobalId=${player.globalId}&kind=adjustment`)).items.map(
        (item) => item.kind,
      ),
    ).toEqual(['adjustment']);
    expect((await approvals(`playerGlobalId=${player.globalId}&currency=EUR`)).items).toEqual([]);
    expect((await approvals('playerGlobalId=not-a-number')).items).toEqual([]);
    expect((await approvals(`playerGlobalId=${player.globalId}&limit=1&offset=5`)).meta.total).toBe(
      2,
    );

    // roles: read_only reads but cannot approve, marketing and support do not read
    expect((await approvals(`playerGlobalId=${player.globalId}`, readOnly)).meta.total).toBe(2);
    expectError(await get('/api/backoffice/v1/approvals', marketing), 'forbidden');
    expectError(await get('/api/backoffice/v1/approvals', support), 'forbidden');
    expectError(await post(`/api/backoffice/v1/orders/${orderId}/approve`, readOnly), 'forbidden');

    // the first approver again: 409; another operator pays it and it leaves the list
    expectError(
      await post(`/api/backoffice/v1/orders/${orderId}/approve`, finance),
      'four_eyes_required',
    );
    const paid = await post(`/api/backoffice/v1/orders/${orderId}/approve`, financeTwo);
    expect(paid.statusCode, paid.body).toBe(200);
    expectError(
      await post(
        `/api/backoffice/v1/players/${player.globalId}/adjustments/${adjustmentId}/approve`,
        financeTwo,
      ),
      'four_eyes_required',
    );
    const applied = await post(
      `/api/backoffice/v1/players/${player.globalId}/adjustments/${adjustmentId}/approve`,
      finance,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await approvals(`playerGlobalId=${player.globalId}`)).items).toEqual([]);
  });
});

describe('the operators’ live feed', () => {
  test('needs a signed-in operator', async () => {
    const response = await fetch(`${baseUrl}/api/backoffice/v1/events`);
    expect(response.status).toBe(401);
    const player = await registerPlayer(testApp.app);
    expect(
      (await fetch(`${baseUrl}/api/backoffice/v1/events`, { headers: bearer(player) })).status,
    ).toBe(401);
  });

  test('queues.changed after a receipt, an approval and a first approval; filtered by permissions', async () => {
    const financeStream = await openStream(finance);
    const supportStream = await openStream(support);
    try {
      const player = await fundedPlayer(200_000n);
      const orderId = await depositWithReceipt(player);
      const received = await financeStream.waitFor('queues.changed', (data: { queues: string[] }) =>
        data.queues.includes('depositsAwaitingApproval'),
      );
      expect(received).toEqual({ queues: ['depositsAwaitingApproval', 'disputes'] });
      const count = financeStream.received.length;
      const approved = await post(`/api/backoffice/v1/orders/${orderId}/approve`, finance);
      expect(approved.statusCode, approved.body).toBe(200);
      await financeStream.waitFor(
        'queues.changed',
        (data: { queues: string[] }) =>
          data.queues.includes('depositsAwaitingApproval') && financeStream.received.length > count,
      );
      const sell = await withdrawal(player, '900');
      await financeStream.waitFor('queues.changed', (data: { queues: string[] }) =>
        data.queues.includes('fiatWithdrawalsToPay'),
      );
      const before = financeStream.received.length;
      expect((await post(`/api/backoffice/v1/orders/${sell}/approve`, finance)).statusCode).toBe(
        202,
      );
      await financeStream.waitFor(
        'queues.changed',
        (data: { queues: string[] }) =>
          data.queues.join() === 'approvals' && financeStream.received.length > before,
      );
      // a crypto transfer nobody can be matched to: support reads that queue
      const world = new CryptoWorld(testApp.app, admin);
      const stranger = await world.report({
        currency: 'BTC',
        txHash: txHash(),
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        amount: '0.01',
        confirmations: 6,
      });
      expect(stranger.status).toBe('unmatched');
      expect(
        await supportStream.waitFor('queues.changed', (data: { queues: string[] }) =>
          data.queues.includes('unmatchedCryptoTransfers'),
        ),
      ).toEqual({ queues: ['unmatchedCryptoTransfers'] });
      await financeStream.waitFor('queues.changed', (data: { queues: string[] }) =>
        data.queues.includes('unmatchedCryptoTransfers'),
      );
      // support reads no fiat order and no approval: only the transfers' queue reached it
      expect(
        supportStream.received
          .filter((event) => event.type === 'queues.changed')
          .map((event) => event.data),
      ).toEqual([{ queues: ['unmatchedCryptoTransfers'] }]);
    } finally {
      financeStream.close();
      supportStream.close();
    }
  });

  test('sport.ticket after a placement, to the operators who read the ticker (trading, finance)', async () => {
    const feedId = `sr:match:bo-${randomUUID().slice(0, 8)}`;
    const market = await preMatchOneXTwo(testApp, feedId);
    const tradingStream = await openStream(trading);
    const financeStream = await openStream(finance);
    try {
      const player = await fundedPlayer(10_000n);
      const body: PlaceSportBetBody = {
        type: 'single',
        stake: '5',
        oddsChange: 'none',
        selections: [{ ...market, outcomeId: '1', odds: '2.10' }],
      };
      const placed = await post('/api/v2/sport/bets', player, body as never);
      expect(placed.statusCode, placed.body).toBe(201);
      const ticketId = (placed.json() as { id: string }).id;
      const ticket = await tradingStream.waitFor(
        'sport.ticket',
        (data: { id: string }) => data.id === ticketId,
      );
      expect(ticket).toMatchObject({
        id: ticketId,
        playerGlobalId: player.globalId,
        stake: '5.00',
        currency: 'USD',
        odds: '2.10',
        eventId: market.eventId,
        legs: 1,
        live: false,
      });
      // a second ticket through the general path (the same key replays nothing new)
      const second = await post('/api/v2/sport/bets', player, { ...body, stake: '3' } as never);
      expect(second.statusCode, second.body).toBe(201);
      const secondId = (second.json() as { id: string }).id;
      await tradingStream.waitFor('sport.ticket', (data: { id: string }) => data.id === secondId);
      // finance reads the trading desk (the ticker included) and hears the same tickets; a role
      // without the ticker's route hears none (operator-events.test.ts, the permission filter)
      await financeStream.waitFor('sport.ticket', (data: { id: string }) => data.id === ticketId);
      await financeStream.waitFor('sport.ticket', (data: { id: string }) => data.id === secondId);
    } finally {
      tradingStream.close();
      financeStream.close();
    }
  });
});
