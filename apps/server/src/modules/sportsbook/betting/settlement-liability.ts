import type { DatabaseTransaction } from '../../../db/database.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import type { SettlementRepository } from './settlement.repository.ts';
import type { TicketLiability } from './settlement.service.ts';

export interface SettlementLiabilityDependencies {
  repository: Pick<
    SettlementRepository,
    'releaseLiability' | 'reserveLiabilityAgain' | 'netExposures'
  >;
  /** prices a ticket's net exposure in the limits' currency, as the acceptance does */
  ledger: Pick<LedgerService, 'quote'>;
  /** the currency liability is kept in (betting.service.ts `sportLimitCurrency`) */
  limitCurrency: string;
}

/**
 * The acceptance's liability reservations (sport_liability per market outcome, the player's open
 * liability) across a ticket's later life, for the settlement and the cash-out, a batch at a
 * time (db/sport_settle_liability_release.sql, _reserve.sql):
 * - `settled`: the ticket's risk ended (settled, cashed out in full): its reservation is given
 *   back, once;
 * - `reopened`: the ticket is open again (its settlement taken back) or stands at a new stake (a
 *   partial cash-out, after `settled`): its liability as it now stands — potential payout −
 *   stake, priced in the limits' currency rounding up, as the acceptance prices it — is reserved
 *   again without the limits' refusal: the book took the bet, and the limits govern new bets.
 */
export class SettlementLiability implements TicketLiability {
  private readonly repository: SettlementLiabilityDependencies['repository'];
  private readonly ledger: Pick<LedgerService, 'quote'>;
  private readonly limitCurrency: string;

  constructor({ repository, ledger, limitCurrency }: SettlementLiabilityDependencies) {
    this.repository = repository;
    this.ledger = ledger;
    this.limitCurrency = limitCurrency;
  }

  async settled(transaction: DatabaseTransaction, ticketIds: readonly string[]): Promise<void> {
    await this.repository.releaseLiability(transaction, ticketIds);
  }

  async reopened(transaction: DatabaseTransaction, ticketIds: readonly string[]): Promise<void> {
    const exposures = await this.repository.netExposures(transaction, ticketIds);
    const reservations: Array<{ ticketId: string; amountMinor: bigint }> = [];
    for (const exposure of exposures) {
      const { amountMinor } = await this.ledger.quote(
        exposure.netMinor,
        exposure.currency,
        this.limitCurrency,
        'up',
      );
      reservations.push({ ticketId: exposure.ticketId, amountMinor });
    }
    await this.repository.reserveLiabilityAgain(transaction, reservations);
  }
}
