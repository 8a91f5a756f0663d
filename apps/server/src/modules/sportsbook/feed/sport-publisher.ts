import {
  type SportEventDiff,
  type SportLiveUpdate,
  type SportMarket,
  sportEventChannel,
  sportLiveChannel,
} from '@casino/contract';
import type { DatabaseExecutor } from '../../../db/database.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import type { LiveEventState, LiveStateQuery, SportCatalog } from './catalog.service.ts';
import type { EventChange } from './feed-ingestion.ts';

export interface SportPublisherDependencies {
  catalog: Pick<SportCatalog, 'liveState'>;
  realtime: Pick<RealtimePublisher, 'publish'>;
  transactions: Transactions;
  /** the largest publication (realtime/publisher.ts `maxBroadcastBytes`); larger diffs are split */
  maxPublicationBytes: number;
  /** at most one publication per `sport_event:{id}` channel per window */
  eventWindowMs: number;
  /** at most one publication per `sport_live:{sportId}` channel per window */
  liveWindowMs: number;
  /** events read back per flush; the rest wait for the next one (a startup burst) */
  maxEventsPerFlush?: number;
  reportError: (error: unknown) => void;
}

/** What a `sport_event` channel has gathered since its last publication. */
interface PendingEvent {
  /** the version before the window's first change; null: unknown (an operator's change) */
  previous: number | null;
  /** changed market keys; null: every market */
  marketKeys: Set<string> | null;
  state: boolean;
  dueAt: number;
}

/** What one event of a `sport_live` channel has gathered since its last publication. */
interface PendingLiveEvent {
  previous: number;
  main: boolean;
  state: boolean;
}

interface PendingSport {
  events: Map<number, PendingLiveEvent>;
  dueAt: number;
}

const openStatuses = new Set(['not_started', 'live']);
const closedStatuses = new Set(['ended', 'cancelled']);

/** The market key of a type without specifiers: the main markets (the contract's sport-markets.ts). */
function isMainMarketKey(key: string): boolean {
  return /^\d+$/.test(key);
}

/**
 * Splits a diff into publications under `maxBytes`: the event's fields go with the first part,
 * the markets are packed in order, each part with the same `previous` and `version` (the
 * contract says why that is safe: each part is complete for the markets it carries).
 */
export function splitDiff(diff: SportEventDiff, maxBytes: number): SportEventDiff[] {
  const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  if (size(diff) <= maxBytes) return [diff];
  const { markets = [], ...head } = diff;
  const base = { eventId: diff.eventId, version: diff.version, previous: diff.previous };
  const parts: SportEventDiff[] = [];
  let current: SportEventDiff = { ...head, markets: [] };
  let currentBytes = size(current);
  for (const market of markets) {
    const marketBytes = size(market) + 1;
    if ((current.markets?.length ?? 0) > 0 && currentBytes + marketBytes > maxBytes) {
      parts.push(current);
      current = { ...base, markets: [] };
      currentBytes = size(current);
    }
    if (currentBytes + marketBytes > maxBytes) {
      throw new RangeError(`market ${market.id} alone is larger than ${maxBytes} bytes`);
    }
    current.markets?.push(market);
    currentBytes += marketBytes;
  }
  parts.push(current);
  return parts;
}

/** Splits a sport's update into publications under `maxBytes`, diffs split as `splitDiff`. */
function splitLiveUpdate(update: SportLiveUpdate, maxBytes: number): SportLiveUpdate[] {
  const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  const emptyBytes = size({ sportId: update.sportId, events: [] });
  const parts: SportLiveUpdate[] = [];
  let current: SportLiveUpdate = { sportId: update.sportId, events: [] };
  let currentBytes = emptyBytes;
  for (const diff of update.events) {
    for (const piece of splitDiff(diff, maxBytes - emptyBytes - 1)) {
      const pieceBytes = size(piece) + 1;
      if (current.events.length > 0 && currentBytes + pieceBytes > maxBytes) {
        parts.push(current);
        current = { sportId: update.sportId, events: [] };
        currentBytes = emptyBytes;
      }
      current.events.push(piece);
      currentBytes += pieceBytes;
    }
  }
  if (current.events.length > 0) parts.push(current);
  return parts;
}

