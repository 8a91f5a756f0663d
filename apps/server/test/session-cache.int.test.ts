import { profileSchema } from '@casino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/database.ts';
import {
  bearer,
  createOperator,
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  userIdOf,
} from './support/app.ts';
import { expectError } from './support/assertions.ts';

/**
 * The sessions' cache (modules/players/auth/session-cache.ts): GET /api/v1/me answered from the
 * session a process read lately, dropped in every process when the session or its player changes.
 * Two app instances on one database, each with its own cache and its own listener, as two server
 * processes are (scale-out.int.test.ts runs real processes behind PgBouncer).
 */
describe('the sessions cache across two processes', () => {
  let a: TestApp;
  let b: App;
  let closeB: () => Promise<void>;

  beforeAll(async () => {
    a = await createTestApp();
    const db = createDatabase({ connectionString: a.databaseUrl, maxConnections: 5 });
    b = await buildApp({
      config: a.config,
      db,
      databaseUrl: a.databaseUrl,
      passwordHashing: { memoryCost: 4096, timeCost: 2, parallelism: 1 },
    });
    await b.ready();
    closeB = async () => {
      await b.close();
      await db.destroy();
    };
  });

  afterAll(async () => {
    await closeB?.();
    await a?.close();
  });

  const me = (app: App, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/me', headers });

  /** The session's player renamed in the database with no trigger firing: nobody hears of it. */
  async function renameUnheard(userId: string, firstName: string) {
    await a.db.transaction().execute(async (transaction) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(transaction);
      await transaction
        .updateTable('users')
        .set({ first_name: firstName })
        .where('id', '=', userId)
        .execute();
    });
  }

  /**
   * B answers from its cache: after a change no process hears of, B still answers the row it
   * kept (the test would pass vacuously otherwise).
   */
  async function expectKeptBy(app: App, player: { token: string }, userId: string) {
    const before = profileSchema.parse((await me(app, bearer(player))).json());
    await renameUnheard(userId, 'Unheard');
    const kept = profileSchema.parse((await me(app, bearer(player))).json());
    expect(kept.firstName).toBe(before.firstName);
    // back as it was, heard by every process
    await a.db
      .updateTable('users')
      .set({ first_name: before.firstName })
      .where('id', '=', userId)
      .execute();
  }

  /** The notification travels on its own connection: allow it a moment, far below the TTL. */
  /** `GET /api/v1/me` through `app` until `done` holds of its answer (at most 2 s). */
  async function eventually(
    app: App,
    player: { token: string },
    done: (response: Awaited<ReturnType<typeof me>>) => boolean,
  ) {
    const deadline = Date.now() + 2_000;
    let response = await me(app, bearer(player));
    while (!done(response) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      response = await me(app, bearer(player));
    }
    return response;
  }

  test('a session signed out through A is refused by B, not answered from what B kept', async () => {
    const player = await registerPlayer(a.app);
    const userId = await userIdOf(a, player);
    await expectKeptBy(b, player, userId);
    const startedAt = Date.now();

    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(player),
    });
    expect(logout.statusCode).toBe(204);
    // A, which wrote it, refuses at once
    expectError(await me(a.app, bearer(player)), 'unauthorized');
    const refused = await eventually(b, player, (response) => response.statusCode === 401);
    expectError(refused, 'unauthorized');
    expect(Date.now() - startedAt).toBeLessThan(a.config.sessionCacheSeconds * 1000);
  });

  test('a session signed out through B is refused by B at once', async () => {
    const player = await registerPlayer(a.app);
    const other = await loginPlayer(a.app, player.email, player.password);
    expect((await me(b, bearer(player))).statusCode).toBe(200);
    expect((await me(b, bearer(other))).statusCode).toBe(200);
    const logout = await b.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(player),
    });
    expect(logout.statusCode).toBe(204);
    expectError(await me(b, bearer(player)), 'unauthorized');
    // the player's other session stays
    expect((await me(b, bearer(other))).statusCode).toBe(200);
  });

  test("an operator's revocation and ban through A reach B's kept sessions", async () => {
    const player = await registerPlayer(a.app);
    const second = await loginPlayer(a.app, player.email, player.password);
    const userId = await userIdOf(a, player);
    const operator = await createOperator(a.app, 'support');
    const profile = profileSchema.parse((await me(b, bearer(player))).json());
    expect((await me(b, bearer(second))).statusCode).toBe(200);
    await expectKeptBy(b, second, userId);

    const sessions = await a.app.inject({
      method: 'GET',
      url: `/api/backoffice/v1/players/${profile.globalId}/sessions`,
      headers: bearer(operator),
    });
    expect(sessions.statusCode, sessions.body).toBe(200);
    const { items } = sessions.json() as { items: Array<{ id: string; createdAt: string }> };
    const newest = [...items].sort((x, y) => y.createdAt.localeCompare(x.createdAt))[0];
    if (!newest) throw new Error('the player has no sessions');
    const revoked = await a.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/v1/players/${profile.globalId}/sessions/${newest.id}`,
      headers: bearer(operator),
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expectError(
      await eventually(b, second, (response) => response.statusCode === 401),
      'unauthorized',
    );
    expect((await me(b, bearer(player))).statusCode).toBe(200);

    const ban = await a.app.inject({
      method: 'POST',
      url: `/api/backoffice/v1/players/${profile.globalId}/ban`,
      headers: bearer(operator),
      payload: { reason: 'multiaccounting' },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    // A, whose operator wrote it, refuses at once
    expectError(await me(a.app, bearer(player)), 'user_banned');
    expectError(
      await eventually(b, player, (response) => response.statusCode === 401),
      'user_banned',
    );
  });

  test("any write of the player's row reaches B: a profile edit through A, a write by hand", async () => {
    const player = await registerPlayer(a.app);
    const userId = await userIdOf(a, player);
    await expectKeptBy(b, player, userId);

    const patched = await a.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: { firstName: 'Ada' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const profileOf = (response: Awaited<ReturnType<typeof me>>) =>
      profileSchema.parse(response.json());
    const seen = await eventually(b, player, (response) => profileOf(response).firstName === 'Ada');
    expect(profileOf(seen).firstName).toBe('Ada');

    // a stored function or a support tool writing the row directly is heard as well
    await a.db.updateTable('users').set({ is_verified: true }).where('id', '=', userId).execute();
    const verified = await eventually(b, player, (response) => profileOf(response).isVerified);
    expect(profileOf(verified).isVerified).toBe(true);
  });

  test("the player's own edit through B shows on B's next read at once", async () => {
    const player = await registerPlayer(a.app);
    expect((await me(b, bearer(player))).statusCode).toBe(200);
    const patched = await b.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(player),
      payload: { language: 'ru' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(profileSchema.parse((await me(b, bearer(player))).json()).language).toBe('ru');
  });

  test('a time-out taken through A ends the sessions B kept', async () => {
    const player = await registerPlayer(a.app);
    const userId = await userIdOf(a, player);
    await expectKeptBy(b, player, userId);
    const timeOut = await a.app.inject({
      method: 'POST',
      url: '/api/v1/me/time-out',
      headers: bearer(player),
      payload: { days: 1, confirm: true },
    });
    expect(timeOut.statusCode, timeOut.body).toBe(200);
    expectError(await me(a.app, bearer(player)), 'unauthorized');
    expectError(
      await eventually(b, player, (response) => response.statusCode === 401),
      'unauthorized',
    );
  });
});
