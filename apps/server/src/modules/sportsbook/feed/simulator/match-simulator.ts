/**
 * The built-in odds feed: a seeded, deterministic match simulator. Fixtures come from a schedule
 * of slots per sport (a match every `slotIntervalMs`, or more often for a sport whose shortest
 * match is shorter, published `horizonMs` ahead), each played on
 * an accelerated clock by its sport's script and priced by its sport's model after every change.
 * Everything is a function of the seed and the time: `advanceTo(t)` returns the messages up to t,
 * and the same seed driven to the same times gives the same messages whatever the steps taken.
 */

import {
  type EventStatus,
  type FeedMessage,
  type FixtureChange,
  type MarketOdds,
  marketKey,
  type OpenEvent,
  type ProducerId,
} from '../feed-messages.ts';
import type { FairMarket, SettledMarket } from './market-types.ts';
import {
  basketballPlan,
  esportsPlan,
  footballPlan,
  type Keyframe,
  type MatchPlan,
  shortestMatchSeconds,
  tennisPlan,
} from './match-scripts.ts';
import {
  defaultMarginPolicy,
  formatHundredths,
  type MarginPolicy,
  marginFor,
  priceOutcome,
} from './odds-ladder.ts';
import { type Random, seededRandom } from './random.ts';
import { allSimulatedSports, type SimulatedSport, sportsCatalog } from './sports-catalog.ts';

export interface MatchSimulatorOptions {
  seed: string;
  /** the first instant messages are produced for (epoch ms); matches under way then join live */
  now: number;
  /** simulated seconds per real second (20: a football match in about 5 minutes) */
  speed?: number;
  sports?: readonly SimulatedSport[];
  /**
   * real time between two kick-offs of a sport; shorter for a sport whose shortest match is
   * shorter, so every sport always has a match under way
   */
  slotIntervalMs?: number;
  /** how far ahead fixtures are published */
  horizonMs?: number;
  /** time between two `alive` messages of each producer */
  heartbeatMs?: number;
  margins?: MarginPolicy;
}

interface Task {
  at: number;
  sequence: number;
  run: () => void;
}

interface SimulatedMatch {
  eventId: string;
  sport: SimulatedSport;
  fixture: Omit<FixtureChange, 'producer' | 'status' | 'timestamp'>;
  plan: MatchPlan;
  playSeed: string;
  version: number;
  /** market keys the match has offered, and those settled or cancelled */
  offered: Set<string>;
  closed: Set<string>;
  mainMarket: { typeId: number; specifiers: Record<string, string> };
  /** chance events so the rare paths run: a voided window, a settlement taken back, a cancelled fixture */
  voidsAWindow: boolean;
  rollsBackASettlement: boolean;
  cancelled: boolean;
}

const mainMarketType: Record<SportCatalogKind, number> = {
  football: 1,
  tennis: 186,
  basketball: 219,
  esports: 186,
};
type SportCatalogKind = (typeof sportsCatalog)[SimulatedSport]['kind'];

/** The shortest match a sport's script plays, in simulated seconds. */
function shortestSecondsOf(sport: SimulatedSport): number {
  switch (sport) {
    case 'soccer':
      return shortestMatchSeconds.football;
    case 'tennis':
      return shortestMatchSeconds.tennis;
    case 'basketball':
      return shortestMatchSeconds.basketball;
    case 'cs2':
    case 'valorant':
      return shortestMatchSeconds.roundMaps;
    case 'dota2':
    case 'lol':
      return shortestMatchSeconds.unitMaps;
  }
}

/**
 * Recovered events from before the schedule (a restart after a long gap: hundreds of them) are
 * recomputed at most this many per `advanceTo` (a few milliseconds each): a provider advancing
 * every second never blocks the server for long, and the ingestion takes their messages at its
 * own pace.
 */
const recoveriesPerAdvance = 100;

/** How often a fixture is withdrawn (never two slots in a row, see `MatchSimulator.cancels`). */
const cancellationRate = 0.03;

function planFor(sport: SimulatedSport, random: Random): MatchPlan {
  switch (sport) {
    case 'soccer':
      return footballPlan(random);
    case 'tennis':
      return tennisPlan(random);
    case 'basketball':
      return basketballPlan(random);
    case 'cs2':
    case 'dota2':
    case 'lol':
    case 'valorant':
      return esportsPlan(random, sport);
  }
}