function stateFields(state: LiveEventState): Pick<SportEventDiff, 'status' | 'score' | 'clock'> {
  return { status: state.fields.status, score: state.fields.score, clock: state.fields.clock };
}

/**
 * Live odds to the browsers: `sport_event:{id}` (every change of one event) and
 * `sport_live:{sportId}` (the main market and scoreboard of the sport's listed events). Fed by
 * the ingestion after each commit, it coalesces: a channel publishes at most once per window,
 * and at that moment reads the CURRENT state of what changed through the catalog (names, and
 * whatever the catalog applies, exactly as a fetched snapshot shows them), so a diff is never
 * older than the database. Markets go whole, never as deltas. `previous` is the version the
 * channel's last publication carried (before any, the event's version before the window's
 * first change), so a client sees a gap in the chain and refetches. Publications go through
 * the realtime publisher (NOTIFY: every process's WebSocket server delivers them).
 */
export class SportPublisher {
  private readonly catalog: SportPublisherDependencies['catalog'];
  private readonly realtime: SportPublisherDependencies['realtime'];
  private readonly transactions: Transactions;
  private readonly maxPublicationBytes: number;
  private readonly eventWindowMs: number;
  private readonly liveWindowMs: number;
  private readonly maxEventsPerFlush: number;
  private readonly reportError: (error: unknown) => void;

  private readonly pendingEvents = new Map<number, PendingEvent>();
  private readonly pendingSports = new Map<number, PendingSport>();
  /** the version each channel's last publication carried */
  private readonly eventVersions = new Map<number, number>();
  private readonly liveVersions = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private timerDueAt = Number.POSITIVE_INFINITY;
  private flushing: Promise<void> | null = null;
  private stopped = false;

  constructor({
    catalog,
    realtime,
    transactions,
    maxPublicationBytes,
    eventWindowMs,
    liveWindowMs,
    maxEventsPerFlush = 200,
    reportError,
  }: SportPublisherDependencies) {
    this.catalog = catalog;
    this.realtime = realtime;
    this.transactions = transactions;
    this.maxPublicationBytes = maxPublicationBytes;
    this.eventWindowMs = eventWindowMs;
    this.liveWindowMs = liveWindowMs;
    this.maxEventsPerFlush = maxEventsPerFlush;
    this.reportError = reportError;
  }

  /** The ingestion committed these changes (in order). */
  applied(changes: readonly EventChange[]): void {
    if (this.stopped) return;
    const now = Date.now();
    for (const change of changes) {
      this.addEventChange(change.eventId, {
        previous: change.previousVersion,
        marketKeys: change.marketKeys,
        state: change.stateChanged,
        now,
      });
      const main =
        change.marketKeys === null || change.marketKeys.some((key) => isMainMarketKey(key));
      if (main || change.stateChanged) {
        this.addLiveChange(change.sportId, change.eventId, {
          previous: change.previousVersion,
          main,
          state: change.stateChanged,
          now,
        });
      }
    }
    this.arm();
  }

  /**
   * Schedules a coalesced publication of the whole event (every market, its scoreboard), e.g.
   * after an operator suspended, resumed or repriced it: call it once the change committed.
   */
  eventChanged(eventId: number): void {
    if (this.stopped) return;
    this.addEventChange(eventId, {
      previous: null,
      marketKeys: null,
      state: true,
      now: Date.now(),
    });
    this.arm();
  }

  /** Publishes everything gathered now, whatever the windows (tests; a clean stop). */
  async flush(): Promise<void> {
    await this.flushing;
    while (this.pendingEvents.size > 0 || this.pendingSports.size > 0) {
      await this.runFlush(Number.POSITIVE_INFINITY);
    }
  }

