import { sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';

/** A player's favourite, by kind: an event's id or a league's id. */
export type FavoriteTarget =
  | { type: 'event'; eventId: number }
  | { type: 'league'; leagueId: string };

/** The players' sportsbook favourites (migration 0032). */
export class FavoritesRepository {
  /** The player's favourites, newest first. */
  async list(
    executor: DatabaseExecutor,
    userId: string,
  ): Promise<{ eventIds: number[]; leagueIds: string[] }> {
    const { rows } = await sql<{ event_id: string | null; league_id: string | null }>`
      SELECT event_id, league_id FROM sport_favorites
      WHERE user_id = ${userId}
      ORDER BY created_at DESC, event_id, league_id`.execute(executor);
    const eventIds: number[] = [];
    const leagueIds: string[] = [];
    for (const row of rows) {
      if (row.event_id !== null) eventIds.push(Number(row.event_id));
      if (row.league_id !== null) leagueIds.push(row.league_id);
    }
    return { eventIds, leagueIds };
  }

  /**
   * Adds a favourite unless the player has it or already keeps `limit` favourites; the player's
   * favourites are serialised (a transaction-scoped advisory lock) so concurrent adds cannot pass
   * the limit together. Answers what happened.
   */
  async add(
    executor: DatabaseExecutor,
    userId: string,
    target: FavoriteTarget,
    limit: number,
    at: Date,
  ): Promise<'added' | 'kept' | 'full'> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sport_favorites:${userId}`}, 0))`.execute(
      executor,
    );
    const eventId = target.type === 'event' ? target.eventId : null;
    const leagueId = target.type === 'league' ? target.leagueId : null;
    const { rows } = await sql<{ held: boolean; count: string }>`
      SELECT
        EXISTS (SELECT 1 FROM sport_favorites WHERE user_id = ${userId}
                AND (event_id = ${eventId}::bigint OR league_id = ${leagueId}::text)) AS held,
        (SELECT count(*) FROM sport_favorites WHERE user_id = ${userId}) AS count`.execute(
      executor,
    );
    const state = rows[0];
    if (state?.held) return 'kept';
    if (Number(state?.count ?? 0) >= limit) return 'full';
    await sql`
      INSERT INTO sport_favorites (user_id, event_id, league_id, created_at)
      VALUES (${userId}, ${eventId}::bigint, ${leagueId}::text, ${at})`.execute(executor);
    return 'added';
  }

  /** Removes a favourite; nothing when the player does not have it. */
  async remove(executor: DatabaseExecutor, userId: string, target: FavoriteTarget): Promise<void> {
    if (target.type === 'event') {
      await sql`DELETE FROM sport_favorites
        WHERE user_id = ${userId} AND event_id = ${target.eventId}`.execute(executor);
    } else {
      await sql`DELETE FROM sport_favorites
        WHERE user_id = ${userId} AND league_id = ${target.leagueId}`.execute(executor);
    }
  }
}
