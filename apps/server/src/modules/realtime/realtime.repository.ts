import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database, DatabaseExecutor } from '../../db/database.ts';
import type { Transactions } from '../../lib/transactions.ts';

export interface StreamPosition {
  epoch: string;
  offset: number;
}

export interface StoredPublication {
  offset: number;
  /** JSON text, as published */
  data: string;
}

export interface StreamRead {
  position: StreamPosition;
  /** publications after the requested offset, oldest first, at most `limit` */
  publications: StoredPublication[];
}

export type OutboxMethod = 'publish' | 'disconnect';

export interface OutboxRow {
  id: bigint;
  method: OutboxMethod;
  /** JSON text of the request body */
  body: string;
}

/** The PostgreSQL notification channel that wakes the Centrifugo outbox dispatcher. */
export const outboxWakeChannel = 'realtime_outbox';

/** The PostgreSQL notification channel of forced disconnects (built-in engine). */
export const controlNotificationChannel = 'realtime_control';

export interface RealtimeRepositoryDependencies {
  db: Kysely<Database>;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/** The realtime tables: channel streams and their history, and the Centrifugo outbox. */
export class RealtimeRepository {
  private readonly db: Kysely<Database>;
  private readonly transactions: Transactions;

  constructor({ db, transactions }: RealtimeRepositoryDependencies) {
    this.db = db;
    this.transactions = transactions;
  }

  /** Built-in engine: see realtime_publish() in realtime/db/realtime_publish.sql. */
  async publish(
    executor: DatabaseExecutor,
    channel: string,
    data: string,
    historySize: number,
  ): Promise<void> {
    await sql`SELECT realtime_publish(${channel}, ${data}, ${historySize}::integer, ${randomUUID()})`.execute(
      executor,
    );
  }

  /**
   * Built-in engine, in the caller's transaction: the channel's stream advances by one and the
   * publication joins its bounded history (see realtime/db/realtime_append.sql). The stream
   * row stays locked until commit, so offsets of one channel commit in order.
   */
  async append(
    executor: DatabaseExecutor,
    channel: string,
    data: string,
    historySize: number,
  ): Promise<StreamPosition> {
    const { rows } = await sql<{ epoch: string; offset: bigint }>`
      SELECT epoch, "offset" FROM realtime_append(${channel}, ${data}, ${historySize}::integer)`.execute(
      executor,
    );
    const row = rows[0];
    if (!row) throw new Error(`realtime_append returned no position for ${channel}`);
    return { epoch: row.epoch, offset: Number(row.offset) };
  }

  /**
   * Built-in engine, in the caller's transaction: `append` for many publications in one
   * statement (realtime/db/realtime_append_many.sql); their positions in the order given.
   */
  async appendMany(
    executor: DatabaseExecutor,
    publications: ReadonlyArray<{ channel: string; data: string }>,
    historySize: number,
  ): Promise<StreamPosition[]> {
    if (publications.length === 0) return [];
    const { rows } = await sql<{ epoch: string; offset: bigint }>`
      SELECT epoch, "offset" FROM realtime_append_many(
        ${publications.map((publication) => publication.channel)}::text[],
        ${publications.map((publication) => publication.data)}::text[],
        ${historySize}::integer)`.execute(executor);
    if (rows.length !== publications.length) {
      throw new Error(`realtime_append_many returned ${rows.length} of ${publications.length}`);
    }
    return rows.map((row) => ({ epoch: row.epoch, offset: Number(row.offset) }));
  }

  /** Sends notifications (given a transaction: at its commit). */
  async notify(executor: DatabaseExecutor, channel: string, payloads: string[]): Promise<void> {
    if (payloads.length === 0) return;
    await sql`SELECT pg_notify(${channel}, payload) FROM unnest(${payloads}::text[]) AS payload`.execute(
      executor,
    );
  }

  /** Centrifugo engine: a server API call for the dispatcher (woken by `outboxWakeChannel`). */
  async enqueue(executor: DatabaseExecutor, method: OutboxMethod, body: string): Promise<void> {
    await sql`INSERT INTO realtime_outbox (method, body) VALUES (${method}, ${body}::json)`.execute(
      executor,
    );
  }

  /** Centrifugo engine: many server API calls in one insert, in the order given. */
  async enqueueMany(
    executor: DatabaseExecutor,
    method: OutboxMethod,
    bodies: readonly string[],
  ): Promise<void> {
    if (bodies.length === 0) return;
    await sql`INSERT INTO realtime_outbox (method, body)
      SELECT ${method}, b.body::json FROM unnest(${bodies}::text[]) WITH ORDINALITY AS b (body, n)
      ORDER BY b.n`.execute(executor);
  }

  /**
   * Built-in engine: every process closes the user's connections when the transaction commits
   * (a ban; `{"disconnect": globalId}`).
   */
  async notifyDisconnect(executor: DatabaseExecutor, user: string): Promise<void> {
    await sql`SELECT pg_notify(${controlNotificationChannel}, ${JSON.stringify({ disconnect: user })})`.execute(
      executor,
    );
  }

