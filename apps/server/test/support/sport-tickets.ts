import {
  potentialPayoutMinor,
  type SportBetType,
  type SystemSize,
  ticketFolds,
  ticketLines,
  ticketOddsDisplay,
} from '@casino/contract';
import { platformAccount, playerAccount } from '../../src/modules/money/ledger/ledger.service.ts';
import type { TestApp } from './app.ts';
import { fixture, odds, oneXTwo } from './feed-script.ts';

export interface TicketSelection {
  eventId: number;
  marketId: number;
  outcomeId: string;
  odds: string;
}

/**
 * An accepted sport ticket, as the acceptance leaves it: the ticket and its legs, and the stake
 * posted to the house (`sport_stake`, reference `sport_stake:{ticketId}`, the bonus part from the
 * bonus account). Until the acceptance (`POST /api/v2/sport/bets`) is on main, the settlement's
 * tests create their tickets here.
 */
export async function acceptedTicket(
  testApp: TestApp,
  input: {
    userId: string;
    type: SportBetType;
    systemSize?: SystemSize;
    stakeMinor: bigint;
    bonusStakeMinor?: bigint;
    bonusId?: string;
    currency?: string;
    placedAt?: Date;
    selections: TicketSelection[];
  },
): Promise<string> {
  const { app } = testApp;
  const currency = input.currency ?? 'USD';
  const bonusStakeMinor = input.bonusStakeMinor ?? 0n;
  const folds = ticketFolds(input.type, input.selections.length, input.systemSize);
  if (!folds) throw new Error('the selections do not make this bet');
  const odds = input.selections.map((selection) => selection.odds);
  const potential = potentialPayoutMinor(input.stakeMinor, odds, folds);
  if (potential === null) throw new Error('the stake does not divide into the lines');
  const placedAt = input.placedAt ?? new Date();
  return await app.services.transactions.run(async (transaction) => {
    const { id } = await transaction
      .insertInto('sport_tickets')
      .values({
        user_id: input.userId,
        type: input.type,
        system_size: input.systemSize === undefined ? null : String(input.systemSize),
        folds,
        lines: ticketLines(input.selections.length, folds),
        status: 'accepted',
        reason: null,
        odds_change: 'any',
        currency,
        stake_minor: input.stakeMinor,
        bonus_stake_minor: bonusStakeMinor,
        bonus_id: input.bonusId ?? null,
        placed_stake_minor: input.stakeMinor,
        potential_payout_minor: potential,
        odds: ticketOddsDisplay(potential, input.stakeMinor),
        live: false,
        placed_at: placedAt,
        decided_at: placedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await transaction
      .insertInto('sport_ticket_legs')
      .values(
        input.selections.map((selection, position) => ({
          ticket_id: id,
          position,
          event_id: selection.eventId,
          market_id: selection.marketId,
          outcome_id: selection.outcomeId,
          odds: selection.odds,
          live: false,
        })),
      )
      .execute();
    const mainMinor = input.stakeMinor - bonusStakeMinor;
    await app.services.ledger.postTransaction(transaction, {
      type: 'sport_stake',
      externalReference: `sport_stake:${id}`,
      postings: [
        ...(mainMinor > 0n
          ? [{ account: playerAccount(input.userId, currency, 'main'), amountMinor: -mainMinor }]
          : []),
        ...(bonusStakeMinor > 0n
          ? [
              {
                account: playerAccount(input.userId, currency, 'bonus'),
                amountMinor: -bonusStakeMinor,
              },
            ]
          : []),
        { account: platformAccount(currency, 'house'), amountMinor: input.stakeMinor },
      ],
      metadata: { ticketId: id },
    });
    return id;
  });
}

/**
 * A pre-match football event with a 1X2 market (2.10 / 3.40 / 3.50), brought in through the
 * feed's ingestion as a feed would send it: its fixture, then its prices. Returns the ids a
 * selection names.
 */
export async function preMatchOneXTwo(
  testApp: TestApp,
  feedId: string,
): Promise<{ eventId: number; marketId: number }> {
  const ingestion = testApp.app.services.sportsbook.ingestion;
  await ingestion.apply(fixture(feedId));
  await ingestion.apply(
    odds(feedId, 1, [oneXTwo('2.10', '3.40', '3.50')], {
      status: 'not_started',
      producer: 'prematch',
    }),
  );
  const market = await testApp.db
    .selectFrom('sport_markets')
    .innerJoin('sport_events', 'sport_events.id', 'sport_markets.event_id')
    .select(['sport_events.id as eventId', 'sport_markets.id as marketId'])
    .where('sport_events.feed_id', '=', feedId)
    .where('sport_markets.type_id', '=', 1)
    .executeTakeFirstOrThrow();
  return { eventId: Number(market.eventId), marketId: Number(market.marketId) };
}
