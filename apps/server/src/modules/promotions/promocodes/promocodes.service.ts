import { randomUUID } from 'node:crypto';
import {
  type BackofficePromoCode,
  type BackofficePromoCodesQuery,
  currencyScale,
  type FirstDepositPromo,
  formatMinorToDecimal,
  type NewPromoCodeBody,
  type PromoInfo,
  parseDecimalToMinor,
  type ShowModalInfo,
  type UpdatePromoCodeBody,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { isConstraintViolation } from '../../../lib/constraint-violation.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import { platformAccount, playerAccount } from '../../money/ledger/ledger.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { PlayerLimits } from '../../players/protection/protection.service.ts';
import type { BonusLifecycle } from '../bonuses/bonus-lifecycle.service.ts';
import type { PlayerBonuses } from '../bonuses/player-bonuses.service.ts';
import {
  type PromoCodeRow,
  type PromoCodesRepository,
  promoCodeOfferReference,
  promoCodeUniqueIndex,
} from './promocodes.repository.ts';

/** Promo amounts are set in USD cents. */
const promoCurrency = 'USD';
const usdScale = currencyScale(promoCurrency);

/** The player activating a code or asking for the first-deposit promo. */
export interface PromoCaller {
  userId: string;
  /** the country of the caller's IP (null when unknown): the codes' country allow-lists */
  country: string | null;
}

/** Who the player is, as the eligibility rules see it. */
interface PlayerFacts {
  hasDeposits: boolean;
  isVip: boolean;
  country: string | null;
}

function fieldErrors(fields: Array<{ field: string; message: string }>): AppError {
  return new AppError('validation_error', { payload: { fields } });
}

function usdMinor(amount: string): bigint {
  const minor = parseDecimalToMinor(amount, usdScale);
  if (minor === null) throw new Error('the body schema lets only USD amounts through');
  return minor;
}

/**
 * Why the player may not activate the code now, or null: the code is switched off or unknown
 * (promo_code_not_found), outside its validity window (promo_code_expired) or its eligibility
 * rules exclude the player (promo_code_not_eligible). Limits are checked under the row lock.
 */
function refusal(
  row: PromoCodeRow,
  player: PlayerFacts,
  now: Date,
): 'promo_code_not_found' | 'promo_code_expired' | 'promo_code_not_eligible' | null {
  if (!row.is_enabled) return 'promo_code_not_found';
  if (row.valid_from !== null && now < row.valid_from) return 'promo_code_expired';
  if (row.valid_to !== null && now >= row.valid_to) return 'promo_code_expired';
  if (row.new_players_only && player.hasDeposits) return 'promo_code_not_eligible';
  if (row.vip_only && !player.isVip) return 'promo_code_not_eligible';
  if (
    row.countries.length > 0 &&
    (player.country === null || !row.countries.includes(player.country))
  ) {
    return 'promo_code_not_eligible';
  }
  return null;
}

export interface PromoCodesServiceDependencies {
  db: Kysely<Database>;
  repository: PromoCodesRepository;
  ledger: Pick<LedgerService, 'postTransaction' | 'convert'>;
  users: Pick<UsersService, 'getProfile' | 'getPrimaryCurrency'>;
  bonusLifecycle: Pick<BonusLifecycle, 'grantFixed' | 'assignPersonal'>;
  /** an offer's conditions (a code's info) */
  playerBonuses: Pick<PlayerBonuses, 'offerConditions'>;
  /** responsible gambling: no promotion for a player on a time-out or self-exclusion */
  marketing: Pick<PlayerLimits, 'isMarketingSuppressed'>;
  audit: AuditService;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * Promo codes: the operator defines them (USD amounts, limits, validity window, eligibility),
 * players activate them. An activation is one transaction (the caller's, opened by the
 * idempotency layer) that locks the code's row, so activations of a code serialise: the
 * player's earlier activations are counted (per-player limit, also guarded by the unique
 * (code, player, use number) index), then the total (`uses < uses_limit`), then the use is
 * taken and paid — main: a ledger `promo_credit` posting house → player main (reference =
 * activation id); bonus: a bonus of the code's amount with the conditions of its offer
 * (reference = activation id); conditions: the offer becomes the player's personal offer,
 * received with the next qualifying deposit.
 */
export class PromoCodesService {
  private readonly db: Kysely<Database>;
  private readonly repository: PromoCodesRepository;
  private readonly ledger: Pick<LedgerService, 'postTransaction' | 'convert'>;
  private readonly users: Pick<UsersService, 'getProfile' | 'getPrimaryCurrency'>;
  private readonly bonusLifecycle: Pick<BonusLifecycle, 'grantFixed' | 'assignPersonal'>;
  private readonly playerBonuses: Pick<PlayerBonuses, 'offerConditions'>;
  private readonly marketing: PromoCodesServiceDependencies['marketing'];
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({
    db,
    repository,
    ledger,
    users,
    bonusLifecycle,
    playerBonuses,
    marketing,
    audit,
    clock,
    transactions,
  }: PromoCodesServiceDependencies) {
    this.marketing = marketing;
    this.db = db;
    this.repository = repository;
    this.ledger = ledger;
    this.users = users;
    this.bonusLifecycle = bonusLifecycle;
    this.playerBonuses = playerBonuses;
    this.audit = audit;
    this.clock = clock;
    this.transactions = transactions;
  }

  async activate(
    transaction: DatabaseTransaction,
    caller: PromoCaller,
    code: string,
  ): Promise<PromoInfo> {
    const now = this.clock.now();
    if (await this.marketing.isMarketingSuppressed(caller.userId, transaction)) {
      throw new AppError('promo_code_not_eligible');
    }
    const found = await this.repository.findByCode(transaction, code);
    if (!found) throw new AppError('promo_code_not_found');
    const player = await this.playerFacts(caller);
    // Every activation of the code waits here for the one before it to commit.
    const row = await this.repository.lockById(transaction, found.id);
    if (!row) throw new AppError('promo_code_not_found');
    const refused = refusal(row, player, now);
    if (refused) throw new AppError(refused);
    const used = await this.repository.countActivations(transaction, row.id, caller.userId);
    if (used >= row.per_player_limit) {
      throw new AppError('promo_code_already_used', {
        payload: { code: row.code, limit: row.per_player_limit },
      });
    }
    if (!(await this.repository.takeUse(transaction, row.id))) {
      throw new AppError('promo_code_exhausted', { payload: { code: row.code } });
    }
    const currency = await this.users.getPrimaryCurrency(caller.userId, transaction);
    const activationId = randomUUID();
    const stored = await this.repository.insertActivation(transaction, {
      id: activationId,
      promo_code_id: row.id,
      user_id: caller.userId,
      use_number: used + 1,
      kind: row.kind,
      currency,
      amount_minor: 0n,
      user_bonus_id: null,
      created_at: now,
    });
    if (!stored) {
      throw new AppError('promo_code_already_used', {
        payload: { code: row.code, limit: row.per_player_limit },
      });
    }

    switch (row.kind) {
      case 'main': {
        const amountMinor = await this.ledger.convert(
          row.amount_usd_minor,
          promoCurrency,
          currency,
        );
        if (amountMinor > 0n) {
          await this.ledger.postTransaction(transaction, {
            type: 'promo_credit',
            externalReference: activationId,
            postings: [
              { account: platformAccount(currency, 'house'), amountMinor: -amountMinor },
              { account: playerAccount(caller.userId, currency, 'main'), amountMinor },
            ],
            metadata: { activationId, promoCodeId: row.id, code: row.code },
          });
        }
        await this.repository.setActivationResult(transaction, activationId, {
          currency,
          amountMinor,
          userBonusId: null,
        });
        return mainInfo(row.code, currency, amountMinor);
      }
      case 'bonus': {
        const bonus = await this.bonusLifecycle.grantFixed(transaction, {
          userId: caller.userId,
          offerId: requireOffer(row),
          amountUsdMinor: row.amount_usd_minor,
          reference: activationId,
        });
        const amountMinor = parseDecimalToMinor(bonus.amount, currencyScale(bonus.currency));
        if (amountMinor === null) throw new Error(`bonus ${bonus.id} has no amount`);
        await this.repository.setActivationResult(transaction, activationId, {
          currency: bonus.currency,
          amountMinor,
          userBonusId: bonus.id,
        });
        return {
          amount: bonus.amount,
          currency: bonus.currency,
          freespins_count: bonus.freespins.total,
          freespins_amount: bonus.freespins.amount,
          code: row.code,
          type: 'bonus',
        };
      }
      case 'conditions': {
        const offerId = requireOffer(row);
        await this.bonusLifecycle.assignPersonal(transaction, {
          userId: caller.userId,
          offerId,
          reference: activationId,
          expiresAt: row.valid_to,
        });
        return await this.describe(row, currency);
      }
    }
  }

  /**
   * `GET /api/v1/me/show_modal_info`: the timed first-deposit promo shows to a player without a
   * deposit who was not shown it yet, when a first-deposit promo code is set and the player
   * could activate it now (enabled, in its window, eligible, within its limits).
   */
  async showModalInfo(caller: PromoCaller): Promise<ShowModalInfo> {
    const row = await this.repository.firstDepositPromo(this.db);
    if (!row) return { isShowModal: false, promo: null };
    const player = await this.playerFacts(caller);
    const [shownAt, used] = await Promise.all([
      this.repository.firstDepositPromoShownAt(this.db, caller.userId),
      this.repository.countActivations(this.db, row.id, caller.userId),
    ]);
    const open =
      refusal(row, player, this.clock.now()) === null &&
      used < row.per_player_limit &&
      (row.uses_limit === null || row.uses < row.uses_limit);
    if (!open) return { isShowModal: false, promo: null };
    const currency = await this.users.getPrimaryCurrency(caller.userId);
    return {
      isShowModal: !player.hasDeposits && shownAt === null,
      promo: await this.describe(row, currency),
    };
  }

  /** `PUT /api/v1/me/show_modal_info`: the player was shown the promo; it does not show again. */
  async markModalShown(caller: PromoCaller): Promise<ShowModalInfo> {
    await this.repository.markFirstDepositPromoShown(this.db, caller.userId, this.clock.now());
    return await this.showModalInfo(caller);
  }

  /**
   * The codes as defined, keyed by their lower case: the wheel's prizes name codes without
   * regard to case and store them as defined. A code missing from the map does not exist.
   */
  async definedCodes(codes: string[]): Promise<Map<string, string>> {
    const existing = await this.repository.existingCodes(this.db, codes);
    return new Map(existing.map((code) => [code.toLowerCase(), code]));
  }

  /**
   * Demo data (first start only): FREE10 credits 10 USD; WELCOME100 grants a 100 USD bonus of
   * the demo promo offer to players without a deposit and is the first-deposit promo.
   */
  async seedDemoCodes(promoOfferId: string): Promise<void> {
    if (await this.repository.hasAnyCode(this.db)) return;
    const now = this.clock.now();
    const code = {
      uses_limit: null,
      per_player_limit: 1,
      valid_from: null,
      valid_to: null,
      vip_only: false,
      countries: [],
      is_enabled: true,
      created_at: now,
      updated_at: now,
    };
    await this.transactions.run(async (transaction) => {
      await this.repository.insert(transaction, {
        ...code,
        code: 'FREE10',
        kind: 'main',
        amount_usd_minor: 1_000n,
        offer_id: null,
        new_players_only: false,
      });
      const welcome = await this.repository.insert(transaction, {
        ...code,
        code: 'WELCOME100',
        kind: 'bonus',
        amount_usd_minor: 10_000n,
        offer_id: promoOfferId,
        new_players_only: true,
      });
      await this.repository.setFirstDepositPromo(transaction, welcome.id, now);
    });
  }

  // ─── backoffice ───────────────────────────────────────────────────────────────────────

  async list(query: BackofficePromoCodesQuery) {
    const { rows, meta } = await this.repository.page(this.db, query);
    return {
      items: rows.map(toBackoffice),
      meta,
    };
  }

  async create(actor: OperatorActor, body: NewPromoCodeBody): Promise<BackofficePromoCode> {
    const now = this.clock.now();
    const values = {
      code: body.code,
      kind: body.kind,
      amount_usd_minor: usdMinor(body.amountUsd),
      offer_id: body.offerId,
      uses_limit: body.usesLimit,
      per_player_limit: body.perPlayerLimit,
      valid_from: body.validFrom === null ? null : new Date(body.validFrom),
      valid_to: body.validTo === null ? null : new Date(body.validTo),
      new_players_only: body.newPlayersOnly,
      vip_only: body.vipOnly,
      countries: [...new Set(body.countries)].sort(),
      is_enabled: body.isEnabled,
    };
    assertConsistent(values);
    const row = await this.asFieldErrors(() =>
      this.transactions.run(async (transaction) => {
        const inserted = await this.repository.insert(transaction, {
          ...values,
          created_at: now,
          updated_at: now,
        });
        await this.audit.record(
          actor,
          {
            action: 'promocodes.create',
            targetType: 'promo_code',
            targetId: inserted.id,
            payload: { promoCode: toBackoffice(inserted) },
          },
          transaction,
        );
        return inserted;
      }),
    );
    return toBackoffice(row);
  }

  /** Any subset of the fields; the rules between fields are checked on the merged code. */
  async update(
    actor: OperatorActor,
    id: string,
    body: UpdatePromoCodeBody,
  ): Promise<BackofficePromoCode> {
    const now = this.clock.now();
    const row = await this.asFieldErrors(() =>
      this.transactions.run(async (transaction) => {
        const current = await this.repository.lockById(transaction, id);
        if (!current) throw new AppError('not_found', { message: 'There is no such promo code.' });
        const merged = {
          code: body.code ?? current.code,
          kind: body.kind ?? current.kind,
          amount_usd_minor:
            body.amountUsd === undefined ? current.amount_usd_minor : usdMinor(body.amountUsd),
          offer_id: body.offerId === undefined ? current.offer_id : body.offerId,
          uses_limit: body.usesLimit === undefined ? current.uses_limit : body.usesLimit,
          per_player_limit: body.perPlayerLimit ?? current.per_player_limit,
          valid_from:
            body.validFrom === undefined
              ? current.valid_from
              : body.validFrom === null
                ? null
                : new Date(body.validFrom),
          valid_to:
            body.validTo === undefined
              ? current.valid_to
              : body.validTo === null
                ? null
                : new Date(body.validTo),
          new_players_only: body.newPlayersOnly ?? current.new_players_only,
          vip_only: body.vipOnly ?? current.vip_only,
          countries:
            body.countries === undefined ? current.countries : [...new Set(body.countries)].sort(),
          is_enabled: body.isEnabled ?? current.is_enabled,
        };
        assertConsistent(merged);
        const updated = await this.repository.update(transaction, id, {
          ...merged,
          updated_at: now,
        });
        await this.audit.record(
          actor,
          {
            action: 'promocodes.update',
            targetType: 'promo_code',
            targetId: id,
            payload: { previous: toBackoffice(current), promoCode: toBackoffice(updated) },
          },
          transaction,
        );
        return updated;
      }),
    );
    return toBackoffice(row);
  }

  async firstDepositPromo(): Promise<FirstDepositPromo> {
    const row = await this.repository.firstDepositPromo(this.db);
    return { code: row?.code ?? null };
  }

  /** Sets (or clears, with null) the code the timed first-deposit promo presents. */
  async setFirstDepositPromo(
    actor: OperatorActor,
    body: FirstDepositPromo,
  ): Promise<FirstDepositPromo> {
    return await this.transactions.run(async (transaction) => {
      const previous = await this.repository.firstDepositPromo(transaction);
      const row =
        body.code === null ? null : await this.repository.findByCode(transaction, body.code);
      if (body.code !== null && !row) {
        throw fieldErrors([{ field: 'code', message: 'Validation.invalid_value' }]);
      }
      await this.repository.setFirstDepositPromo(transaction, row?.id ?? null, this.clock.now());
      await this.audit.record(
        actor,
        {
          action: 'promocodes.first_deposit.set',
          targetType: 'promo_code',
          targetId: row?.id ?? previous?.id ?? 'none',
          payload: { previous: previous?.code ?? null, code: row?.code ?? null },
        },
        transaction,
      );
      return { code: row?.code ?? null };
    });
  }

  // ─── helpers ──────────────────────────────────────────────────────────────────────────

  private async playerFacts(caller: PromoCaller): Promise<PlayerFacts> {
    const profile = await this.users.getProfile(caller.userId);
    return { hasDeposits: profile.hasDeposits, isVip: profile.isVip, country: caller.country };
  }

  /**
   * What the code presents, in `currency` at the rate in force (rounded down). main: its amount.
   * bonus: its amount with the free spins of its offer. conditions: the offer's 'up to' amount
   * (0 when it has no cap) and free spins. A bonus-kind activation answers the granted bonus.
   */
  private async describe(row: PromoCodeRow, currency: string): Promise<PromoInfo> {
    const amountMinor = await this.ledger.convert(row.amount_usd_minor, promoCurrency, currency);
    if (row.kind === 'main') return mainInfo(row.code, currency, amountMinor);
    const conditions = await this.playerBonuses.offerConditions(requireOffer(row), currency);
    const amount =
      row.kind === 'bonus'
        ? formatMinorToDecimal(amountMinor, currencyScale(currency))
        : (conditions.maxAmount ?? formatMinorToDecimal(0n, currencyScale(currency)));
    return {
      amount,
      currency,
      freespins_count: conditions.freespinsCount,
      freespins_amount: conditions.freespinsAmount,
      code: row.code,
      type: row.kind,
    };
  }

  /**
   * A code another has without regard to case, or an offer that does not exist, answers a
   * field error instead of the database's refusal.
   */
  private async asFieldErrors<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isConstraintViolation(error, 'unique', promoCodeUniqueIndex)) {
        throw fieldErrors([{ field: 'code', message: 'Validation.promo_code_taken' }]);
      }
      if (isConstraintViolation(error, 'foreign_key', promoCodeOfferReference)) {
        throw fieldErrors([{ field: 'offerId', message: 'Validation.invalid_value' }]);
      }
      throw error;
    }
  }
}