  /**
   * Built-in engine: every process closes the connections opened with tokens of one sign-in
   * session of the user when the transaction commits (`{"disconnectSession": {user, session}}`:
   * a key of its own, which a process that does not know it ignores rather than closing all
   * of the player's connections).
   */
  async notifySessionEnded(
    executor: DatabaseExecutor,
    user: string,
    signInSession: string,
  ): Promise<void> {
    const payload = JSON.stringify({ disconnectSession: { user, session: signInSession } });
    await sql`SELECT pg_notify(${controlNotificationChannel}, ${payload})`.execute(executor);
  }

  /** The stream's epoch and top offset (the stream is created on first use). */
  async position(channel: string): Promise<StreamPosition> {
    const { rows } = await sql<{ epoch: string; top_offset: bigint }>`
      SELECT epoch, top_offset FROM realtime_stream(${channel})`.execute(this.db);
    const row = rows[0];
    if (!row) throw new Error(`realtime stream ${channel} was not created`);
    return { epoch: row.epoch, offset: Number(row.top_offset) };
  }

  /**
   * The stream's position and the publications after `afterOffset` not older than `notBefore`,
   * oldest first, read in one statement so both come from the same snapshot.
   */
  async read(
    channel: string,
    afterOffset: number,
    notBefore: Date,
    limit: number,
  ): Promise<StreamRead> {
    return await this.readStream(channel, notBefore, limit, afterOffset);
  }

  /** The stream's position and its newest `limit` publications, oldest first. */
  async latest(channel: string, notBefore: Date, limit: number): Promise<StreamRead> {
    return await this.readStream(channel, notBefore, limit, null);
  }

  /** After `afterOffset` ascending, or (null) the newest ones; returned oldest first. */
  private async readStream(
    channel: string,
    notBefore: Date,
    limit: number,
    afterOffset: number | null,
  ): Promise<StreamRead> {
    await this.position(channel);
    const newest = afterOffset === null;
    const { rows } = await sql<{
      epoch: string;
      top_offset: bigint;
      offset: bigint | null;
      data: string | null;
    }>`
      SELECT s.epoch, s.top_offset, h."offset", h.data::text AS data
      FROM realtime_streams s
      LEFT JOIN realtime_history h
        ON h.channel = s.channel AND h."offset" > ${afterOffset ?? 0} AND h.created_at >= ${notBefore}
      WHERE s.channel = ${channel}
      ORDER BY h."offset" ${newest ? sql`DESC` : sql`ASC`}
      LIMIT ${Math.max(limit, 1)}`.execute(this.db);
    const first = rows[0];
    if (!first) throw new Error(`realtime stream ${channel} was not created`);
    const publications = rows
      .flatMap((row) =>
        row.offset === null || row.data === null
          ? []
          : [{ offset: Number(row.offset), data: row.data }],
      )
      .slice(0, limit);
    return {
      position: { epoch: first.epoch, offset: Number(first.top_offset) },
      publications: newest ? publications.reverse() : publications,
    };
  }

  /** One publication's data (for those too large to ride in the notification). */
  async publicationData(channel: string, offset: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('realtime_history')
      .select(sql<string>`data::text`.as('data'))
      .where('channel', '=', channel)
      .where('offset', '=', BigInt(offset))
      .executeTakeFirst();
    return row?.data ?? null;
  }

  /** Deletes history older than `before`; the streams (and their epochs) stay. */
  async deleteHistoryBefore(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('realtime_history')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The players' global ids (their channels' names), by user id, in one read. */
  async globalIds(
    executor: DatabaseExecutor,
    userIds: readonly string[],
  ): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await executor
      .selectFrom('users')
      .select(['id', 'global_id'])
      .where('id', 'in', [...new Set(userIds)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.global_id.toString()]));
  }

  async globalId(executor: DatabaseExecutor, userId: string): Promise<string> {
    const row = await executor
      .selectFrom('users')
      .select(['global_id'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.global_id.toString();
  }

  // ─── Centrifugo outbox ───────────────────────────────────────────────────────────────────

  /**
   * In `fn`'s transaction: when no other dispatcher holds the outbox lock, the oldest `limit`
   * rows; `fn` sends them and the rows it confirms are deleted at commit.
   */
  async drainOutbox(
    limit: number,
    send: (rows: OutboxRow[]) => Promise<bigint[]>,
  ): Promise<number | null> {
    // Not retried: `send` calls Centrifugo's HTTP API (a repeat would publish twice).
    return await this.transactions.run(
      async (transaction) => {
        const { rows: lock } = await sql<{ locked: boolean }>`
        SELECT pg_try_advisory_xact_lock(hashtext('realtime_outbox')) AS locked`.execute(
          transaction,
        );
        if (!lock[0]?.locked) return null;
        const rows = await transaction
          .selectFrom('realtime_outbox')
          .select(['id', 'method', sql<string>`body::text`.as('body')])
          .orderBy('id')
          .limit(limit)
          .execute();
        if (rows.length === 0) return 0;
        const sent = await send(rows);
        if (sent.length > 0) {
          await transaction.deleteFrom('realtime_outbox').where('id', 'in', sent).execute();
        }
        return sent.length;
      },
      { retry: false },
    );
  }
}
