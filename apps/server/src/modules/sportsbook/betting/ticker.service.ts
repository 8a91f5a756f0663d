import {
  currencyScale,
  parseDecimalToMinor,
  type SportTickerPage,
  type SportTickerQuery,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { SportCashout } from './cashout.service.ts';
import type { TickerRepository } from './ticker.repository.ts';
import { tickerItemOf } from './ticker-view.ts';

export interface SportTickerDependencies {
  db: Kysely<Database>;
  repository: TickerRepository;
  /** whether each listed ticket can be cashed out now */
  cashout: Pick<SportCashout, 'availability'>;
}

/** A page's position: the last listed ticket's placed_at (to the microsecond) and id. */
function encodeCursor(placedAt: string, id: string): string {
  return Buffer.from(`${placedAt}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { placedAt: string; id: string } {
  const [placedAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (
    placedAt === undefined ||
    id === undefined ||
    rest.length > 0 ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(placedAt) ||
    !/^[0-9a-f-]{36}$/.test(id)
  ) {
    throw fieldError('cursor');
  }
  return { placedAt, id };
}

function fieldError(field: string): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field, message: 'Validation.invalid_value' }] },
  });
}

/**
 * The bet ticker (operators): every ticket, newest first, with its player, stake, odds, status
 * and legs, filtered and paged by a cursor (stable while new tickets arrive: a page continues
 * strictly below the previous page's last ticket). One statement per page.
 */
export class SportTicker {
  private readonly db: Kysely<Database>;
  private readonly repository: TickerRepository;
  private readonly cashout: Pick<SportCashout, 'availability'>;

  constructor({ db, repository, cashout }: SportTickerDependencies) {
    this.db = db;
    this.repository = repository;
    this.cashout = cashout;
  }

  async page(query: SportTickerQuery): Promise<SportTickerPage> {
    let minStakeMinor: bigint | undefined;
    if (query.minStake !== undefined && query.currency !== undefined) {
      const parsed = parseDecimalToMinor(query.minStake, currencyScale(query.currency, 2));
      if (parsed === null) throw fieldError('minStake');
      minStakeMinor = parsed;
    }
    const rows = await this.repository.page(
      this.db,
      {
        status: query.status,
        sportId: query.sportId,
        eventId: query.eventId,
        playerGlobalId: query.playerGlobalId,
        currency: query.currency,
        minStakeMinor,
        since: query.since === undefined ? undefined : new Date(query.since),
        before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      },
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const available = await this.cashout.availability(this.db, page);
    const last = page.at(-1);
    return {
      items: page.map((row) => tickerItemOf(row, available.get(row.id) ?? false)),
      nextCursor:
        rows.length > query.limit && last ? encodeCursor(last.placed_at_exact, last.id) : null,
    };
  }
}