/** The rules between fields of a new or merged code (see newPromoCodeBodySchema). */
function assertConsistent(values: {
  kind: PromoCodeRow['kind'];
  amount_usd_minor: bigint;
  offer_id: string | null;
  valid_from: Date | null;
  valid_to: Date | null;
}): void {
  const fields: Array<{ field: string; message: string }> = [];
  switch (values.kind) {
    case 'main':
      if (values.amount_usd_minor === 0n) {
        fields.push({ field: 'amountUsd', message: 'Validation.invalid_amount' });
      }
      if (values.offer_id !== null) {
        fields.push({ field: 'offerId', message: 'Validation.invalid_value' });
      }
      break;
    case 'bonus':
    case 'conditions':
      if (values.kind === 'conditions' && values.amount_usd_minor > 0n) {
        fields.push({ field: 'amountUsd', message: 'Validation.invalid_amount' });
      }
      if (values.offer_id === null) {
        fields.push({ field: 'offerId', message: 'Validation.required' });
      }
      break;
  }
  if (
    values.valid_from !== null &&
    values.valid_to !== null &&
    values.valid_from >= values.valid_to
  ) {
    fields.push({ field: 'validTo', message: 'Validation.invalid_value' });
  }
  if (fields.length > 0) throw fieldErrors(fields);
}

function requireOffer(row: PromoCodeRow): string {
  if (row.offer_id === null)
    throw new Error(`promo code ${row.id} of kind ${row.kind} has no offer`);
  return row.offer_id;
}

function mainInfo(code: string, currency: string, amountMinor: bigint): PromoInfo {
  const scale = currencyScale(currency);
  return {
    amount: formatMinorToDecimal(amountMinor, scale),
    currency,
    freespins_count: 0,
    freespins_amount: formatMinorToDecimal(0n, scale),
    code,
    type: 'main',
  };
}

function toBackoffice(row: PromoCodeRow): BackofficePromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amountUsd: formatMinorToDecimal(row.amount_usd_minor, usdScale),
    offerId: row.offer_id,
    usesLimit: row.uses_limit,
    uses: row.uses,
    perPlayerLimit: row.per_player_limit,
    validFrom: row.valid_from?.toISOString() ?? null,
    validTo: row.valid_to?.toISOString() ?? null,
    newPlayersOnly: row.new_players_only,
    vipOnly: row.vip_only,
    countries: row.countries,
    isEnabled: row.is_enabled,
    isFirstDepositPromo: row.is_first_deposit_promo,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
