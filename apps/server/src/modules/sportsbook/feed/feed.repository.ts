import { type RawBuilder, sql } from 'kysely';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { FixtureChange, MarketStatus, ProducerId } from './feed-messages.ts';

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
  baseStatus: MarketStatus;
  /** the result register (settlement, its rollback) or the cancellation register */
  register: 'result' | 'cancel';
  certainty: 1 | 2 | null;
  cancel: { from: Date | null; to: Date | null; reason: string } | null;
  detail: unknown;
}

/** An event as the live publications name it: the book's id, its sport, its newest version. */
export interface EventReference {
  eventId: string;
  sportId: number;
  version: number;
}

const json = (value: unknown): RawBuilder<unknown> => sql`${JSON.stringify(value)}::jsonb`;

/**
 * The feed's state (migration 0031). Every write of a message is a register that the newest
 * version wins (see the migration's header); each statement handles all the markets a message
 * names at once.
 */
export class FeedRepository {
  /**
   * Locks the event (messages of one event apply one at a time) and records `version` as
   * applied: `fresh` false when it already was (a repeat). Also says whether `producer` is down.
   */
  async claimVersion(
    executor: DatabaseExecutor,
    feedId: string,
    version: number,
    producer: ProducerId,
  ): Promise<{
    eventId: string;
    sportId: number;
    /** the event's newest version before this message */
    previousVersion: number;
    fresh: boolean;
    producerDown: boolean;
  } | null> {
    const { rows } = await sql<{
      event_id: string;
      sport_id: number;
      previous_version: string;
      fresh: boolean;
      producer_down: boolean;
    }>`
      WITH event AS (
        SELECT id, sport_id, version FROM sport_events WHERE feed_id = ${feedId} FOR UPDATE
      ), claimed AS (
        INSERT INTO sport_applied_versions (event_id, version)
        SELECT id, ${version} FROM event
        ON CONFLICT DO NOTHING
        RETURNING event_id
      )
      SELECT event.id AS event_id, event.sport_id, event.version AS previous_version,
             EXISTS (SELECT 1 FROM claimed) AS fresh,
             EXISTS (SELECT 1 FROM sport_producers
                     WHERE id = ${producer} AND down_since IS NOT NULL) AS producer_down
      FROM event`.execute(executor);
    const row = rows[0];
    return row
      ? {
          eventId: row.event_id,
          sportId: row.sport_id,
          previousVersion: Number(row.previous_version),
          fresh: row.fresh,
          producerDown: row.producer_down,
        }
      : null;
  }

  /**
   * Upserts a fixture unless a newer one (by timestamp) is held. 'unknown_sport' when the sport
   * is not in the catalog, 'stale' when a newer or the same fixture is held.
   */
  async upsertFixture(
    executor: DatabaseExecutor,
    fixture: FixtureChange,
  ): Promise<
    | { result: 'applied'; event: EventReference }
    | { result: 'stale' | 'unknown_sport'; event: null }
  > {
    const { rows } = await sql<{
      known: boolean;
      event_id: string | null;
      sport_id: number | null;
      version: string | null;
    }>`
      WITH sport AS (
        SELECT id FROM sport_sports WHERE id = ${fixture.sportId}
      ), category AS (
        INSERT INTO sport_categories (id, sport_id, name)
        SELECT ${fixture.category.id}, id, ${fixture.category.name} FROM sport
        ON CONFLICT (id) DO UPDATE SET name = excluded.name
          WHERE sport_categories.name IS DISTINCT FROM excluded.name
      ), tournament AS (
        INSERT INTO sport_tournaments (id, sport_id, category_id, name)
        SELECT ${fixture.tournament.id}, id, ${fixture.category.id}, ${fixture.tournament.name}
        FROM sport
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, category_id = excluded.category_id
          WHERE (sport_tournaments.name, sport_tournaments.category_id)
                IS DISTINCT FROM (excluded.name, excluded.category_id)
      ), event AS (
        INSERT INTO sport_events AS e (feed_id, sport_id, tournament_id, home_id, home_name,
          away_id, away_name, starts_at, fixture_status, fixture_timestamp, producer)
        SELECT ${fixture.eventId}, id, ${fixture.tournament.id}, ${fixture.home.id},
          ${fixture.home.name}, ${fixture.away.id}, ${fixture.away.name},
          ${new Date(fixture.startsAt)}, ${fixture.status}, ${fixture.timestamp}, ${fixture.producer}
        FROM sport
        ON CONFLICT (feed_id) DO UPDATE SET
          sport_id = excluded.sport_id,
          tournament_id = excluded.tournament_id,
          home_id = excluded.home_id, home_name = excluded.home_name,
          away_id = excluded.away_id, away_name = excluded.away_name,
          starts_at = excluded.starts_at,
          fixture_status = excluded.fixture_status,
          fixture_timestamp = excluded.fixture_timestamp,
          producer = CASE WHEN e.state_version = 0 THEN excluded.producer ELSE e.producer END,
          updated_at = now()
          WHERE e.fixture_timestamp < excluded.fixture_timestamp
        RETURNING e.id, e.sport_id, e.version
      )
      SELECT EXISTS (SELECT 1 FROM sport) AS known, event.id AS event_id, event.sport_id,
        event.version
      FROM (SELECT 1) AS one LEFT JOIN event ON true
    `.execute(executor);
    const row = rows[0];
    if (!row?.known) return { result: 'unknown_sport', event: null };
    if (row.event_id === null || row.sport_id === null) return { result: 'stale', event: null };
    return {
      result: 'applied',
      event: { eventId: row.event_id, sportId: row.sport_id, version: Number(row.version) },
    };
  }

