import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, DatabaseExecutor } from '../../../db/database.ts';
import type {
  BonusDailyStateTable,
  BonusOffersTable,
  BonusOfferType,
  BonusPersonalOffersTable,
  BonusPlayerSettingsTable,
  CurrencyDepositBonusesTable,
  UserBonusesTable,
  UserBonusStatusColumn,
} from './bonuses.tables.ts';

export type OfferRow = Selectable<BonusOffersTable>;
export type NewOfferRow = Insertable<BonusOffersTable>;
export type OfferUpdate = Updateable<BonusOffersTable>;
export type UserBonusRow = Selectable<UserBonusesTable>;
export type NewUserBonusRow = Omit<Insertable<UserBonusesTable>, 'status' | 'activated_at'>;
export type PersonalOfferRow = Selectable<BonusPersonalOffersTable>;
export type PlayerSettingsRow = Selectable<BonusPlayerSettingsTable>;
export type DailyStateRow = Selectable<BonusDailyStateTable>;
export type DepositBonusRow = Selectable<CurrencyDepositBonusesTable>;

export interface OfferGameRow {
  offer_id: string;
  game_id: string;
  percent: number;
}

/** An open personal offer with its offer. */
export interface OpenPersonalOffer {
  personal: PersonalOfferRow;
  offer: OfferRow;
}

/** The game's contribution to an offer's wagering, in percent (no list: 100). */
function contributionSql(offerId: ReturnType<typeof sql.ref>, gameId: string) {
  return sql<number>`CASE
    WHEN NOT EXISTS (SELECT 1 FROM bonus_offer_games w WHERE w.offer_id = ${offerId}) THEN 100
    ELSE coalesce(
      (SELECT w.percent FROM bonus_offer_games w WHERE w.offer_id = ${offerId} AND w.game_id = ${gameId}),
      0)
  END`;
}

