import { filterBoundary } from '@casino/contract';
import type { HistoryPosition } from '../../../../../lib/history-page.ts';
import { createdPageStart } from '../../../../../lib/history-page.ts';

/** What the operators' crypto lists (deposits, withdrawals) are asked for. */
export interface CryptoOperatorListFilter {
  status?: string | undefined;
  playerGlobalId?: string | undefined;
  method?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit: number;
  offset: number;
  cursor?: string | undefined;
}

/** The same filter as the repositories take it: the player's id, the period as instants. */
export interface CryptoListQuery {
  offset: number;
  position: HistoryPosition | null;
  limit: number;
  status?: string | undefined;
  userId?: string | undefined;
  methodCode?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/**
 * Reads an operator's list filter into the repositories' query, the one rule for both lists; null
 * when it names a player there is no such player (the list is empty).
 */
export async function cryptoListQuery(
  filter: CryptoOperatorListFilter,
  findAccountByGlobalId: (globalId: string) => Promise<{ id: string } | null | undefined>,
): Promise<{ query: CryptoListQuery; noSuchPlayer: boolean }> {
  const start = createdPageStart(filter);
  let userId: string | undefined;
  let noSuchPlayer = false;
  if (filter.playerGlobalId !== undefined) {
    const account = /^\d{1,18}$/.test(filter.playerGlobalId)
      ? await findAccountByGlobalId(filter.playerGlobalId)
      : null;
    if (account) userId = account.id;
    else noSuchPlayer = true;
  }
  return {
    noSuchPlayer,
    query: {
      ...start,
      limit: filter.limit,
      status: filter.status,
      userId,
      methodCode: filter.method,
      from:
        filter.createdFrom === undefined ? undefined : filterBoundary(filter.createdFrom, 'from'),
      to: filter.createdTo === undefined ? undefined : filterBoundary(filter.createdTo, 'to'),
      order: filter.order,
    },
  };
}
