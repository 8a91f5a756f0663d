import { randomUUID } from 'node:crypto';
import { tournamentEventSchema, tournamentSchema } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import { createServices } from '../src/services.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  manualClock,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';

const clock = manualClock(new Date('2026-06-01T12:00:00.000Z'));
let testApp: TestApp;
let admin: SignedIn;
let limboGame: string;

const minute = 60 * 1000;

interface Player {
  session: RegisteredPlayer;
  userId: string;
  globalId: string;
}

async function createTournament(id: string) {
  const now = clock.now().getTime();
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/tournaments',
    headers: bearer(admin),
    payload: {
      id,
      descriptions: {
        en: { name: `Cup ${id}`, description: '', image: '/tournaments/originals-race.svg' },
        ru: { name: `Кубок ${id}`, description: '', image: '/tournaments/originals-race.svg' },
      },
      startsAt: new Date(now - minute).toISOString(),
      endsAt: new Date(now + 10 * minute).toISOString(),
      scoring: 'wagered',
      currency: 'USD',
      prizes: [
        { place: 1, amount: '100' },
        { place: 2, amount: '50' },
        { place: 3, amount: '25' },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function player(language: string, currency: string): Promise<Player> {
  const session = await registerPlayer(testApp.app);
  const userId = await userIdOf(testApp, session);
  await testApp.db
    .updateTable('users')
    .set({ language, primary_currency: currency })
    .where('id', '=', userId)
    .execute();
  // rounds are played in the primary currency
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `tournament-payout-${userId}`,
    postings: [
      { account: platformAccount(currency, 'provider_clearing'), amountMinor: -10_000n },
      { account: playerAccount(userId, currency, 'main'), amountMinor: 10_000n },
    ],
  });
  const { global_id } = await testApp.db
    .selectFrom('users')
    .select('global_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { session, userId, globalId: global_id.toString() };
}

async function play(who: Player, bet: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/v2/games/${limboGame}/rounds`,
    headers: { ...bearer(who.session), 'idempotency-key': randomUUID() },
    // a target of 1 000 000 practically never wins: the stakes decide the places
    payload: { bet, params: { target: 1_000_000 } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function prizesOf(tournamentId: string) {
  return await testApp.db
    .selectFrom('ledger_transactions')
    .select(['external_reference'])
    .where('type', '=', 'tournament_prize')
    .where('external_reference', 'like', `${tournamentId}:%`)
    .orderBy('external_reference')
    .execute();
}

async function winEvents(who: Player) {
  const rows = await testApp.db
    .selectFrom('realtime_history')
    .select('data')
    .where('channel', '=', `tournaments#${who.globalId}`)
    .orderBy('offset')
    .execute();
  return rows.map((row) => tournamentEventSchema.parse(row.data));
}

let first: Player;
let second: Player;
let third: Player;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  ({ id: limboGame } = await testApp.db
    .selectFrom('games as g')
    .select('g.id')
    .where('g.engine', '=', 'limbo')
    .where('g.enabled', '=', true)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM game_blacklists b WHERE b.game_id = g.id OR b.provider_id = g.provider_id)`,
    )
    .orderBy('g.id')
    .executeTakeFirstOrThrow());
  await createTournament('double-run');
  // first: Russian, plays in EUR (converted to USD for the score); second: English, USD;
  // third plays only after the end
  first = await player('ru', 'EUR');
  second = await player('en', 'USD');
  third = await player('en', 'USD');
  await play(first, '3.00');
  await play(second, '1.00');
  await play(second, '1.00');
});
afterAll(async () => {
  await testApp?.close();
});

describe('prizes at the end', () => {
  test('nothing is paid before the end', async () => {
    expect(await testApp.app.services.tournaments.settle('double-run')).toBe(false);
    expect(await prizesOf('double-run')).toEqual([]);
  });

  test('a double run pays each place once, in the winner’s currency, and tells the winner', async () => {
    clock.advance(11 * minute);
    // a round after the end counts for nothing
    await play(third, '5.00');
    const { tournaments, ledger } = testApp.app.services;
    expect(await tournaments.settle('double-run')).toBe(true);
    expect(await tournaments.settle('double-run')).toBe(false);
    expect((await tournaments.sweep()).paid).toBe(0);
    expect(await tournaments.settle('double-run')).toBe(false);

    expect((await prizesOf('double-run')).map((row) => row.external_reference)).toEqual([
      'double-run:1',
      'double-run:2',
    ]);
    const payouts = await testApp.db
      .selectFrom('tournament_payouts')
      .select(['place', 'user_id', 'amount_minor', 'paid_amount_minor', 'paid_currency'])
      .where('tournament_id', '=', 'double-run')
      .orderBy('place')
      .execute();
    const prizeEur = (await ledger.quote(10_000n, 'USD', 'EUR', 'down')).amountMinor;
    expect(payouts).toEqual([
      {
        place: 1,
        user_id: first.userId,
        amount_minor: 10_000n,
        paid_amount_minor: prizeEur,
        paid_currency: 'EUR',
      },
      {
        place: 2,
        user_id: second.userId,
        amount_minor: 5_000n,
        paid_amount_minor: 5_000n,
        paid_currency: 'USD',
      },
    ]);
    expect(await ledger.balance(first.userId, 'EUR', 'main')).toBe(10_000n - 300n + prizeEur);
    expect(await ledger.balance(second.userId, 'USD', 'main')).toBe(10_000n - 200n + 5_000n);
    expect(await ledger.balance(third.userId, 'USD', 'main')).toBe(10_000n - 500n);

    const events = await winEvents(first);
    expect(events.find((event) => event.tournamentId === 'double-run')).toEqual({
      type: 'win',
      tournamentId: 'double-run',
      name: 'Кубок double-run',
      place: 1,
      prize: { value: (Number(prizeEur) / 100).toFixed(2), currency: 'EUR' },
    });
    expect(
      (await winEvents(second)).filter((event) => event.tournamentId === 'double-run'),
    ).toEqual([
      {
        type: 'win',
        tournamentId: 'double-run',
        name: 'Cup double-run',
        place: 2,
        prize: { value: '50.00', currency: 'USD' },
      },
    ]);
    expect(await winEvents(third)).toEqual([]);
    const listed = await testApp.app.inject({ url: '/api/v2/tournaments/double-run' });
    expect(tournamentSchema.parse(listed.json()).status).toBe('paid');
    const ledgerCheck = await ledger.check();
    expect(ledgerCheck.violations).toEqual([]);
  });

  test('two processes racing on a tournament pay it once', async () => {
    await createTournament('race-two');
    // rounds in race-two: the clock is past the other tournaments' end but race-two runs
    await play(second, '2.00');
    await play(first, '1.00');
    clock.advance(11 * minute);
    const otherDb = createDatabase({ connectionString: testApp.databaseUrl, maxConnections: 3 });
    try {
      const otherProcess = createServices({ config: testApp.config, db: otherDb, clock });
      const results = await Promise.all([
        testApp.app.services.tournaments.settle('race-two'),
        otherProcess.tournaments.settle('race-two'),
        otherProcess.tournaments.sweep(),
        testApp.app.services.tournaments.sweep(),
      ]);
      const paidBySettle = results.filter((result) => result === true).length;
      const paidBySweeps = results
        .filter((result): result is { paid: number } => typeof result === 'object')
        .reduce((sum, result) => sum + result.paid, 0);
      expect(paidBySettle + paidBySweeps).toBe(1);
    } finally {
      await otherDb.destroy();
    }
    expect((await prizesOf('race-two')).map((row) => row.external_reference)).toEqual([
      'race-two:1',
      'race-two:2',
    ]);
    const payouts = await testApp.db
      .selectFrom('tournament_payouts')
      .select(['place', 'user_id'])
      .where('tournament_id', '=', 'race-two')
      .orderBy('place')
      .execute();
    expect(payouts).toEqual([
      { place: 1, user_id: second.userId },
      { place: 2, user_id: first.userId },
    ]);
    expect(
      (await winEvents(second)).filter((event) => event.tournamentId === 'race-two'),
    ).toHaveLength(1);
  });
});
