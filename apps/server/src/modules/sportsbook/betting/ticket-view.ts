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

/** A leg as BettingRepository reads it (`ticketColumns`): the leg and what names it. */
export interface TicketLegRow {
  eventId: string;
  marketId: string;
  outcomeId: string;
  odds: string;
  live: boolean;
  status: SportLegStatus;
  voidFactor: string | null;
  deadHeatFactor: string | null;
  sportId: number;
  homeName: string;
  awayName: string;
  /** ISO 8601 (jsonb) */
  startsAt: string;
  eventStatus: string;
  typeId: number;
  specifiers: Record<string, string>;
  /** the market's status as players see it now */
  marketStatus: string;
}

/** A ticket as BettingRepository reads it (`ticket`, `tickets`): one row with its legs. */
export interface TicketRow {
  id: string;
  type: SportBetType;
  system_size: string | null;
  lines: number;
  status: SportTicketStatus;
  reason: SportRejectionReason | null;
  odds_change: OddsChangePolicy;
  currency: string;
  stake_minor: bigint;
  potential_payout_minor: bigint;
  payout_minor: bigint | null;
  cashed_out_minor: bigint;
  odds: string;
  placed_at: Date;
  decided_at: Date | null;
  settled_at: Date | null;
  legs: TicketLegRow[] | null;
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
 * The ticket as the contract has it (`sportTicketSchema`), from one row of the repository: the
 * legs named as the catalog names them (`marketName`/`outcomeName` of the contract's market
 * catalog, "Home v Away"), amounts at the currency's scale. `cashoutAvailable` is the flag of
 * an accepted ticket whose open legs' markets are all active as players see them; the cash-out
 * itself quotes and checks again.
 */
export function ticketView(row: TicketRow): SportTicket {
  const scale = currencyScale(row.currency);
  const money = (minor: bigint) => formatMinorToDecimal(minor, scale);
  const legs = row.legs ?? [];
  const openLegsActive = legs.every(
    (leg) =>
      leg.status !== 'open' ||
      (leg.marketStatus === 'active' && ['live', 'not_started'].includes(leg.eventStatus)),
  );
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
    cashoutAvailable:
      row.status === 'accepted' && legs.some((leg) => leg.status === 'open') && openLegsActive,
    placedAt: row.placed_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    settledAt: row.settled_at?.toISOString() ?? null,
    legs: legs.map((leg) => {
      const competitors = { home: leg.homeName, away: leg.awayName };
      return {
        eventId: Number(leg.eventId),
        marketId: Number(leg.marketId),
        outcomeId: leg.outcomeId,
        odds: oddsText(leg.odds),
        sportId: leg.sportId,
        eventName: `${leg.homeName} v ${leg.awayName}`,
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