export class MatchSimulator {
  private readonly seed: string;
  private readonly now: number;
  private readonly msPerSimulatedSecond: number;
  private readonly slotIntervalMs: number;
  private readonly horizonMs: number;
  private readonly heartbeatMs: number;
  private readonly margins: MarginPolicy;
  /** each sport's kick-off interval, the offset of its kick-offs, and its schedule's first slot */
  private readonly intervals = new Map<SimulatedSport, number>();
  private readonly offsets = new Map<SimulatedSport, number>();
  private readonly firstSlots = new Map<SimulatedSport, number>();
  /** the newest slot of each sport this run has published */
  private readonly publishedSlots = new Map<SimulatedSport, number>();
  /** sports by their numeric id, to read an event id back */
  private readonly sportsById = new Map<number, SimulatedSport>();
  /** events of the schedule to recover when published: their open markets (see `recover`) */
  private readonly recovering = new Map<string, ReadonlySet<string>>();
  /** events from before the schedule's first slot that this run recovered */
  private readonly recoveredBefore = new Set<string>();
  /** their recoveries still to run, in order (`recoveriesPerAdvance` at each `advanceTo`) */
  private recoveryQueue: Array<(at: number) => void> = [];
  private readonly tasks: Task[] = [];
  private sequence = 0;
  private output: FeedMessage[] = [];
  private clock: number;

  constructor(options: MatchSimulatorOptions) {
    const speed = options.speed ?? 20;
    if (!(speed > 0)) throw new Error('the simulator speed must be positive');
    this.seed = options.seed;
    this.now = options.now;
    this.clock = options.now;
    this.msPerSimulatedSecond = 1000 / speed;
    this.slotIntervalMs = options.slotIntervalMs ?? 3 * 60_000;
    this.horizonMs = options.horizonMs ?? 2 * 24 * 3_600_000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.margins = options.margins ?? defaultMarginPolicy;
    const sports = options.sports ?? allSimulatedSports;
    // matches that may still be under way: four simulated hours back
    const lookbackMs = 4 * 3600 * this.msPerSimulatedSecond;
    for (const [index, sport] of sports.entries()) {
      // Never longer than the sport's shortest match: the newest match kicked off is still under
      // way when the next one kicks off, so the sport always has one live (a withdrawn one is
      // covered by its predecessor: see `cancels`).
      const intervalMs = Math.min(
        this.slotIntervalMs,
        Math.floor(shortestSecondsOf(sport) * this.msPerSimulatedSecond),
      );
      this.intervals.set(sport, intervalMs);
      this.sportsById.set(sportsCatalog[sport].sportId, sport);
      // sports interleave their kick-offs
      const offset = Math.floor((intervalMs * index) / sports.length);
      const firstSlot = Math.ceil((this.now - lookbackMs - offset) / intervalMs);
      const lastSlot = Math.floor((this.now + this.horizonMs - offset) / intervalMs);
      this.offsets.set(sport, offset);
      this.firstSlots.set(sport, firstSlot);
      for (let slot = firstSlot; slot <= lastSlot; slot += 1) {
        this.schedule(this.now, () => this.publish(sport, slot, slot * intervalMs + offset));
      }
      this.publishLater(sport, lastSlot + 1, offset);
    }
    const firstHeartbeat = Math.ceil(this.now / this.heartbeatMs) * this.heartbeatMs;
    this.schedule(firstHeartbeat, () => this.heartbeat(firstHeartbeat));
  }

  /** Every message with a timestamp up to `timeMs`, in order; time never goes back. */
  advanceTo(timeMs: number): FeedMessage[] {
    if (timeMs < this.clock) throw new Error('the simulator clock cannot go back');
    this.clock = timeMs;
    for (;;) {
      const task = this.tasks[0];
      if (task === undefined || task.at > timeMs) break;
      this.pop();
      task.run();
    }
    if (this.recoveryQueue.length > 0) {
      for (const recover of this.recoveryQueue.splice(0, recoveriesPerAdvance)) recover(timeMs);
    }
    const messages = this.output;
    this.output = [];
    return messages;
  }