  /** The event's state register (status, score, clock, producer) and its newest version. */
  async applyEventState(
    executor: DatabaseExecutor,
    eventId: string,
    version: number,
    state: {
      status: string;
      score: unknown;
      clock: unknown;
      producer: ProducerId;
    } | null,
  ): Promise<void> {
    if (state === null) {
      await sql`
        UPDATE sport_events SET version = greatest(version, ${version}), updated_at = now()
        WHERE id = ${eventId}`.execute(executor);
      return;
    }
    const newer = sql`state_version < ${version}`;
    await sql`
      UPDATE sport_events SET
        state_status = CASE WHEN ${newer} THEN ${state.status} ELSE state_status END,
        score = CASE WHEN ${newer} THEN ${json(state.score)} ELSE score END,
        clock = CASE WHEN ${newer} THEN ${json(state.clock)} ELSE clock END,
        producer = CASE WHEN ${newer} THEN ${state.producer} ELSE producer END,
        state_version = greatest(state_version, ${version}),
        version = greatest(version, ${version}),
        updated_at = now()
      WHERE id = ${eventId}`.execute(executor);
  }

  /**
   * The markets of an odds_change: each market's status register and price register take this
   * message's values where they hold older ones. A market arriving active is shown suspended
   * while a newer bet stop covers it or its producer is down.
   */
  async applyOdds(
    executor: DatabaseExecutor,
    eventId: string,
    version: number,
    producerDown: boolean,
    markets: MarketInput[],
  ): Promise<void> {
    if (markets.length === 0) return;
    await sql`
      WITH input AS (
        SELECT m.key, m.type_id, m.specifiers, m.status, m.outcomes
        FROM jsonb_to_recordset(${json(markets)}) AS m(
          key text, type_id integer, specifiers jsonb, status text, outcomes jsonb)
      ), shown AS (
        SELECT input.*,
          CASE WHEN input.status = 'active' AND (${producerDown} OR EXISTS (
              SELECT 1 FROM sport_bet_stops s
              WHERE s.event_id = ${eventId} AND s.version > ${version}
                AND (s.market_type_ids IS NULL OR input.type_id = ANY (s.market_type_ids))))
            THEN 'suspended' ELSE input.status END AS shown_status
        FROM input
      ), upserted AS (
        INSERT INTO sport_markets AS m (event_id, type_id, specifiers, key, base_status,
          status_version, status, odds_version)
        SELECT ${eventId}, type_id, specifiers, key, status, ${version}, shown_status, ${version}
        FROM shown
        ON CONFLICT (event_id, key) DO UPDATE SET
          base_status = CASE WHEN m.status_version < excluded.status_version
                             THEN excluded.base_status ELSE m.base_status END,
          status = CASE WHEN m.status_version < excluded.status_version
                        THEN excluded.status ELSE m.status END,
          status_version = greatest(m.status_version, excluded.status_version),
          odds_version = greatest(m.odds_version, excluded.odds_version)
        RETURNING m.id, m.key, m.odds_version
      ), fresh AS (
        SELECT upserted.id, shown.outcomes
        FROM upserted JOIN shown USING (key)
        WHERE upserted.odds_version = ${version}
      ), removed AS (
        DELETE FROM sport_outcomes o USING fresh
        WHERE o.market_id = fresh.id
          AND NOT fresh.outcomes @> jsonb_build_array(jsonb_build_object('id', o.outcome_id))
      )
      INSERT INTO sport_outcomes (market_id, outcome_id, odds, active, position)
      SELECT fresh.id, o.id, o.odds::numeric, o.active, o.position
      FROM fresh, jsonb_to_recordset(fresh.outcomes) AS o(
        id text, odds text, active boolean, position integer)
      ON CONFLICT (market_id, outcome_id) DO UPDATE SET
        odds = excluded.odds, active = excluded.active, position = excluded.position
    `.execute(executor);
  }