  /** Stops publishing; what is gathered is dropped (clients refetch on the next gap). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    this.pendingEvents.clear();
    this.pendingSports.clear();
  }

  private addEventChange(
    eventId: number,
    change: { previous: number | null; marketKeys: string[] | null; state: boolean; now: number },
  ): void {
    const pending = this.pendingEvents.get(eventId);
    if (!pending) {
      this.pendingEvents.set(eventId, {
        previous: change.previous,
        marketKeys: change.marketKeys === null ? null : new Set(change.marketKeys),
        state: change.state,
        dueAt: change.now + this.eventWindowMs,
      });
      return;
    }
    pending.previous ??= change.previous;
    if (change.marketKeys === null) pending.marketKeys = null;
    else for (const key of change.marketKeys) pending.marketKeys?.add(key);
    pending.state ||= change.state;
  }

  private addLiveChange(
    sportId: number,
    eventId: number,
    change: { previous: number; main: boolean; state: boolean; now: number },
  ): void {
    let sport = this.pendingSports.get(sportId);
    if (!sport) {
      sport = { events: new Map(), dueAt: change.now + this.liveWindowMs };
      this.pendingSports.set(sportId, sport);
    }
    const pending = sport.events.get(eventId);
    if (!pending) {
      sport.events.set(eventId, {
        previous: change.previous,
        main: change.main,
        state: change.state,
      });
      return;
    }
    pending.main ||= change.main;
    pending.state ||= change.state;
  }

  /** Sets the timer to the earliest due channel (one timer for all of them). */
  private arm(): void {
    if (this.stopped || this.flushing) return;
    let dueAt = Number.POSITIVE_INFINITY;
    for (const pending of this.pendingEvents.values()) dueAt = Math.min(dueAt, pending.dueAt);
    for (const pending of this.pendingSports.values()) dueAt = Math.min(dueAt, pending.dueAt);
    if (dueAt === Number.POSITIVE_INFINITY || dueAt >= this.timerDueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDueAt = dueAt;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerDueAt = Number.POSITIVE_INFINITY;
        void this.runFlush(Date.now());
      },
      Math.max(0, dueAt - Date.now()),
    );
    this.timer.unref();
  }

  private runFlush(now: number): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.publishDue(now)
      .catch(this.reportError)
      .finally(() => {
        this.flushing = null;
        this.arm();
      });
    return this.flushing;
  }

  /** One flush: takes the due channels, reads their current state at once, publishes. */
  private async publishDue(now: number): Promise<void> {
    const events = new Map<number, PendingEvent>();
    for (const [eventId, pending] of this.pendingEvents) {
      if (pending.dueAt > now || events.size >= this.maxEventsPerFlush) continue;
      events.set(eventId, pending);
      this.pendingEvents.delete(eventId);
    }
    const sports = new Map<number, PendingSport>();
    let liveEvents = 0;
    for (const [sportId, pending] of this.pendingSports) {
      if (pending.dueAt > now || liveEvents >= this.maxEventsPerFlush) continue;
      sports.set(sportId, pending);
      this.pendingSports.delete(sportId);
      liveEvents += pending.events.size;
    }
    if (events.size === 0 && sports.size === 0) return;
    try {
      await this.publish(events, sports);
    } catch (error) {
      // nothing was published (one transaction): gather it again for the next window
      for (const [eventId, pending] of events) {
        this.addEventChange(eventId, {
          previous: pending.previous,
          marketKeys: pending.marketKeys === null ? null : [...pending.marketKeys],
          state: pending.state,
          now: Date.now(),
        });
      }
      for (const [sportId, sport] of sports) {
        for (const [eventId, pending] of sport.events) {
          this.addLiveChange(sportId, eventId, { ...pending, now: Date.now() });
        }
      }
      throw error;
    }
  }

  private async publish(
    events: Map<number, PendingEvent>,
    sports: Map<number, PendingSport>,
  ): Promise<void> {
    const ids = new Set<number>();
    const everyMarket: number[] = [];
    const marketKeys: Array<{ eventId: number; key: string }> = [];
    const mainMarket: number[] = [];
    for (const [eventId, pending] of events) {
      ids.add(eventId);
      if (pending.marketKeys === null) everyMarket.push(eventId);
      else for (const key of pending.marketKeys) marketKeys.push({ eventId, key });
    }
    for (const sport of sports.values()) {
      for (const [eventId, pending] of sport.events) {
        ids.add(eventId);
        if (pending.main) mainMarket.push(eventId);
      }
    }
    const query: LiveStateQuery = { eventIds: [...ids], everyMarket, marketKeys, mainMarket };
    const states = await this.catalog.liveState(query);

    const publications: Array<{ channel: string; data: SportEventDiff | SportLiveUpdate }> = [];
    const eventVersions = new Map<number, number>();
    const liveVersions = new Map<number, number>();
    for (const [eventId, pending] of events) {
      const state = states.get(eventId);
      if (!state) continue;
      const version = state.fields.version;
      const previous = Math.min(
        version,
        this.eventVersions.get(eventId) ?? pending.previous ?? version,
      );
      const markets: SportMarket[] =
        pending.marketKeys === null
          ? [...state.markets.values()]
          : [...pending.marketKeys].flatMap((key) => {
              const market = state.markets.get(key);
              return market ? [market] : [];
            });
      const diff: SportEventDiff = {
        eventId,
        version,
        previous,
        ...(pending.state ? stateFields(state) : {}),
        ...(markets.length > 0 ? { markets } : {}),
      };
      for (const part of splitDiff(diff, this.maxPublicationBytes)) {
        publications.push({ channel: sportEventChannel(eventId), data: part });
      }
      eventVersions.set(eventId, version);
    }
    for (const [sportId, sport] of sports) {
      const diffs: SportEventDiff[] = [];
      for (const [eventId, pending] of sport.events) {
        const state = states.get(eventId);
        if (!state) continue;
        const status = state.fields.status;
        // the overview lists live and upcoming events; one that just closed is told so once
        if (!openStatuses.has(status) && !(pending.state && closedStatuses.has(status))) continue;
        const version = state.fields.version;
        const previous = Math.min(version, this.liveVersions.get(eventId) ?? pending.previous);
        const main = pending.main && state.main ? [state.main.market] : [];
        if (main.length === 0 && !pending.state) continue;
        diffs.push({
          eventId,
          version,
          previous,
          ...(pending.state ? stateFields(state) : {}),
          ...(main.length > 0 ? { markets: main } : {}),
        });
        liveVersions.set(eventId, version);
      }
      if (diffs.length === 0) continue;
      for (const part of splitLiveUpdate({ sportId, events: diffs }, this.maxPublicationBytes)) {
        publications.push({ channel: sportLiveChannel(sportId), data: part });
      }
    }

    for (const [eventId, state] of states) {
      // an operator's change read its sport only now: its overview hears of it next window
      const pending = events.get(eventId);
      if (pending?.previous === null && !sports.has(state.fields.sportId)) {
        this.addLiveChange(state.fields.sportId, eventId, {
          previous: state.fields.version,
          main: true,
          state: true,
          now: Date.now(),
        });
      }
    }
    if (publications.length > 0) {
      // one transaction: its notifications leave together, packed, once it committed
      await this.transactions.run(async (transaction: DatabaseExecutor) => {
        for (const { channel, data } of publications) {
          await this.realtime.publish(transaction, channel, data);
        }
      });
    }
    for (const [eventId, version] of eventVersions)
      this.remember(this.eventVersions, eventId, version, states);
    for (const [eventId, version] of liveVersions)
      this.remember(this.liveVersions, eventId, version, states);
  }

  /** Keeps a channel's last version while the event is open; a closed event is forgotten. */
  private remember(
    versions: Map<number, number>,
    eventId: number,
    version: number,
    states: Map<number, LiveEventState>,
  ): void {
    const status = states.get(eventId)?.fields.status;
    if (status !== undefined && closedStatuses.has(status)) versions.delete(eventId);
    else versions.set(eventId, version);
  }
}
