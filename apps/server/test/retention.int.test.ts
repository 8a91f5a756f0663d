import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../src/jobs/retention-jobs.ts';
import {
  createTestApp,
  loginOperator,
  manualClock,
  registerPlayer,
  type TestApp,
} from './support/app.ts';

const dayMs = 24 * 60 * 60 * 1000;

describe('retention job', () => {
  const clock = manualClock(new Date('2026-11-01T12:00:00Z'));
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ clock });
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function counts() {
    const { db } = testApp;
    const count = async (table: 'sessions' | 'operator_sessions' | 'idempotency_keys') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((e) => e.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      sessions: await count('sessions'),
      operatorSessions: await count('operator_sessions'),
      idempotencyKeys: await count('idempotency_keys'),
    };
  }

  it('forgets ended sessions and old idempotency keys, and keeps what is still in use', async () => {
    const { app, db } = testApp;
    const signedOut = await registerPlayer(app);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${signedOut.token}` },
    });
    expect(logout.statusCode).toBe(204);
    await loginOperator(app);
    await db
      .insertInto('idempotency_keys')
      .values({
        scope: 'player:old',
        key: 'old-key',
        request_hash: Buffer.alloc(32),
        status_code: 201,
        response_body: JSON.stringify({ ok: true }),
        created_at: new Date(clock.now().getTime() - 8 * dayMs),
      })
      .execute();

    // a month and a day later a new player signs in; everything older has ended long ago
    clock.advance(31 * dayMs);
    const active = await registerPlayer(app);
    const before = await counts();
    expect(before.sessions).toBe(2);

    const purged = await runRetention({
      ...app.services,
      realtime: { repository: app.services.realtime.repository, historyTtlMs: 60_000 },
      clock,
    });
    expect(purged.playerSessions).toBe(1);
    expect(purged.idempotencyKeys).toBe(1);
    expect(purged.operatorSessions).toBe(1);
    expect(await counts()).toEqual({ sessions: 1, operatorSessions: 0, idempotencyKeys: 0 });

    const stillSignedIn = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${active.token}` },
    });
    expect(stillSignedIn.statusCode).toBe(200);
    const purgedToken = await app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${signedOut.token}` },
    });
    expect(purgedToken.statusCode).toBe(401);
  });
});
