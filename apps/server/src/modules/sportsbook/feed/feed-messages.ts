/**
 * The odds feed's messages, after the semantics of Sportradar's Unified Odds Feed (UOF), the
 * industry's model: whatever produces them (the built-in match simulator, a real feed's adapter
 * later) hands the ingestion exactly these shapes, and nothing downstream knows which producer
 * it was. Times are epoch milliseconds; odds are decimal strings ("1.85"); every id is stable.
 *
 * Identity:
 * - an event is `sr:match:<n>` style text (`eventId`), in a sport (numeric sport id, e.g. 1
 *   soccer, 5 tennis, 2 basketball, 109 counter-strike), a category (country or region) and a
 *   tournament (league);
 * - a market is its type (`marketTypeId`, a template such as "Total {total}") plus its
 *   specifiers (`{ total: '2.5' }`); its key is `marketKey(typeId, specifiers)`;
 * - an outcome has a stable id within its market (`'1'`, `'X'`, `'2'`, `'over'`, `'1:0'`…).
 */

/** Who produces a message: the live producer (in play) or the pre-match one. */
export type ProducerId = 'live' | 'prematch';

/** A market's state (UOF market status). */
export type MarketStatus =
  | 'active'
  | 'suspended'
  | 'deactivated'
  | 'settled'
  | 'cancelled'
  | 'handed_over';

/** An event's state as the player sees it. */
export type EventStatus = 'not_started' | 'live' | 'ended' | 'cancelled';

export interface Competitor {
  id: string;
  name: string;
}

/** The match clock and period, as the scoreboard shows them. */
export interface MatchClock {
  /** e.g. '1st_half', 'halftime', '2nd_half', 'set_2', 'q3', 'map_2', 'ended' */
  period: string;
  /** seconds played in the match (football: the match minute × 60); null when not timed */
  elapsedSeconds: number | null;
  /** the clock runs (false at a break) */
  running: boolean;
}

/** The score: home and away totals, and per period where the sport has them. */
export interface MatchScore {
  home: number;
  away: number;
  /** e.g. football halves, tennis sets (games per set), e-sports maps */
  periods: Array<{ period: string; home: number; away: number }>;
  /** tennis: the current game's points ('0', '15', '30', '40', 'A'); null elsewhere */
  game?: { home: string; away: string } | null;
  /** who serves (tennis) or null */
  server?: 'home' | 'away' | null;
}

export interface OutcomeOdds {
  id: string;
  /** decimal odds, on the ladder ("1.85"); null while the outcome cannot be backed */
  odds: string | null;
  active: boolean;
  /** the fair probability before the margin, as the model priced it (audit, not shown) */
  probability?: number;
}

export interface MarketOdds {
  typeId: number;
  /** e.g. { total: '2.5' }, { hcp: '-1.5' }; empty for markets without specifiers */
  specifiers: Record<string, string>;
  status: MarketStatus;
  outcomes: OutcomeOdds[];
}

/** A fixture appears or changes (teams, start time, cancellation, new tournament…). */
export interface FixtureChange {
  type: 'fixture_change';
  producer: ProducerId;
  eventId: string;
  sportId: number;
  category: { id: string; name: string };
  tournament: { id: string; name: string };
  home: Competitor;
  away: Competitor;
  startsAt: number;
  /** 'cancelled' withdraws the fixture */
  status: EventStatus;
  timestamp: number;
}

/**
 * New prices and/or state of an event. `version` grows with every message of the event (across
 * message types): the ingestion drops anything not newer than what it holds. Markets listed
 * replace those held (by key); markets not listed keep their state.
 */
export interface OddsChange {
  type: 'odds_change';
  producer: ProducerId;
  eventId: string;
  version: number;
  status: EventStatus;
  score: MatchScore | null;
  clock: MatchClock | null;
  markets: MarketOdds[];
  timestamp: number;
}