  /**
   * A recovery: brings events a previous run left open (the ingestion's open events and their
   * open markets) to their true state, each recomputed from the seed — its fixture, its script —
   * at the current time: one that ended gets its final score and status, the settlement
   * (certainty 2) of every open market its script decided and a `bet_cancel` (`not_resulted`) of
   * the others; one under way gets the settlements of what was decided meanwhile and joins in
   * progress; one withdrawn meanwhile is cancelled with its markets; one not started yet is
   * published as usual. That is what an uninterrupted run would have sent, less the intermediate
   * prices and the markets it would have offered while nobody listened (no ticket can be on
   * them). The work is per open event, never per slot of the gap.
   *
   * Left alone: an event this run already plays, and one that is not this simulator's — its id
   * must name a slot of a simulated sport whose fixture (kick-off, competitors) is the one held
   * (another seed, speed or kick-off interval makes other matches under the same ids).
   *
   * Before the first `advanceTo` (a restart) or at any time (a producer back up); the messages
   * come with the next `advanceTo`s, at most `recoveriesPerAdvance` events from before the
   * schedule's first slot in each.
   */
  recover(events: readonly OpenEvent[]): void {
    for (const event of events) {
      const { eventId, openMarkets } = event;
      const found = this.slotOf(eventId);
      if (found === null) continue;
      const { sport, slot } = found;
      const startsAt = slot * this.intervalOf(sport) + (this.offsets.get(sport) ?? 0);
      const { fixture } = this.matchOf(sport, slot, startsAt);
      if (
        startsAt !== event.startsAt ||
        fixture.home.id !== event.homeId ||
        fixture.away.id !== event.awayId
      )
        continue;
      const firstSlot = this.firstSlots.get(sport) ?? slot;
      if (slot >= firstSlot) {
        // the schedule publishes it (again): recovered then, unless this run already did
        if (slot > (this.publishedSlots.get(sport) ?? firstSlot - 1))
          this.recovering.set(eventId, new Set(openMarkets));
        continue;
      }
      if (this.recoveredBefore.has(eventId)) continue;
      this.recoveredBefore.add(eventId);
      const open = new Set(openMarkets);
      this.recoveryQueue.push((at) => {
        const match = this.matchOf(sport, slot, startsAt);
        match.cancelled = this.cancels(sport, slot, startsAt);
        this.recoverMatch(match, open, at);
      });
    }
  }

  /** The sport and slot of a simulated match's id (`sim:match:{sportId}-{slot}`), if one of ours. */
  private slotOf(eventId: string): { sport: SimulatedSport; slot: number } | null {
    const match = /^sim:match:(\d+)-(\d+)$/.exec(eventId);
    if (match === null) return null;
    const sport = this.sportsById.get(Number(match[1]));
    const slot = Number(match[2]);
    if (sport === undefined || !Number.isSafeInteger(slot)) return null;
    return { sport, slot };
  }

  // ------------------------------------------------------------ the schedule

  private intervalOf(sport: SimulatedSport): number {
    const intervalMs = this.intervals.get(sport);
    if (intervalMs === undefined) throw new Error(`${sport} is not simulated`);
    return intervalMs;
  }

  private publishLater(sport: SimulatedSport, slot: number, offset: number): void {
    const startsAt = slot * this.intervalOf(sport) + offset;
    this.schedule(startsAt - this.horizonMs, () => {
      this.publish(sport, slot, startsAt);
      this.publishLater(sport, slot + 1, offset);
    });
  }

