import {
  currencyScale,
  formatMinorToDecimal,
  type SportGgrQuery,
  type SportGgrReport,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { GgrRepository } from './ggr.repository.ts';

export interface SportGgrDependencies {
  db: Kysely<Database>;
  repository: GgrRepository;
}

/**
 * GGR per sport (operators): stakes − payouts − cash-outs of the tickets closed (settled or
 * cashed out) in a period, per sport and currency. A ticket counts once, in the period it
 * closed, with everything it took and paid: its stake as placed, its settlement's payout and
 * every cash-out, partial ones included (a partial cash-out of a ticket still open counts when
 * the ticket closes). A ticket whose legs are on more than one sport is its own bucket,
 * `multi`, rather than split between sports, so each ticket's money is in exactly one row. A
 * settlement taken back reopens its ticket, which leaves the report until it is settled again.
 */
export class SportGgr {
  private readonly db: Kysely<Database>;
  private readonly repository: GgrRepository;

  constructor({ db, repository }: SportGgrDependencies) {
    this.db = db;
    this.repository = repository;
  }

  async report(query: SportGgrQuery): Promise<SportGgrReport> {
    const from = new Date(query.from);
    const to = new Date(query.to);
    const rows = await this.repository.bySport(this.db, from, to);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      rows: rows.map((row) => {
        const scale = currencyScale(row.currency, 2);
        const amount = (minor: bigint) => formatMinorToDecimal(minor, scale);
        const stakes = BigInt(row.stakes);
        const payouts = BigInt(row.payouts);
        const cashouts = BigInt(row.cashouts);
        return {
          bucket: row.sport_id === null ? ('multi' as const) : ('sport' as const),
          sport:
            row.sport_id === null
              ? null
              : { id: row.sport_id, slug: row.slug ?? '', name: row.name ?? '' },
          currency: row.currency,
          tickets: Number(row.tickets),
          stakes: amount(stakes),
          payouts: amount(payouts),
          cashouts: amount(cashouts),
          ggr: amount(stakes - payouts - cashouts),
        };
      }),
    };
  }
}
