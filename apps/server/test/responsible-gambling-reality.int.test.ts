import { randomUUID } from 'node:crypto';
import {
  limitRefusalPayloadSchema,
  limitsReviewSchema,
  type PlaySession,
  playerLimitsSchema,
  playSessionSchema,
  profileSchema,
  realityCheckDuePayloadSchema,
} from '@casino/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import { usageBucketsQuery } from '../src/modules/players/protection/usage.repository.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  type RegisteredPlayer,
  registerPlayer,
  type TestApp,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';
import { BonusWorld } from './support/bonuses.ts';
import { playableOriginal } from './support/originals.ts';

/**
 * Reality checks, the session time limit, the limits prompt and review, limits across a
 * primary-currency change and the per-hour usage table (issue 22) on a real PostgreSQL. Play
 * sessions and usage carry the database's time (the ledger's), so a test moves a session back
 * in time by writing its row, as an operator's clock would have seen it.
 */
const clock = manualClock(new Date());
const minuteMs = 60_000;
const monthMs = 30 * 24 * 3_600_000;

let testApp: TestApp;
let diceId: string;

interface Player extends RegisteredPlayer {
  userId: string;
}

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  const admin = await loginOperator(testApp.app, undefined, testApp.config);
  diceId = await playableOriginal(testApp, 'dice');
  // no welcome bonus: a bonus would send every round to the general path anyway
  await new BonusWorld(testApp, admin).disableOffers(['welcome', 'everyday', 'promo', 'deposit']);
});
afterAll(async () => {
  await testApp?.close();
});

async function fund(userId: string, currency: string, amountMinor: bigint) {
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `rgr-fund:${randomUUID()}`,
    postings: [
      { account: platformAccount(currency, 'provider_clearing'), amountMinor: -amountMinor },
      { account: playerAccount(userId, currency, 'main'), amountMinor },
    ],
  });
}

async function newPlayer(fundMinor = 100_000n): Promise<Player> {
  const player = await registerPlayer(testApp.app);
  const { id: userId } = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  if (fundMinor > 0n) await fund(userId, 'USD', fundMinor);
  return { ...player, userId };
}

