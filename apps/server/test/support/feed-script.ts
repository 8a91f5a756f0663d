import type {
  FeedMessage,
  FeedProvider,
  FixtureChange,
  MarketOdds,
  OddsChange,
} from '../../src/modules/sportsbook/feed/feed-messages.ts';

/** A scripted football match's messages, as a feed would send them (versions grow per event). */
export function fixture(eventId: string, overrides: Partial<FixtureChange> = {}): FixtureChange {
  return {
    type: 'fixture_change',
    producer: 'prematch',
    eventId,
    sportId: 1,
    category: { id: 'sr:category:1', name: 'England' },
    tournament: { id: 'sr:tournament:17', name: 'Premier League' },
    home: { id: 'sr:competitor:1', name: 'Arsenal' },
    away: { id: 'sr:competitor:2', name: 'Chelsea' },
    startsAt: Date.UTC(2030, 0, 1, 15),
    status: 'not_started',
    timestamp: 1_000,
    ...overrides,
  };
}

export function oneXTwo(
  home: string,
  draw: string,
  away: string,
  status: MarketOdds['status'] = 'active',
): MarketOdds {
  return {
    typeId: 1,
    specifiers: {},
    status,
    outcomes: [
      { id: '1', odds: home, active: true },
      { id: 'X', odds: draw, active: true },
      { id: '2', odds: away, active: true },
    ],
  };
}

export function total(
  line: string,
  over: string,
  under: string,
  status: MarketOdds['status'] = 'active',
): MarketOdds {
  return {
    typeId: 18,
    specifiers: { total: line },
    status,
    outcomes: [
      { id: 'over', odds: over, active: true },
      { id: 'under', odds: under, active: true },
    ],
  };
}

export function odds(
  eventId: string,
  version: number,
  markets: MarketOdds[],
  overrides: Partial<OddsChange> = {},
): OddsChange {
  return {
    type: 'odds_change',
    producer: 'live',
    eventId,
    version,
    status: 'live',
    score: { home: 0, away: 0, periods: [] },
    clock: { period: '1st_half', elapsedSeconds: version * 60, running: true },
    markets,
    timestamp: 10_000 + version,
    ...overrides,
  };
}

/**
 * A match's messages after its fixture: prices, a bet stop, a goal, settlements, a
 * cancellation and both rollbacks — every versioned message type.
 */
export function matchScript(eventId: string): FeedMessage[] {
  return [
    odds(eventId, 1, [oneXTwo('2.10', '3.40', '3.50'), total('2.5', '1.90', '1.90')]),
    odds(eventId, 2, [oneXTwo('2.05', '3.40', '3.60')]),
    {
      type: 'bet_stop',
      producer: 'live',
      eventId,
      version: 3,
      marketTypeIds: null,
      timestamp: 10_003,
    },
    odds(
      eventId,
      4,
      [oneXTwo('1.50', '4.00', '6.50', 'suspended'), total('0.5', '1.01', '15.00')],
      {
        score: { home: 1, away: 0, periods: [{ period: '1st_half', home: 1, away: 0 }] },
      },
    ),
    {
      type: 'bet_settlement',
      producer: 'live',
      eventId,
      version: 5,
      certainty: 1,
      markets: [
        {
          typeId: 18,
          specifiers: { total: '0.5' },
          outcomes: [
            { id: 'over', result: 'won', voidFactor: 0, deadHeatFactor: 1 },
            { id: 'under', result: 'lost', voidFactor: 0, deadHeatFactor: 1 },
          ],
        },
      ],
      timestamp: 10_005,
    },
    odds(eventId, 6, [oneXTwo('1.45', '4.20', '7.00'), total('2.5', '1.60', '2.30')]),
    {
      type: 'bet_cancel',
      producer: 'live',
      eventId,
      version: 7,
      markets: [{ typeId: 18, specifiers: { total: '2.5' } }],
      from: 10_000,
      to: 10_006,
      reason: 'wrong prices',
      timestamp: 10_007,
    },
    {
      type: 'rollback_bet_settlement',
      producer: 'live',
      eventId,
      version: 8,
      markets: [{ typeId: 18, specifiers: { total: '0.5' } }],
      timestamp: 10_008,
    },
    {
      type: 'bet_settlement',
      producer: 'live',
      eventId,
      version: 9,
      certainty: 2,
      markets: [
        {
          typeId: 18,
          specifiers: { total: '0.5' },
          outcomes: [
            { id: 'over', result: 'won', voidFactor: 0, deadHeatFactor: 1 },
            { id: 'under', result: 'lost', voidFactor: 0.5, deadHeatFactor: 1 },
          ],
        },
      ],
      timestamp: 10_009,
    },
    {
      type: 'rollback_bet_cancel',
      producer: 'live',
      eventId,
      version: 10,
      markets: [{ typeId: 18, specifiers: { total: '2.5' } }],
      timestamp: 10_010,
    },
    {
      type: 'bet_stop',
      producer: 'live',
      eventId,
      version: 11,
      marketTypeIds: [1],
      timestamp: 10_011,
    },
  ];
}

/** A provider that delivers a fixed list of messages, in order, when started. */
export class ScriptedProvider implements FeedProvider {
  stopped = false;
  constructor(private readonly messages: FeedMessage[]) {}

  async start(deliver: (message: FeedMessage) => Promise<void>): Promise<void> {
    for (const message of this.messages) await deliver(message);
  }

  async stop(): Promise<void> {
    this.stopped = true;
  }
}