  /** The match of a sport's slot: a function of the seed, the sport and the slot alone. */
  private matchOf(sport: SimulatedSport, slot: number, startsAt: number): SimulatedMatch {
    const catalog = sportsCatalog[sport];
    const random = seededRandom(`${this.seed}|${sport}|${slot}|fixture`);
    const categoryIndex = random.integer(0, catalog.categories.length - 1);
    const category = catalog.categories[categoryIndex];
    if (category === undefined) throw new Error('a sport without categories');
    const tournamentIndex = random.integer(0, category.tournaments.length - 1);
    const homeIndex = random.integer(0, catalog.competitors.length - 1);
    const awayIndex =
      (homeIndex + random.integer(1, catalog.competitors.length - 1)) % catalog.competitors.length;
    const competitor = (index: number) => ({
      id: `sim:competitor:${catalog.sportId}-${index}`,
      name: catalog.competitors[index] ?? `Competitor ${index}`,
    });
    const eventId = `sim:match:${catalog.sportId}-${slot}`;
    const match: SimulatedMatch = {
      eventId,
      sport,
      fixture: {
        type: 'fixture_change',
        eventId,
        sportId: catalog.sportId,
        category: { id: `sim:category:${catalog.sportId}-${categoryIndex}`, name: category.name },
        tournament: {
          id: `sim:tournament:${catalog.sportId}-${categoryIndex}-${tournamentIndex}`,
          name: category.tournaments[tournamentIndex] ?? category.name,
        },
        home: competitor(homeIndex),
        away: competitor(awayIndex),
        startsAt,
      },
      plan: planFor(sport, random),
      playSeed: `${this.seed}|${sport}|${slot}|play`,
      version: 0,
      offered: new Set(),
      closed: new Set(),
      mainMarket: { typeId: mainMarketType[catalog.kind], specifiers: {} },
      voidsAWindow: random.next() < 0.15,
      rollsBackASettlement: random.next() < 0.15,
      cancelled: false,
    };
    return match;
  }

  /**
   * Whether a slot's fixture is withdrawn: now and then, but never two slots in a row, and only
   * when the match before it lasts two intervals, so the sport still has a match under way.
   */
  private cancels(sport: SimulatedSport, slot: number, startsAt: number): boolean {
    const drawn = (candidate: number) =>
      seededRandom(`${this.seed}|${sport}|${candidate}|cancel`).next() < cancellationRate;
    if (!drawn(slot) || drawn(slot - 1)) return false;
    const intervalMs = this.intervalOf(sport);
    const previous = this.matchOf(sport, slot - 1, startsAt - intervalMs);
    const lengthMs = Math.max(0, ...this.keyframesOf(previous).map((keyframe) => keyframe.at));
    return lengthMs >= 2 * intervalMs;
  }

  private publish(sport: SimulatedSport, slot: number, startsAt: number): void {
    this.publishedSlots.set(sport, Math.max(slot, this.publishedSlots.get(sport) ?? slot));
    const match = this.matchOf(sport, slot, startsAt);
    match.cancelled = this.cancels(sport, slot, startsAt);
    const at = Math.max(this.now, startsAt - this.horizonMs);
    const open = this.recovering.get(match.eventId);
    if (open !== undefined) {
      this.recovering.delete(match.eventId);
      this.recoverMatch(match, open, at);
      return;
    }
    const cancelAt = startsAt - 30 * 60_000;
    if (match.cancelled && cancelAt <= at) {
      // withdrawn before this simulator started (a restart): it stays withdrawn, never played
      this.emitFixture(match, 'prematch', 'cancelled', at);
      return;
    }
    if (startsAt <= at) {
      this.joinInProgress(match, at);
      return;
    }
    this.announce(match, at);
  }

  /** A fixture not started yet: published with its pre-match prices, then played (or withdrawn). */
  private announce(match: SimulatedMatch, at: number): void {
    const startsAt = match.fixture.startsAt;
    const cancelAt = startsAt - 30 * 60_000;
    this.emitFixture(match, 'prematch', 'not_started', at);
    this.emitOdds(match, 'prematch', 'not_started', null, match.plan.prematch(), false, at);
    if (match.cancelled) {
      this.schedule(cancelAt, () => this.cancelFixture(match, cancelAt));
      return;
    }
    this.schedule(startsAt, () => {
      // the script is made at kick-off, so only live matches hold one
      const keyframes = this.keyframesOf(match);
      this.schedule(startsAt + (keyframes[0]?.at ?? 0), () =>
        this.play(match, startsAt, 0, keyframes),
      );
    });
  }

  private keyframesOf(match: SimulatedMatch): Keyframe[] {
    const keyframes = match.plan.play(seededRandom(match.playSeed), this.msPerSimulatedSecond);
    // Whole milliseconds (a speed such as 7 makes fractions): timestamps and the versions made
    // from them are integers. Stable: a script may list a reprice before a stop of the same instant.
    return keyframes
      .map((keyframe, index) => ({ keyframe: { ...keyframe, at: Math.round(keyframe.at) }, index }))
      .sort((a, b) => a.keyframe.at - b.keyframe.at || a.index - b.index)
      .map(({ keyframe }) => keyframe);
  }

