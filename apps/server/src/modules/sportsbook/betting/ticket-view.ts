import {
  currencyScale,
  type FullCoverBet,
  formatMinorToDecimal,
  fullCoverBetNames,
  marketName,
  type OddsChangePolicy,
  outcomeName,
  type SportBetType,
  type SportLegStatus,
  type SportRejectionReason,
  type SportTicket,
  type SportTicketStatus,
  type SystemSize,
} from '@casino/contract';

/**
 * A leg as the one ticket read has it (betting.repository.ts `ticketColumns`), or as placement
 * knows it: its price and result and what names it.
 */
export interface TicketLegRow {
  position: number;
  eventId: number;
  marketId: number;
  outcomeId: string;
  /** the accepted price as stored (numeric(12, 4) as text, any number of decimals) */
  odds: string;
  live: boolean;
  status: SportLegStatus;
  voidFactor: string | null;
  deadHeatFactor: string | null;
  sportId: number;
  home: string;
  away: string;
  /** ISO 8601 */
  startsAt: string;
  typeId: number;
  specifiers: Record<string, string>;
}

/**
 * A ticket with its legs as the one ticket read has it (`ticket`, `tickets`, the ticker's and the
 * cash-out's reads), or as placement builds it from what it wrote. bigint columns come as bigint.
 */
export interface TicketRow {
  id: string;
  user_id: string;
  type: SportBetType;
  system_size: string | null;
  lines: number;
  status: SportTicketStatus;
  reason: SportRejectionReason | null;
  odds_change: OddsChangePolicy;
  currency: string;
  stake_minor: bigint;
  bonus_stake_minor: bigint;
  bonus_id: string | null;
  placed_stake_minor: bigint;
  potential_payout_minor: bigint;
  payout_minor: bigint | null;
  cashed_out_minor: bigint;
  odds: string;
  placed_at: Date;
  decided_at: Date | null;
  settled_at: Date | null;
  legs: TicketLegRow[];
}

/** The stored system size ('3', 'trixie') as the contract has it. */
export function systemSizeOf(stored: string | null): SystemSize | null {
  if (stored === null) return null;
  if (/^\d+$/.test(stored)) return Number(stored);
  if ((fullCoverBetNames as string[]).includes(stored)) return stored as FullCoverBet;
  throw new Error(`unknown system size ${stored}`);
}

/** A price as the contract shows it: numeric(12, 4) without its trailing zeros, 2 decimals at least. */
export function oddsText(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${trimmed}`;
}

/** Factors as the contract shows them: "1", "0.5", "0.33333333". */
function factorText(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/**
 * The one mapping of a ticket to the contract (`sportTicketSchema`): the player's reads, the
 * placement's answer, the decision's, the cash-out's and settlement's `transaction#` events and
 * the operators' ticker. Legs are named as the contract's market catalog names them
 * (`marketName`/`outcomeName`, "Home v Away"), amounts at the currency's scale.
 * `cashoutAvailable` is decided by the caller with the cash-out's one rule
 * (`SportCashout.availability`).
 */
export function sportTicketView(row: TicketRow, cashoutAvailable: boolean): SportTicket {
  const scale = currencyScale(row.currency, 2);
  const money = (minor: bigint) => formatMinorToDecimal(minor, scale);
  return {
    id: row.id,
    type: row.type,
    systemSize: systemSizeOf(row.system_size),
    lines: row.lines,
    status: row.status,
    reason: row.reason,
    oddsChange: row.odds_change,
    currency: row.currency,
    stake: money(row.stake_minor),
    odds: row.odds,
    potentialPayout: money(row.potential_payout_minor),
    payout: row.payout_minor === null ? null : money(row.payout_minor),
    cashedOut: money(row.cashed_out_minor),
    cashoutAvailable,
    placedAt: row.placed_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    settledAt: row.settled_at?.toISOString() ?? null,
    legs: row.legs.map((leg) => {
      const competitors = { home: leg.home, away: leg.away };
      return {
        eventId: Number(leg.eventId),
        marketId: Number(leg.marketId),
        outcomeId: leg.outcomeId,
        odds: oddsText(leg.odds),
        sportId: leg.sportId,
        eventName: `${leg.home} v ${leg.away}`,
        marketName: marketName(leg.typeId, leg.specifiers, competitors),
        outcomeName: outcomeName(leg.typeId, leg.outcomeId, leg.specifiers, competitors),
        startsAt: new Date(leg.startsAt).toISOString(),
        live: leg.live,
        status: leg.status,
        voidFactor: factorText(leg.voidFactor),
        deadHeatFactor: factorText(leg.deadHeatFactor),
      };
    }),
  };
}
