import { randomUUID } from 'node:crypto';
import {
  type BackofficeWheelPrizes,
  currencyScale,
  formatMinorToDecimal,
  parseDecimalToMinor,
  utcDay,
  utcDayEnd,
  type WheelPrize,
  type WheelPrizesBody,
  type WheelSpinResult,
  type WheelSpinsPage,
  type WheelSpinsQuery,
  type WheelStatus,
  wheelProbability,
  wheelSpinIndex,
  wheelSpinRound,
  wheelTotalWeight,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseTransaction } from '../../../db/database.ts';
import { AppError, isAppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { FairnessService, PublishedSeed } from '../../casino/originals/fairness.service.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import { platformAccount, playerAccount } from '../../money/ledger/ledger.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { PlayerLimits } from '../../players/protection/protection.service.ts';
import type { BonusLifecycle } from '../bonuses/bonus-lifecycle.service.ts';
import type { PlayerBonuses } from '../bonuses/player-bonuses.service.ts';
import type { PromoCodesService } from '../promocodes/promocodes.service.ts';
import type { WheelPrizeRow, WheelRepository, WheelSpinRow } from './wheel.repository.ts';

/** Prizes are set in USD cents. */
const prizeCurrency = 'USD';
const usdScale = currencyScale(prizeCurrency);

function notAvailable(): AppError {
  return new AppError('turbine_not_available');
}

/** What a spin's answer and its history entry are made of. */
type SpinRecord = Pick<
  WheelSpinRow,
  | 'id'
  | 'prize_id'
  | 'seed_id'
  | 'amount_minor'
  | 'currency'
  | 'promo_code'
  | 'balance_type'
  | 'client_seed'
  | 'nonce'
  | 'weights'
  | 'created_at'
>;

export interface WheelServiceDependencies {
  db: Kysely<Database>;
  repository: WheelRepository;
  fairness: Pick<FairnessService, 'takeRoundSeed' | 'publishedSeeds'>;
  ledger: Pick<LedgerService, 'postTransaction' | 'convert'>;
  users: Pick<UsersService, 'getPrimaryCurrency'>;
  bonusLifecycle: Pick<BonusLifecycle, 'grantFixed'>;
  /** the offer whose conditions an 'other' prize takes */
  playerBonuses: Pick<PlayerBonuses, 'wheelOfferId'>;
  promoCodes: Pick<PromoCodesService, 'definedCodes'>;
  /** responsible gambling: no promotion for a player on a time-out or self-exclusion */
  marketing: Pick<PlayerLimits, 'isMarketingSuppressed'>;
  audit: AuditService;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * The wheel of luck (`/api/v2/turbine_of_luck`): the operator's prize table in USD, one spin per
 * player and UTC day. A spin is one transaction (the caller's, opened by the idempotency layer):
 * the seed pair's next nonce is taken under its row lock (the same nonce sequence as the
 * originals), the float picks a prize over the weights (contract `wheelSpinIndex`), the spin
 * row is inserted — the unique (player, day) index lets exactly one spin of a day through, the
 * others answer turbine_not_available and roll back, nonce included — and the prize is paid:
 * a main prize by a ledger `wheel_prize` posting (house → player main, reference = spin id), an
 * 'other' prize as a bonus of the wheel offer (reference = spin id), a zero prize not at all.
 *
 * The spin row keeps, and the player is shown, the whole prize table in the order the pick used
 * with each prize's weight, amount and balance type at that moment: the operator may edit the
 * table afterwards, and this copy is what verifies the spin once the seed pair is revealed.
 */
export class WheelService {
  private readonly db: Kysely<Database>;
  private readonly repository: WheelRepository;
  private readonly fairness: Pick<FairnessService, 'takeRoundSeed' | 'publishedSeeds'>;
  private readonly ledger: Pick<LedgerService, 'postTransaction' | 'convert'>;
  private readonly users: Pick<UsersService, 'getPrimaryCurrency'>;
  private readonly bonusLifecycle: Pick<BonusLifecycle, 'grantFixed'>;
  private readonly playerBonuses: Pick<PlayerBonuses, 'wheelOfferId'>;
  private readonly marketing: WheelServiceDependencies['marketing'];
  private readonly promoCodes: Pick<PromoCodesService, 'definedCodes'>;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({
    db,
    repository,
    fairness,
    ledger,
    users,
    bonusLifecycle,
    playerBonuses,
    promoCodes,
    marketing,
    audit,
    clock,
    transactions,
  }: WheelServiceDependencies) {
    this.marketing = marketing;
    this.db = db;
    this.repository = repository;
    this.fairness = fairness;
    this.ledger = ledger;
    this.users = users;
    this.bonusLifecycle = bonusLifecycle;
    this.playerBonuses = playerBonuses;
    this.promoCodes = promoCodes;
    this.audit = audit;
    this.clock = clock;
    this.transactions = transactions;
  }

  /** Available when the wheel has prizes and the player has not spun this UTC day. */
  async status(userId: string): Promise<WheelStatus> {
    const now = this.clock.now();
    const [spin, prizes] = await Promise.all([
      this.repository.findSpin(this.db, userId, utcDay(now)),
      this.repository.currentPrizes(this.db),
    ]);
    return {
      isAvailable: spin === undefined && hasWeight(prizes),
      nextAt: utcDayEnd(now).toISOString(),
    };
  }

  /**
   * The prizes in wheel order, converted from USD to `currency` at the rate in force and
   * rounded down (a guest sees USD), each with its weight and chance. Empty when the wheel is off.
   */
  async prizes(currency: string): Promise<WheelPrize[]> {
    const prizes = await this.repository.currentPrizes(this.db);
    const scale = currencyScale(currency);
    const totalWeight = wheelTotalWeight(prizes.map((prize) => prize.weight));
    const converted: WheelPrize[] = [];
    // one after the other: the first conversion loads the rates, the others find them cached
    for (const prize of prizes) {
      const amountMinor = await this.ledger.convert(
        prize.amount_usd_minor,
        prizeCurrency,
        currency,
      );
      converted.push({
        id: prize.id,
        amount: formatMinorToDecimal(amountMinor, scale),
        currency,
        balanceType: prize.balance_type,
        weight: prize.weight,
        probability: wheelProbability(prize.weight, totalWeight),
      });
    }
    return converted;
  }

  async spin(transaction: DatabaseTransaction, userId: string): Promise<WheelSpinResult> {
    const now = this.clock.now();
    const spinDay = utcDay(now);
    if (await this.marketing.isMarketingSuppressed(userId, transaction)) throw notAvailable();
    // The unique index decides; this only spares a nonce and a rate read to a second spin.
    if (await this.repository.findSpin(transaction, userId, spinDay)) throw notAvailable();
    const prizes = await this.repository.currentPrizes(transaction);
    if (!hasWeight(prizes)) throw notAvailable();
    const currency = await this.users.getPrimaryCurrency(userId, transaction);
    const seed = await this.fairness.takeRoundSeed(transaction, userId);
    const weights = prizes.map((prize) => prize.weight);
    const index = wheelSpinIndex(
      { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: Number(seed.nonce) },
      weights,
    );
    const prize = prizes[index];
    if (!prize) throw new Error(`the wheel picked index ${index} of ${prizes.length} prizes`);
    const amountMinor = await this.ledger.convert(prize.amount_usd_minor, prizeCurrency, currency);
    const spinId = randomUUID();
    const snapshot = prizes.map((entry) => ({
      prizeId: entry.id,
      weight: entry.weight,
      amountUsdMinor: entry.amount_usd_minor.toString(),
      balanceType: entry.balance_type,
    }));
    const stored = await this.repository.insertSpin(transaction, {
      id: spinId,
      userId,
      spinDay,
      prizeId: prize.id,
      seedId: seed.seedId,
      clientSeed: seed.clientSeed,
      nonce: seed.nonce,
      weights: snapshot,
      amountUsdMinor: prize.amount_usd_minor,
      currency,
      amountMinor,
      balanceType: prize.balance_type,
      promoCode: prize.promo_code,
      createdAt: now,
    });
    if (!stored) throw notAvailable();

    let paid = { currency, amountMinor };
    switch (prize.balance_type) {
      case 'main':
        if (amountMinor > 0n) {
          await this.ledger.postTransaction(transaction, {
            type: 'wheel_prize',
            externalReference: spinId,
            postings: [
              { account: platformAccount(currency, 'house'), amountMinor: -amountMinor },
              { account: playerAccount(userId, currency, 'main'), amountMinor },
            ],
            metadata: {
              spinId,
              prizeId: prize.id,
              amountUsdMinor: prize.amount_usd_minor.toString(),
            },
          });
        }
        break;
      case 'other':
        if (prize.amount_usd_minor > 0n) {
          const bonus = await this.bonusLifecycle.grantFixed(transaction, {
            userId,
            offerId: await this.playerBonuses.wheelOfferId(transaction),
            amountUsdMinor: prize.amount_usd_minor,
            reference: spinId,
          });
          const bonusAmountMinor = parseDecimalToMinor(bonus.amount, currencyScale(bonus.currency));
          if (bonusAmountMinor === null) throw new Error(`bonus ${bonus.id} has no amount`);
          await this.repository.setSpinBonus(transaction, spinId, {
            userBonusId: bonus.id,
            currency: bonus.currency,
            amountMinor: bonusAmountMinor,
          });
          paid = { currency: bonus.currency, amountMinor: bonusAmountMinor };
        }
        break;
    }
    // the pair is in use: its server seed stays secret until the player rotates it
    return toSpinResult(
      {
        id: spinId,
        prize_id: prize.id,
        seed_id: seed.seedId,
        amount_minor: paid.amountMinor,
        currency: paid.currency,
        promo_code: prize.promo_code,
        balance_type: prize.balance_type,
        client_seed: seed.clientSeed,
        nonce: seed.nonce,
        weights: snapshot,
        created_at: now,
      },
      { serverSeedHash: seed.serverSeedHash, serverSeed: null },
    );
  }

  /** The player's own spins, newest first, each with what verifies it. */
  async spins(userId: string, page: WheelSpinsQuery): Promise<WheelSpinsPage> {
    const { rows, meta } = await this.repository.pageOwnSpins(this.db, userId, page);
    const seeds = await this.fairness.publishedSeeds(
      this.db,
      userId,
      rows.map((row) => row.seed_id),
    );
    return {
      items: rows.map((row) => toSpinResult(row, seedOf(seeds, row))),
      meta,
    };
  }

  /** One of the player's spins; `not_found` for a spin of someone else or none at all. */
  async spinOf(userId: string, spinId: string): Promise<WheelSpinResult> {
    const row = await this.repository.findOwnSpin(this.db, userId, spinId);
    if (!row) throw new AppError('not_found', { message: 'You have no such wheel spin.' });
    const seeds = await this.fairness.publishedSeeds(this.db, userId, [row.seed_id]);
    return toSpinResult(row, seedOf(seeds, row));
  }

  /**
   * Demo data (first start only): 15 prizes from nothing to 500 USD, the larger ones rarer;
   * some are paid as a wheel bonus, and one empty slice carries the WELCOME100 promo code.
   */
  async seedDemoPrizes(): Promise<void> {
    if (await this.repository.hasAnyPrize(this.db)) return;
    const prize = (
      amountUsd: string,
      balanceType: 'main' | 'other',
      weight: number,
      promoCode: string | null = null,
    ) => {
      const amountUsdMinor = parseDecimalToMinor(amountUsd, usdScale);
      if (amountUsdMinor === null) throw new Error(`not a USD amount: ${amountUsd}`);
      return { amountUsdMinor, balanceType, weight, promoCode };
    };
    const prizes = [
      prize('0', 'main', 2500),
      prize('0.5', 'main', 2000),
      prize('1', 'main', 1500),
      prize('2', 'other', 1000),
      prize('5', 'main', 600),
      prize('10', 'other', 400),
      prize('25', 'main', 150),
      prize('50', 'other', 60),
      prize('100', 'main', 20),
      prize('0', 'main', 2500, 'WELCOME100'),
      prize('1', 'other', 1200),
      prize('3', 'main', 800),
      prize('5', 'other', 500),
      prize('20', 'main', 100),
      prize('500', 'main', 1),
    ];
    await this.transactions.run(async (transaction) => {
      await this.repository.replacePrizes(transaction, prizes, this.clock.now());
    });
  }

  async backofficePrizes(): Promise<BackofficeWheelPrizes> {
    return toBackoffice(await this.repository.currentPrizes(this.db));
  }

  /**
   * Replaces the whole prize table (see wheelPrizesBodySchema); audited with the old table.
   * Promo codes are named without regard to case and stored as defined; an 'other' prize worth
   * something needs an enabled wheel offer, whose conditions its bonus takes.
   */
  async replacePrizes(actor: OperatorActor, body: WheelPrizesBody): Promise<BackofficeWheelPrizes> {
    const prizes = body.items.map((item) => {
      const amountUsdMinor = parseDecimalToMinor(item.amountUsd, usdScale);
      if (amountUsdMinor === null) throw new Error('the body schema lets only USD amounts through');
      return { ...item, amountUsdMinor };
    });
    const defined = await this.promoCodes.definedCodes(
      prizes.flatMap((prize) => (prize.promoCode ? [prize.promoCode] : [])),
    );
    const fields: Array<{ field: string; message: string }> = [];
    for (const [index, prize] of prizes.entries()) {
      if (prize.promoCode && !defined.has(prize.promoCode.toLowerCase())) {
        fields.push({ field: `items.${index}.promoCode`, message: 'Validation.invalid_value' });
      }
    }
    const paidAsBonus = prizes.findIndex(
      (prize) => prize.balanceType === 'other' && prize.amountUsdMinor > 0n,
    );
    if (paidAsBonus >= 0 && !(await this.hasWheelOffer())) {
      fields.push({
        field: `items.${paidAsBonus}.balanceType`,
        message: 'Validation.invalid_value',
      });
    }
    if (fields.length > 0) throw new AppError('validation_error', { payload: { fields } });
    const rows = prizes.map((prize) => ({
      id: prize.id,
      amountUsdMinor: prize.amountUsdMinor,
      balanceType: prize.balanceType,
      weight: prize.weight,
      promoCode: prize.promoCode ? (defined.get(prize.promoCode.toLowerCase()) ?? null) : null,
    }));
    const now = this.clock.now();
    return await this.transactions.run(async (transaction) => {
      const previous = toBackoffice(await this.repository.currentPrizes(transaction));
      const { unknownIds } = await this.repository.replacePrizes(transaction, rows, now);
      if (unknownIds.length > 0) {
        throw new AppError('validation_error', {
          payload: {
            fields: body.items.flatMap((item, index) =>
              item.id !== undefined && unknownIds.includes(item.id)
                ? [{ field: `items.${index}.id`, message: 'Validation.invalid_value' }]
                : [],
            ),
          },
        });
      }
      const next = toBackoffice(await this.repository.currentPrizes(transaction));
      await this.audit.record(
        actor,
        {
          action: 'wheel.prizes.replace',
          targetType: 'wheel',
          targetId: 'prizes',
          payload: { previous: previous.items, prizes: next.items },
        },
        transaction,
      );
      return next;
    });
  }

  private async hasWheelOffer(): Promise<boolean> {
    try {
      await this.playerBonuses.wheelOfferId(this.db);
      return true;
    } catch (error) {
      if (isAppError(error) && error.code === 'bonus_not_available') return false;
      throw error;
    }
  }
}

function seedOf(seeds: Map<string, PublishedSeed>, spin: SpinRecord): PublishedSeed {
  const seed = seeds.get(spin.seed_id);
  if (!seed) throw new Error(`the seed pair of wheel spin ${spin.id} is missing`);
  return seed;
}

/** A spin as its player sees it: the prize received and everything that verifies the pick. */
function toSpinResult(spin: SpinRecord, seed: PublishedSeed): WheelSpinResult {
  const prizes = spin.weights.map((entry) => ({
    prizeId: entry.prizeId,
    weight: entry.weight,
    amountUsd:
      entry.amountUsdMinor === undefined
        ? null
        : formatMinorToDecimal(BigInt(entry.amountUsdMinor), usdScale),
    balanceType: entry.balanceType ?? null,
  }));
  const index = prizes.findIndex((entry) => entry.prizeId === spin.prize_id);
  if (index < 0) throw new Error(`wheel spin ${spin.id} lost its prize from its table`);
  return {
    id: spin.id,
    prizeId: spin.prize_id,
    amount: formatMinorToDecimal(spin.amount_minor, currencyScale(spin.currency)),
    currency: spin.currency,
    promo: spin.promo_code,
    balanceType: spin.balance_type,
    serverSeedHash: seed.serverSeedHash,
    clientSeed: spin.client_seed,
    nonce: Number(spin.nonce),
    createdAt: spin.created_at.toISOString(),
    verification: {
      serverSeedHash: seed.serverSeedHash,
      serverSeed: seed.serverSeed,
      clientSeed: spin.client_seed,
      nonce: Number(spin.nonce),
      round: wheelSpinRound,
      prizes,
      totalWeight: wheelTotalWeight(prizes.map((entry) => entry.weight)),
      index,
    },
  };
}

function hasWeight(prizes: WheelPrizeRow[]): boolean {
  return prizes.some((prize) => prize.weight > 0);
}

function toBackoffice(prizes: WheelPrizeRow[]): BackofficeWheelPrizes {
  return {
    items: prizes.map((prize) => ({
      id: prize.id,
      position: prize.position,
      amountUsd: formatMinorToDecimal(prize.amount_usd_minor, usdScale),
      balanceType: prize.balance_type,
      weight: prize.weight,
      promoCode: prize.promo_code,
    })),
    totalWeight: prizes.reduce((sum, prize) => sum + prize.weight, 0),
  };
}
