import {
  limitHistoryEntrySchema,
  playerAuditEntrySchema,
  playerBonusSchema,
  playerListItemSchema,
  playerOrderSchema,
  playerSignInSchema,
  playerSportTicketSchema,
} from '@casino/contract';
import { defineResource } from '@/lib/resources.ts';

/** The players' lists as the data provider reaches them (README-skeleton.md). */
export const playerResources = {
  players: defineResource({ path: '/players', item: playerListItemSchema, idField: 'globalId' }),
  playerSessions: defineResource({ path: '/players/:globalId/sessions', item: playerSignInSchema }),
  playerOrders: defineResource({ path: '/players/:globalId/orders', item: playerOrderSchema }),
  playerBonuses: defineResource({ path: '/players/:globalId/bonuses', item: playerBonusSchema }),
  playerSportTickets: defineResource({
    path: '/players/:globalId/sport-tickets',
    item: playerSportTicketSchema,
  }),
  playerAudit: defineResource({ path: '/players/:globalId/audit', item: playerAuditEntrySchema }),
  playerLimitHistory: defineResource({
    path: '/players/:globalId/limits/history',
    item: limitHistoryEntrySchema,
  }),
};
