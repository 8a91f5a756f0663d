import { randomUUID } from 'node:crypto';
import { transactionHistoryResponseSchema, userChannel } from '@casino/contract';
import { Address } from '@ton/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  demoAccountXpubs,
  demoSharedAddresses,
  deriveAddress,
  isValidAddress,
  toNonBounceable,
} from '../src/modules/money/cashier/rails/crypto/chains/index.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  loginOperator,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld } from './support/bonuses.ts';
import { CryptoWorld, txHash } from './support/crypto-deposits.ts';

let testApp: TestApp;
let world: CryptoWorld;
let bonusWorld: BonusWorld;

beforeAll(async () => {
  testApp = await createTestApp();
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  world = new CryptoWorld(testApp.app, admin);
  bonusWorld = new BonusWorld(testApp, admin);
});
afterAll(async () => {
  await testApp.close();
});

async function addressRow(userId: string, network: string) {
  return await testApp.db
    .selectFrom('crypto_deposit_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .executeTakeFirst();
}

/** The data published on a player's channel, oldest first. */
async function published(name: 'balance' | 'transaction', globalId: string): Promise<unknown[]> {
  const { rows } = await sql<{ data: unknown }>`
    SELECT data FROM realtime_history WHERE channel = ${userChannel(name, globalId)}
    ORDER BY "offset"`.execute(testApp.db);
  return rows.map((row) => row.data);
}

async function depositRow(id: string) {
  return await testApp.db
    .selectFrom('crypto_deposits')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function ledgerTransactions(type: string, reference: string): Promise<number> {
  const row = await testApp.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('type', '=', type)
    .where('external_reference', '=', reference)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('deposit addresses', () => {
  test('a player’s address is derived once and stays; concurrent first calls agree', async () => {
    const { player, userId } = await bonusWorld.newPlayer();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => world.depositCall(player, { currency: 'USDTTRC20' })),
    );
    const addresses = new Set(
      answers.map((answer) => {
        expect(answer.statusCode, answer.body).toBe(200);
        return (answer.json() as { address: string }).address;
      }),
    );
    expect(addresses.size).toBe(1);
    const deposit = await world.address(player, 'USDTTRC20');
    expect(deposit).toEqual({
      currency: 'USDTTRC20',
      network: 'Tron',
      address: [...addresses][0],
      memo: null,
      minAmount: '5.00',
      redirectUrl: null,
    });
    // TRX on tron is the same address; the derivation is the operator xpub's receive index
    expect((await world.address(player, 'TRX')).address).toBe(deposit.address);
    const row = await addressRow(userId, 'tron');
    expect(row?.derivation_index).not.toBeNull();
    expect(deposit.address).toBe(
      deriveAddress('tron', demoAccountXpubs.tron, row?.derivation_index ?? -1),
    );
    expect(isValidAddress('tron', deposit.address ?? '')).toBe(true);
  });

  test('players racing for their first address get distinct, consecutive indexes', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => bonusWorld.newPlayer()));
    const deposits = await Promise.all(players.map(({ player }) => world.address(player, 'BTC')));
    expect(new Set(deposits.map((deposit) => deposit.address)).size).toBe(6);
    const indexes: number[] = [];
    for (const [position, { userId }] of players.entries()) {
      const row = await addressRow(userId, 'bitcoin');
      if (!row || row.derivation_index === null) throw new Error('no bitcoin address row');
      indexes.push(row.derivation_index);
      expect(deposits[position]?.address).toBe(
        deriveAddress('bitcoin', demoAccountXpubs.bitcoin, row.derivation_index),
      );
      expect(deposits[position]?.address).toMatch(/^bc1q/);
      expect(deposits[position]?.minAmount).toBe('0.00010000');
    }
    indexes.sort((a, b) => a - b);
    const first = indexes[0] ?? 0;
    expect(indexes).toEqual(indexes.map((_, offset) => first + offset));
  });

  test('ethereum and BNB Smart Chain share one address for coins and tokens', async () => {
    const { player, userId } = await bonusWorld.newPlayer();
    const codes = ['ETH', 'USDTERC20', 'USDCERC20', 'USDTBEP20', 'USDCBEP20'];
    const deposits = await Promise.all(codes.map((currency) => world.address(player, currency)));
    expect(new Set(deposits.map((deposit) => deposit.address)).size).toBe(1);
    expect(deposits.map((deposit) => deposit.network)).toEqual([
      'Ethereum',
      'Ethereum',
      'Ethereum',
      'BNB Smart Chain',
      'BNB Smart Chain',
    ]);
    expect(isValidAddress('bsc', deposits[0]?.address ?? '')).toBe(true);
    expect(await addressRow(userId, 'bsc')).toBeUndefined();
  });

  test('TON and Solana: the shared address with a memo of the player’s own', async () => {
    const first = await bonusWorld.newPlayer();
    const second = await bonusWorld.newPlayer();
    const ton = await world.address(first.player, 'TON');
    expect(ton.address).toBe(toNonBounceable(demoSharedAddresses.ton));
    expect(ton.memo).toMatch(/^\d{8}$/);
    expect(await world.address(first.player, 'USDTTON')).toMatchObject({
      address: ton.address,
      memo: ton.memo,
      network: 'Toncoin',
    });
    const other = await world.address(second.player, 'NOT');
    expect(other.address).toBe(ton.address);
    expect(other.memo).not.toBe(ton.memo);
    const solana = await world.address(first.player, 'USDCSOL');
    expect(solana.address).toBe(demoSharedAddresses.solana);
    expect(solana.memo).toMatch(/^\d{8}$/);
    expect((await world.address(first.player, 'SOL')).memo).toBe(solana.memo);
  });

  test('refused: unknown methods, guests, and players whose deposits are banned', async () => {
    const { player } = await bonusWorld.newPlayer();
    expectError(await world.depositCall(player, { currency: 'DOGE' }), 'validation_error');
    const guest = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/txns/deposit',
      payload: { currency: 'BTC' },
    });
    expectError(guest, 'unauthorized');

    const banned = await bonusWorld.newPlayer();
    const restricted = await testApp.app.inject({
      method: 'PUT',
      url: `/api/backoffice/v1/players/${banned.globalId}/payment-restrictions`,
      headers: bearer(world.admin),
      payload: { buyBanned: true, fiatBanned: false },
    });
    expect(restricted.statusCode, restricted.body).toBe(200);
    expectError(await world.depositCall(banned.player, { currency: 'BTC' }), 'wallet_buy_banned');

    await testApp.db
      .updateTable('crypto_methods')
      .set({ deposit_enabled: false })
      .where('code', '=', 'LTC')
      .execute();
    expectError(await world.depositCall(player, { currency: 'LTC' }), 'crypto_method_disabled');
    await testApp.db
      .updateTable('crypto_methods')
      .set({ deposit_enabled: true })
      .where('code', '=', 'LTC')
      .execute();
  });
});

