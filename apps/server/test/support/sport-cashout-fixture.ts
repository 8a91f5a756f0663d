import { randomUUID } from 'node:crypto';
import { potentialPayoutMinor, ticketOddsDisplay } from '@casino/contract';
import { platformAccount, playerAccount } from '../../src/modules/money/ledger/ledger.service.ts';
import type { MarketOdds } from '../../src/modules/sportsbook/feed/feed-messages.ts';
import type { TestApp } from './app.ts';
import { fixture, odds } from './feed-script.ts';

/**
 * Accepted sport tickets for the cash-out's tests, made as the acceptance makes them (helper
 * accept20's `POST /api/v2/sport/bets` was not on main when these were written): the ticket and
 * its legs inserted `accepted`, and its stake posted to the house (type `sport_stake`, reference
 * `sport_stake:{ticketId}`, the main part from main money and the bonus part from bonus money).
 * Once acceptance is merged, `acceptedTicket` can place through the API instead.
 */

export interface FeedMarkets {
  eventId: number;
  /** market id by type id (one market per type in these events) */
  marketIds: Map<number, number>;
}

/** A live event with the given markets, through the feed's ingestion; `version` grows per call. */
export async function liveEvent(
  testApp: TestApp,
  feedId: string,
  markets: MarketOdds[],
): Promise<FeedMarkets> {
  const { ingestion } = testApp.app.services.sportsbook;
  await ingestion.apply(fixture(feedId, { status: 'live' }));
  await ingestion.apply(odds(feedId, 1, markets));
  const event = await testApp.db
    .selectFrom('sport_events')
    .select('id')
    .where('feed_id', '=', feedId)
    .executeTakeFirstOrThrow();
  const rows = await testApp.db
    .selectFrom('sport_markets')
    .select(['id', 'type_id'])
    .where('event_id', '=', event.id)
    .execute();
  return {
    eventId: Number(event.id),
    marketIds: new Map(rows.map((row) => [row.type_id, Number(row.id)])),
  };
}

/** Credits the player's main account (a deposit from the provider's clearing account). */
export async function fund(
  testApp: TestApp,
  userId: string,
  amountMinor: bigint,
  currency = 'USD',
): Promise<void> {
  await testApp.app.services.ledger.postTransaction(testApp.db, {
    type: 'deposit',
    externalReference: `sport-cashout-test:${randomUUID()}`,
    postings: [
      { account: platformAccount(currency, 'provider_clearing'), amountMinor: -amountMinor },
      { account: playerAccount(userId, currency, 'main'), amountMinor },
    ],
  });
}

export interface TicketLeg {
  eventId: number;
  marketId: number;
  outcomeId: string;
  odds: string;
}

export interface AcceptedTicketInput {
  userId: string;
  legs: TicketLeg[];
  stakeMinor: bigint;
  /** the part of the stake that is bonus money of `bonusId` */
  bonusStakeMinor?: bigint;
  bonusId?: string | null;
  currency?: string;
  /** a system over the legs, k of n (never offered cash-out) */
  systemSize?: number;
  placedAt?: Date;
}

/** An accepted ticket with its stake posted to the house; answers its id. */
export async function acceptedTicket(testApp: TestApp, input: AcceptedTicketInput) {
  const currency = input.currency ?? 'USD';
  const bonusStakeMinor = input.bonusStakeMinor ?? 0n;
  const type =
    input.systemSize !== undefined ? 'system' : input.legs.length === 1 ? 'single' : 'accumulator';
  const folds = input.systemSize !== undefined ? [input.systemSize] : [input.legs.length];
  const payout = potentialPayoutMinor(
    input.stakeMinor,
    input.legs.map((leg) => leg.odds),
    folds,
  );
  if (payout === null) throw new Error('the stake must divide into the lines');
  const lines = type === 'system' ? combinationsCount(input.legs.length, folds[0] ?? 0) : 1;
  const placedAt = input.placedAt ?? new Date();
  const ticketId = randomUUID();
  await testApp.app.services.transactions.run(async (transaction) => {
    await transaction
      .insertInto('sport_tickets')
      .values({
        id: ticketId,
        user_id: input.userId,
        type,
        system_size: input.systemSize === undefined ? null : String(input.systemSize),
        folds,
        lines,
        status: 'accepted',
        reason: null,
        odds_change: 'any',
        currency,
        stake_minor: input.stakeMinor,
        bonus_stake_minor: bonusStakeMinor,
        bonus_id: input.bonusId ?? null,
        placed_stake_minor: input.stakeMinor,
        potential_payout_minor: payout,
        odds: ticketOddsDisplay(payout, input.stakeMinor),
        live: true,
        placed_at: placedAt,
        decided_at: placedAt,
      })
      .execute();
    await transaction
      .insertInto('sport_ticket_legs')
      .values(
        input.legs.map((leg, position) => ({
          ticket_id: ticketId,
          position,
          event_id: leg.eventId,
          market_id: leg.marketId,
          outcome_id: leg.outcomeId,
          odds: leg.odds,
          live: true,
        })),
      )
      .execute();
    const mainMinor = input.stakeMinor - bonusStakeMinor;
    await testApp.app.services.ledger.postTransaction(transaction, {
      type: 'sport_stake',
      externalReference: `sport_stake:${ticketId}`,
      postings: [
        { account: platformAccount(currency, 'house'), amountMinor: input.stakeMinor },
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
      ],
    });
  });
  return ticketId;
}

function combinationsCount(n: number, k: number): number {
  let count = 1;
  for (let i = 1; i <= k; i += 1) count = (count * (n - k + i)) / i;
  return count;
}

/**
 * Settles a ticket whose legs all won, the way the settlement (helper settle20) settles: the
 * ticket's row locked first, its status re-checked (`accepted`, else nothing happens), the
 * payout on the stake at risk now posted house → player (`sport_win`,
 * `sport_settle:{ticketId}:{generation}`), legs and ticket marked. Answers whether it settled.
 */
export async function settleAllWon(
  testApp: TestApp,
  ticketId: string,
  settledAt: Date,
): Promise<boolean> {
  return await testApp.app.services.transactions.run(async (transaction) => {
    const ticket = await transaction
      .selectFrom('sport_tickets')
      .selectAll()
      .where('id', '=', ticketId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (ticket.status !== 'accepted') return false;
    const legs = await transaction
      .selectFrom('sport_ticket_legs')
      .select(['odds'])
      .where('ticket_id', '=', ticketId)
      .orderBy('position')
      .execute();
    const payout = potentialPayoutMinor(
      BigInt(ticket.stake_minor),
      legs.map((leg) => leg.odds),
      ticket.folds,
    );
    if (payout === null) throw new Error('a settled line always divides');
    await testApp.app.services.ledger.postTransaction(transaction, {
      type: 'sport_win',
      externalReference: `sport_settle:${ticketId}:${ticket.generation}`,
      postings: [
        { account: platformAccount(ticket.currency, 'house'), amountMinor: -payout },
        { account: playerAccount(ticket.user_id, ticket.currency, 'main'), amountMinor: payout },
      ],
    });
    await transaction
      .updateTable('sport_ticket_legs')
      .set({ status: 'won', void_factor: 0, dead_heat_factor: 1 })
      .where('ticket_id', '=', ticketId)
      .execute();
    await transaction
      .updateTable('sport_tickets')
      .set({ status: 'won', payout_minor: payout, settled_at: settledAt })
      .where('id', '=', ticketId)
      .execute();
    return true;
  });
}
