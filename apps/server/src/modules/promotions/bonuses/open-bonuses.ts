import { currencyScale } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AccountBalance, LedgerReader } from '../../money/ledger/ledger.service.ts';
import { decimal } from './bonus-views.ts';
import type { BonusesRepository } from './bonuses.repository.ts';

/** Summaries for the balance (`Balance.userBonuses`). */
export interface BonusBalanceSummary {
  status: 'active' | 'inactive';
  amount: { value: string; primaryPrecision: number };
  wager: { current: string; total: string };
}

export interface OpenBonusesDependencies {
  db: Kysely<Database>;
  repository: BonusesRepository;
  ledger: Pick<LedgerReader, 'convert'>;
}

/**
 * What a player's open (active or pending) bonuses mean to other modules, read without the bonus
 * engine's writer: their part of the balance (`Balance.userBonuses`) and whether the primary
 * currency may change. The balance view and the currency switch need these before the ledger's
 * writer and the accounts exist; the bonus engine (its parts in promotions.wiring.ts) needs both of those.
 */
export class OpenBonuses {
  /**
   * Players a transaction's stake plan found without an active bonus (so without a pending one
   * either): the balance event of that transaction then needs no read of their bonuses. A grant
   * or activation in the transaction forgets the player again.
   */
  private readonly withoutBonus = new WeakMap<object, Set<string>>();
  private readonly db: Kysely<Database>;
  private readonly repository: BonusesRepository;
  private readonly ledger: Pick<LedgerReader, 'convert'>;

  constructor({ db, repository, ledger }: OpenBonusesDependencies) {
    this.db = db;
    this.repository = repository;
    this.ledger = ledger;
  }

  /** Changing the primary currency waits until no bonus is active or pending (bonus_active). */
  async assertCurrencyChangeAllowed(executor: DatabaseExecutor, userId: string): Promise<void> {
    const open = await this.repository.open(userId, executor);
    if (open.length > 0) {
      throw new AppError('bonus_active', { payload: { bonusId: open[0]?.id ?? null } });
    }
  }

  /**
   * `Balance.userBonuses`: the active bonus (its money: the bonus account) and the pending ones
   * (shown `inactive`, their amount), in the primary currency.
   */
  async balanceSummaries(
    userId: string,
    accounts: readonly AccountBalance[],
    primaryCurrency: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<BonusBalanceSummary[]> {
    if (this.withoutBonus.get(executor)?.has(userId)) return [];
    const open = await this.repository.open(userId, executor);
    const summaries: BonusBalanceSummary[] = [];
    for (const row of open) {
      const held =
        accounts.find((account) => account.kind === 'bonus' && account.currency === row.currency)
          ?.balanceMinor ?? 0n;
      summaries.push(
        await this.summaryOf(
          {
            active: row.status === 'active',
            currency: row.currency,
            amountMinor: row.status === 'active' ? held : row.amount_minor,
            wagerCurrentMinor: row.wager_current_minor,
            wagerTotalMinor: row.wager_total_minor,
          },
          primaryCurrency,
        ),
      );
    }
    return summaries;
  }

  /**
   * One bonus's part of the balance, in the primary currency: the active bonus's money is its
   * bonus account's balance, a pending one's its amount. (The instant path builds its round's
   * `balance#` publication from what it keeps with this.)
   */
  async summaryOf(
    bonus: {
      active: boolean;
      currency: string;
      amountMinor: bigint;
      wagerCurrentMinor: bigint;
      wagerTotalMinor: bigint;
    },
    primaryCurrency: string,
  ): Promise<BonusBalanceSummary> {
    const toPrimary = (minor: bigint) =>
      this.ledger.convert(minor, bonus.currency, primaryCurrency);
    return {
      status: bonus.active ? 'active' : 'inactive',
      amount: {
        value: decimal(await toPrimary(bonus.amountMinor), primaryCurrency),
        primaryPrecision: currencyScale(primaryCurrency),
      },
      wager: {
        current: decimal(await toPrimary(bonus.wagerCurrentMinor), primaryCurrency),
        total: decimal(await toPrimary(bonus.wagerTotalMinor), primaryCurrency),
      },
    };
  }

  /**
   * Notes that `transaction`'s stake plan found the player without an active bonus (so without
   * a pending one either): its balance event then needs no read of their bonuses.
   */
  markWithoutBonus(transaction: object, userId: string): void {
    let users = this.withoutBonus.get(transaction);
    if (!users) {
      users = new Set();
      this.withoutBonus.set(transaction, users);
    }
    users.add(userId);
  }

  /** A grant or activation in `transaction`: the player may have a bonus again. */
  unmarkWithoutBonus(transaction: object, userId: string): void {
    this.withoutBonus.get(transaction)?.delete(userId);
  }
}