/** A player with an address on `currency`, in `primary` (USD unless given). */
async function depositor(currency: string, primary?: string) {
  const who = await bonusWorld.newPlayer();
  if (primary) await world.setPrimary(who.player, primary);
  const deposit = await world.address(who.player, currency);
  return { ...who, deposit };
}

describe('incoming transfers', () => {
  test('credited once at the required confirmations, converted at the rate in force, whatever the order of reports', async () => {
    const { userId, globalId, deposit } = await depositor('USDTTRC20', 'EUR');
    const hash = txHash();
    const transfer = {
      currency: 'USDTTRC20',
      txHash: hash,
      outputIndex: 0,
      address: deposit.address,
      amount: '10',
    };
    const seen = await world.report({ ...transfer, confirmations: 3 });
    expect(seen).toMatchObject({
      status: 'confirming',
      confirmations: 3,
      requiredConfirmations: 20,
      userId,
      credited: null,
    });
    expect(await world.mainBalance(userId, 'EUR')).toBe(0n);

    const credited = await world.report({ ...transfer, confirmations: 25 });
    // 10 USDT at USDT→EUR (1 / 1.16 through USD) = 8.62 EUR, rounded down
    expect(credited).toEqual({
      id: seen.id,
      status: 'credited',
      confirmations: 25,
      requiredConfirmations: 20,
      userId,
      credited: { value: '8.62', currency: 'EUR' },
    });
    // duplicates and an older, lower report change nothing
    expect(await world.report({ ...transfer, confirmations: 25 })).toEqual(credited);
    expect(await world.report({ ...transfer, confirmations: 1 })).toEqual(credited);

    expect(await world.mainBalance(userId, 'EUR')).toBe(862n);
    expect(await world.mainBalance(userId, 'USDT')).toBe(0n);
    expect(await ledgerTransactions('deposit', `crypto_deposit:${seen.id}`)).toBe(1);
    expect(await ledgerTransactions('exchange', `crypto_deposit:${seen.id}`)).toBe(1);
    const row = await depositRow(seen.id);
    const { rate } = await testApp.app.services.exchangeRates.rate('USDT', 'EUR');
    expect(row).toMatchObject({
      status: 'credited',
      amount_minor: 10_000_000n,
      credited_minor: 862n,
      credited_currency: 'EUR',
      confirmations: 25,
    });
    expect(Number(row.rate)).toBe(Number(rate));
    const account = await testApp.app.services.users.findAccount(userId);
    expect(account?.depositCount).toBe(1);

    // the player heard of it: pending, then completed, and the new balance
    const events = (await published('transaction', globalId)) as Array<Record<string, unknown>>;
    expect(events.map((event) => [event.id, event.type, event.status])).toEqual([
      [seen.id, 'deposit', 'pending'],
      [seen.id, 'deposit', 'completed'],
    ]);
    expect(events[1]).toMatchObject({ amount: '10.000000', currency: 'USDT' });
    const balances = (await published('balance', globalId)) as Array<{
      total: { primaryValue: string };
    }>;
    expect(balances.at(-1)?.total.primaryValue).toBe('8.62');

    // and the operator's audit log has each report
    const audits = await testApp.db
      .selectFrom('operator_audit_log')
      .select('action')
      .where('target_id', '=', seen.id)
      .execute();
    expect(audits).toHaveLength(4);
    expect(new Set(audits.map((audit) => audit.action))).toEqual(
      new Set(['crypto.deposit.report']),
    );
    await bonusWorld.expectLedgerConsistent();
  });

  test('ten identical reports at once credit exactly once', async () => {
    const { userId, deposit } = await depositor('TON');
    const transfer = {
      currency: 'TON',
      txHash: txHash(),
      address: deposit.address,
      memo: deposit.memo,
      amount: '3.5',
      confirmations: 1,
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => world.report(transfer)));
    for (const result of results) {
      expect(result).toMatchObject({ status: 'credited', userId });
    }
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    // 3.5 TON × 2.15 USD = 7.525 → 7.52 USD
    expect(await world.mainBalance(userId, 'USD')).toBe(752n);
    expect(await ledgerTransactions('deposit', `crypto_deposit:${results[0]?.id}`)).toBe(1);
    const account = await testApp.app.services.users.findAccount(userId);
    expect(account?.depositCount).toBe(1);
  });

  test('the same transfer with another amount or destination is a conflict, not a new credit', async () => {
    const { userId, deposit } = await depositor('ETH');
    const transfer = {
      currency: 'ETH',
      txHash: txHash(),
      address: deposit.address,
      amount: '0.01',
      confirmations: 12,
    };
    const credited = await world.report(transfer);
    expect(credited.status).toBe('credited');
    const before = await world.mainBalance(userId, 'USD');
    const changed = expectError(
      await world.reportCall({ ...transfer, amount: '0.02' }),
      'crypto_transfer_conflict',
    );
    expect(changed.payload).toEqual({ id: credited.id, amount: '0.010000000', currency: 'ETH' });
    expectError(
      await world.reportCall({ ...transfer, currency: 'USDTERC20', amount: '10' }),
      'crypto_transfer_conflict',
    );
    // hex addresses compare without case: the same destination
    expect(
      (await world.report({ ...transfer, address: deposit.address?.toLowerCase() })).status,
    ).toBe('credited');
    expect(await world.mainBalance(userId, 'USD')).toBe(before);
    expect(before).toBe(3400n); // 0.01 ETH × 3400 USD
  });

  test('a BNB Smart Chain token reaches the player’s ethereum address', async () => {
    const { userId, deposit } = await depositor('USDTBEP20');
    const result = await world.report({
      currency: 'USDTBEP20',
      txHash: txHash(),
      address: deposit.address,
      amount: '12.5',
      confirmations: 15,
    });
    expect(result).toMatchObject({ status: 'credited', userId, credited: { value: '12.50' } });
  });

  test('below the method minimum: recorded and declined, never credited', async () => {
    const { player, userId, deposit } = await depositor('USDTTRC20');
    const transfer = {
      currency: 'USDTTRC20',
      txHash: txHash(),
      address: deposit.address,
      amount: '4.99',
      confirmations: 30,
    };
    const result = await world.report(transfer);
    expect(result).toMatchObject({ status: 'below_minimum', userId, credited: null });
    expect((await world.report({ ...transfer, confirmations: 40 })).status).toBe('below_minimum');
    expect(await world.mainBalance(userId, 'USD')).toBe(0n);
    expect(await world.mainBalance(userId, 'USDT')).toBe(0n);
    const history = transactionHistoryResponseSchema.parse(
      (await testApp.app.inject({ url: '/api/v2/wallet/txns', headers: bearer(player) })).json(),
    );
    expect(history.items).toMatchObject([
      { id: result.id, type: 'deposit', status: 'declined', externalId: transfer.txHash },
    ]);
  });

  test('transfers nobody owns are recorded as unmatched', async () => {
    const stranger = await world.report({
      currency: 'BTC',
      txHash: txHash(),
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      amount: '0.01',
      confirmations: 6,
    });
    expect(stranger).toMatchObject({ status: 'unmatched', userId: null, credited: null });

    // the shared TON address needs a known memo
    const { userId, deposit } = await depositor('TON');
    const unknownMemo = await world.report({
      currency: 'TON',
      txHash: txHash(),
      address: deposit.address,
      memo: '12345678',
      amount: '5',
      confirmations: 1,
    });
    expect(unknownMemo.status).toBe('unmatched');
    const noMemo = await world.report({
      currency: 'TON',
      txHash: txHash(),
      address: deposit.address,
      amount: '5',
      confirmations: 1,
    });
    expect(noMemo.status).toBe('unmatched');
    // any form of the shared address (here the raw one) with the player's memo is theirs
    const raw = await world.report({
      currency: 'TON',
      txHash: txHash(),
      address: Address.parse(demoSharedAddresses.ton).toRawString(),
      memo: deposit.memo,
      amount: '5',
      confirmations: 1,
    });
    expect(raw).toMatchObject({ status: 'credited', userId });

    const list = await testApp.app.inject({
      url: '/api/backoffice/v1/crypto/deposits?status=unmatched&limit=100',
      headers: bearer(world.admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json() as { items: Array<{ id: string; playerGlobalId: null }> }).items.map(
      (item) => item.id,
    );
    expect(ids).toEqual(expect.arrayContaining([stranger.id, unknownMemo.id, noMemo.id]));
    expect(ids).not.toContain(raw.id);
    expectError(
      await testApp.app.inject({ url: '/api/backoffice/v1/crypto/deposits' }),
      'unauthorized',
    );
  });

  test('support gives an unmatched transfer to its player: credited once, never twice, audited', async () => {
    const { userId, globalId, deposit } = await depositor('TON');
    const support = await createOperator(testApp.app, 'support');
    // sent to the shared address without the memo: nobody's
    const lost = await world.report({
      currency: 'TON',
      txHash: txHash(),
      address: deposit.address,
      amount: '5',
      confirmations: 1,
    });
    expect(lost).toMatchObject({ status: 'unmatched', userId: null });
    const before = await world.mainBalance(userId, 'USD');

    // support finds the transfer in the list of unmatched ones
    const listed = await testApp.app.inject({
      url: '/api/backoffice/v1/crypto/deposits?status=unmatched&limit=100',
      headers: bearer(support),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      (listed.json() as { items: Array<{ id: string }> }).items.map((item) => item.id),
    ).toContain(lost.id);
    const assign = (id: string, body: unknown) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/backoffice/v1/crypto/deposits/${id}/assign`,
        headers: { ...bearer(support), 'idempotency-key': randomUUID() },
        payload: body as object,
      });
    // a player who does not exist is refused, and nothing changes
    const nobody = await assign(lost.id, { playerGlobalId: '999999999999' });
    expect(expectError(nobody, 'validation_error').payload).toMatchObject({
      fields: [{ field: 'playerGlobalId', message: 'Validation.invalid_value' }],
    });
    expect((await depositRow(lost.id)).status).toBe('unmatched');

    // two operators at once: one assignment wins, the other is a conflict
    const body = { playerGlobalId: globalId };
    const answers = await Promise.all([assign(lost.id, body), assign(lost.id, body)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const won = answers.find((answer) => answer.statusCode === 200);
    expect(won?.json()).toMatchObject({ id: lost.id, status: 'credited', userId });
    const lost409 = answers.find((answer) => answer.statusCode === 409);
    if (lost409) expectError(lost409, 'order_status_conflict');
    expect(await ledgerTransactions('deposit', `crypto_deposit:${lost.id}`)).toBe(1);
    expect(await world.mainBalance(userId, 'USD')).toBeGreaterThan(before);
    // a later report of the same transfer changes nothing more
    const again = await world.report({
      currency: 'TON',
      txHash: (await depositRow(lost.id)).tx_hash,
      address: deposit.address,
      amount: '5',
      confirmations: 3,
    });
    expect(again).toMatchObject({ status: 'credited', userId });
    expect(await ledgerTransactions('deposit', `crypto_deposit:${lost.id}`)).toBe(1);
    // only unmatched transfers can be assigned
    expectError(await assign(lost.id, body), 'order_status_conflict');
    // the assignment is in the audit log under the support operator who made it
    const audit = await testApp.db
      .selectFrom('operator_audit_log')
      .innerJoin('operators', 'operators.id', 'operator_audit_log.operator_id')
      .select(['operators.roles', 'operator_audit_log.payload'])
      .where('operator_audit_log.action', '=', 'crypto.deposit.assign')
      .where('operator_audit_log.target_id', '=', lost.id)
      .execute();
    expect(audit).toEqual([
      {
        roles: ['support'],
        payload: { userId, playerGlobalId: globalId, status: 'credited' },
      },
    ]);
    // reporting transfers (the sandbox chain watcher) stays with admin and finance
    expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/crypto/incoming',
        headers: { ...bearer(support), 'idempotency-key': randomUUID() },
        payload: {
          currency: 'TON',
          txHash: txHash(),
          address: deposit.address,
          amount: '5',
          confirmations: 1,
        },
      }),
      'forbidden',
    );
  });

  test('the operator endpoint needs an operator and an idempotency key', async () => {
    const body = {
      currency: 'BTC',
      txHash: txHash(),
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      amount: '0.01',
      confirmations: 1,
    };
    const { player } = await bonusWorld.newPlayer();
    expectError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/backoffice/v1/crypto/incoming',
        headers: { ...bearer(player), 'idempotency-key': randomUUID() },
        payload: body,
      }),
      'unauthorized',
    );
    const noKey = await testApp.app.inject({
      method: 'POST',
      url: '/api/backoffice/v1/crypto/incoming',
      headers: bearer(world.admin),
      payload: body,
    });
    expect(noKey.statusCode).toBe(400);
  });

  test('the first crypto deposit earns the crypto welcome step', async () => {
    const offer = await bonusWorld.createOffer({
      type: 'welcome',
      title: { en: 'Crypto first deposit' },
      minDepositNumber: 1,
      amountMultiplier: 1,
      maxAmountUsd: '500',
      wager: 1,
      minDepositUsd: '10',
      deadlineHours: 24,
    });
    try {
      const { player, userId, deposit } = await depositor('USDTTRC20');
      const result = await world.report({
        currency: 'USDTTRC20',
        txHash: txHash(),
        address: deposit.address,
        amount: '20',
        confirmations: 20,
      });
      expect(result.status).toBe('credited');
      const bonuses = await bonusWorld.userBonuses(player);
      expect(bonuses).toHaveLength(1);
      expect(bonuses[0]).toMatchObject({ offerId: offer.id, type: 'welcome', amount: '20.00' });
      const row = await testApp.db
        .selectFrom('user_bonuses')
        .select('metadata')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row.metadata).toMatchObject({ depositId: result.id, methodKind: 'crypto' });
      expect(await world.mainBalance(userId, 'USD')).toBe(2000n);
    } finally {
      await bonusWorld.disableOffers(['welcome']);
    }
  });
});