  /**
   * A bet stop: recorded (a market an older message creates later arrives suspended) and
   * applied to the active markets whose status is older. Answers how many it suspended.
   */
  async applyBetStop(
    executor: DatabaseExecutor,
    eventId: string,
    version: number,
    marketTypeIds: number[] | null,
  ): Promise<number> {
    const typeIds = marketTypeIds === null ? null : sql`${marketTypeIds}::integer[]`;
    const { rows } = await sql<{ suspended: string }>`
      WITH stop AS (
        INSERT INTO sport_bet_stops (event_id, version, market_type_ids)
        VALUES (${eventId}, ${version}, ${typeIds})
      ), suspended AS (
        UPDATE sport_markets SET status = 'suspended'
        WHERE event_id = ${eventId} AND status = 'active' AND status_version < ${version}
          AND (${typeIds}::integer[] IS NULL OR type_id = ANY (${typeIds}::integer[]))
        RETURNING 1
      )
      SELECT count(*) AS suspended FROM suspended`.execute(executor);
    return Number(rows[0]?.suspended ?? 0);
  }

  /**
   * A settlement, cancellation or rollback of `markets`: the status register and the result
   * (or cancellation) register take it where they hold older versions, and the market's history
   * keeps it whatever its version (a late message is still part of the record).
   */
  async applyVerdict(
    executor: DatabaseExecutor,
    eventId: string,
    version: number,
    verdict: MarketVerdict,
    markets: MarketReference[],
    receivedAt: Date,
  ): Promise<void> {
    if (markets.length === 0) return;
    const register = verdict.register === 'result' ? 'result_version' : 'cancel_version';
    const registerColumn = sql.ref(register);
    const cancel = verdict.cancel;
    const cancelColumns =
      verdict.register === 'cancel'
        ? sql`,
          cancelled = CASE WHEN m.cancel_version < excluded.cancel_version
                           THEN excluded.cancelled ELSE m.cancelled END,
          cancel_from = CASE WHEN m.cancel_version < excluded.cancel_version
                             THEN excluded.cancel_from ELSE m.cancel_from END,
          cancel_to = CASE WHEN m.cancel_version < excluded.cancel_version
                           THEN excluded.cancel_to ELSE m.cancel_to END,
          cancel_reason = CASE WHEN m.cancel_version < excluded.cancel_version
                               THEN excluded.cancel_reason ELSE m.cancel_reason END`
        : sql`,
          certainty = CASE WHEN m.result_version < excluded.result_version
                           THEN excluded.certainty ELSE m.certainty END`;
    const results =
      verdict.register === 'result'
        ? sql`, fresh AS (
            SELECT upserted.id, input.outcomes
            FROM upserted JOIN input USING (key)
            WHERE upserted.result_version = ${version}
          ), removed AS (
            DELETE FROM sport_outcome_results r USING fresh
            WHERE r.market_id = fresh.id
              AND NOT fresh.outcomes @> jsonb_build_array(jsonb_build_object('id', r.outcome_id))
          ), results AS (
            INSERT INTO sport_outcome_results (market_id, outcome_id, result, void_factor,
              dead_heat_factor)
            SELECT fresh.id, o.id, o.result, o.void_factor, o.dead_heat_factor
            FROM fresh, jsonb_to_recordset(fresh.outcomes) AS o(
              id text, result text, void_factor numeric, dead_heat_factor numeric)
            ON CONFLICT (market_id, outcome_id) DO UPDATE SET result = excluded.result,
              void_factor = excluded.void_factor, dead_heat_factor = excluded.dead_heat_factor
          )`
        : sql``;
    await sql`
      WITH input AS (
        SELECT m.key, m.type_id, m.specifiers, m.outcomes
        FROM jsonb_to_recordset(${json(markets)}) AS m(
          key text, type_id integer, specifiers jsonb, outcomes jsonb)
      ), upserted AS (
        INSERT INTO sport_markets AS m (event_id, type_id, specifiers, key, base_status,
          status_version, status, ${registerColumn}, certainty, cancelled, cancel_from, cancel_to,
          cancel_reason)
        SELECT ${eventId}, type_id, specifiers, key, ${verdict.baseStatus}, ${version},
          ${verdict.baseStatus}, ${version}, ${verdict.certainty}::smallint,
          ${verdict.kind === 'bet_cancel'}, ${cancel?.from ?? null}::timestamptz,
          ${cancel?.to ?? null}::timestamptz, ${cancel?.reason ?? null}::text
        FROM input
        ON CONFLICT (event_id, key) DO UPDATE SET
          base_status = CASE WHEN m.status_version < excluded.status_version
                             THEN excluded.base_status ELSE m.base_status END,
          status = CASE WHEN m.status_version < excluded.status_version
                        THEN excluded.status ELSE m.status END,
          status_version = greatest(m.status_version, excluded.status_version),
          ${registerColumn} = greatest(m.${registerColumn}, excluded.${registerColumn})
          ${cancelColumns}
        RETURNING m.id, m.key, m.result_version
      ), history AS (
        INSERT INTO sport_market_history (market_id, version, kind, detail, received_at)
        SELECT upserted.id, ${version}, ${verdict.kind}, ${json(verdict.detail)}, ${receivedAt}
        FROM upserted
        ON CONFLICT DO NOTHING
      )${results}
      SELECT count(*) FROM upserted`.execute(executor);
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
