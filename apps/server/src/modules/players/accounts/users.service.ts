import { createHmac, randomBytes } from 'node:crypto';
import {
  type BanReason,
  type Billing,
  banReasonSchema,
  chooseLocale,
  currencyScale,
  formatMinorToDecimal,
  genderSchema,
  oddsFormatSchema,
  type PlayerSummary,
  type Profile,
  type UpdateProfileBody,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import type { ProfileRow, UserRow, UserUpdate } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { WebsocketTokenIssuer } from '../../../lib/websocket-token.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import { changesLockedName, isNameChangeAvailable, supportDisplayName } from './profile-rules.ts';
import type { UsersRepository } from './users.repository.ts';

/** A player's profile without the realtime token, which belongs to one sign-in session. */
export type ProfileDetails = Omit<Profile, 'websocketToken'>;

/** What other modules need to know about a player. */
/**
 * The stored password hash of an account without a password (a messenger player): not an
 * argon2 hash, so no password ever verifies against it.
 */
export const noPasswordHash = '!no-password';

export interface PlayerAccount {
  id: string;
  globalId: string;
  email: string;
  banReason: BanReason | null;
  primaryCurrency: string;
  /** the interface language (a locale code; texts fall back to English) */
  language: string;
  /** completed deposits so far (a welcome bonus step is the deposit's number) */
  depositCount: number;
}

/**
 * Asked inside the transaction that changes a player's primary currency, with the player's row
 * locked; throws to refuse the change (the bonus engine: not while a bonus is active or pending).
 */
export type CurrencyChangeGuard = (executor: DatabaseExecutor, userId: string) => Promise<void>;

/**
 * Told inside the transaction that changes a player's primary currency, after the balance moved
 * (the responsible-gambling limits are converted into the new currency).
 */
export type CurrencyChangeListener = (
  transaction: DatabaseTransaction,
  change: { userId: string; from: string; to: string },
) => Promise<void>;

/** A player's deposit sum is counted in US dollars (`deposit_sum_minor`, USD minor units). */
const depositSumScale = currencyScale('USD');

export function toAccount(row: ProfileRow): PlayerAccount {
  return {
    id: row.id,
    globalId: row.global_id.toString(),
    email: row.email,
    banReason: row.ban_reason === null ? null : banReasonSchema.parse(row.ban_reason),
    primaryCurrency: row.primary_currency,
    language: row.language,
    depositCount: row.deposit_count,
  };
}

function toSummary(row: UserRow): PlayerSummary {
  return {
    globalId: row.global_id.toString(),
    email: row.email,
    isVip: row.is_vip,
    isVerified: row.is_verified,
    banReason: row.ban_reason === null ? null : banReasonSchema.parse(row.ban_reason),
    createdAt: row.created_at.toISOString(),
  };
}

/** globalIds are positive and fit a bigint; anything else cannot name a player. */
function parseGlobalId(globalId: string): bigint | null {
  return /^\d{1,18}$/.test(globalId) ? BigInt(globalId) : null;
}

export interface UsersServiceDependencies {
  db: Kysely<Database>;
  repository: UsersRepository;
  websocketTokens: WebsocketTokenIssuer;
  clock: Clock;
  /** converts the balance when the primary currency changes */
  ledger: Pick<LedgerService, 'exchange' | 'markBalanceChanged'>;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
  /** the one check a primary-currency change must pass (the bonus engine's: no open bonus) */
  currencyChangeGuard?: CurrencyChangeGuard | undefined;
  /**
   * the support chat widget's identity-validation key (SUPPORT_CHAT_IDENTITY_SECRET): the
   * profile's supportChatUser carries HMAC-SHA256(key, identifier); null: no hash
   */
  supportChatIdentitySecret?: string | null | undefined;
  /** told of every primary-currency change in its transaction */
  onCurrencyChanged?: CurrencyChangeListener | undefined;
}

export class UsersService {
  private readonly currencyChangeGuard: CurrencyChangeGuard | null;
  private readonly supportChatIdentitySecret: string | null;
  private readonly onCurrencyChanged: CurrencyChangeListener | null;

  private readonly db: Kysely<Database>;
  private readonly repository: UsersRepository;
  private readonly websocketTokens: WebsocketTokenIssuer;
  private readonly clock: Clock;
  /** converts the balance when the primary currency changes */
  private readonly ledger: Pick<LedgerService, 'exchange' | 'markBalanceChanged'>;
  private readonly transactions: Transactions;

  constructor({
    db,
    repository,
    websocketTokens,
    clock,
    ledger,
    transactions,
    currencyChangeGuard,
    supportChatIdentitySecret,
    onCurrencyChanged,
  }: UsersServiceDependencies) {
    this.currencyChangeGuard = currencyChangeGuard ?? null;
    this.supportChatIdentitySecret = supportChatIdentitySecret ?? null;
    this.onCurrencyChanged = onCurrencyChanged ?? null;
    this.db = db;
    this.repository = repository;
    this.websocketTokens = websocketTokens;
    this.clock = clock;
    this.ledger = ledger;
    this.transactions = transactions;
  }

  /** Returns null when the e-mail address is taken. `email` must already be normalised. */
  async createPlayer(
    player: { email: string; passwordHash: string; language: string; country?: string | null },
    executor: DatabaseExecutor = this.db,
  ): Promise<PlayerAccount | null> {
    const row = await this.repository.insert({ ...player, createdAt: this.clock.now() }, executor);
    return row ? toAccount(row) : null;
  }

  /**
   * A player who signs in without a password (the messenger mini-app, proven by the messenger's
   * signed launch data): their account has no password (`noPasswordHash`, which no password
   * verifies) and an e-mail address of its own in the reserved `.invalid` domain (random, so
   * nobody can register it first), until they give a real one.
   */
  async createPasswordlessPlayer(
    player: { language: string },
    executor: DatabaseExecutor = this.db,
  ): Promise<PlayerAccount> {
    const email = `messenger-${randomBytes(12).toString('hex')}@players.invalid`;
    const account = await this.createPlayer(
      { email, passwordHash: noPasswordHash, language: player.language },
      executor,
    );
    // 96 random bits: a taken address is as good as impossible, never a player's choice
    if (!account) throw new Error('the random address of a passwordless player was taken');
    return account;
  }

  async findForLogin(
    email: string,
  ): Promise<{ account: PlayerAccount; passwordHash: string } | null> {
    const row = await this.repository.findByEmail(email);
    return row ? { account: toAccount(row), passwordHash: row.password_hash } : null;
  }

  /** After a sign-in with an outdated hash: the same password hashed with today's parameters. */
  async replacePasswordHash(userId: string, previousHash: string, nextHash: string) {
    await this.repository.replacePasswordHash(userId, previousHash, nextHash);
  }

  async findAccount(
    userId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<PlayerAccount | null> {
    const row = await this.repository.findById(userId, executor);
    return row ? toAccount(row) : null;
  }

  /** The players of these ids (operators' lists name them by globalId and e-mail), by id. */
  async findAccounts(
    userIds: readonly string[],
    executor: DatabaseExecutor = this.db,
  ): Promise<Map<string, PlayerAccount>> {
    const rows = await this.repository.findByIds([...new Set(userIds)], executor);
    return new Map(rows.map((row) => [row.id, toAccount(row)]));
  }

  /** The player an operator names by globalId; null when there is none. */
  async findAccountByGlobalId(
    globalId: string,
    executor: DatabaseExecutor = this.db,
  ): Promise<PlayerAccount | null> {
    const row = await this.findByGlobalId(globalId, executor);
    return row ? toAccount(row) : null;
  }

  /**
   * The profile the signed-in player reads (`GET /api/v1/me`), with a realtime token bound to
   * the sign-in session it was asked with: the realtime server accepts the token only while that
   * session is open.
   */
  /**
   * The signed-in player's profile; `user` is their row when the caller has just read it (the
   * session read joins it: `AuthenticatedPlayer.user`), otherwise it is read now.
   */
  async getSignedInProfile(player: {
    account: { id: string };
    sessionId: string;
    user?: ProfileRow;
  }): Promise<Profile> {
    const row = player.user ?? (await this.requireUser(player.account.id));
    return await this.toProfile(row, player.sessionId);
  }

  /** What other modules read of a player's profile: everything but the realtime token. */
  async getProfile(userId: string): Promise<ProfileDetails> {
    return this.toDetails(await this.requireUser(userId));
  }

  /** Applies a PATCH /api/v1/me body for the caller only; names lock once both are saved. */
  async updateProfile(
    userId: string,
    signInSessionId: string,
    update: UpdateProfileBody,
  ): Promise<Profile> {
    const row = await this.transactions.run(async (transaction) => {
      const current = await this.repository.findByIdForUpdate(userId, transaction);
      if (!current) throw new AppError('unauthorized');
      const name = { firstName: current.first_name, lastName: current.last_name };
      if (changesLockedName(name, update)) throw new AppError('name_change_unavailable');

      const changes: UserUpdate = {};
      if (update.language !== undefined) changes.language = update.language;
      if (update.firstName !== undefined) changes.first_name = update.firstName;
      if (update.lastName !== undefined) changes.last_name = update.lastName;
      if (update.gender !== undefined) changes.gender = update.gender;
      if (update.dateOfBirth !== undefined) changes.date_of_birth = update.dateOfBirth;
      if (update.oddsFormat !== undefined) changes.odds_format = update.oddsFormat;
      if (update.realityCheckMinutes !== undefined) {
        changes.reality_check_minutes = update.realityCheckMinutes;
      }
      const primary = update.currency?.primary;
      if (primary !== undefined && primary !== current.primary_currency) {
        await this.currencyChangeGuard?.(transaction, userId);
        // The balance follows the switch: converted at the rate in force, recorded in the ledger.
        await this.ledger.exchange(transaction, {
          userId,
          from: current.primary_currency,
          to: primary,
          metadata: { reason: 'primary_currency_change' },
        });
        changes.primary_currency = primary;
        await this.onCurrencyChanged?.(transaction, {
          userId,
          from: current.primary_currency,
          to: primary,
        });
        // Shown in the new currency even when nothing was converted (a zero balance).
        await this.ledger.markBalanceChanged(transaction, userId);
      }
      changes.updated_at = this.clock.now();
      return await this.repository.update(userId, changes, transaction);
    });
    if (!row) throw new AppError('unauthorized');
    return await this.toProfile(row, signInSessionId);
  }

  /**
   * `POST /api/v1/me/limits/review`: the deposit-limit prompt declined (not asked again until the
   * review) or the limits reviewed (which answers the prompt too). Answers the two times.
   */
  async recordLimitsReview(
    userId: string,
    action: 'declined' | 'reviewed',
  ): Promise<{ limitsPromptAnsweredAt: string | null; limitsReviewedAt: string | null }> {
    const now = this.clock.now();
    const current = await this.requireUser(userId);
    const row = await this.repository.update(
      userId,
      {
        limits_prompt_answered_at: current.limits_prompt_answered_at ?? now,
        ...(action === 'reviewed' ? { limits_reviewed_at: now } : {}),
        updated_at: now,
      },
      this.db,
    );
    if (!row) throw new AppError('unauthorized');
    return {
      limitsPromptAnsweredAt: row.limits_prompt_answered_at?.toISOString() ?? null,
      limitsReviewedAt: row.limits_reviewed_at?.toISOString() ?? null,
    };
  }

  /** A deposit limit set answers the deposit-limit prompt (once; in the caller's transaction). */
  async answerLimitsPrompt(userId: string, executor: DatabaseExecutor): Promise<void> {
    await this.repository.answerLimitsPrompt(userId, this.clock.now(), executor);
  }

  /** The currency the player's balances are shown in. */
  async getPrimaryCurrency(userId: string, executor: DatabaseExecutor = this.db): Promise<string> {
    const row = await this.repository.findById(userId, executor);
    if (!row) throw new AppError('unauthorized');
    return row.primary_currency;
  }

  /**
   * Called by the wallet inside the transaction that credits a completed deposit, so the
   * billing figures and `hasDeposits` change exactly when the money arrives.
   */
  async recordCompletedDeposit(
    userId: string,
    amountUsdMinor: bigint,
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await this.repository.recordDeposit(userId, amountUsdMinor, this.clock.now(), executor);
  }

  /** Maintained by the wallet on each completed deposit; the sum is in USD at the rates of the day. */
  async getBilling(userId: string): Promise<Billing> {
    const row = await this.requireUser(userId);
    return {
      countDeposit: row.deposit_count,
      sumDeposits: formatMinorToDecimal(row.deposit_sum_minor, depositSumScale),
    };
  }

  /** Bans (reason) or unbans (null) a player; returns null when no such player exists. */
  async setBan(
    globalId: string,
    reason: BanReason | null,
    executor: DatabaseExecutor = this.db,
  ): Promise<PlayerSummary | null> {
    const row = await this.findByGlobalId(globalId, executor);
    if (!row) return null;
    const now = this.clock.now();
    const updated = await this.repository.update(
      row.id,
      { ban_reason: reason, banned_at: reason === null ? null : now, updated_at: now },
      executor,
    );
    return updated ? toSummary(updated) : null;
  }

  /** Returns null when no such player exists. */
  async setVip(
    globalId: string,
    vip: { isVip: boolean; managerTelegramUsername?: string | null },
    executor: DatabaseExecutor = this.db,
  ): Promise<PlayerSummary | null> {
    const row = await this.findByGlobalId(globalId, executor);
    if (!row) return null;
    const changes: UserUpdate = { is_vip: vip.isVip, updated_at: this.clock.now() };
    if (!vip.isVip) changes.vip_manager_telegram = null;
    else if (vip.managerTelegramUsername !== undefined) {
      changes.vip_manager_telegram = vip.managerTelegramUsername;
    }
    const updated = await this.repository.update(row.id, changes, executor);
    return updated ? toSummary(updated) : null;
  }

  /** Marks a player's identity verified or not; returns null when no such player exists. */
  async setVerified(
    globalId: string,
    isVerified: boolean,
    executor: DatabaseExecutor = this.db,
  ): Promise<PlayerSummary | null> {
    const row = await this.findByGlobalId(globalId, executor);
    if (!row) return null;
    const updated = await this.repository.update(
      row.id,
      { is_verified: isVerified, updated_at: this.clock.now() },
      executor,
    );
    return updated ? toSummary(updated) : null;
  }

  /** The profile's isPushNotificationsActive: whether any of the player's devices is subscribed. */
  async setPushNotificationsActive(
    userId: string,
    active: boolean,
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await this.repository.update(
      userId,
      { is_push_notifications_active: active, updated_at: this.clock.now() },
      executor,
    );
  }

  /** Whether support has verified the player's identity (the withdraw verify feature). */
  async isVerified(userId: string, executor: DatabaseExecutor = this.db): Promise<boolean> {
    const row = await this.repository.findById(userId, executor);
    if (!row) throw new AppError('unauthorized');
    return row.is_verified;
  }

  /** Sets personal data directly (seeding, support tools), bypassing the player-facing lock. */
  async setPersonalData(
    userId: string,
    data: { firstName: string; lastName: string },
    executor: DatabaseExecutor = this.db,
  ): Promise<void> {
    await this.repository.update(
      userId,
      { first_name: data.firstName, last_name: data.lastName, updated_at: this.clock.now() },
      executor,
    );
  }

  private async findByGlobalId(
    globalId: string,
    executor: DatabaseExecutor,
  ): Promise<UserRow | null> {
    const parsed = parseGlobalId(globalId);
    return parsed === null ? null : await this.repository.findByGlobalId(parsed, executor);
  }

  private async requireUser(userId: string): Promise<UserRow> {
    const row = await this.repository.findById(userId);
    // The session outlived its player (the row was removed): treat as signed out.
    if (!row) throw new AppError('unauthorized');
    return row;
  }

  /**
   * The answer of GET /api/v1/me. A row read once answers many calls (the sessions' cache keeps
   * it: players/auth/session-cache.ts), so what is made of it is kept with it, as long as the row
   * object lives, and made again only when the realtime token changes.
   */
  private async toProfile(row: ProfileRow, signInSessionId: string): Promise<Profile> {
    let details = this.detailsByRow.get(row);
    if (details === undefined) {
      details = this.toDetails(row);
      this.detailsByRow.set(row, details);
    }
    const websocketToken =
      this.websocketTokens.reusable(details.globalId, signInSessionId) ??
      (await this.websocketTokens.issue(details.globalId, signInSessionId));
    const kept = this.profileByRow.get(row);
    if (kept?.websocketToken === websocketToken) return kept;
    const profile = { ...details, websocketToken };
    this.profileByRow.set(row, profile);
    return profile;
  }

  private readonly detailsByRow = new WeakMap<ProfileRow, ProfileDetails>();
  private readonly profileByRow = new WeakMap<ProfileRow, Profile>();

  private toDetails(row: ProfileRow): ProfileDetails {
    const identifier = row.global_id.toString();
    return {
      globalId: row.global_id.toString(),
      email: row.email,
      isVip: row.is_vip,
      isVerified: row.is_verified,
      hasDeposits: row.first_deposit_at !== null,
      language: chooseLocale(row.language),
      firstName: row.first_name,
      lastName: row.last_name,
      gender: row.gender === null ? null : genderSchema.parse(row.gender),
      dateOfBirth: row.date_of_birth,
      isNameChangeAvailable: isNameChangeAvailable({
        firstName: row.first_name,
        lastName: row.last_name,
      }),
      isPushNotificationsActive: row.is_push_notifications_active,
      vipManager:
        row.is_vip && row.vip_manager_telegram
          ? { telegramUsername: row.vip_manager_telegram }
          : null,
      supportChatUser: {
        display_name: supportDisplayName(row.first_name, row.email),
        identifier,
        identifier_hash:
          this.supportChatIdentitySecret === null
            ? null
            : createHmac('sha256', this.supportChatIdentitySecret).update(identifier).digest('hex'),
      },
      currency: { primary: row.primary_currency },
      oddsFormat: oddsFormatSchema.parse(row.odds_format),
      realityCheckMinutes: row.reality_check_minutes,
      limitsPromptAnsweredAt: row.limits_prompt_answered_at?.toISOString() ?? null,
      limitsReviewedAt: row.limits_reviewed_at?.toISOString() ?? null,
    };
  }
}