  /**
   * A match a previous run left open (see `recover`), at `at`: its script replayed up to now,
   * without prices. `open`: the keys of its markets the ingestion holds open.
   */
  private recoverMatch(match: SimulatedMatch, open: ReadonlySet<string>, at: number): void {
    const startsAt = match.fixture.startsAt;
    if (match.cancelled && startsAt - 30 * 60_000 <= at) {
      // withdrawn while nobody listened: the fixture and every market it offered are cancelled
      for (const key of open) match.offered.add(key);
      this.cancelFixture(match, at);
      return;
    }
    if (startsAt > at) {
      // not started: published again as usual (its pre-match markets are the ones held open)
      this.announce(match, at);
      return;
    }
    const keyframes = this.keyframesOf(match);
    const middle = Math.floor(keyframes.length / 2);
    /** the open markets the script decided by now, each with its first decision */
    const decided = new Map<string, SettledMarket>();
    let voidedAt: number | null = null;
    let next = 0;
    let last: Keyframe | null = null;
    while (next < keyframes.length && startsAt + (keyframes[next]?.at ?? 0) < at) {
      const keyframe = keyframes[next] as Keyframe;
      if (keyframe.kind === 'state') {
        for (const market of keyframe.settle()) {
          const key = marketKey(market.typeId, market.specifiers);
          if (match.closed.has(key)) continue;
          match.closed.add(key);
          if (open.has(key)) decided.set(key, market);
        }
        if (match.voidsAWindow && next === middle) voidedAt = startsAt + keyframe.at;
      }
      last = keyframe;
      next += 1;
    }
    // the same order as when played: the voided window (older), the settlements, the state
    const mainKey = marketKey(match.mainMarket.typeId, match.mainMarket.specifiers);
    if (voidedAt !== null && open.has(mainKey)) this.voidAWindow(match, at, voidedAt);
    if (decided.size > 0) {
      this.nextVersion(match, at);
      this.output.push({
        type: 'bet_settlement',
        producer: 'live',
        eventId: match.eventId,
        version: match.version,
        certainty: 2,
        markets: [...decided.values()],
        timestamp: at,
      });
    }
    for (const key of open) if (!match.closed.has(key)) match.offered.add(key);
    if (last?.ended) {
      this.emitOdds(match, 'live', 'ended', last, [], true, at);
      this.finish(match, at);
      return;
    }
    this.continueFrom(match, keyframes, next, last, at);
  }

  /** A match already under way when the simulator starts: its settled markets stay silent. */
  private joinInProgress(match: SimulatedMatch, at: number): void {
    const startsAt = match.fixture.startsAt;
    const keyframes = this.keyframesOf(match);
    let next = 0;
    let last: Keyframe | null = null;
    while (next < keyframes.length && startsAt + (keyframes[next]?.at ?? 0) < at) {
      const keyframe = keyframes[next] as Keyframe;
      for (const market of keyframe.settle())
        match.closed.add(marketKey(market.typeId, market.specifiers));
      last = keyframe;
      next += 1;
    }
    if (last?.ended) return;
    this.continueFrom(match, keyframes, next, last, at);
  }

  /** Joins a match at `at`: its state after keyframe `last`, then plays on from keyframe `next`. */
  private continueFrom(
    match: SimulatedMatch,
    keyframes: Keyframe[],
    next: number,
    last: Keyframe | null,
    at: number,
  ): void {
    const startsAt = match.fixture.startsAt;
    this.emitFixture(match, 'live', last === null ? 'not_started' : 'live', at);
    if (last === null) {
      this.emitOdds(match, 'prematch', 'not_started', null, match.plan.prematch(), false, at);
    } else {
      this.emitOdds(match, 'live', 'live', last, last.price(), true, at);
    }
    if (next < keyframes.length) {
      this.schedule(startsAt + (keyframes[next]?.at ?? 0), () =>
        this.play(match, startsAt, next, keyframes),
      );
    }
  }

