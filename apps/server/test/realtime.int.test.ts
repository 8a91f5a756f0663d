import type { AddressInfo } from 'node:net';
import {
  balanceEventSchema,
  fiatOrderSchema,
  lastBetChannel,
  transactionEventSchema,
  userChannel,
} from '@casino/contract';
import type { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearer,
  createTestApp,
  loginOperator,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  testConfig,
} from './support/app.ts';
import {
  type CentrifugeOptions,
  centrifugeClient,
  collect,
  globalIdOf,
  websocketToken,
} from './support/realtime.ts';

let testApp: TestApp;
let admin: SignedIn;
let websocketUrl: string;
const clients: Centrifuge[] = [];
let keyCounter = 0;

beforeAll(async () => {
  const base = testConfig();
  testApp = await createTestApp({
    config: { realtime: { ...base.realtime, historySize: 5 }, websocketTokenTtlSeconds: 30 },
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = testApp.app.server.address() as AddressInfo;
  websocketUrl = `ws://127.0.0.1:${port}/connection/websocket`;
  admin = await loginOperator(testApp.app, undefined, testApp.config);
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await testApp.close();
});

function client(options: CentrifugeOptions = {}): Centrifuge {
  return centrifugeClient(websocketUrl, clients, options);
}

async function userIdOf(player: RegisteredPlayer): Promise<string> {
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

function post(url: string, session: SignedIn, payload?: Record<string, unknown>) {
  keyCounter += 1;
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(session), 'idempotency-key': `realtime-${keyCounter}` },
    ...(payload ? { payload } : {}),
  });
}

describe('guests', () => {
  test('a guest connects without a token and receives broadcast:last_bet', async () => {
    const guest = client();
    const subscription = guest.newSubscription(lastBetChannel);
    const bets = collect(subscription);
    subscription.subscribe();
    guest.connect();
    await subscription.ready(5_000);
    const bet = {
      id: 'round-1',
      gameId: 'dice',
      gameTitle: 'Dice',
      player: 'Jo***n',
      bet: '1.00',
      multiplier: '2.00',
      payout: '2.00',
      currency: 'USD',
      timestamp: new Date().toISOString(),
    };
    await testApp.app.services.realtime.events.lastBet(testApp.db, bet);
    expect(await bets.until(1)).toEqual([bet]);
  });

  test('a guest is refused a user channel with 103', async () => {
    const guest = client();
    const subscription = guest.newSubscription(userChannel('balance', '1000001'));
    const failure = new Promise<{ code: number }>((resolve) =>
      subscription.on('unsubscribed', (context) => resolve(context)),
    );
    subscription.subscribe();
    guest.connect();
    expect((await failure).code).toBe(103);
  });
});

describe('players', () => {
  test('player A is refused balance#B (103) and gets balance#A and transaction#A on approval', async () => {
    const playerA = await registerPlayer(testApp.app);
    const playerB = await registerPlayer(testApp.app);
    const globalA = await globalIdOf(testApp.app, playerA);
    const globalB = await globalIdOf(testApp.app, playerB);
    const centrifuge = client({ token: await websocketToken(testApp.app, playerA) });

    const foreign = centrifuge.newSubscription(userChannel('balance', globalB));
    const refused = new Promise<{ code: number }>((resolve) =>
      foreign.on('unsubscribed', (context) => resolve(context)),
    );
    foreign.subscribe();
    const balance = centrifuge.newSubscription(userChannel('balance', globalA));
    const balances = collect(balance);
    balance.subscribe();
    const transaction = centrifuge.newSubscription(userChannel('transaction', globalA));
    const transactions = collect(transaction);
    transaction.subscribe();
    centrifuge.connect();
    expect((await refused).code).toBe(103);
    await Promise.all([balance.ready(5_000), transaction.ready(5_000)]);

    const created = await post('/api/v2/wallet/orders/buy', playerA, {
      amount: '1000',
      bankId: 'sber-rub',
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = fiatOrderSchema.parse(created.json());
    const approved = await post(`/api/backoffice/v1/orders/${order.id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);

    const events = (await transactions.until(2)).map((data) => transactionEventSchema.parse(data));
    expect(events.map((event) => event.status)).toEqual(['waiting', 'completed']);
    expect(events[1]).toMatchObject({ id: order.id, type: 'buy', amount: '1000.00' });
    const [latest] = (await balances.until(1)).map((data) => balanceEventSchema.parse(data));
    const current = await testApp.app.services.balance.balance(await userIdOf(playerA));
    expect(latest).toEqual(current);
    expect(Number(latest?.total.primaryValue)).toBeGreaterThan(0);
  });
});