/** Tables of migrations/0016_bonuses.sql: offers, granted bonuses, settings, daily state. */
export class BonusesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ─── offers ─────────────────────────────────────────────────────────────────────────────────

  async insertOffer(executor: DatabaseExecutor, row: NewOfferRow): Promise<OfferRow> {
    return await executor
      .insertInto('bonus_offers')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateOffer(
    executor: DatabaseExecutor,
    id: string,
    changes: OfferUpdate,
  ): Promise<OfferRow | undefined> {
    return await executor
      .updateTable('bonus_offers')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async findOffer(id: string, executor: DatabaseExecutor = this.db): Promise<OfferRow | undefined> {
    return await executor
      .selectFrom('bonus_offers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Offers by position; only enabled ones and only of `types` when given. */
  async listOffers(
    filter: { types?: readonly BonusOfferType[]; enabledOnly?: boolean },
    executor: DatabaseExecutor = this.db,
  ): Promise<OfferRow[]> {
    let query = executor.selectFrom('bonus_offers').selectAll();
    if (filter.types) {
      if (filter.types.length === 0) return [];
      query = query.where('type', 'in', [...filter.types]);
    }
    if (filter.enabledOnly) query = query.where('is_enabled', '=', true);
    return await query.orderBy('position').orderBy('created_at').orderBy('id').execute();
  }

  async offerGames(
    offerIds: readonly string[],
    executor: DatabaseExecutor = this.db,
  ): Promise<OfferGameRow[]> {
    if (offerIds.length === 0) return [];
    return await executor
      .selectFrom('bonus_offer_games')
      .select(['offer_id', 'game_id', 'percent'])
      .where('offer_id', 'in', [...new Set(offerIds)])
      .orderBy('offer_id')
      .orderBy('position')
      .orderBy('game_id')
      .execute();
  }

  async replaceOfferGames(
    executor: DatabaseExecutor,
    offerId: string,
    games: ReadonlyArray<{ gameId: string; percent: number }>,
  ): Promise<void> {
    await executor.deleteFrom('bonus_offer_games').where('offer_id', '=', offerId).execute();
    if (games.length === 0) return;
    await executor
      .insertInto('bonus_offer_games')
      .values(
        games.map((game, position) => ({
          offer_id: offerId,
          game_id: game.gameId,
          percent: game.percent,
          position,
        })),
      )
      .execute();
  }

  // ─── personal offers ────────────────────────────────────────────────────────────────────────

  /** Null when the reference was assigned before (nothing changes). */
  async insertPersonalOffer(
    executor: DatabaseExecutor,
    row: { offerId: string; userId: string; reference: string; expiresAt: Date | null; at: Date },
  ): Promise<PersonalOfferRow | null> {
    const inserted = await executor
      .insertInto('bonus_personal_offers')
      .values({
        offer_id: row.offerId,
        user_id: row.userId,
        reference: row.reference,
        expires_at: row.expiresAt,
        created_at: row.at,
      })
      .onConflict((conflict) => conflict.column('reference').doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted ?? null;
  }

  async findPersonalOfferByReference(
    executor: DatabaseExecutor,
    reference: string,
  ): Promise<PersonalOfferRow | undefined> {
    return await executor
      .selectFrom('bonus_personal_offers')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  /** The player's unused, unexpired personal offers of enabled offers, oldest first. */
  async openPersonalOffers(
    userId: string,
    now: Date,
    executor: DatabaseExecutor = this.db,
  ): Promise<OpenPersonalOffer[]> {
    const rows = await executor
      .selectFrom('bonus_personal_offers as p')
      .innerJoin('bonus_offers as o', 'o.id', 'p.offer_id')
      .selectAll('o')
      .select([
        'p.id as personal_id',
        'p.reference as personal_reference',
        'p.expires_at as personal_expires_at',
        'p.created_at as personal_created_at',
      ])
      .where('p.user_id', '=', userId)
      .where('p.used_at', 'is', null)
      .where('o.is_enabled', '=', true)
      .where((eb) => eb.or([eb('p.expires_at', 'is', null), eb('p.expires_at', '>', now)]))
      .orderBy('p.created_at')
      .orderBy('p.id')
      .limit(50)
      .execute();
    return rows.map(
      ({
        personal_id,
        personal_reference,
        personal_expires_at,
        personal_created_at,
        ...offer
      }) => ({
        personal: {
          id: personal_id,
          offer_id: offer.id,
          user_id: userId,
          reference: personal_reference,
          expires_at: personal_expires_at,
          used_at: null,
          user_bonus_id: null,
          created_at: personal_created_at,
        },
        offer,
      }),
    );
  }

  /** Marks a personal offer received; false when another deposit took it first. */
  async usePersonalOffer(
    executor: DatabaseExecutor,
    id: string,
    userBonusId: string,
    at: Date,
  ): Promise<boolean> {
    const result = await executor
      .updateTable('bonus_personal_offers')
      .set({ used_at: at, user_bonus_id: userBonusId })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  // ─── granted bonuses ────────────────────────────────────────────────────────────────────────

  /**
   * Inserts a bonus as `active` (with its deadline) or `pending`. Null when a unique index stops
   * it: the reference was granted before, another bonus is active (for `active`), or the welcome
   * offer was received before. The caller tells which by reading again.
   */
  async insertBonus(
    executor: DatabaseExecutor,
    row: NewUserBonusRow,
    status: { status: 'active'; activatedAt: Date; expiresAt: Date } | { status: 'pending' },
  ): Promise<UserBonusRow | null> {
    const inserted = await executor
      .insertInto('user_bonuses')
      .values({
        ...row,
        status: status.status,
        activated_at: status.status === 'active' ? status.activatedAt : null,
        expires_at: status.status === 'active' ? status.expiresAt : null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted ?? null;
  }

  async findByReference(
    executor: DatabaseExecutor,
    reference: string,
  ): Promise<UserBonusRow | undefined> {
    return await executor
      .selectFrom('user_bonuses')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  async hasWelcomeBonus(
    executor: DatabaseExecutor,
    userId: string,
    offerId: string,
  ): Promise<boolean> {
    const row = await executor
      .selectFrom('user_bonuses')
      .select('id')
      .where('user_id', '=', userId)
      .where('offer_id', '=', offerId)
      .where('type', '=', 'welcome')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The player's active bonus, locked until the transaction ends (the stake path's one read). */
  async lockActive(executor: DatabaseExecutor, userId: string): Promise<UserBonusRow | undefined> {
    return await executor
      .selectFrom('user_bonuses')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .forUpdate()
      .executeTakeFirst();
  }

  /** A bonus by id, locked, with the game's contribution to its wagering. */
  async lockWithContribution(
    executor: DatabaseExecutor,
    bonusId: string,
    gameId: string,
  ): Promise<(UserBonusRow & { percent: number }) | undefined> {
    return await executor
      .selectFrom('user_bonuses as b')
      .selectAll('b')
      .select(contributionSql(sql.ref('b.offer_id'), gameId).as('percent'))
      .where('b.id', '=', bonusId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** A bonus by id, locked, with its offer's sport contribution (percent). */
  async lockWithSportPercent(
    executor: DatabaseExecutor,
    bonusId: string,
  ): Promise<(UserBonusRow & { percent: number }) | undefined> {
    return await executor
      .selectFrom('user_bonuses as b')
      .selectAll('b')
      .select((eb) =>
        eb
          .selectFrom('bonus_offers as o')
          .select('o.sport_percent')
          .whereRef('o.id', '=', 'b.offer_id')
          .$asScalar()
          .$notNull()
          .as('percent'),
      )
      .where('b.id', '=', bonusId)
      .forUpdate('b')
      .executeTakeFirst();
  }

  /** Records what a sport ticket's settlement added to its bonus's wagering (once). */
  async recordSportContribution(
    executor: DatabaseExecutor,
    contribution: { reference: string; bonusId: string; amountMinor: bigint },
  ): Promise<void> {
    await executor
      .insertInto('bonus_sport_contributions')
      .values({
        reference: contribution.reference,
        bonus_id: contribution.bonusId,
        amount_minor: contribution.amountMinor,
      })
      .onConflict((conflict) => conflict.column('reference').doNothing())
      .execute();
  }

  /** Removes and answers what a sport ticket's settlement added (null: nothing recorded). */
  async takeSportContribution(
    executor: DatabaseExecutor,
    reference: string,
  ): Promise<{ bonusId: string; amountMinor: bigint } | null> {
    const row = await executor
      .deleteFrom('bonus_sport_contributions')
      .where('reference', '=', reference)
      .returning(['bonus_id', 'amount_minor'])
      .executeTakeFirst();
    return row ? { bonusId: row.bonus_id, amountMinor: row.amount_minor } : null;
  }

  async lock(executor: DatabaseExecutor, bonusId: string): Promise<UserBonusRow | undefined> {
    return await this.byId(executor, bonusId).forUpdate().executeTakeFirst();
  }

  async find(bonusId: string, executor: DatabaseExecutor = this.db) {
    return await this.byId(executor, bonusId).executeTakeFirst();
  }

  private byId(executor: DatabaseExecutor, bonusId: string) {
    return executor.selectFrom('user_bonuses').selectAll().where('id', '=', bonusId);
  }

  /**
   * Takes one free spin of the player's active bonus for a game it allows (its games list, or
   * any game when it has none); undefined when there is none to take.
   */
  async takeFreespin(
    executor: DatabaseExecutor,
    input: { bonusId: string; userId: string; gameId: string },
  ): Promise<UserBonusRow | undefined> {
    return await executor
      .updateTable('user_bonuses as b')
      .set((eb) => ({ freespins_left: eb('b.freespins_left', '-', 1) }))
      .where('b.id', '=', input.bonusId)
      .where('b.user_id', '=', input.userId)
      .where('b.status', '=', 'active')
      .where('b.freespins_left', '>', 0)
      .where(sql<boolean>`(
        NOT EXISTS (SELECT 1 FROM bonus_offer_games w WHERE w.offer_id = b.offer_id)
        OR EXISTS (SELECT 1 FROM bonus_offer_games w WHERE w.offer_id = b.offer_id AND w.game_id = ${input.gameId}))`)
      .returningAll()
      .executeTakeFirst();
  }

  /** Adds to (or, negative, takes from, never below zero) an active bonus's wagering. */
  async addWager(
    executor: DatabaseExecutor,
    bonusId: string,
    deltaMinor: bigint,
  ): Promise<UserBonusRow | undefined> {
    return await executor
      .updateTable('user_bonuses')
      .set({
        wager_current_minor: sql<bigint>`greatest(0, wager_current_minor + ${deltaMinor.toString()}::bigint)`,
      })
      .where('id', '=', bonusId)
      .where('status', '=', 'active')
      .returningAll()
      .executeTakeFirst();
  }

  /** Free-spin winnings credited: counted against the cap and added to the requirement. */
  async addFreespinWin(
    executor: DatabaseExecutor,
    bonusId: string,
    creditedMinor: bigint,
    requirementMinor: bigint,
  ): Promise<UserBonusRow> {
    return await executor
      .updateTable('user_bonuses')
      .set({
        freespins_won_minor: sql<bigint>`freespins_won_minor + ${creditedMinor.toString()}::bigint`,
        wager_total_minor: sql<bigint>`wager_total_minor + ${requirementMinor.toString()}::bigint`,
      })
      .where('id', '=', bonusId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async addConverted(executor: DatabaseExecutor, bonusId: string, amountMinor: bigint) {
    await executor
      .updateTable('user_bonuses')
      .set({
        converted_minor: sql<bigint>`coalesce(converted_minor, 0) + ${amountMinor.toString()}::bigint`,
      })
      .where('id', '=', bonusId)
      .execute();
  }

  /** Ends an active or pending bonus; undefined when it had already ended. */
  async finish(
    executor: DatabaseExecutor,
    bonusId: string,
    end: {
      status: Exclude<UserBonusStatusColumn, 'active' | 'pending'>;
      at: Date;
      convertedMinor?: bigint;
    },
  ): Promise<UserBonusRow | undefined> {
    return await executor
      .updateTable('user_bonuses')
      .set({
        status: end.status,
        ended_at: end.at,
        ...(end.convertedMinor === undefined ? {} : { converted_minor: end.convertedMinor }),
      })
      .where('id', '=', bonusId)
      .where('status', 'in', ['active', 'pending'])
      .returningAll()
      .executeTakeFirst();
  }

  /** The player's oldest pending bonus, locked. */
  async lockOldestPending(
    executor: DatabaseExecutor,
    userId: string,
  ): Promise<UserBonusRow | undefined> {
    return await executor
      .selectFrom('user_bonuses')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }

  async activate(
    executor: DatabaseExecutor,
    bonusId: string,
    at: Date,
    expiresAt: Date,
  ): Promise<UserBonusRow | undefined> {
    return await executor
      .updateTable('user_bonuses')
      .set({ status: 'active', activated_at: at, expires_at: expiresAt })
      .where('id', '=', bonusId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  /** The player's active and pending bonuses, locked, active first. */
  async lockOpen(executor: DatabaseExecutor, userId: string): Promise<UserBonusRow[]> {
    return await this.openQuery(executor, userId).forUpdate().execute();
  }

  /** The player's active and pending bonuses (active first, then oldest pending). */
  async open(userId: string, executor: DatabaseExecutor = this.db): Promise<UserBonusRow[]> {
    return await this.openQuery(executor, userId).execute();
  }

  private openQuery(executor: DatabaseExecutor, userId: string) {
    return executor
      .selectFrom('user_bonuses')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'pending'])
      .orderBy(sql`status = 'active'`, 'desc')
      .orderBy('created_at')
      .orderBy('id');
  }

  /** The player's bonuses: active and pending first, then newest; at most `limit`. */
  async listForUser(
    userId: string,
    limit: number,
    executor: DatabaseExecutor = this.db,
  ): Promise<UserBonusRow[]> {
    return await executor
      .selectFrom('user_bonuses')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy(sql`CASE status WHEN 'active' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END`)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Offers the player received, for the welcome steps' `isClaimed`. */
  async receivedOfferIds(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<Set<string>> {
    const rows = await executor
      .selectFrom('user_bonuses')
      .select('offer_id')
      .distinct()
      .where('user_id', '=', userId)
      .execute();
    return new Set(rows.map((row) => row.offer_id));
  }

  /** Active bonuses past their deadline, oldest first. */
  async dueExpired(now: Date, limit: number, executor: DatabaseExecutor = this.db) {
    const rows = await executor
      .selectFrom('user_bonuses')
      .select('id')
      .where('status', '=', 'active')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Active bonuses whose deadline falls in [from, to): the "about to expire" reminders. */
  async expiringBetween(from: Date, to: Date, executor: DatabaseExecutor = this.db) {
    const rows = await executor
      .selectFrom('user_bonuses')
      .select(['id', 'user_id', 'expires_at'])
      .where('status', '=', 'active')
      .where('expires_at', '>=', from)
      .where('expires_at', '<', to)
      .orderBy('expires_at')
      .execute();
    return rows.map((row) => ({
      bonusId: row.id,
      userId: row.user_id,
      expiresAt: row.expires_at as Date,
    }));
  }

  // ─── player settings ────────────────────────────────────────────────────────────────────────

  async findSettings(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<PlayerSettingsRow | undefined> {
    return await executor
      .selectFrom('bonus_player_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async saveSettings(
    executor: DatabaseExecutor,
    row: Omit<PlayerSettingsRow, 'updated_at'> & { updated_at: Date },
  ): Promise<PlayerSettingsRow> {
    const { user_id: _userId, ...changes } = row;
    return await executor
      .insertInto('bonus_player_settings')
      .values(row)
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // ─── daily bonus ────────────────────────────────────────────────────────────────────────────

  async findDaily(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<DailyStateRow | undefined> {
    return await executor
      .selectFrom('bonus_daily_state')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async markDailyShown(userId: string, at: Date): Promise<void> {
    await this.db
      .insertInto('bonus_daily_state')
      .values({ user_id: userId, last_show_modal_at: at })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ last_show_modal_at: at }))
      .execute();
  }

  /** Arms today's everyday bonus; false when it was armed today already. */
  async armDaily(
    executor: DatabaseExecutor,
    userId: string,
    day: string,
    at: Date,
  ): Promise<boolean> {
    const row = await executor
      .insertInto('bonus_daily_state')
      .values({ user_id: userId, armed_day: day, armed_at: at })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({ armed_day: day, armed_at: at, consumed_at: null, user_bonus_id: null })
          .where(sql<boolean>`bonus_daily_state.armed_day IS DISTINCT FROM ${day}::date`),
      )
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Consumes today's armed everyday bonus for a deposit completed at `at` (armed that UTC day,
   * before it); false when there is none to consume.
   */
  async consumeDaily(
    executor: DatabaseExecutor,
    userId: string,
    day: string,
    at: Date,
  ): Promise<boolean> {
    const result = await executor
      .updateTable('bonus_daily_state')
      .set({ consumed_at: at })
      .where('user_id', '=', userId)
      .where(sql<boolean>`armed_day = ${day}::date`)
      .where('armed_at', '<=', at)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async setDailyBonus(executor: DatabaseExecutor, userId: string, userBonusId: string) {
    await executor
      .updateTable('bonus_daily_state')
      .set({ user_bonus_id: userBonusId })
      .where('user_id', '=', userId)
      .execute();
  }

  // ─── deposit bonus by currency ──────────────────────────────────────────────────────────────

  async listDepositBonuses(executor: DatabaseExecutor = this.db): Promise<DepositBonusRow[]> {
    return await executor
      .selectFrom('currency_deposit_bonuses')
      .selectAll()
      .orderBy('code')
      .orderBy('network')
      .execute();
  }

  async replaceDepositBonuses(
    executor: DatabaseExecutor,
    rows: ReadonlyArray<Omit<DepositBonusRow, 'updated_at'>>,
    at: Date,
  ): Promise<void> {
    await executor.deleteFrom('currency_deposit_bonuses').execute();
    if (rows.length === 0) return;
    await executor
      .insertInto('currency_deposit_bonuses')
      .values(rows.map((row) => ({ ...row, updated_at: at })))
      .execute();
  }

  /** The enabled row of a deposit's currency: its network's, else the currency-wide one. */
  async findDepositBonus(
    executor: DatabaseExecutor,
    code: string,
    network: string | null,
  ): Promise<DepositBonusRow | undefined> {
    return await executor
      .selectFrom('currency_deposit_bonuses')
      .selectAll()
      .where('code', '=', code)
      .where('is_enabled', '=', true)
      .where((eb) =>
        network === null
          ? eb('network', 'is', null)
          : eb.or([eb('network', '=', network), eb('network', 'is', null)]),
      )
      .orderBy(sql`network IS NULL`)
      .limit(1)
      .executeTakeFirst();
  }
}
