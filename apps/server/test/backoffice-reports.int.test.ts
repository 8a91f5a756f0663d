import { dashboardSchema, reportSummarySchema } from '@casino/contract';
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

let testApp: TestApp;
let admin: SignedIn;
let finance: SignedIn;
let support: SignedIn;
let periodFrom: string;
let periodTo: string;

type Leg = [account: ReturnType<typeof playerAccount>, amountMinor: bigint];

async function post(type: string, reference: string, legs: Leg[]) {
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type,
    externalReference: reference,
    postings: legs.map(([account, amountMinor]) => ({ account, amountMinor })),
  });
}

/**
 * The seeded period, in USD, with the accounts each real flow moves money between:
 * deposits 1000 + 500; a casino bet 100 won 250; a sport stake 50 with 20 returned (a void
 * leg); a bonus of 30 granted, 10 of it staked and lost, 20 forfeited; a wheel prize of 5; a
 * withdrawal of 300 paid out. Noise the report must leave out: a EUR deposit and bet, and a
 * player who only deposited.
 */
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  finance = await createOperator(testApp.app, 'finance');
  support = await createOperator(testApp.app, 'support');
  const one = await userIdOf(testApp, await registerPlayer(testApp.app));
  const two = await userIdOf(testApp, await registerPlayer(testApp.app));
  const idle = await userIdOf(testApp, await registerPlayer(testApp.app));
  periodFrom = new Date(Date.now() - 60 * 60_000).toISOString();

  const usd = (kind: 'house' | 'provider_clearing') => platformAccount('USD', kind);
  const main = (userId: string) => playerAccount(userId, 'USD', 'main');
  const bonus = (userId: string) => playerAccount(userId, 'USD', 'bonus');
  await post('deposit', 'r-dep-1', [
    [usd('provider_clearing'), -100_000n],
    [main(one), 100_000n],
  ]);
  await post('deposit', 'r-dep-2', [
    [usd('provider_clearing'), -50_000n],
    [main(two), 50_000n],
  ]);
  await post('deposit', 'r-dep-3', [
    [usd('provider_clearing'), -7_000n],
    [main(idle), 7_000n],
  ]);
  await post('bet', 'r-round-1', [
    [main(one), -10_000n],
    [usd('house'), 10_000n],
  ]);
  await post('win', 'r-round-1', [
    [usd('house'), -25_000n],
    [main(one), 25_000n],
  ]);
  await post('sport_stake', 'r-ticket-1', [
    [main(two), -5_000n],
    [usd('house'), 5_000n],
  ]);
  await post('sport_refund', 'r-ticket-1', [
    [usd('house'), -2_000n],
    [main(two), 2_000n],
  ]);
  await post('bonus_grant', 'r-bonus-1', [
    [usd('house'), -3_000n],
    [bonus(two), 3_000n],
  ]);
  await post('bet', 'r-round-2', [
    [bonus(two), -1_000n],
    [usd('house'), 1_000n],
  ]);
  await post('bonus_forfeit', 'r-bonus-1', [
    [bonus(two), -2_000n],
    [usd('house'), 2_000n],
  ]);
  await post('wheel_prize', 'r-spin-1', [
    [usd('house'), -500n],
    [main(one), 500n],
  ]);
  await post('hold_post', 'r-withdrawal-1', [
    [main(one), -30_000n],
    [usd('provider_clearing'), 30_000n],
  ]);
  // another currency
  const eur = (kind: 'house' | 'provider_clearing') => platformAccount('EUR', kind);
  const eurMain = playerAccount(idle, 'EUR', 'main');
  await post('deposit', 'r-dep-eur', [
    [eur('provider_clearing'), -9_000n],
    [eurMain, 9_000n],
  ]);
  await post('bet', 'r-round-eur', [
    [eurMain, -4_000n],
    [eur('house'), 4_000n],
  ]);
  periodTo = new Date(Date.now() + 60 * 60_000).toISOString();
});
afterAll(async () => {
  await testApp.close();
});

function summary(session: SignedIn, query: Record<string, string>) {
  return testApp.app.inject({
    url: '/api/backoffice/v1/reports/summary',
    query,
    headers: bearer(session),
  });
}

describe('GET /api/backoffice/v1/reports/summary', () => {
  test('the figures are the hand-computed sums of the seeded ledger', async () => {
    const response = await summary(finance, { from: periodFrom, to: periodTo, currency: 'USD' });
    expect(response.statusCode, response.body).toBe(200);
    expect(reportSummarySchema.strict().parse(response.json())).toEqual({
      from: periodFrom,
      to: periodTo,
      currency: 'USD',
      deposits: '1570.00',
      withdrawals: '300.00',
      // 100 + 50 − 20 + 10 (the bonus money staked)
      bets: '140.00',
      wins: '250.00',
      ggr: '-110.00',
      // 30 granted − 20 forfeited + 5 wheel prize
      bonusCost: '15.00',
      ngr: '-125.00',
      activePlayers: 2,
      betCount: 3,
    });
    const { violations } = await testApp.app.services.ledger.check();
    expect(violations).toEqual([]);
  });

  test('one currency at a time; a period with nothing in it is zero', async () => {
    const eur = reportSummarySchema.parse(
      (await summary(admin, { from: periodFrom, to: periodTo, currency: 'EUR' })).json(),
    );
    expect(eur).toMatchObject({ deposits: '90.00', bets: '40.00', ggr: '40.00', activePlayers: 1 });
    const before = reportSummarySchema.parse(
      (
        await summary(admin, {
          from: '2020-01-01T00:00:00Z',
          to: '2020-02-01T00:00:00Z',
        })
      ).json(),
    );
    expect(before).toMatchObject({
      currency: 'USD',
      deposits: '0.00',
      ggr: '0.00',
      ngr: '0.00',
      activePlayers: 0,
    });
  });

  test('the period is validated: ordered, at most 366 days, ISO instants; roles checked', async () => {
    expectError(
      await summary(admin, { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
      'validation_error',
    );
    expectError(
      await summary(admin, { from: '2024-01-01T00:00:00Z', to: '2025-06-01T00:00:00Z' }),
      'validation_error',
    );
    expectError(await summary(admin, { from: 'yesterday', to: periodTo }), 'validation_error');
    expectError(
      await summary(admin, { from: periodFrom, to: periodTo, currency: 'usd' }),
      'validation_error',
    );
    expectError(await summary(support, { from: periodFrom, to: periodTo }), 'forbidden');
  });
});

describe('GET /api/backoffice/v1/reports/dashboard', () => {
  test('today, 7 and 30 days, the open liability and the queues', async () => {
    const response = await testApp.app.inject({
      url: '/api/backoffice/v1/reports/dashboard',
      headers: bearer(support),
    });
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = dashboardSchema.strict().parse(response.json());
    for (const period of [dashboard.last7Days, dashboard.last30Days]) {
      expect(period).toMatchObject({ deposits: '1570.00', ggr: '-110.00', ngr: '-125.00' });
    }
    // the seeding ran within the last hour: today holds it unless midnight UTC fell in between
    expect(['0.00', '1570.00']).toContain(dashboard.today.deposits);
    expect(dashboard.sportOpenLiability).toBe('0.00');
    expect(dashboard.queues).toEqual({
      depositsAwaitingApproval: 0,
      disputes: 0,
      fiatWithdrawalsToPay: 0,
      cryptoWithdrawalsToPay: 0,
      unmatchedCryptoTransfers: 0,
      adjustmentsAwaitingApproval: 0,
    });
  });
});
