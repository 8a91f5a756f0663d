import { randomUUID } from 'node:crypto';
import type { GameEngine } from '@casino/contract';
import { sql } from 'kysely';
import { platformAccount, playerAccount } from '../../src/modules/money/ledger/ledger.service.ts';
import { bearer, type RegisteredPlayer, registerPlayer, type TestApp } from './app.ts';

/** A new player with `amountMinor` USD of main money, credited as a provider deposit would. */
export async function fundedPlayer(
  testApp: TestApp,
  amountMinor: bigint,
): Promise<RegisteredPlayer & { userId: string }> {
  const { app, db } = testApp;
  const player = await registerPlayer(app);
  const { id: userId } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', player.email)
    .executeTakeFirstOrThrow();
  if (amountMinor > 0n) {
    await app.services.ledger.postTransaction(db, {
      type: 'deposit',
      externalReference: `test-fund-${randomUUID()}`,
      postings: [
        { account: platformAccount('USD', 'provider_clearing'), amountMinor: -amountMinor },
        { account: playerAccount(userId, 'USD', 'main'), amountMinor },
      ],
    });
  }
  return { ...player, userId };
}

/**
 * The first enabled original of the engine that no blacklist rule names (of that variant, when
 * one is given).
 */
export async function playableOriginal(
  testApp: TestApp,
  engine: GameEngine,
  variant?: Record<string, unknown>,
): Promise<string> {
  let query = testApp.db
    .selectFrom('games as g')
    .select('g.id')
    .where('g.engine', '=', engine)
    .where('g.enabled', '=', true)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM game_blacklists b WHERE b.game_id = g.id OR b.provider_id = g.provider_id)`,
    )
    .orderBy('g.id');
  if (variant) query = query.where(sql<boolean>`g.variant @> ${JSON.stringify(variant)}::jsonb`);
  const row = await query.executeTakeFirstOrThrow();
  return row.id;
}

/**
 * What an instant round's settlement checks besides the seed pair and the main balance, as the
 * database holds it now: the player's latest session, primary currency and every balance.
 */
export async function instantChecksOf(
  testApp: TestApp,
  userId: string,
): Promise<{ sessionId: string; primaryCurrency: string; sheet: Record<string, string> }> {
  const { db } = testApp;
  const session = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select('primary_currency')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'kind', 'balance_minor'])
    .where('user_id', '=', userId)
    .execute();
  return {
    sessionId: session.id,
    primaryCurrency: user.primary_currency,
    sheet: Object.fromEntries(
      accounts.map((account) => [
        `${account.currency}:${account.kind}`,
        account.balance_minor.toString(),
      ]),
    ),
  };
}

/** POST /api/v2/games/{id}/rounds as the player, under the Idempotency-Key given. */
export function playRound(
  testApp: TestApp,
  player: Pick<RegisteredPlayer, 'token'>,
  gameId: string,
  payload: Record<string, unknown>,
  key: string,
) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/v2/games/${gameId}/rounds`,
    headers: { ...bearer(player), 'idempotency-key': key },
    payload,
  });
}
