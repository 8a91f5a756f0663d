import {
  currencyScale,
  formatMinorToDecimal,
  marketName,
  outcomeName,
  type SportTickerItem,
  type SportTicket,
  type SystemSize,
  systemSizeSchema,
} from '@casino/contract';
import type { TickerTicketRow } from './ticker.repository.ts';

/** A stored system size ('3', 'yankee') as the contract names it. */
function systemSizeOf(stored: string | null): SystemSize | null {
  if (stored === null) return null;
  return systemSizeSchema.parse(/^\d+$/.test(stored) ? Number(stored) : stored);
}

/**
 * A ticket row as the contract's `SportTicket` (the cash-out's answer and `transaction#` event,
 * the ticker's items). (The acceptance's ticket view, `ticket-view.ts`, maps the same columns for
 * the player's own listings; once both are on main one mapper should serve all.)
 */
export function sportTicketOf(row: TickerTicketRow, cashoutAvailable: boolean): SportTicket {
  const scale = currencyScale(row.currency, 2);
  const amount = (minor: bigint) => formatMinorToDecimal(minor, scale);
  return {
    id: row.id,
    type: row.type,
    systemSize: systemSizeOf(row.system_size),
    lines: row.lines,
    status: row.status,
    reason: row.reason,
    oddsChange: row.odds_change,
    currency: row.currency,
    stake: amount(row.stake_minor),
    odds: row.odds,
    potentialPayout: amount(row.potential_payout_minor),
    payout: row.payout_minor === null ? null : amount(row.payout_minor),
    cashedOut: amount(row.cashed_out_minor),
    cashoutAvailable,
    placedAt: row.placed_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    settledAt: row.settled_at?.toISOString() ?? null,
    legs: row.legs.map((leg) => {
      const competitors = { home: leg.home, away: leg.away };
      return {
        eventId: leg.eventId,
        marketId: leg.marketId,
        outcomeId: leg.outcomeId,
        odds: leg.odds,
        sportId: leg.sportId,
        eventName: `${leg.home} v ${leg.away}`,
        marketName: marketName(leg.typeId, leg.specifiers, competitors),
        outcomeName: outcomeName(leg.typeId, leg.outcomeId, leg.specifiers, competitors),
        startsAt: new Date(leg.startsAt).toISOString(),
        live: leg.live,
        status: leg.status,
        voidFactor: leg.voidFactor,
        deadHeatFactor: leg.deadHeatFactor,
      };
    }),
  };
}

/** A ticket as the operators' ticker lists it: the ticket and its player. */
export function tickerItemOf(row: TickerTicketRow, cashoutAvailable: boolean): SportTickerItem {
  return {
    ...sportTicketOf(row, cashoutAvailable),
    player: { globalId: Number(row.global_id), email: row.email },
  };
}