  private play(
    match: SimulatedMatch,
    startsAt: number,
    index: number,
    keyframes: Keyframe[],
  ): void {
    const keyframe = keyframes[index];
    if (keyframe === undefined) return;
    const at = startsAt + keyframe.at;
    if (keyframe.kind === 'stop') {
      this.nextVersion(match, at);
      this.output.push({
        type: 'bet_stop',
        producer: 'live',
        eventId: match.eventId,
        version: match.version,
        marketTypeIds: null,
        timestamp: at,
      });
    } else {
      this.settle(match, keyframe.settle(), keyframe.ended ? 2 : 1, at);
      this.emitOdds(
        match,
        'live',
        keyframe.ended ? 'ended' : 'live',
        keyframe,
        keyframe.ended ? [] : keyframe.price(),
        true,
        at,
      );
      if (match.voidsAWindow && index === Math.floor(keyframes.length / 2))
        this.voidAWindow(match, at, at);
    }
    if (keyframe.ended) {
      this.finish(match, at);
      return;
    }
    const next = keyframes[index + 1];
    if (next !== undefined)
      this.schedule(startsAt + next.at, () => this.play(match, startsAt, index + 1, keyframes));
  }

  // ------------------------------------------------------------ messages

  private emitFixture(
    match: SimulatedMatch,
    producer: ProducerId,
    status: EventStatus,
    at: number,
  ): void {
    this.output.push({ ...match.fixture, producer, status, timestamp: at });
  }

  private emitOdds(
    match: SimulatedMatch,
    producer: ProducerId,
    status: EventStatus,
    keyframe: Keyframe | null,
    fair: FairMarket[],
    live: boolean,
    at: number,
  ): void {
    const markets: MarketOdds[] = [];
    for (const market of fair) {
      const key = marketKey(market.typeId, market.specifiers);
      if (match.closed.has(key)) continue;
      match.offered.add(key);
      markets.push(this.oddsOf(market, live));
    }
    this.nextVersion(match, at);
    this.output.push({
      type: 'odds_change',
      producer,
      eventId: match.eventId,
      version: match.version,
      status,
      score: keyframe?.score ?? null,
      clock: keyframe?.clock ?? null,
      markets,
      timestamp: at,
    });
  }

  /** Fair probabilities to prices: the margin, the ladder; off the ladder, the market suspends. */
  private oddsOf(market: FairMarket, live: boolean): MarketOdds {
    const margin = marginFor(this.margins, market.typeId, live);
    let offLadder = false;
    const outcomes = market.outcomes.map((outcome) => {
      const price = priceOutcome(outcome.probability, margin);
      if (price === null && outcome.probability > 1e-12) offLadder = true;
      return {
        id: outcome.id,
        odds: price === null ? null : formatHundredths(price),
        active: price !== null,
        probability: outcome.probability,
      };
    });
    return {
      typeId: market.typeId,
      specifiers: market.specifiers,
      status: offLadder ? 'suspended' : 'active',
      outcomes,
    };
  }

  private settle(
    match: SimulatedMatch,
    decided: SettledMarket[],
    certainty: 1 | 2,
    at: number,
  ): void {
    const markets = decided.filter((market) => {
      const key = marketKey(market.typeId, market.specifiers);
      if (match.closed.has(key) || !match.offered.has(key)) return false;
      match.closed.add(key);
      return true;
    });
    if (markets.length === 0) return;
    this.nextVersion(match, at);
    this.output.push({
      type: 'bet_settlement',
      producer: 'live',
      eventId: match.eventId,
      version: match.version,
      certainty,
      markets,
      timestamp: at,
    });
    if (match.rollsBackASettlement) {
      const main = markets.find((market) => market.typeId === match.mainMarket.typeId);
      if (main !== undefined) this.rollBack(match, main, at);
    }
  }

  /** A settlement taken back (a scoring correction) and given again a little later. */
  private rollBack(match: SimulatedMatch, market: SettledMarket, settledAt: number): void {
    const rollbackAt = settledAt + 20_000;
    this.schedule(rollbackAt, () => {
      this.nextVersion(match, rollbackAt);
      this.output.push({
        type: 'rollback_bet_settlement',
        producer: 'live',
        eventId: match.eventId,
        version: match.version,
        markets: [{ typeId: market.typeId, specifiers: market.specifiers }],
        timestamp: rollbackAt,
      });
    });
    const resettleAt = settledAt + 40_000;
    this.schedule(resettleAt, () => {
      this.nextVersion(match, resettleAt);
      this.output.push({
        type: 'bet_settlement',
        producer: 'live',
        eventId: match.eventId,
        version: match.version,
        certainty: 2,
        markets: [market],
        timestamp: resettleAt,
      });
    });
  }

