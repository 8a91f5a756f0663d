import { sportMarketTypes as marketTypes } from '@casino/contract';
import { describe, expect, it } from 'vitest';
import type { FeedMessage, OddsChange } from '../feed-messages.ts';
import { marketKey } from '../feed-messages.ts';
import {
  basketballPlan,
  esportsPlan,
  footballPlan,
  shortestMatchSeconds,
  tennisPlan,
} from './match-scripts.ts';
import { MatchSimulator } from './match-simulator.ts';
import { defaultMarginPolicy, ladderHundredths, marginFor } from './odds-ladder.ts';
import { seededRandom } from './random.ts';
import { allSimulatedSports, type SimulatedSport, sportsCatalog } from './sports-catalog.ts';

const now = Date.UTC(2026, 0, 1, 12);
const minute = 60_000;

function run(
  seed: string,
  untilMs: number,
  stepMs: number,
  sports?: SimulatedSport[],
): FeedMessage[] {
  const simulator = new MatchSimulator({
    seed,
    now,
    horizonMs: 3_600_000,
    ...(sports ? { sports } : {}),
  });
  const messages: FeedMessage[] = [];
  for (let time = now; time <= now + untilMs; time += stepMs)
    messages.push(...simulator.advanceTo(time));
  return messages;
}

// one shared run for the properties of a stream (30 minutes of all seven sports)
const stream = run('vitest', 30 * minute, 5000);
const ladder = new Set(ladderHundredths.map((hundredths) => (hundredths / 100).toFixed(2)));