/** Suspend a set of markets at once (a dangerous moment: goal, penalty, red card, break point). */
export interface BetStop {
  type: 'bet_stop';
  producer: ProducerId;
  eventId: string;
  version: number;
  /** the market type ids to suspend; null: every market of the event */
  marketTypeIds: number[] | null;
  timestamp: number;
}

export interface OutcomeResult {
  id: string;
  result: 'won' | 'lost';
  /** the part of a stake refunded: 0, 0.5 or 1 (a push, a half-lost Asian line) */
  voidFactor: 0 | 0.5 | 1;
  /** a dead heat divides the payout: 1 when none */
  deadHeatFactor: number;
}

/** Markets are decided: each outcome won or lost, with its void and dead-heat factors. */
export interface BetSettlement {
  type: 'bet_settlement';
  producer: ProducerId;
  eventId: string;
  version: number;
  /** 1: live scout data; 2: confirmed (after the match) */
  certainty: 1 | 2;
  markets: Array<{
    typeId: number;
    specifiers: Record<string, string>;
    outcomes: OutcomeResult[];
  }>;
  timestamp: number;
}

/** Markets voided: every bet placed between `from` and `to` (null: open ends) is refunded. */
export interface BetCancel {
  type: 'bet_cancel';
  producer: ProducerId;
  eventId: string;
  version: number;
  markets: Array<{ typeId: number; specifiers: Record<string, string> }>;
  from: number | null;
  to: number | null;
  reason: string;
  timestamp: number;
}

/** A settlement taken back: the markets are open to settle again. */
export interface RollbackBetSettlement {
  type: 'rollback_bet_settlement';
  producer: ProducerId;
  eventId: string;
  version: number;
  markets: Array<{ typeId: number; specifiers: Record<string, string> }>;
  timestamp: number;
}

/** A cancellation taken back. */
export interface RollbackBetCancel {
  type: 'rollback_bet_cancel';
  producer: ProducerId;
  eventId: string;
  version: number;
  markets: Array<{ typeId: number; specifiers: Record<string, string> }>;
  timestamp: number;
}

/** A producer's heartbeat: while they keep coming, its markets may stay open. */
export interface Alive {
  type: 'alive';
  producer: ProducerId;
  /** false: the producer restarted and lost state (treat as down until it recovers) */
  subscribed: boolean;
  timestamp: number;
}

export type FeedMessage =
  | FixtureChange
  | OddsChange
  | BetStop
  | BetSettlement
  | BetCancel
  | RollbackBetSettlement
  | RollbackBetCancel
  | Alive;

/** A market's identity: its type and its specifiers in key order ("18|total=2.5"). */
export function marketKey(typeId: number, specifiers: Record<string, string>): string {
  const parts = Object.keys(specifiers)
    .sort()
    .map((name) => `${name}=${specifiers[name]}`);
  return [String(typeId), ...parts].join('|');
}

/**
 * An event the ingestion holds open (not ended, cancelled or deleted), as a recovery names it:
 * the feed's id, its fixture as held (kick-off, competitors: a provider checks the event is the
 * one it means) and the keys of its markets still open (neither settled nor cancelled for good),
 * those whose tickets still wait on the feed.
 */
export interface OpenEvent {
  eventId: string;
  startsAt: number;
  homeId: string;
  awayId: string;
  openMarkets: string[];
}

/**
 * What the ingestion reads messages from. A provider pushes messages in order per event; it may
 * repeat one or deliver older ones late (the ingestion drops what is not newer).
 */
export interface FeedProvider {
  /** starts delivering; `deliver` resolves once the message is stored */
  start(deliver: (message: FeedMessage) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  /**
   * A recovery (UOF's "recovery since"): bring these events to their current state through the
   * delivery — final score, status, settlements and cancellations of what ended while nobody
   * listened, the current state of what is under way. Asked before `start` (a restart) and
   * whenever a producer comes back up; an event the provider does not know is left alone (the
   * catalog's overdue rule then stops listing it, see catalog.repository.ts).
   */
  recover?(events: readonly OpenEvent[]): void;
}