function dice(player: Player, bet: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/games/${diceId}/rounds`,
    headers: { ...bearer(player), 'idempotency-key': randomUUID() },
    payload: { bet, params: { target: 50.5, direction: 'over' } },
  });
}

async function diceOk(player: Player, bet = '1') {
  const response = await dice(player, bet);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { bet: string; payout: string };
}

async function patchMe(player: Player, payload: object) {
  return await testApp.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bearer(player),
    payload,
  });
}

async function playSession(player: Player): Promise<PlaySession> {
  const response = await testApp.app.inject({
    url: '/api/v1/me/play-session',
    headers: bearer(player),
  });
  expect(response.statusCode, response.body).toBe(200);
  return playSessionSchema.parse(response.json());
}

async function acknowledge(player: Player): Promise<PlaySession> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/me/reality-check/ack',
    headers: bearer(player),
  });
  expect(response.statusCode, response.body).toBe(200);
  return playSessionSchema.parse(response.json());
}

/** Moves the player's play session `minutes` back (its start, answer, totals, last stake). */
async function sessionBack(player: Player, minutes: number, lastStakeToo = false) {
  const shift = sql`${minutes} * interval '1 minute'`;
  await sql`
    UPDATE player_play_sessions SET started_at = started_at - ${shift},
      reality_check_acked_at = reality_check_acked_at - ${shift},
      last_stake_at = CASE WHEN ${lastStakeToo} THEN last_stake_at - ${shift}
        ELSE last_stake_at END
    WHERE user_id = ${player.userId}
  `.execute(testApp.db);
  await sql`
    UPDATE player_play_session_totals SET session_started_at = session_started_at - ${shift}
    WHERE user_id = ${player.userId}
  `.execute(testApp.db);
}

async function putLimit(player: Player, type: string, period: string, amount: string | null) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: `/api/v1/me/limits/${type}/${period}`,
    headers: bearer(player),
    payload: { amount },
  });
  expect(response.statusCode, response.body).toBe(200);
  return playerLimitsSchema.parse(response.json());
}

async function limitsOf(player: Player) {
  const response = await testApp.app.inject({ url: '/api/v1/me/limits', headers: bearer(player) });
  expect(response.statusCode, response.body).toBe(200);
  return playerLimitsSchema.parse(response.json());
}

describe('reality checks', () => {
  test('the interval is on the profile; a due check refuses stakes until it is answered', async () => {
    const player = await newPlayer();
    const invalid = await patchMe(player, { realityCheckMinutes: 20 });
    expectError(invalid, 'validation_error');
    const set = await patchMe(player, { realityCheckMinutes: 15 });
    expect(set.statusCode, set.body).toBe(200);
    expect(profileSchema.parse(set.json()).realityCheckMinutes).toBe(15);
    const me = await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) });
    expect(profileSchema.parse(me.json()).realityCheckMinutes).toBe(15);

    // no stake yet: no session
    expect(await playSession(player)).toMatchObject({
      startedAt: null,
      minutesPlayed: 0,
      nextRealityCheckAt: null,
      realityCheckDue: false,
    });
    const first = await diceOk(player, '2');
    const session = await playSession(player);
    expect(session.startedAt).not.toBeNull();
    expect(session.realityCheckMinutes).toBe(15);
    expect(session.realityCheckDue).toBe(false);
    expect(Date.parse(session.nextRealityCheckAt ?? '')).toBe(
      Date.parse(session.startedAt ?? '') + 15 * minuteMs,
    );
    const won = Number(first.payout);
    expect(session.net).toEqual({
      currency: 'USD',
      staked: '2.00',
      won: won.toFixed(2),
      result: (won - 2).toFixed(2),
    });

    // 16 minutes on (the last stake a minute ago): the check is due and stakes are refused
    await sessionBack(player, 16);
    await sql`UPDATE player_play_sessions SET last_stake_at = statement_timestamp() - interval '1 minute'
      WHERE user_id = ${player.userId}`.execute(testApp.db);
    const due = await playSession(player);
    expect(due).toMatchObject({ realityCheckDue: true, minutesPlayed: 16 });
    const refused = await dice(player, '1');
    const body = expectError(refused, 'reality_check_due');
    expect(realityCheckDuePayloadSchema.parse(body.payload)).toMatchObject({
      minutesPlayed: 16,
      dueAt: due.nextRealityCheckAt,
    });
    // nothing moved: the session still counts the one stake
    expect((await playSession(player)).net.staked).toBe('2.00');

    // "continue": the next check is an interval from now, stakes go through again
    const answered = await acknowledge(player);
    expect(answered.realityCheckDue).toBe(false);
    expect(Date.parse(answered.nextRealityCheckAt ?? '')).toBeGreaterThan(
      Date.now() + 14 * minuteMs,
    );
    await diceOk(player, '1');
    expect((await playSession(player)).net.staked).toBe('3.00');

    // an answer before the check is due changes nothing
    const early = await acknowledge(player);
    expect(early.nextRealityCheckAt).toBe(answered.nextRealityCheckAt);

    // the interval removed: no check, stakes on the instant path again
    expect((await patchMe(player, { realityCheckMinutes: null })).statusCode).toBe(200);
    await sessionBack(player, 20);
    expect((await playSession(player)).nextRealityCheckAt).toBeNull();
    await diceOk(player, '1');
  });

  test('30 minutes without a stake end the session: the next stake starts a new one', async () => {
    const player = await newPlayer();
    expect((await patchMe(player, { realityCheckMinutes: 30 })).statusCode).toBe(200);
    await diceOk(player, '1');
    await sessionBack(player, 45, true);
    // the check would be due, but the session is over
    expect(await playSession(player)).toMatchObject({ startedAt: null, realityCheckDue: false });
    await diceOk(player, '1');
    const fresh = await playSession(player);
    expect(fresh.realityCheckDue).toBe(false);
    expect(fresh.net.staked).toBe('1.00');
    expect(Date.now() - Date.parse(fresh.startedAt ?? '')).toBeLessThan(5 * minuteMs);
  });
});

describe('the session time limit', () => {
  test('once the day’s play time reaches the limit, stakes are refused with when it frees up', async () => {
    const player = await newPlayer();
    await putLimit(player, 'session', 'day', '15');
    await diceOk(player);
    // the player's last stake 20 minutes ago, in the same session: the next stake adds 20 minutes
    await sessionBack(player, 20, true);
    await sql`UPDATE player_play_sessions SET last_stake_at = statement_timestamp() - interval '20 minutes'
      WHERE user_id = ${player.userId}`.execute(testApp.db);
    await diceOk(player);
    const [limit] = await limitsOf(player);
    expect(limit).toMatchObject({ type: 'session', period: 'day', amount: '15', used: '20' });
    expect(limit?.resetsAt).not.toBeNull();

    const refused = await dice(player, '1');
    const payload = limitRefusalPayloadSchema.parse(
      expectError(refused, 'responsible_gambling_limit').payload,
    );
    expect(payload).toMatchObject({ type: 'session', period: 'day', amount: '15', used: '20' });
    // frees up once the hour of that play leaves the rolling day
    const resetsAt = Date.parse(payload.resetsAt ?? '');
    expect(resetsAt).toBeGreaterThan(Date.now() + 22 * 3_600_000);
    expect(resetsAt).toBeLessThanOrEqual(Date.now() + 25 * 3_600_000);
  });
});

describe('the limits prompt and review', () => {
  test('declined, then reviewed; both on the profile', async () => {
    const player = await newPlayer(0n);
    const profile = profileSchema.parse(
      (await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) })).json(),
    );
    expect(profile).toMatchObject({ limitsPromptAnsweredAt: null, limitsReviewedAt: null });
    const review = (action: unknown) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v1/me/limits/review',
        headers: bearer(player),
        payload: { action },
      });
    expectError(await review('later'), 'validation_error');
    const declined = await review('declined');
    expect(declined.statusCode, declined.body).toBe(200);
    const afterDecline = limitsReviewSchema.parse(declined.json());
    expect(afterDecline.limitsPromptAnsweredAt).toBe(clock.now().toISOString());
    expect(afterDecline.limitsReviewedAt).toBeNull();

    clock.advance(minuteMs);
    const reviewed = limitsReviewSchema.parse((await review('reviewed')).json());
    // the prompt's answer stays; the review is now
    expect(reviewed).toEqual({
      limitsPromptAnsweredAt: afterDecline.limitsPromptAnsweredAt,
      limitsReviewedAt: clock.now().toISOString(),
    });
    const me = profileSchema.parse(
      (await testApp.app.inject({ url: '/api/v1/me', headers: bearer(player) })).json(),
    );
    expect(me).toMatchObject(reviewed);
    // a deposit limit set in the profile answers the prompt too
    const other = await newPlayer(0n);
    await putLimit(other, 'deposit', 'month', '500');
    const answered = profileSchema.parse(
      (await testApp.app.inject({ url: '/api/v1/me', headers: bearer(other) })).json(),
    );
    expect(answered.limitsPromptAnsweredAt).toBe(clock.now().toISOString());
    expect(answered.limitsReviewedAt).toBeNull();
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/me/limits/review',
      payload: { action: 'declined' },
    });
    expectError(anonymous, 'unauthorized');
  });
});

describe('limits across a primary-currency change', () => {
  test('converted at the operator’s rate, rounded down; usage keeps counting', async () => {
    const player = await newPlayer(50_000n);
    await putLimit(player, 'wager', 'day', '100');
    await putLimit(player, 'deposit', 'week', '333.33');
    await diceOk(player, '30');
    const ledger = testApp.app.services.ledger;
    const wagerEur = (await ledger.quote(10_000n, 'USD', 'EUR', 'down')).amountMinor;
    const depositEur = (await ledger.quote(33_333n, 'USD', 'EUR', 'down')).amountMinor;
    const usedEur = (await ledger.quote(3_000n, 'USD', 'EUR', 'up')).amountMinor;

    const changed = await patchMe(player, { currency: { primary: 'EUR' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const limits = await limitsOf(player);
    const eur = (minor: bigint) => (Number(minor) / 100).toFixed(2);
    expect(limits.find((limit) => limit.type === 'wager')).toMatchObject({
      currency: 'EUR',
      amount: eur(wagerEur),
      used: eur(usedEur),
    });
    expect(limits.find((limit) => limit.type === 'deposit')).toMatchObject({
      currency: 'EUR',
      amount: eur(depositEur),
    });
    const changes = await testApp.db
      .selectFrom('player_limit_changes')
      .select(['kind', 'to_minor', 'currency'])
      .where('user_id', '=', player.userId)
      .where('kind', '=', 'converted')
      .execute();
    expect(changes).toHaveLength(2);
    expect(changes.every((change) => change.currency === 'EUR')).toBe(true);

    // the old stakes and the new ones count together against the converted limit
    const left = wagerEur - usedEur;
    const tooMuch = await dice(player, eur(left + 1n));
    const payload = limitRefusalPayloadSchema.parse(
      expectError(tooMuch, 'responsible_gambling_limit').payload,
    );
    expect(payload).toMatchObject({ type: 'wager', currency: 'EUR', used: eur(usedEur) });
    await diceOk(player, eur(left));
    expect((await limitsOf(player)).find((limit) => limit.type === 'wager')?.used).toBe(
      eur(wagerEur),
    );
  });
});

describe('the per-hour usage table', () => {
  /** the player's stakes and wins from the ledger, naively: every posting of theirs */
  async function ledgerSums(userId: string) {
    const { rows } = await sql<{ currency: string; staked: string; won: string }>`
      SELECT a.currency,
        coalesce(sum(CASE
          WHEN a.kind IN ('main', 'bonus')
            AND t.type IN ('bet', 'provider_bet', 'sport_stake', 'provider_rollback')
            THEN -p.amount_minor
          WHEN a.kind = 'bet_hold' AND t.type IN ('hold', 'hold_void') THEN p.amount_minor
          ELSE 0 END), 0)::text AS staked,
        coalesce(sum(CASE
          WHEN a.kind IN ('main', 'bonus') AND t.type IN ('win', 'freespin_win', 'provider_win',
            'sport_win', 'sport_refund', 'sport_cashout', 'sport_unsettle')
            THEN p.amount_minor ELSE 0 END), 0)::text AS won
      FROM ledger_accounts a
      JOIN ledger_postings p ON p.account_id = a.id
      JOIN ledger_transactions t ON t.id = p.transaction_id
      WHERE a.user_id = ${userId}
      GROUP BY a.currency ORDER BY a.currency
    `.execute(testApp.db);
    return rows.map((row) => ({ currency: row.currency, staked: row.staked, won: row.won }));
  }

  async function tableSums(userId: string) {
    const { rows } = await sql<{ currency: string; staked: string; won: string }>`
      SELECT currency, sum(staked_minor)::text AS staked, sum(won_minor)::text AS won
      FROM player_usage_hours WHERE user_id = ${userId}
      GROUP BY currency ORDER BY currency
    `.execute(testApp.db);
    return rows;
  }

  const operationArb = fc.oneof(
    fc.record({ kind: fc.constant('dice' as const), cents: fc.integer({ min: 10, max: 500 }) }),
    fc.record({
      kind: fc.constantFrom(
        'provider_bet' as const,
        'provider_win' as const,
        'provider_rollback' as const,
        'deposit' as const,
      ),
      currency: fc.constantFrom('USD', 'EUR'),
      cents: fc.integer({ min: 1, max: 500 }),
    }),
  );

  test('equals the ledger’s naive sum after random operations (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operationArb, { minLength: 1, maxLength: 6 }),
        async (operations) => {
          const player = await newPlayer(100_000n);
          await fund(player.userId, 'EUR', 100_000n);
          for (const operation of operations) {
            if (operation.kind === 'dice') {
              await diceOk(player, (operation.cents / 100).toFixed(2));
              continue;
            }
            const amountMinor = BigInt(operation.cents);
            const toPlayer = operation.kind !== 'provider_bet';
            await testApp.app.services.ledger.postTransaction(testApp.db, {
              type: operation.kind,
              externalReference: `rgr-op:${randomUUID()}`,
              postings: [
                {
                  account: platformAccount(operation.currency, 'provider_clearing'),
                  amountMinor: toPlayer ? -amountMinor : amountMinor,
                },
                {
                  account: playerAccount(player.userId, operation.currency, 'main'),
                  amountMinor: toPlayer ? amountMinor : -amountMinor,
                },
              ],
            });
          }
          const expected = (await ledgerSums(player.userId)).filter(
            (row) => row.staked !== '0' || row.won !== '0',
          );
          expect(await tableSums(player.userId)).toEqual(expected);
        },
      ),
      { numRuns: 6 },
    );
  });

  test('a window reads one bounded index range, however long the history (EXPLAIN)', async () => {
    const player = await newPlayer(0n);
    // two years of hourly usage in two currencies
    await sql`
      INSERT INTO player_usage_hours (user_id, currency, hour, staked_minor, won_minor)
      SELECT ${player.userId}, c.currency, h.hour, 100, 40
      FROM generate_series(
        date_trunc('hour', now()) - interval '730 days', date_trunc('hour', now()), interval '1 hour'
      ) AS h(hour)
      CROSS JOIN (VALUES ('USD'), ('EUR')) AS c(currency)
    `.execute(testApp.db);
    await sql`ANALYZE player_usage_hours`.execute(testApp.db);
    const query = usageBucketsQuery(player.userId, monthMs);
    const { rows } = await sql<{ 'QUERY PLAN': unknown }>`
      EXPLAIN (ANALYZE, FORMAT JSON) ${query}
    `.execute(testApp.db);
    interface PlanNode {
      'Node Type': string;
      'Relation Name'?: string;
      'Actual Rows': number;
      'Actual Loops': number;
      'Rows Removed by Filter'?: number;
      'Rows Removed by Index Recheck'?: number;
      Plans?: PlanNode[];
    }
    const plans = rows[0]?.['QUERY PLAN'] as Array<{ Plan: PlanNode }> | undefined;
    const root = plans?.[0]?.Plan;
    if (!root) throw new Error('EXPLAIN answered no plan');
    let read = 0;
    const scans: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Relation Name'] === 'player_usage_hours') {
        scans.push(node['Node Type']);
        read +=
          (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
      }
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(root);
    // no sequential scan; the rows read are the window's (31 days × 24 hours × 2 currencies),
    // not the 2 years' (35,000)
    expect(scans.length).toBeGreaterThan(0);
    expect(scans).not.toContain('Seq Scan');
    expect(read).toBeLessThanOrEqual(2 * (31 * 24 + 2));
    const result = await query.execute(testApp.db);
    // 25-26 hourly rows and 29-31 day groups (the days the window touches) per currency
    expect(result.rows.length).toBeLessThanOrEqual(2 * (26 + 31));
    expect(result.rows.length).toBeGreaterThanOrEqual(2 * (25 + 29));
  });
});
