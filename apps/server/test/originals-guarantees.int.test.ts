import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { fundedPlayer, playableOriginal, playRound } from './support/originals.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** A player who played one dice round: their id, the round's game and seed pair. */
async function playedRound() {
  const player = await fundedPlayer(testApp, 10_000n);
  const gameId = await playableOriginal(testApp, 'dice');
  const played = await playRound(
    testApp,
    player,
    gameId,
    { bet: '1.00', params: { target: 50.5, direction: 'over' } },
    `guarantees-${randomUUID()}`,
  );
  expect(played.statusCode, played.body).toBe(200);
  const round = await testApp.db
    .selectFrom('game_rounds')
    .select(['id', 'seed_id'])
    .where('user_id', '=', player.userId)
    .executeTakeFirstOrThrow();
  return { userId: player.userId, gameId, seedId: round.seed_id, roundId: round.id };
}

interface RoundReferences {
  userId: string;
  gameId: string;
  seedId: string;
}

/** Settled rounds written by hand in one statement, at nonces far above any played one. */
function insertRounds(rounds: RoundReferences[]) {
  return sql`
    INSERT INTO game_rounds (
      user_id, game_id, seed_id, nonce, client_seed, currency, bet_minor, rtp, params, state
    )
    SELECT r.user_id, r.game_id, r.seed_id, 1000 + r.n, 'client', 'USD', 100, 0.99, '{}', 'settled'
    FROM unnest(
      ${rounds.map((round) => round.userId)}::uuid[],
      ${rounds.map((round) => round.gameId)}::text[],
      ${rounds.map((round) => round.seedId)}::uuid[]
    ) WITH ORDINALITY AS r (user_id, game_id, seed_id, n)`.execute(testApp.db);
}

async function roundsOf(userId: string): Promise<number> {
  const rows = await testApp.db
    .selectFrom('game_rounds')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

describe('database guarantees', () => {
  test('a round needs its player, its game and a seed pair of that player', async () => {
    const round = await playedRound();
    const other = await playedRound();
    // Each statement is refused as a whole: its valid first row is not stored either.
    const withSecond = (second: Partial<RoundReferences>) =>
      insertRounds([round, { ...round, ...second }]);
    await expect(withSecond({ userId: randomUUID() })).rejects.toThrow(/is of no player/);
    await expect(withSecond({ gameId: 'no-such-game' })).rejects.toThrow(/is of no game/);
    await expect(withSecond({ seedId: randomUUID() })).rejects.toThrow(
      /is of no seed pair of its player/,
    );
    // An existing seed pair, of another player.
    await expect(withSecond({ seedId: other.seedId })).rejects.toThrow(
      /is of no seed pair of its player/,
    );
    expect(await roundsOf(round.userId)).toBe(1);
    // Valid references are stored.
    await insertRounds([round, other]);
    expect(await roundsOf(round.userId)).toBe(2);
    expect(await roundsOf(other.userId)).toBe(2);
  });

  test('a round keeps its player, its game and its seed pair', async () => {
    const round = await playedRound();
    const other = await playedRound();
    const otherGame = await playableOriginal(testApp, 'limbo');
    const update = (set: Record<string, string>) =>
      testApp.db.updateTable('game_rounds').set(set).where('id', '=', round.roundId).execute();
    await expect(update({ user_id: other.userId })).rejects.toThrow(/keeps its player/);
    await expect(update({ game_id: otherGame })).rejects.toThrow(/keeps its player/);
    await expect(update({ seed_id: other.seedId })).rejects.toThrow(/keeps its player/);
    // Setting what does not change is allowed, and so is everything else.
    await update({ user_id: round.userId, game_id: round.gameId, seed_id: round.seedId });
    await testApp.db
      .updateTable('game_rounds')
      .set({ settled_at: new Date() })
      .where('id', '=', round.roundId)
      .execute();
  });

  test('players, games and seed pairs are permanent and keep their ids', async () => {
    const round = await playedRound();
    const { db } = testApp;
    await expect(db.deleteFrom('users').where('id', '=', round.userId).execute()).rejects.toThrow(
      /users are permanent/,
    );
    await expect(db.deleteFrom('games').where('id', '=', round.gameId).execute()).rejects.toThrow(
      /games are permanent/,
    );
    await expect(
      db.deleteFrom('fairness_seeds').where('id', '=', round.seedId).execute(),
    ).rejects.toThrow(/fairness_seeds are permanent/);
    await expect(
      db.updateTable('users').set({ id: randomUUID() }).where('id', '=', round.userId).execute(),
    ).rejects.toThrow(/users are permanent/);
    await expect(
      db.updateTable('games').set({ id: 'renamed-game' }).where('id', '=', round.gameId).execute(),
    ).rejects.toThrow(/games are permanent/);
    await expect(
      db
        .updateTable('fairness_seeds')
        .set({ id: randomUUID() })
        .where('id', '=', round.seedId)
        .execute(),
    ).rejects.toThrow(/fairness_seeds are permanent/);
    for (const table of ['users', 'games', 'fairness_seeds']) {
      // Rolled back whatever happens: without its trigger, this would empty the table.
      await expect(
        db.transaction().execute(async (transaction) => {
          await sql`TRUNCATE ${sql.table(table)} CASCADE`.execute(transaction);
          throw new Error('truncated');
        }),
      ).rejects.toThrow(new RegExp(`${table} are permanent`));
    }
    // Everything but the id may change.
    await db
      .updateTable('fairness_seeds')
      .set({ client_seed: 'changed by hand' })
      .where('id', '=', round.seedId)
      .execute();
    expect(await roundsOf(round.userId)).toBe(1);
  });

  test("a seed pair's server seed and its hash are 64 lowercase hex digits", async () => {
    const { userId, seedId } = await playedRound();
    const set = (column: 'server_seed' | 'server_seed_hash', value: string) =>
      testApp.db
        .updateTable('fairness_seeds')
        .set({ [column]: value })
        .where('id', '=', seedId)
        .execute();
    const hex = '0123456789abcdef'.repeat(4);
    for (const column of ['server_seed', 'server_seed_hash'] as const) {
      for (const value of [
        '',
        hex.slice(1),
        `${hex}0`,
        hex.toUpperCase(),
        `${hex.slice(1)}g`,
        `${hex.slice(1)} `,
        `${hex.slice(1)}\n`,
      ]) {
        await expect(set(column, value), JSON.stringify(value)).rejects.toThrow(
          new RegExp(`fairness_seeds_${column}_check`),
        );
      }
      await set(column, hex);
    }
    const stored = await testApp.db
      .selectFrom('fairness_seeds')
      .select(['server_seed', 'server_seed_hash', 'user_id'])
      .where('id', '=', seedId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ server_seed: hex, server_seed_hash: hex, user_id: userId });
  });
});