describe('MatchSimulator', () => {
  it('produces exactly the same messages for the same seed, whatever the steps', () => {
    const sports: SimulatedSport[] = ['soccer', 'basketball', 'cs2'];
    const coarse = run('same-seed', 12 * minute, 60_000, sports);
    const fine = run('same-seed', 12 * minute, 1000, sports);
    expect(fine.length).toBeGreaterThan(1000);
    expect(JSON.stringify(fine)).toBe(JSON.stringify(coarse));
    const other = run('another-seed', 12 * minute, 60_000, sports);
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(coarse));
  }, 30_000);

  it('sends whole-millisecond timestamps and integer versions at any speed (7: fractions of a ms)', () => {
    for (const speed of [7, 13]) {
      const simulator = new MatchSimulator({
        seed: 'speed',
        now,
        horizonMs: 600_000,
        speed,
        sports: ['soccer', 'tennis'],
      });
      const messages = simulator.advanceTo(now + 10 * minute);
      expect(
        messages.some((message) => message.type === 'odds_change' && message.status === 'live'),
      ).toBe(true);
      for (const message of messages) {
        expect(Number.isSafeInteger(message.timestamp)).toBe(true);
        if ('version' in message) expect(Number.isSafeInteger(message.version)).toBe(true);
      }
    }
  }, 30_000);

  it('keeps each event strictly increasing in version and time never goes back', () => {
    const versions = new Map<string, number>();
    let last = 0;
    for (const message of stream) {
      expect(message.timestamp).toBeGreaterThanOrEqual(last);
      last = message.timestamp;
      if (message.type === 'alive' || message.type === 'fixture_change') continue;
      const previous = versions.get(message.eventId) ?? 0;
      expect(message.version, message.eventId).toBeGreaterThan(previous);
      versions.set(message.eventId, message.version);
    }
    expect(versions.size).toBeGreaterThan(50);
  });

  it('continues above the versions it sent when started again (a server restart)', () => {
    const before = new MatchSimulator({
      seed: 'restart',
      now,
      horizonMs: 3_600_000,
      sports: ['soccer'],
    });
    const sent = before.advanceTo(now + 2 * minute);
    const highest = new Map<string, number>();
    for (const message of sent) {
      if ('version' in message)
        highest.set(message.eventId, Math.max(highest.get(message.eventId) ?? 0, message.version));
    }
    const after = new MatchSimulator({
      seed: 'restart',
      now: now + 2 * minute + 1,
      horizonMs: 3_600_000,
      sports: ['soccer'],
    });
    let compared = 0;
    for (const message of after.advanceTo(now + 3 * minute)) {
      const previous = 'version' in message ? highest.get(message.eventId) : undefined;
      if (previous === undefined || !('version' in message)) continue;
      expect(message.version).toBeGreaterThan(previous);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('gives every market of an odds change ladder odds, or suspends it, with the margin on the book', () => {
    // violations are collected (an expect per outcome would take seconds)
    const violations: string[] = [];
    let activeMarkets = 0;
    for (const message of stream) {
      if (message.type !== 'odds_change') continue;
      for (const market of message.markets) {
        const where = `${message.eventId} v${message.version} ${marketKey(market.typeId, market.specifiers)}`;
        for (const outcome of market.outcomes) {
          if (outcome.odds !== null && !ladder.has(outcome.odds))
            violations.push(`${where}: ${outcome.odds} off the ladder`);
          if (outcome.active !== (outcome.odds !== null))
            violations.push(`${where}: active without odds`);
        }
        const unpriced = market.outcomes.some(
          (outcome) => outcome.odds === null && (outcome.probability ?? 0) > 1e-12,
        );
        if (unpriced) {
          if (market.status !== 'suspended')
            violations.push(`${where}: unpriced outcome in an open market`);
          continue;
        }
        if (market.status !== 'active') violations.push(`${where}: ${market.status}`);
        activeMarkets += 1;
        const margin = marginFor(defaultMarginPolicy, market.typeId, message.producer === 'live');
        const coverage = market.typeId === 10 ? 2 : 1;
        const book = market.outcomes.reduce(
          (sum, outcome) => sum + (outcome.odds === null ? 0 : 1 / Number(outcome.odds)),
          0,
        );
        // rounding down only adds to the book: at least the margin, at most a ladder step more
        if (book < coverage * (1 + margin) - 1e-9 || book > coverage * (1 + margin) * 1.11) {
          violations.push(`${where}: book ${book} for a margin of ${margin}`);
        }
      }
    }
    expect(violations.slice(0, 10)).toEqual([]);
    expect(activeMarkets).toBeGreaterThan(10_000);
  });

  it('offers only catalogued market types, with their specifiers and outcome ids', () => {
    const violations = new Set<string>();
    for (const message of stream) {
      if (message.type !== 'odds_change') continue;
      for (const market of message.markets) {
        const type = marketTypes.get(market.typeId);
        if (type === undefined) {
          violations.add(`type ${market.typeId} not catalogued`);
          continue;
        }
        if (Object.keys(market.specifiers).sort().join() !== [...type.specifiers].sort().join()) {
          violations.add(`${market.typeId} specifiers ${Object.keys(market.specifiers)}`);
        }
        const ids = market.outcomes.map((outcome) => outcome.id);
        if (
          type.outcomes !== null &&
          [...ids].sort().join() !== Object.keys(type.outcomes).sort().join()
        ) {
          violations.add(`${market.typeId} outcomes ${ids}`);
        }
        if (new Set(ids).size !== ids.length) violations.add(`${market.typeId} repeats an outcome`);
      }
    }
    expect([...violations]).toEqual([]);
  });

  it('suspends on a dangerous moment and reprices a few seconds later', () => {
    const stops = stream.filter((message) => message.type === 'bet_stop');
    expect(stops.length).toBeGreaterThan(10);
    for (const stop of stops) {
      const next = stream.find(
        (message): message is OddsChange =>
          message.type === 'odds_change' &&
          message.eventId === stop.eventId &&
          message.version > stop.version,
      );
      if (next === undefined || next.status === 'ended') continue;
      expect(next.timestamp - stop.timestamp).toBeGreaterThan(0);
      expect(next.timestamp - stop.timestamp).toBeLessThanOrEqual(3000);
      // repriced: the markets are listed again (active, or suspended when off the ladder)
      expect(next.markets.length).toBeGreaterThan(0);
    }
  });

  it('settles over 1.5 at the second goal of a football match', () => {
    let checked = 0;
    const goals = new Map<string, number>();
    for (const message of stream) {
      if (
        message.type !== 'odds_change' ||
        !message.eventId.startsWith('sim:match:1-') ||
        message.score === null
      )
        continue;
      const total = message.score.home + message.score.away;
      const before = goals.get(message.eventId);
      goals.set(message.eventId, total);
      if (before === 1 && total === 2) {
        const settlement = stream.find(
          (candidate) =>
            candidate.type === 'bet_settlement' &&
            candidate.eventId === message.eventId &&
            candidate.markets.some(
              (market) => market.typeId === 18 && market.specifiers.total === '1.5',
            ),
        );
        // settled at the goal, before the reprice that follows it
        expect(settlement?.timestamp).toBe(message.timestamp);
        expect(settlement?.type === 'bet_settlement' && settlement.version).toBe(
          message.version - 1,
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('settles or cancels every market a finished match offered, and runs the rare paths', () => {
    const offered = new Map<string, Set<string>>();
    const closed = new Map<string, Set<string>>();
    const ended = new Set<string>();
    for (const message of stream) {
      if (message.type === 'odds_change') {
        const keys = offered.get(message.eventId) ?? new Set();
        for (const market of message.markets) keys.add(marketKey(market.typeId, market.specifiers));
        offered.set(message.eventId, keys);
        if (message.status === 'ended') ended.add(message.eventId);
      }
      if (message.type === 'bet_settlement' || message.type === 'bet_cancel') {
        const keys = closed.get(message.eventId) ?? new Set();
        for (const market of message.markets) keys.add(marketKey(market.typeId, market.specifiers));
        closed.set(message.eventId, keys);
      }
    }
    expect(ended.size).toBeGreaterThan(20);
    for (const eventId of ended) {
      const open = [...(offered.get(eventId) ?? [])].filter(
        (key) => !closed.get(eventId)?.has(key),
      );
      expect(open, eventId).toEqual([]);
    }
    const cancels = stream.filter((message) => message.type === 'bet_cancel');
    expect(cancels.filter((message) => message.reason === 'not_resulted')).toEqual([]);
    expect(cancels.some((message) => message.reason === 'price_error')).toBe(true);
    expect(stream.some((message) => message.type === 'rollback_bet_settlement')).toBe(true);
    expect(stream.filter((message) => message.type === 'alive').length).toBe(2 * (30 * 6 + 1));
  });

  it('always has live events in every sport', () => {
    const simulator = new MatchSimulator({ seed: 'schedule', now, horizonMs: 3_600_000 });
    const latest = new Map<string, OddsChange>();
    const sportOf = new Map<string, number>();
    for (let time = now; time <= now + 30 * minute; time += minute) {
      for (const message of simulator.advanceTo(time)) {
        if (message.type === 'fixture_change') sportOf.set(message.eventId, message.sportId);
        if (message.type === 'odds_change') latest.set(message.eventId, message);
      }
      for (const sport of Object.values(sportsCatalog)) {
        const live = [...latest.values()].filter(
          (message) => message.status === 'live' && sportOf.get(message.eventId) === sport.sportId,
        );
        expect(live.length, `live ${sport.sportId} at ${time - now}`).toBeGreaterThan(0);
      }
    }
  }, 30_000);

  it('publishes fixtures two days ahead by default', () => {
    const simulator = new MatchSimulator({ seed: 'schedule', now, sports: ['basketball'] });
    const fixtures = simulator
      .advanceTo(now)
      .filter((message) => message.type === 'fixture_change');
    const last = Math.max(...fixtures.map((fixture) => fixture.startsAt));
    expect(last).toBeGreaterThan(now + 47 * 3_600_000);
    expect(fixtures.length).toBeGreaterThan(900);
  });

  it('never plays a match shorter than its sport’s shortest (the schedule relies on it)', () => {
    const plans = {
      football: footballPlan,
      basketball: basketballPlan,
      tennis: tennisPlan,
      roundMaps: (random: ReturnType<typeof seededRandom>) => esportsPlan(random, 'cs2'),
      unitMaps: (random: ReturnType<typeof seededRandom>) => esportsPlan(random, 'dota2'),
    };
    for (const [kind, plan] of Object.entries(plans)) {
      const shortest = shortestMatchSeconds[kind as keyof typeof shortestMatchSeconds];
      let least = Number.POSITIVE_INFINITY;
      for (let index = 0; index < 300; index += 1) {
        const keyframes = plan(seededRandom(`shortest|${kind}|${index}`)).play(
          seededRandom(`shortest|${kind}|${index}|play`),
          1, // a millisecond per simulated second: `at` in simulated seconds
        );
        const end = keyframes.find((keyframe) => keyframe.ended)?.at ?? 0;
        least = Math.min(least, end);
      }
      expect(least, kind).toBeGreaterThanOrEqual(shortest);
    }
  });

  it('has a match of every sport live at every moment, withdrawn fixtures included', () => {
    // the demo's settings (config.ts defaults), and a speed at which matches are shorter than
    // the configured kick-off interval
    for (const { speed, hours, stepMs } of [
      { speed: 7, hours: 3, stepMs: 20_000 },
      { speed: 60, hours: 1.5, stepMs: 3_000 },
    ]) {
      const simulator = new MatchSimulator({
        seed: 'always-live',
        now,
        speed,
        slotIntervalMs: 5 * minute,
        horizonMs: 3_600_000,
      });
      const sportOf = new Map<string, number>();
      const live = new Map<string, boolean>();
      let checks = 0;
      let withdrawn = 0;
      const gaps: string[] = [];
      for (let time = now; time <= now + hours * 60 * minute; time += stepMs) {
        for (const message of simulator.advanceTo(time)) {
          if (message.type === 'fixture_change') {
            sportOf.set(message.eventId, message.sportId);
            if (message.status === 'cancelled') {
              live.set(message.eventId, false);
              withdrawn += 1;
            }
          } else if (message.type === 'odds_change') {
            live.set(message.eventId, message.status === 'live');
          }
        }
        const liveSports = new Set(
          [...live].filter(([, isLive]) => isLive).map(([eventId]) => sportOf.get(eventId)),
        );
        for (const sport of allSimulatedSports) {
          if (!liveSports.has(sportsCatalog[sport].sportId))
            gaps.push(`speed ${speed}: ${sport} at +${(time - now) / 1000} s`);
        }
        checks += 1;
      }
      expect(checks).toBeGreaterThan(500);
      expect(withdrawn).toBeGreaterThan(0);
      expect(gaps).toEqual([]);
    }
  }, 180_000);
});
