import {
  type CurrencyDepositBonus,
  factorToNumber,
  isWelcomeDeposit,
  utcDay,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import { type BonusReads, qualifies, settingsOf } from './bonus-reads.ts';
import { offerCurrency } from './bonus-views.ts';
import type { BonusesRepository, OfferRow, UserBonusRow } from './bonuses.repository.ts';
import type { OpenBonuses } from './open-bonuses.ts';

export interface DepositCompleted {
  userId: string;
  /** the deposit's id (order id, chain tx): each of its bonuses is granted once */
  depositId: string;
  /** the credited amount in `currency` */
  amountMinor: bigint;
  currency: string;
  methodKind: 'fiat' | 'crypto';
  /** the crypto network of the deposit, if any */
  network?: string | null;
}

export interface CashierBonusesDependencies {
  db: Kysely<Database>;
  repository: BonusesRepository;
  ledger: Pick<LedgerService, 'convert'>;
  users: Pick<UsersService, 'findAccount'>;
  /** the offers, amounts and views the engine's parts share */
  reads: BonusReads;
  /** grants a deposit's bonuses, ends the bonuses a withdrawal forfeits */
  lifecycle: Pick<BonusLifecycle, 'grant' | 'end'>;
  /** the reader of open bonuses (it keeps which players a transaction found without one) */
  openBonuses: OpenBonuses;
  clock: Clock;
}

/**
 * The bonus engine where money enters and leaves (money/cashier, for every rail): the bonuses a
 * deposit receives (personal offers, welcome steps, the everyday bonus, the deposit bonus of a
 * currency), the lock a deposit takes first, and the forfeit before a withdrawal.
 *
 * The rules:
 * - A deposit's bonuses are granted in the deposit's transaction, each once for that deposit
 *   (`onDepositCompleted`); the first becomes active when none is, the others wait as pending.
 * - A withdrawal forfeits every active and pending bonus first (`forfeitForWithdrawal`), so a
 *   withdrawal only ever takes main money.
 */
export class CashierBonuses {
  private readonly db: Kysely<Database>;
  private readonly repository: BonusesRepository;
  private readonly ledger: Pick<LedgerService, 'convert'>;
  private readonly users: Pick<UsersService, 'findAccount'>;
  private readonly reads: BonusReads;
  private readonly lifecycle: Pick<BonusLifecycle, 'grant' | 'end'>;
  private readonly openBonuses: OpenBonuses;
  private readonly clock: Clock;

  constructor({
    db,
    repository,
    ledger,
    users,
    reads,
    lifecycle,
    openBonuses,
    clock,
  }: CashierBonusesDependencies) {
    this.db = db;
    this.repository = repository;
    this.ledger = ledger;
    this.users = users;
    this.reads = reads;
    this.lifecycle = lifecycle;
    this.openBonuses = openBonuses;
    this.clock = clock;
  }

  /**
   * Call before a deposit's money moves (in its transaction): locks the player's active bonus,
   * so the deposit's grants and the player's rounds take their locks in the same order (the
   * bonus row, then ledger accounts) and never wait on each other in a cycle.
   */
  async lockForDeposit(transaction: DatabaseTransaction, userId: string): Promise<void> {
    await this.repository.lockActive(transaction, userId);
  }

  /**
   * A deposit completed (the wallet's credit, in its transaction, after the deposit is counted
   * for the player; `lockForDeposit` before its money moved; crypto in the same way): grants,
   * each once for this deposit —
   * 1. the player's oldest open personal offer the deposit qualifies for;
   * 2. a welcome step when the deposit is one of the first four and welcome bonuses are on for
   *    the method kind: the player's preferred offer for that kind when set and enabled, else
   *    the first welcome step the player has not received (a deposit that missed a step's
   *    minimum leaves it for the next one; never a step before its own deposit number; step 4:
   *    the offer with the most free spins): the contract's `welcomeStepForDeposit`, the rule the
   *    drawer shows; each welcome offer once;
   * 3. the everyday bonus when the player armed it this UTC day before the deposit;
   * 4. the deposit bonus of the deposit's currency (and network).
   * The first becomes active when none is; the others wait as pending.
   */
  async onDepositCompleted(
    transaction: DatabaseTransaction,
    deposit: DepositCompleted,
  ): Promise<UserBonusRow[]> {
    const account = await this.users.findAccount(deposit.userId, transaction);
    if (!account) return [];
    const now = this.clock.now();
    const currency = account.primaryCurrency;
    const depositUsd = await this.ledger.convert(
      deposit.amountMinor,
      deposit.currency,
      offerCurrency,
    );
    const depositMinor = await this.ledger.convert(deposit.amountMinor, deposit.currency, currency);
    const granted: UserBonusRow[] = [];
    const give = async (
      kind: string,
      offer: OfferRow,
      amountMinor: bigint,
      extra: { personalOfferId?: string } = {},
    ) => {
      const row = await this.lifecycle.grant(transaction, {
        account,
        offer,
        amountMinor,
        reference: `deposit:${deposit.depositId}:${kind}`,
        personalOfferId: extra.personalOfferId ?? null,
        metadata: { depositId: deposit.depositId, methodKind: deposit.methodKind },
      });
      if (row) granted.push(row);
      return row;
    };

    // 1. a personal offer
    for (const { personal, offer } of await this.repository.openPersonalOffers(
      deposit.userId,
      now,
      transaction,
    )) {
      if (!qualifies(offer, depositUsd)) continue;
      const amount = await this.reads.offerAmount(offer, depositMinor, currency);
      const row = await give('personal', offer, amount, { personalOfferId: personal.id });
      if (row) await this.repository.usePersonalOffer(transaction, personal.id, row.id, now);
      break;
    }

    // 2. the welcome step
    const settings = settingsOf(await this.repository.findSettings(deposit.userId, transaction));
    const welcomeOn =
      deposit.methodKind === 'fiat'
        ? settings.isWelcomeEnabledFiat
        : settings.isWelcomeEnabledCrypto;
    if (welcomeOn && isWelcomeDeposit(account.depositCount)) {
      const received = await this.repository.receivedOfferIds(deposit.userId, transaction);
      const offer = await this.reads.welcomeOfferFor(
        account.depositCount,
        deposit.methodKind === 'fiat' ? settings.preferredFiat : settings.preferredCrypto,
        received,
        transaction,
      );
      if (
        offer &&
        qualifies(offer, depositUsd) &&
        !(offer.type === 'welcome' && received.has(offer.id))
      ) {
        await give('welcome', offer, await this.reads.offerAmount(offer, depositMinor, currency));
      }
    }

    // 3. the everyday bonus armed today
    const everyday = await this.reads.everydayOffer(transaction);
    if (everyday && qualifies(everyday, depositUsd)) {
      if (await this.repository.consumeDaily(transaction, deposit.userId, utcDay(now), now)) {
        const row = await give(
          'everyday',
          everyday,
          await this.reads.offerAmount(everyday, depositMinor, currency),
        );
        if (row) await this.repository.setDailyBonus(transaction, deposit.userId, row.id);
      }
    }

    // 4. the deposit bonus of the currency
    const byCurrency = await this.repository.findDepositBonus(
      transaction,
      deposit.currency,
      deposit.network ?? null,
    );
    if (byCurrency) {
      const offer =
        byCurrency.offer_id === null
          ? await this.firstDepositOffer(transaction)
          : await this.repository.findOffer(byCurrency.offer_id, transaction);
      if (offer?.is_enabled && qualifies(offer, depositUsd)) {
        await give(
          'currency',
          offer,
          await this.reads.depositGrant(offer, depositMinor, byCurrency.fraction, currency),
        );
      }
    }
    return granted;
  }

  /**
   * A withdrawal is being created (in its transaction, before its hold): every active and
   * pending bonus is forfeited, so the withdrawal can only take main money. Returns how many.
   */
  async forfeitForWithdrawal(transaction: DatabaseTransaction, userId: string): Promise<number> {
    const open = await this.repository.lockOpen(transaction, userId);
    for (const row of open) await this.lifecycle.end(transaction, row, 'forfeited', false);
    if (open.length > 0) this.openBonuses.markWithoutBonus(transaction, userId);
    return open.length;
  }

  /** `GET /api/v1/wallet/currencies/bonus`: the deposit bonus by currency (public). */
  async currencyDepositBonuses(): Promise<CurrencyDepositBonus[]> {
    const [rows, fallback] = await Promise.all([
      this.repository.listDepositBonuses(),
      this.firstDepositOffer(this.db),
    ]);
    const offers = new Map<string, OfferRow>();
    for (const row of rows) {
      if (row.offer_id !== null && !offers.has(row.offer_id)) {
        const offer = await this.repository.findOffer(row.offer_id);
        if (offer) offers.set(offer.id, offer);
      }
    }
    return rows.map((row) => {
      const offer = row.offer_id === null ? fallback : offers.get(row.offer_id);
      return {
        code: row.code,
        network: row.network,
        depositBonusAvailable: row.is_enabled && offer?.is_enabled === true,
        depositBonus: factorToNumber(row.fraction),
      };
    });
  }

  private async firstDepositOffer(executor: DatabaseExecutor): Promise<OfferRow | undefined> {
    return (
      await this.repository.listOffers({ types: ['deposit'], enabledOnly: true }, executor)
    )[0];
  }
}
