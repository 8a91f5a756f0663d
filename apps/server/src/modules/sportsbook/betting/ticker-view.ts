import type { SportTickerItem } from '@casino/contract';
import type { TickerTicketRow } from './ticker.repository.ts';
import { sportTicketView } from './ticket-view.ts';

/** A ticket as the operators' ticker lists it: the player's view of it and its player. */
export function tickerItemOf(row: TickerTicketRow, cashoutAvailable: boolean): SportTickerItem {
  return {
    ...sportTicketView(row, cashoutAvailable),
    player: { globalId: Number(row.global_id), email: row.email },
  };
}