  /**
   * Bets on the main market in a past window (before `windowAt`) are voided (a price error); the
   * market goes on. Sent at `at` (later than `windowAt` when recovered).
   */
  private voidAWindow(match: SimulatedMatch, at: number, windowAt: number): void {
    this.nextVersion(match, at);
    this.output.push({
      type: 'bet_cancel',
      producer: 'live',
      eventId: match.eventId,
      version: match.version,
      markets: [match.mainMarket],
      from: windowAt - 20_000,
      to: windowAt - 10_000,
      reason: 'price_error',
      timestamp: at,
    });
  }

  private cancelFixture(match: SimulatedMatch, at: number): void {
    this.emitFixture(match, 'prematch', 'cancelled', at);
    const markets = [...match.offered].filter((key) => !match.closed.has(key));
    // (a recovered fixture may have no market left open)
    if (markets.length === 0) return;
    for (const key of markets) match.closed.add(key);
    this.nextVersion(match, at);
    this.output.push({
      type: 'bet_cancel',
      producer: 'prematch',
      eventId: match.eventId,
      version: match.version,
      markets: markets.map(parseMarketKey),
      from: null,
      to: null,
      reason: 'event_cancelled',
      timestamp: at,
    });
  }

  /** Anything the sport's rules left open at the end is voided, so no market stays open. */
  private finish(match: SimulatedMatch, at: number): void {
    const open = [...match.offered].filter((key) => !match.closed.has(key));
    if (open.length === 0) return;
    for (const key of open) match.closed.add(key);
    this.nextVersion(match, at);
    this.output.push({
      type: 'bet_cancel',
      producer: 'live',
      eventId: match.eventId,
      version: match.version,
      markets: open.map(parseMarketKey),
      from: null,
      to: null,
      reason: 'not_resulted',
      timestamp: at,
    });
  }

  /**
   * Versions come from the clock (a thousand per millisecond), so a simulator started again
   * after a restart continues above every version it sent before; within a millisecond they count up.
   */
  private nextVersion(match: SimulatedMatch, at: number): void {
    match.version = Math.max(match.version + 1, at * 1000);
  }

  private heartbeat(at: number): void {
    this.output.push({ type: 'alive', producer: 'prematch', subscribed: true, timestamp: at });
    this.output.push({ type: 'alive', producer: 'live', subscribed: true, timestamp: at });
    const next = at + this.heartbeatMs;
    this.schedule(next, () => this.heartbeat(next));
  }

  // ------------------------------------------------------------ a binary heap on (at, sequence)

  private schedule(at: number, run: () => void): void {
    const task: Task = { at, sequence: this.sequence, run };
    this.sequence += 1;
    const heap = this.tasks;
    heap.push(task);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(task, heap[parent] as Task)) break;
      heap[index] = heap[parent] as Task;
      index = parent;
    }
    heap[index] = task;
  }

  private pop(): void {
    const heap = this.tasks;
    const last = heap.pop();
    if (last === undefined || heap.length === 0) return;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      let candidate: Task = last;
      if (left < heap.length && before(heap[left] as Task, candidate)) {
        smallest = left;
        candidate = heap[left] as Task;
      }
      if (right < heap.length && before(heap[right] as Task, candidate)) smallest = right;
      if (smallest === index) break;
      heap[index] = heap[smallest] as Task;
      index = smallest;
    }
    heap[index] = last;
  }
}

function before(a: Task, b: Task): boolean {
  return a.at < b.at || (a.at === b.at && a.sequence < b.sequence);
}

function parseMarketKey(key: string): { typeId: number; specifiers: Record<string, string> } {
  const [typeId, ...parts] = key.split('|');
  const specifiers: Record<string, string> = {};
  for (const part of parts) {
    const separator = part.indexOf('=');
    specifiers[part.slice(0, separator)] = part.slice(separator + 1);
  }
  return { typeId: Number(typeId), specifiers };
}
