import { randomUUID } from 'node:crypto';
import {
  type AssignPersonalOfferBody,
  type BackofficeOffer,
  currencyScale,
  type DepositBonusTableBody,
  factorToNumber,
  formatFactor,
  isUuid,
  type NewOfferBody,
  type PersonalOffer,
  parseDecimalToMinor,
  type UpdateOfferBody,
  type UserBonus,
} from '@casino/contract';
import { z } from 'zod';
import type { DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { AuditService, OperatorActor } from '../../backoffice/audit/audit.service.ts';
import type { GamesService } from '../../casino/games/games.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import { decimal, gamesWagersOf, offerCurrency } from './bonus-views.ts';
import type {
  BonusesRepository,
  DepositBonusRow,
  NewOfferRow,
  OfferGameRow,
  OfferRow,
} from './bonuses.repository.ts';
import {
  type DemoWelcomeStep,
  demoCryptoDepositBonuses,
  demoEverydayPercent,
  demoWelcomeSteps,
} from './demo-offers.ts';
import type { PlayerBonuses } from './player-bonuses.service.ts';

const usdScale = currencyScale(offerCurrency);

function usdMinor(value: string): bigint {
  const minor = parseDecimalToMinor(value, usdScale);
  if (minor === null) throw new RangeError(`not a USD amount: ${value}`);
  return minor;
}

function nullableUsd(value: string | null): bigint | null {
  return value === null ? null : usdMinor(value);
}

function fieldErrors(fields: Array<{ field: string; message: string }>): AppError {
  return new AppError('validation_error', { payload: { fields } });
}

const storedTextsSchema = z.record(z.string(), z.string());

export interface BonusOffersServiceDependencies {
  repository: BonusesRepository;
  bonusLifecycle: Pick<BonusLifecycle, 'assignPersonal'>;
  playerBonuses: Pick<PlayerBonuses, 'userBonusesOf'>;
  users: Pick<UsersService, 'findAccountByGlobalId'>;
  games: Pick<GamesService, 'titlesOf'>;
  audit: AuditService;
  clock: Clock;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/** The operator's side of the bonus engine: offers, personal offers, deposit bonus by currency. */
export class BonusOffersService {
  private readonly repository: BonusesRepository;
  private readonly bonusLifecycle: Pick<BonusLifecycle, 'assignPersonal'>;
  private readonly playerBonuses: Pick<PlayerBonuses, 'userBonusesOf'>;
  private readonly users: Pick<UsersService, 'findAccountByGlobalId'>;
  private readonly games: Pick<GamesService, 'titlesOf'>;
  private readonly audit: AuditService;
  private readonly clock: Clock;
  private readonly transactions: Transactions;

  constructor({
    repository,
    bonusLifecycle,
    playerBonuses,
    users,
    games,
    audit,
    clock,
    transactions,
  }: BonusOffersServiceDependencies) {
    this.repository = repository;
    this.bonusLifecycle = bonusLifecycle;
    this.playerBonuses = playerBonuses;
    this.users = users;
    this.games = games;
    this.audit = audit;
    this.clock = clock;
    this.transactions = transactions;
  }

  async list(): Promise<{ items: BackofficeOffer[] }> {
    const rows = await this.repository.listOffers({});
    return { items: await this.views(rows) };
  }

  /** Creates an offer; audited with the request. */
  async create(actor: OperatorActor, body: NewOfferBody): Promise<BackofficeOffer> {
    const values = this.validated(body, undefined);
    await this.assertGames(body.gamesWagers ?? []);
    const row = await this.transactions.run(async (transaction) => {
      const now = this.clock.now();
      const inserted = await this.repository.insertOffer(transaction, {
        ...values,
        created_at: now,
        updated_at: now,
      } as NewOfferRow);
      await this.repository.replaceOfferGames(transaction, inserted.id, body.gamesWagers ?? []);
      await this.record(actor, transaction, 'bonus.offer.create', inserted.id, { ...body });
      return inserted;
    });
    return await this.viewOf(row);
  }

  /** Changes any fields of an offer (gamesWagers replaces its list); audited. */
  async update(actor: OperatorActor, id: string, body: UpdateOfferBody): Promise<BackofficeOffer> {
    const existing = isUuid(id) ? await this.repository.findOffer(id) : undefined;
    if (!existing) throw new AppError('not_found', { message: 'No offer has this id.' });
    const values = this.validated(body, existing);
    if (body.gamesWagers) await this.assertGames(body.gamesWagers);
    const row = await this.transactions.run(async (transaction) => {
      const updated = await this.repository.updateOffer(transaction, id, {
        ...values,
        updated_at: this.clock.now(),
      });
      if (!updated) throw new AppError('not_found', { message: 'No offer has this id.' });
      if (body.gamesWagers) {
        await this.repository.replaceOfferGames(transaction, id, body.gamesWagers);
      }
      await this.record(actor, transaction, 'bonus.offer.update', id, { ...body });
      return updated;
    });
    return await this.viewOf(row);
  }

  /** Assigns a personal offer to a player (their next qualifying deposit receives it). */
  async assignPersonal(
    actor: OperatorActor,
    body: AssignPersonalOfferBody,
  ): Promise<PersonalOffer> {
    const account = await this.users.findAccountByGlobalId(body.globalId);
    if (!account) throw new AppError('not_found', { message: 'No player has this globalId.' });
    const reference = `operator:${randomUUID()}`;
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    const row = await this.transactions.run(async (transaction) => {
      await this.bonusLifecycle.assignPersonal(transaction, {
        userId: account.id,
        offerId: body.offerId,
        reference,
        expiresAt,
      });
      const assigned = await this.repository.findPersonalOfferByReference(transaction, reference);
      if (!assigned) throw new Error('the personal offer was not stored');
      await this.record(actor, transaction, 'bonus.personal.assign', assigned.id, {
        offerId: body.offerId,
        globalId: account.globalId,
        expiresAt: body.expiresAt ?? null,
      });
      return assigned;
    });
    return {
      id: row.id,
      offerId: row.offer_id,
      globalId: account.globalId,
      expiresAt: row.expires_at?.toISOString() ?? null,
      usedAt: row.used_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
    };
  }

  /** A player's bonuses as the operator sees them (English titles). */
  async userBonuses(globalId: string): Promise<{ globalId: string; items: UserBonus[] }> {
    const account = await this.users.findAccountByGlobalId(globalId);
    if (!account) throw new AppError('not_found', { message: 'No player has this globalId.' });
    return {
      globalId: account.globalId,
      items: await this.playerBonuses.userBonusesOf(account.id, 'en'),
    };
  }

  async depositBonusTable() {
    return { items: (await this.repository.listDepositBonuses()).map(toDepositBonusRow) };
  }

  /** Replaces the deposit bonus by currency; audited with the previous table. */
  async setDepositBonusTable(actor: OperatorActor, body: DepositBonusTableBody) {
    const seen = new Set<string>();
    const problems: Array<{ field: string; message: string }> = [];
    body.items.forEach((item, index) => {
      const key = `${item.code}:${item.network ?? ''}`;
      if (seen.has(key))
        problems.push({ field: `items.${index}.code`, message: 'Validation.invalid_value' });
      seen.add(key);
    });
    for (const [index, item] of body.items.entries()) {
      if (!item.offerId) continue;
      const offer = await this.repository.findOffer(item.offerId);
      if (!offer)
        problems.push({ field: `items.${index}.offerId`, message: 'Validation.invalid_value' });
    }
    if (problems.length > 0) throw fieldErrors(problems);
    await this.transactions.run(async (transaction) => {
      const previous = await this.repository.listDepositBonuses(transaction);
      await this.repository.replaceDepositBonuses(
        transaction,
        body.items.map((item) => ({
          code: item.code,
          network: item.network ?? null,
          fraction: formatFactor(item.fraction),
          offer_id: item.offerId ?? null,
          is_enabled: item.isEnabled ?? true,
        })),
        this.clock.now(),
      );
      await this.record(actor, transaction, 'bonus.deposit_bonus.set', 'currency_deposit_bonuses', {
        items: body.items,
        previous: previous.map(toDepositBonusRow),
      });
    });
    return await this.depositBonusTable();
  }

  /**
   * Demo data (DEMO_DATA): the four welcome steps, the everyday bonus, a deposit offer with the
   * deposit bonus by currency (USDT on TRC20 5 %, TON 10 %) and an offer for bonus promo codes.
   * Inserted once: skipped when a welcome offer exists, so operator edits survive restarts.
   */
  async seedDemoOffers(): Promise<void> {
    const existing = await this.repository.listOffers({ types: ['welcome'] });
    if (existing.length > 0) return;
    const now = this.clock.now();
    const usd = (amount: string) => usdMinor(amount);
    const welcome = ({
      step,
      percent,
      upToUsd,
      freespins,
      title,
    }: DemoWelcomeStep): NewOfferRow => ({
      type: 'welcome',
      title: JSON.stringify(title),
      description: JSON.stringify({
        en: `Deposit bonus ${percent} % up to ${upToUsd} USD on your deposit number ${step}${freespins > 0 ? ` and ${freespins} free spins` : ''}. Wager it 35 times within 7 days.`,
        ru: `Бонус ${percent} % до ${upToUsd} USD на ${step}-й депозит${freespins > 0 ? ` и ${freespins} фриспинов` : ''}. Отыграйте его 35 раз за 7 дней.`,
      }),
      min_deposit_number: step,
      amount_multiplier: formatFactor(percent / 100),
      freespins_count: freespins,
      freespins_amount_usd_minor: freespins > 0 ? usd('0.20') : 0n,
      min_deposit_usd_minor: usd('10'),
      wager: '35',
      wager_freespins: '20',
      wager_max_bet_usd_minor: usd('5'),
      max_amount_usd_minor: usd(String(upToUsd)),
      max_amount_multiplier: '10',
      freespins_max_amount_usd_minor: freespins > 0 ? usd('100') : null,
      deadline_hours: 168,
      position: step,
      created_at: now,
      updated_at: now,
    });
    await this.transactions.run(async (transaction) => {
      const offers: NewOfferRow[] = [
        ...demoWelcomeSteps.map(welcome),
        {
          type: 'everyday',
          title: JSON.stringify({
            en: `Everyday bonus +${demoEverydayPercent}%`,
            ru: `Ежедневный бонус +${demoEverydayPercent}%`,
          }),
          description: JSON.stringify({
            en: `Once a day: +${demoEverydayPercent} % on your next deposit today. Wager it 10 times within 24 hours.`,
            ru: `Раз в день: +${demoEverydayPercent} % к следующему депозиту сегодня. Отыграйте его 10 раз за 24 часа.`,
          }),
          amount_multiplier: formatFactor(demoEverydayPercent / 100),
          min_deposit_usd_minor: usd('10'),
          max_amount_usd_minor: usd('100'),
          wager: '10',
          deadline_hours: 24,
          position: 10,
          created_at: now,
          updated_at: now,
        },
        {
          type: 'deposit',
          title: JSON.stringify({ en: 'Crypto deposit bonus', ru: 'Бонус за криптодепозит' }),
          description: JSON.stringify({
            en: 'Deposits in selected cryptocurrencies earn extra bonus money. Wager it 20 times within 3 days.',
            ru: 'Депозиты в отдельных криптовалютах приносят дополнительный бонус. Отыграйте его 20 раз за 3 дня.',
          }),
          max_amount_usd_minor: usd('1000'),
          wager: '20',
          deadline_hours: 72,
          position: 20,
          created_at: now,
          updated_at: now,
        },
        {
          type: 'promo',
          title: JSON.stringify({ en: 'Promo code bonus', ru: 'Бонус по промокоду' }),
          description: JSON.stringify({
            en: 'A bonus from a promo code. Wager it 30 times within 3 days.',
            ru: 'Бонус по промокоду. Отыграйте его 30 раз за 3 дня.',
          }),
          amount_usd_minor: usd('100'),
          wager: '30',
          wager_max_bet_usd_minor: usd('5'),
          deadline_hours: 72,
          position: 30,
          created_at: now,
          updated_at: now,
        },
      ];
      const inserted: OfferRow[] = [];
      for (const offer of offers)
        inserted.push(await this.repository.insertOffer(transaction, offer));
      const depositOffer = inserted.find((offer) => offer.type === 'deposit');
      if ((await this.repository.listDepositBonuses(transaction)).length === 0) {
        await this.repository.replaceDepositBonuses(
          transaction,
          demoCryptoDepositBonuses.map(({ code, network, percent }) => ({
            code,
            network,
            fraction: formatFactor(percent / 100),
            offer_id: depositOffer?.id ?? null,
            is_enabled: true,
          })),
          now,
        );
      }
    });
  }

  // ─── helpers ──────────────────────────────────────────────────────────────────────────────

  private async record(
    actor: OperatorActor,
    transaction: DatabaseTransaction,
    action: string,
    targetId: string,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      actor,
      { action, targetType: 'bonus_offer', targetId: targetId.slice(0, 100), payload },
      transaction,
    );
  }

  /** The columns a body writes, checked against the offer it changes (if any). */
  private validated(
    body: Partial<NewOfferBody>,
    existing: OfferRow | undefined,
  ): Partial<NewOfferRow> {
    const values: Partial<NewOfferRow> = {};
    if (body.type !== undefined) values.type = body.type;
    if (body.title !== undefined) values.title = JSON.stringify(body.title);
    if (body.description !== undefined) values.description = JSON.stringify(body.description);
    if (body.isEnabled !== undefined) values.is_enabled = body.isEnabled;
    if (body.position !== undefined) values.position = body.position;
    if (body.minDepositNumber !== undefined) values.min_deposit_number = body.minDepositNumber;
    if (body.amountMultiplier !== undefined) {
      values.amount_multiplier = formatFactor(body.amountMultiplier);
    }
    if (body.amountUsd !== undefined) values.amount_usd_minor = nullableUsd(body.amountUsd);
    if (body.freespinsCount !== undefined) values.freespins_count = body.freespinsCount;
    if (body.freespinsAmountUsd !== undefined) {
      values.freespins_amount_usd_minor = usdMinor(body.freespinsAmountUsd);
    }
    if (body.minDepositUsd !== undefined)
      values.min_deposit_usd_minor = nullableUsd(body.minDepositUsd);
    if (body.maxDepositUsd !== undefined)
      values.max_deposit_usd_minor = nullableUsd(body.maxDepositUsd);
    if (body.wager !== undefined) values.wager = formatFactor(body.wager);
    if (body.wagerFreespins !== undefined)
      values.wager_freespins = formatFactor(body.wagerFreespins);
    if (body.wagerMaxBetUsd !== undefined) {
      values.wager_max_bet_usd_minor = nullableUsd(body.wagerMaxBetUsd);
    }
    if (body.maxAmountUsd !== undefined)
      values.max_amount_usd_minor = nullableUsd(body.maxAmountUsd);
    if (body.maxAmountMultiplier !== undefined) {
      values.max_amount_multiplier =
        body.maxAmountMultiplier === null ? null : formatFactor(body.maxAmountMultiplier);
    }
    if (body.freespinsMaxAmountUsd !== undefined) {
      values.freespins_max_amount_usd_minor = nullableUsd(body.freespinsMaxAmountUsd);
    }
    if (body.freespinsMaxAmountMultiplier !== undefined) {
      values.freespins_max_amount_multiplier =
        body.freespinsMaxAmountMultiplier === null
          ? null
          : formatFactor(body.freespinsMaxAmountMultiplier);
    }
    if (body.deadlineHours !== undefined) values.deadline_hours = body.deadlineHours;
    if (body.sportPercent !== undefined) values.sport_percent = body.sportPercent;

    // the offer as it will be, for the rules that combine fields
    const type = values.type ?? existing?.type;
    const minDepositNumber =
      values.min_deposit_number !== undefined
        ? values.min_deposit_number
        : (existing?.min_deposit_number ?? null);
    const freespinsCount = values.freespins_count ?? existing?.freespins_count ?? 0;
    const spinValue =
      values.freespins_amount_usd_minor ?? existing?.freespins_amount_usd_minor ?? 0n;
    const minDeposit =
      values.min_deposit_usd_minor !== undefined
        ? values.min_deposit_usd_minor
        : (existing?.min_deposit_usd_minor ?? null);
    const maxDeposit =
      values.max_deposit_usd_minor !== undefined
        ? values.max_deposit_usd_minor
        : (existing?.max_deposit_usd_minor ?? null);
    const problems: Array<{ field: string; message: string }> = [];
    if (
      type === 'welcome' &&
      (minDepositNumber === null || minDepositNumber < 1 || minDepositNumber > 4)
    ) {
      problems.push({ field: 'minDepositNumber', message: 'Validation.invalid_value' });
    }
    if (freespinsCount > 0 && spinValue <= 0n) {
      problems.push({ field: 'freespinsAmountUsd', message: 'Validation.invalid_amount' });
    }
    if (minDeposit !== null && maxDeposit !== null && minDeposit > maxDeposit) {
      problems.push({ field: 'maxDepositUsd', message: 'Validation.invalid_amount' });
    }
    if (problems.length > 0) throw fieldErrors(problems);
    return values;
  }

  private async assertGames(games: ReadonlyArray<{ gameId: string }>): Promise<void> {
    const titles = await this.games.titlesOf(games.map((game) => game.gameId));
    const problems: Array<{ field: string; message: string }> = [];
    const seen = new Set<string>();
    games.forEach((game, index) => {
      if (!titles.has(game.gameId) || seen.has(game.gameId)) {
        problems.push({
          field: `gamesWagers.${index}.gameId`,
          message: 'Validation.invalid_value',
        });
      }
      seen.add(game.gameId);
    });
    if (problems.length > 0) throw fieldErrors(problems);
  }

  private async viewOf(row: OfferRow): Promise<BackofficeOffer> {
    const [view] = await this.views([row]);
    if (!view) throw new Error(`no view of offer ${row.id}`);
    return view;
  }

  private async views(rows: readonly OfferRow[]): Promise<BackofficeOffer[]> {
    const games = await this.repository.offerGames(rows.map((row) => row.id));
    const titles = await this.games.titlesOf(games.map((game) => game.game_id));
    const byOffer = new Map<string, OfferGameRow[]>();
    for (const game of games)
      byOffer.set(game.offer_id, [...(byOffer.get(game.offer_id) ?? []), game]);
    const usd = (minor: bigint | null) => (minor === null ? null : decimal(minor, offerCurrency));
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: storedTextsSchema.parse(row.title),
      description: storedTextsSchema.parse(row.description),
      isEnabled: row.is_enabled,
      position: row.position,
      minDepositNumber: row.min_deposit_number,
      amountMultiplier: factorToNumber(row.amount_multiplier),
      amountUsd: usd(row.amount_usd_minor),
      freespinsCount: row.freespins_count,
      freespinsAmountUsd: decimal(row.freespins_amount_usd_minor, offerCurrency),
      minDepositUsd: usd(row.min_deposit_usd_minor),
      maxDepositUsd: usd(row.max_deposit_usd_minor),
      wager: factorToNumber(row.wager),
      wagerFreespins: factorToNumber(row.wager_freespins),
      wagerMaxBetUsd: usd(row.wager_max_bet_usd_minor),
      maxAmountUsd: usd(row.max_amount_usd_minor),
      maxAmountMultiplier:
        row.max_amount_multiplier === null ? null : factorToNumber(row.max_amount_multiplier),
      freespinsMaxAmountUsd: usd(row.freespins_max_amount_usd_minor),
      freespinsMaxAmountMultiplier:
        row.freespins_max_amount_multiplier === null
          ? null
          : factorToNumber(row.freespins_max_amount_multiplier),
      deadlineHours: row.deadline_hours,
      gamesWagers: gamesWagersOf(byOffer.get(row.id) ?? [], titles),
      sportPercent: row.sport_percent,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }
}

function toDepositBonusRow(row: DepositBonusRow) {
  return {
    code: row.code,
    network: row.network,
    fraction: factorToNumber(row.fraction),
    offerId: row.offer_id,
    isEnabled: row.is_enabled,
  };
}
