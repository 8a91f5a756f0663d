import { randomUUID } from 'node:crypto';
import { leaderboardSchema } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { platformAccount, playerAccount } from '../src/modules/money/ledger/ledger.service.ts';
import {
  createProvider,
  fund,
  launch,
  newPlayer,
  registerGame,
  type TestProvider,
  walletCall,
} from './seamless-client.ts';
import {
  bearer,
  createTestApp,
  loginOperator,
  type RegisteredPlayer,
  registerPlayer,
  type SignedIn,
  type TestApp,
  userIdOf,
} from './support/app.ts';

let testApp: TestApp;
let admin: SignedIn;
let limboGame: string;

const hour = 60 * 60 * 1000;

async function createTournament(id: string, scoring: string, currency: string) {
  const now = Date.now();
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/backoffice/v1/tournaments',
    headers: bearer(admin),
    payload: {
      id,
      descriptions: { en: { name: id, description: '', image: '/tournaments/originals-race.svg' } },
      startsAt: new Date(now - hour).toISOString(),
      endsAt: new Date(now + hour).toISOString(),
      scoring,
      currency,
      prizes: [{ place: 1, amount: '10' }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function scoresOf(tournamentId: string) {
  const rows = await testApp.db
    .selectFrom('tournament_scores')
    .select(['user_id', 'score', 'rounds'])
    .where('tournament_id', '=', tournamentId)
    .execute();
  return new Map(
    rows.map((row) => [row.user_id, { score: row.score, rounds: Number(row.rounds) }]),
  );
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await loginOperator(testApp.app, undefined, testApp.config);
  await createTournament('wagered-usd', 'wagered', 'USD');
  await createTournament('won-eur', 'won', 'EUR');
  await createTournament('best-round', 'best_multiplier', 'USD');
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
});
afterAll(async () => {
  await testApp?.close();
});

describe('live leaderboards', () => {
  test('concurrent rounds of several players: every score equals a recomputation from the rounds', async () => {
    const { app, db } = testApp;
    const players: Array<{ session: RegisteredPlayer; userId: string }> = [];
    for (let index = 0; index < 4; index += 1) {
      const session = await registerPlayer(app);
      const userId = await userIdOf(testApp, session);
      await app.services.ledger.postTransaction(db, {
        type: 'deposit',
        externalReference: `tournament-scoring-${userId}`,
        postings: [
          { account: platformAccount('USD', 'provider_clearing'), amountMinor: -100_000n },
          { account: playerAccount(userId, 'USD', 'main'), amountMinor: 100_000n },
        ],
      });
      players.push({ session, userId });
    }
    const bets = ['0.50', '1.00', '1.25', '2.00', '3.10'];
    const targets = [1.5, 2, 3, 5];
    const answers = await Promise.all(
      players.flatMap((player, playerIndex) =>
        Array.from({ length: 12 }, (_, index) =>
          app.inject({
            method: 'POST',
            url: `/api/v2/games/${limboGame}/rounds`,
            headers: { ...bearer(player.session), 'idempotency-key': randomUUID() },
            payload: {
              bet: bets[(index + playerIndex) % bets.length],
              params: { target: targets[index % targets.length] },
            },
          }),
        ),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const rounds = await db
      .selectFrom('game_rounds')
      .select(['user_id', 'bet_minor', 'payout_minor', 'currency'])
      .where(
        'user_id',
        'in',
        players.map((player) => player.userId),
      )
      .where('state', '=', 'settled')
      .execute();
    expect(rounds).toHaveLength(48);
    const wagered = await scoresOf('wagered-usd');
    const won = await scoresOf('won-eur');
    const best = await scoresOf('best-round');
    for (const player of players) {
      const own = rounds.filter((round) => round.user_id === player.userId);
      let stakes = 0n;
      let wonEur = 0n;
      let bestScaled = 0n;
      for (const round of own) {
        stakes += round.bet_minor;
        if (round.payout_minor > 0n) {
          wonEur += (await app.services.ledger.quote(round.payout_minor, 'USD', 'EUR', 'down'))
            .amountMinor;
        }
        const scaled = (round.payout_minor * 10_000n) / round.bet_minor;
        if (scaled > bestScaled) bestScaled = scaled;
      }
      expect(wagered.get(player.userId)).toEqual({ score: `${stakes}.0000`, rounds: 12 });
      expect(won.get(player.userId)).toEqual({ score: `${wonEur}.0000`, rounds: 12 });
      const bestText = bestScaled.toString().padStart(5, '0');
      expect(best.get(player.userId)).toEqual({
        score: `${bestText.slice(0, -4)}.${bestText.slice(-4)}`,
        rounds: 12,
      });

      // the player's own place on the page matches the order of the recomputed stakes
      const page = await app.inject({
        url: '/api/v2/tournaments/wagered-usd/leaderboard?limit=10',
        headers: bearer(player.session),
      });
      expect(page.statusCode, page.body).toBe(200);
      const board = leaderboardSchema.parse(page.json());
      const mine = board.items.find((item) => item.isMe);
      expect(mine?.score).toBe((Number(stakes) / 100).toFixed(2));
      expect(board.me).toEqual({ place: mine?.place, score: mine?.score });
    }
    const guestPage = leaderboardSchema.parse(
      (await app.inject({ url: '/api/v2/tournaments/wagered-usd/leaderboard' })).json(),
    );
    expect(guestPage.me).toBeNull();
    expect(guestPage.meta.total).toBe(4);
    const scores = guestPage.items.map((item) => Number(item.score));
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
    expect(guestPage.items.map((item) => item.place)).toEqual([1, 2, 3, 4]);
    expect(guestPage.items[0]?.prize).toBe('10.00');
    expect(guestPage.items[1]?.prize).toBeNull();
    for (const item of guestPage.items) expect(item.name).toMatch(/^.{2}\*\*\*.$/);
  });

  test('a free bet’s round counts in no tournament: its stake was not the player’s money', async () => {
    const provider: TestProvider = await createProvider(testApp, admin);
    const { gameId, gameCode } = await registerGame(testApp, admin, provider);
    const player = await newPlayer(testApp);
    await fund(testApp, player.userId, 'USD', 1_000n);
    const { token } = await launch(testApp, player, gameId, 'USD');
    const free = {
      request_uuid: randomUUID(),
      user: player.userId,
      token,
      transaction_uuid: randomUUID(),
      round: randomUUID(),
      game_code: gameCode,
      currency: 'USD',
      amount: 200_000, // 2.00, funded by the provider
      round_closed: false,
      is_free: true,
    };
    expect((await walletCall(testApp, provider, '/transaction/bet', free)).body.status).toBe(
      'RS_OK',
    );
    const winning = {
      ...free,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: free.transaction_uuid,
      amount: 700_000, // 7.00: ×3.5
      round_closed: true,
      is_free: false,
    };
    expect((await walletCall(testApp, provider, '/transaction/win', winning)).body.status).toBe(
      'RS_OK',
    );
    for (const tournament of ['wagered-usd', 'won-eur', 'best-round']) {
      expect((await scoresOf(tournament)).get(player.userId), tournament).toBeUndefined();
    }
    expect(await testApp.app.services.ledger.balance(player.userId, 'USD', 'main')).toBe(1_700n);
  });

  test('a seamless bet counts its stake, its win the payout, and a rollback takes the bet back', async () => {
    const provider: TestProvider = await createProvider(testApp, admin);
    const { gameId, gameCode } = await registerGame(testApp, admin, provider);
    const player = await newPlayer(testApp);
    await fund(testApp, player.userId, 'USD', 10_000n);
    const { token } = await launch(testApp, player, gameId, 'USD');
    const bet = (amount: number) => ({
      request_uuid: randomUUID(),
      user: player.userId,
      token,
      transaction_uuid: randomUUID(),
      round: randomUUID(),
      game_code: gameCode,
      currency: 'USD',
      amount,
      round_closed: false,
      is_free: false,
    });
    const first = bet(200_000); // 2.00
    expect((await walletCall(testApp, provider, '/transaction/bet', first)).body.status).toBe(
      'RS_OK',
    );
    const second = bet(100_000); // 1.00
    expect((await walletCall(testApp, provider, '/transaction/bet', second)).body.status).toBe(
      'RS_OK',
    );
    const winning = {
      ...bet(350_000), // 3.50 on the 1.00 stake: ×3.5
      round: second.round,
      reference_transaction_uuid: second.transaction_uuid,
      round_closed: true,
    };
    expect((await walletCall(testApp, provider, '/transaction/win', winning)).body.status).toBe(
      'RS_OK',
    );
    expect((await scoresOf('wagered-usd')).get(player.userId)).toEqual({
      score: '300.0000',
      rounds: 2,
    });
    expect((await scoresOf('best-round')).get(player.userId)).toEqual({
      score: '3.5000',
      rounds: 2,
    });
    const rollback = {
      request_uuid: randomUUID(),
      user: player.userId,
      token,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: first.transaction_uuid,
      game_code: gameCode,
    };
    expect(
      (await walletCall(testApp, provider, '/transaction/rollback', rollback)).body.status,
    ).toBe('RS_OK');
    // a repeated rollback moves nothing more
    expect(
      (
        await walletCall(testApp, provider, '/transaction/rollback', {
          ...rollback,
          request_uuid: randomUUID(),
        })
      ).body.status,
    ).toBe('RS_OK');
    expect((await scoresOf('wagered-usd')).get(player.userId)).toEqual({
      score: '100.0000',
      rounds: 1,
    });
    const wonEur = (await testApp.app.services.ledger.quote(350n, 'USD', 'EUR', 'down'))
      .amountMinor;
    expect((await scoresOf('won-eur')).get(player.userId)).toEqual({
      score: `${wonEur}.0000`,
      rounds: 1,
    });
  });
});
