import { type RawBuilder, sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { FixtureChange, MarketStatus, OpenEvent, ProducerId } from './feed-messages.ts';

/** A market of an odds_change, ready for the set-based upsert. */
export interface MarketInput {
  key: string;
  type_id: number;
  specifiers: Record<string, string>;
  status: MarketStatus;
  outcomes: Array<{ id: string; odds: string | null; active: boolean; position: number }>;
}

/** A market a settlement, cancellation or rollback names. */
export interface MarketReference {
  key: string;
  type_id: number;
  specifiers: Record<string, string>;
  /** settlement: the outcomes' results; rollbacks and cancellations: none */
  outcomes: Array<{ id: string; result: string; void_factor: number; dead_heat_factor: number }>;
}

/** What a settlement, cancellation or rollback does to the registers of the markets it names. */
export interface MarketVerdict {
  kind: 'bet_settlement' | 'bet_cancel' | 'rollback_bet_settlement' | 'rollback_bet_cancel';
  /** the status register's new value */
  base_status: MarketStatus;
  /** the result register (settlement, its rollback) or the cancellation register */
  register: 'result' | 'cancel';
  certainty: 1 | 2 | null;
  /** a cancellation's window (ISO 8601; null: open-ended) and reason */
  cancel_from: string | null;
  cancel_to: string | null;
  cancel_reason: string | null;
  /** what the market's history keeps */
  detail: unknown;
}

/** An event as the live publications name it: the book's id, its sport, its newest version. */
export interface EventReference {
  eventId: string;
  sportId: number;
  version: number;
}

const json = (value: unknown): RawBuilder<unknown> => sql`${JSON.stringify(value)}::jsonb`;

/** A message as `sport_apply_messages()` takes it (db/sport_apply_messages.sql). */
export type StoredMessage =
  | ({ kind: 'fixture_change'; feedId: string; startsAt: string } & Pick<
      FixtureChange,
      'sportId' | 'category' | 'tournament' | 'home' | 'away' | 'status' | 'timestamp' | 'producer'
    >)
  | {
      kind: 'odds_change';
      feedId: string;
      version: number;
      producer: ProducerId;
      status: string;
      score: unknown;
      clock: unknown;
      markets: MarketInput[];
    }
  | { kind: 'bet_stop'; feedId: string; version: number; market_type_ids: number[] | null }
  | {
      kind: 'verdict';
      feedId: string;
      version: number;
      verdict: MarketVerdict;
      markets: MarketReference[];
    };

/** What `sport_apply_messages()` did with one message. */
export interface StoredMessageResult {
  result: 'applied' | 'duplicate' | 'stale' | 'unknown_event' | 'unknown_sport';
  /** an applied message's event (the book's id), its sport and versions before and after */
  event: (EventReference & { previousVersion: number }) | null;
  /** the markets a player sees change (created, status, an outcome's price, activity or order) */
  changedMarketKeys: string[];
  /** whether the event's own shown fields changed (its scoreboard; a fixture's fields) */
  stateChanged: boolean;
}

/**
 * The feed's state (migration 0031). Every write of a message is a register that the newest
 * version wins (see the migration's header); the stored functions of `db/` apply a message in one
 * statement, all its markets at once, and rewrite no row whose values would not change.
 */
export class FeedRepository {
  /**
   * Applies fixtures and versioned messages in order, in one round trip (`sport_apply_messages`);
   * the answers are in the same order.
   */
  async applyMessages(
    executor: DatabaseExecutor,
    messages: readonly StoredMessage[],
    receivedAt: Date,
  ): Promise<StoredMessageResult[]> {
    if (messages.length === 0) return [];
    const { rows } = await sql<{
      idx: number;
      outcome: StoredMessageResult['result'];
      event_ref: string | null;
      sport_ref: number | null;
      previous_version: string | null;
      new_version: string | null;
      changed_keys: string[];
      state_changed: boolean;
    }>`SELECT * FROM sport_apply_messages(${json(messages)}, ${receivedAt})`.execute(executor);
    return rows.map((row) => ({
      result: row.outcome,
      event:
        row.outcome === 'applied' && row.event_ref !== null && row.sport_ref !== null
          ? {
              eventId: row.event_ref,
              sportId: row.sport_ref,
              previousVersion: Number(row.previous_version),
              version: Number(row.new_version),
            }
          : null,
      changedMarketKeys: row.changed_keys,
      stateChanged: row.state_changed,
    }));
  }

  /**
   * Deletes up to `limit` ended or cancelled events whose last message is older than
   * `untouchedSince`, with everything the feed holds of them, children first (markets' outcomes,
   * results and history, the markets, applied versions, bet stops, then the events; the
   * favourites module's rows go by ON DELETE CASCADE, migration 0035). One statement: the
   * foreign keys are checked at its end, once the children are gone. An event another
   * transaction holds (a late message being applied) is skipped, never waited for. Answers how
   * many events it deleted.
   */
  async deleteClosedEvents(
    executor: DatabaseExecutor,
    untouchedSince: Date,
    limit: number,
    kept: RawBuilder<{ event_id: string }> | null,
  ): Promise<number> {
    const { rows } = await sql<{ deleted: string }>`
      WITH doomed AS (
        SELECT id FROM sport_events
        WHERE status IN ('ended', 'cancelled') AND updated_at < ${untouchedSince}
          -- An event another module still needs is kept: betting hands this rule the events its
          -- tickets' legs name (betting.repository.ts, eventsTicketsKeep), excluded here (an anti-join).
          ${kept === null ? sql`` : sql`AND NOT EXISTS (SELECT 1 FROM (${kept}) k WHERE k.event_id = sport_events.id)`}
        ORDER BY updated_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ), markets AS (
        SELECT m.id FROM sport_markets m WHERE m.event_id IN (SELECT id FROM doomed)
      ), outcomes AS (
        DELETE FROM sport_outcomes WHERE market_id IN (SELECT id FROM markets)
      ), results AS (
        DELETE FROM sport_outcome_results WHERE market_id IN (SELECT id FROM markets)
      ), history AS (
        DELETE FROM sport_market_history WHERE market_id IN (SELECT id FROM markets)
      ), deleted_markets AS (
        DELETE FROM sport_markets WHERE id IN (SELECT id FROM markets)
      ), versions AS (
        DELETE FROM sport_applied_versions WHERE event_id IN (SELECT id FROM doomed)
      ), stops AS (
        DELETE FROM sport_bet_stops WHERE event_id IN (SELECT id FROM doomed)
      ), events AS (
        DELETE FROM sport_events WHERE id IN (SELECT id FROM doomed) RETURNING id
      )
      SELECT count(*) AS deleted FROM events`.execute(executor);
    return Number(rows[0]?.deleted ?? 0);
  }

  /**
   * What a recovery must bring up to date (FeedIngestion.openEvents): every open event (not
   * started or live) and every ended one with a market still open, each with the keys of its
   * open markets — neither settled nor cancelled for good (a cancelled window leaves a market
   * open), oldest kick-off first. One read at a start or a producer's return: the open events
   * through their partial index, the ended ones through a scan of the markets.
   */
  async openEvents(executor: DatabaseExecutor): Promise<OpenEvent[]> {
    const open = sql`m.base_status <> 'settled'
      AND NOT (m.cancelled AND m.cancel_from IS NULL AND m.cancel_to IS NULL)`;
    const { rows } = await sql<{
      feed_id: string;
      starts_at: Date;
      home_id: string;
      away_id: string;
      open_markets: string[];
    }>`
      SELECT feed_id, starts_at, home_id, away_id, open_markets FROM (
        SELECT e.id, e.starts_at, e.feed_id, e.home_id, e.away_id,
          coalesce(array_agg(m.key ORDER BY m.key) FILTER (WHERE m.key IS NOT NULL), '{}')
            AS open_markets
        FROM sport_events e
        LEFT JOIN sport_markets m ON m.event_id = e.id AND ${open}
        WHERE e.status IN ('not_started', 'live')
        GROUP BY e.id
        UNION ALL
        SELECT e.id, e.starts_at, e.feed_id, e.home_id, e.away_id,
          array_agg(m.key ORDER BY m.key) AS open_markets
        FROM sport_markets m JOIN sport_events e ON e.id = m.event_id
        WHERE e.status = 'ended' AND ${open}
        GROUP BY e.id
      ) AS events ORDER BY starts_at, id`.execute(executor);
    return rows.map((row) => ({
      eventId: row.feed_id,
      startsAt: row.starts_at.getTime(),
      homeId: row.home_id,
      awayId: row.away_id,
      openMarkets: row.open_markets,
    }));
  }

  /**
   * A heartbeat: a subscribed producer that was down comes back up (its markets reopen with
   * its next odds); an unsubscribed one is marked down by `markSilentProducersDown`.
   */
  async recordAlive(
    executor: DatabaseExecutor,
    producer: ProducerId,
    subscribed: boolean,
    at: Date,
  ): Promise<{ wasDown: boolean }> {
    const { rows } = await sql<{ was_down: boolean }>`
      UPDATE sport_producers p SET last_alive_at = ${at}, subscribed = ${subscribed},
        down_since = CASE WHEN ${subscribed} THEN NULL ELSE p.down_since END
      FROM (SELECT down_since FROM sport_producers WHERE id = ${producer} FOR UPDATE) AS before
      WHERE p.id = ${producer}
      RETURNING before.down_since IS NOT NULL AS was_down`.execute(executor);
    return { wasDown: rows[0]?.was_down ?? false };
  }

  /**
   * Marks down every producer up whose last heartbeat is older than `silentBefore` (or that
   * reported itself unsubscribed) and suspends every active market of its open events at once.
   */
  async markSilentProducersDown(
    executor: DatabaseExecutor,
    silentBefore: Date,
    now: Date,
    only: ProducerId | null,
  ): Promise<{ producers: ProducerId[]; suspended: number; events: EventReference[] }> {
    const { rows } = await sql<{
      producers: ProducerId[] | null;
      suspended: string;
      events: Array<{ id: string; sport_id: number; version: string }> | null;
    }>`
      WITH down AS (
        UPDATE sport_producers SET down_since = ${now}
        WHERE (${only}::text IS NULL OR id = ${only})
          AND down_since IS NULL AND (NOT subscribed OR last_alive_at < ${silentBefore})
        RETURNING id
      ), suspended AS (
        UPDATE sport_markets m SET status = 'suspended'
        FROM sport_events e
        WHERE e.id = m.event_id AND e.producer IN (SELECT id FROM down)
          AND e.status IN ('not_started', 'live') AND m.status = 'active'
        RETURNING e.id, e.sport_id, e.version
      )
      SELECT (SELECT array_agg(id ORDER BY id) FROM down) AS producers,
             (SELECT count(*) FROM suspended) AS suspended,
             (SELECT jsonb_agg(DISTINCT jsonb_build_object('id', id::text, 'sport_id', sport_id,
                'version', version::text)) FROM suspended) AS events`.execute(executor);
    return {
      producers: rows[0]?.producers ?? [],
      suspended: Number(rows[0]?.suspended ?? 0),
      events: (rows[0]?.events ?? []).map((event) => ({
        eventId: event.id,
        sportId: event.sport_id,
        version: Number(event.version),
      })),
    };
  }
}
