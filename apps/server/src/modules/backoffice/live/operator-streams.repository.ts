import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { operatorStreamsChannel, type StreamsPresence } from '../../../lib/operator-events.ts';

/**
 * `operator_event_streams` (migration 0069): the server processes holding operators' live-feed
 * streams, each until its row expires. Written only by the process itself, in the statement
 * that says so on `operatorStreamsChannel`; read once when a process starts listening (and again
 * after a lost connection), never per placement.
 */
export class OperatorStreamsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * This process holds streams for `ttlMs` from now, or (0) holds none any more; told on the
   * channel as the row commits. Rows of processes long gone are dropped on the way.
   */
  async announce(process: string, ttlMs: number): Promise<void> {
    const payload = JSON.stringify({ process, ttlMs } satisfies StreamsPresence);
    if (ttlMs > 0) {
      await sql`
        WITH expired AS (
          DELETE FROM operator_event_streams
          WHERE expires_at < now() - interval '1 minute' AND process_id <> ${process}::uuid
        ), kept AS (
          INSERT INTO operator_event_streams (process_id, expires_at)
          VALUES (${process}::uuid, now() + make_interval(secs => ${ttlMs / 1000}))
          ON CONFLICT (process_id) DO UPDATE SET expires_at = excluded.expires_at
        )
        SELECT pg_notify(${operatorStreamsChannel}, ${payload})`.execute(this.db);
      return;
    }
    await sql`
      WITH gone AS (DELETE FROM operator_event_streams WHERE process_id = ${process}::uuid)
      SELECT pg_notify(${operatorStreamsChannel}, ${payload})`.execute(this.db);
  }

  /** The processes holding streams now, each for how much longer. */
  async read(): Promise<StreamsPresence[]> {
    const { rows } = await sql<{ process: string; ttl_ms: number }>`
      SELECT process_id::text AS process,
             ceil(extract(epoch FROM expires_at - now()) * 1000)::int AS ttl_ms
      FROM operator_event_streams
      WHERE expires_at > now()`.execute(this.db);
    return rows.map((row) => ({ process: row.process, ttlMs: row.ttl_ms }));
  }
}
