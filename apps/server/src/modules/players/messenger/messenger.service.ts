import {
  defaultLocale,
  isSupportedLocale,
  type MessengerAuthBody,
  type MessengerLink,
  type PromoInfo,
  promoCodeOfStartParam,
} from '@casino/contract';
import type { MessengerBot } from '../../../config.ts';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { isConstraintViolation } from '../../../lib/constraint-violation.ts';
import type { RequestContext } from '../../../lib/request-context.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type {
  RateLimitRule,
  RateLimitsService,
} from '../../platform/rate-limits/rate-limits.service.ts';
import { countryOfIp } from '../../platform/region/region.service.ts';
import type { UsersService } from '../accounts/users.service.ts';
import type { AuthService, IssuedSession } from '../auth/auth.service.ts';
import {
  type InitDataProblem,
  launchKey,
  type VerifiedInitData,
  verifyInitData,
  verifyInitDataSignature,
} from './init-data.ts';
import { type MessengerRepository, messengerUserUniqueKey } from './messenger.repository.ts';

const problemMessages: Record<InitDataProblem, string> = {
  malformed: 'The launch data is not the messenger’s signed launch data.',
  bad_signature: 'The launch data is not signed for this bot.',
  expired: 'The launch data is older than a day; reopen the app in the messenger.',
  no_user: 'The launch data names no messenger user.',
};

/**
 * Activates a promo code for a player exactly as the player entering it does (the promo codes'
 * `activate`, with its rules and limits), in the transaction given.
 */
export interface StartPromo {
  activate(
    transaction: DatabaseTransaction,
    caller: { userId: string; country: string | null },
    code: string,
  ): Promise<PromoInfo>;
}

/** What became of the start parameter's promo code of a launch that created the account. */
export type StartPromoOutcome =
  | { code: string; applied: PromoInfo }
  /** `refused`: the error key (e.g. promo_code_expired); the sign-in stands */
  | { code: string; refused: string; error: unknown };

export interface MessengerSignInResult {
  session: IssuedSession;
  /** null: the launch created no account or its start parameter carries no promo code */
  promo: StartPromoOutcome | null;
}

/** What signing in from the mini-app needs (`MessengerService.signIn`). */
export interface MessengerSignIn {
  /** the bots whose mini-app may sign players in; a vip bot's players are VIP */
  bots: readonly MessengerBot[];
  /** the messenger's Ed25519 public key (hex) for third-party validation */
  publicKey: string;
  /** launch data older than this cannot sign in */
  maxAgeSeconds: number;
  /** sign-ins per IP */
  perIp: RateLimitRule;
  users: UsersService;
  auth: AuthService;
  rateLimits: RateLimitsService;
  transactions: Transactions;
  /** the start parameter's promo code for an account the launch creates */
  startPromo: StartPromo;
}

export interface MessengerServiceDependencies {
  repository: MessengerRepository;
  /** null: no bot configured, linking is unavailable */
  botToken: string | null;
  clock: Clock;
  signIn: MessengerSignIn;
}

const invalidInitDataMessages: Record<InitDataProblem | 'replayed', string> = {
  malformed: 'The launch data is not the messenger’s signed launch data.',
  bad_signature: 'The launch data is not signed for this bot.',
  expired: 'The launch data is too old; reopen the app in the messenger.',
  no_user: 'The launch data names no messenger user.',
  replayed: 'This launch data was already used to sign in; reopen the app in the messenger.',
};

function invalidInitData(problem: InitDataProblem | 'replayed'): AppError {
  return new AppError('invalid_init_data', {
    message: invalidInitDataMessages[problem],
    payload: { problem },
  });
}

/**
 * The player's messenger account (the mini-app's user), proven by launch data signed with the
 * bot's token (MESSENGER_BOT_TOKEN). Crypto-bot withdrawals are paid to it.
 */
export class MessengerService {
  private readonly repository: MessengerRepository;
  /** null: no bot configured, linking is unavailable */
  private readonly botToken: string | null;
  private readonly clock: Clock;
  private readonly signInPolicy: MessengerSignIn;

  constructor({ repository, botToken, clock, signIn }: MessengerServiceDependencies) {
    this.repository = repository;
    this.botToken = botToken;
    this.clock = clock;
    this.signInPolicy = signIn;
  }

  /**
   * Signs in the messenger user the mini-app was opened by, proven by the launch data: signed
   * with MESSENGER_BOT_TOKEN (`hash`, when the bot is the token's) or by the messenger's
   * Ed25519 key for this bot (`signature`). A messenger user no player is linked to gets a new
   * account without a password, linked to them. Each launch signs in once (a replay answers
   * invalid_init_data). A banned player signs in as with a password (every later call then
   * answers user_banned). `fallbackLanguage`: a new account's language when the launch data
   * names none we have.
   *
   * A start parameter `promo_<CODE>` (`body.promo`) activates the code for an account this
   * launch created — once it is committed, in a transaction of its own, by the promo codes'
   * own activation (the same rules as a code the player enters). A later sign-in of the same
   * user never applies it again. A code that is refused (unknown, expired, exhausted, …) or
   * fails does not undo the sign-in: the outcome says why, for the log.
   */
  async signIn(
    body: MessengerAuthBody,
    fallbackLanguage: string,
    context: RequestContext,
  ): Promise<MessengerSignInResult> {
    const { bots, perIp, rateLimits, transactions, users, auth, maxAgeSeconds } = this.signInPolicy;
    await rateLimits.consume(perIp, context.ip);
    const bot = bots.find((candidate) => candidate.id === body.botId);
    if (!bot) throw new AppError('invalid_bot');
    const now = this.clock.now();
    const verified = this.verifyLaunch(body.initData, bot.id, now);
    const { messengerUserId, authDate, languageCode } = verified;
    const key = launchKey(body.initData, bot.id);
    const language =
      languageCode && isSupportedLocale(languageCode.slice(0, 2))
        ? languageCode.slice(0, 2)
        : isSupportedLocale(fallbackLanguage)
          ? fallbackLanguage
          : defaultLocale;
    // A player already linked is refused sign-in as with a password while excluded (a new
    // account cannot be: it has no exclusion and the registry knows it by nothing yet).
    const linked = await this.repository.userIdOf(messengerUserId);
    if (linked !== null) await auth.assertMaySignInVerified(linked);
    const attempt = () =>
      transactions.run(async (transaction) => {
        const fresh = await this.repository.rememberLaunch(
          {
            launchKey: key,
            botId: bot.id,
            messengerUserId,
            usedAt: now,
            expiresAt: new Date(authDate.getTime() + (maxAgeSeconds + 1) * 1000),
          },
          transaction,
        );
        if (!fresh) throw invalidInitData('replayed');
        let userId = await this.repository.userIdOf(messengerUserId, transaction);
        const created = userId === null;
        if (userId === null) {
          const account = await users.createPasswordlessPlayer({ language }, transaction);
          await this.repository.link({ userId: account.id, messengerUserId, at: now }, transaction);
          userId = account.id;
        }
        if (bot.type === 'vip') {
          const account = await users.findAccount(userId, transaction);
          if (account) await users.setVip(account.globalId, { isVip: true }, transaction);
        }
        const session = await auth.signInVerified(userId, context, transaction);
        return { session, userId, created };
      });
    let signedIn: Awaited<ReturnType<typeof attempt>>;
    try {
      signedIn = await attempt();
    } catch (error) {
      // Another launch of the same messenger user created their account at the same moment:
      // this one rolled back whole and now finds it.
      if (!isConstraintViolation(error, 'unique', messengerUserUniqueKey)) throw error;
      signedIn = await attempt();
    }
    const code = signedIn.created ? promoCodeOfStartParam(body.promo) : null;
    const promo = code === null ? null : await this.applyStartPromo(signedIn.userId, code, context);
    return { session: signedIn.session, promo };
  }

  /** The start parameter's code for a new account; a refusal or failure is only reported. */
  private async applyStartPromo(
    userId: string,
    code: string,
    context: RequestContext,
  ): Promise<StartPromoOutcome> {
    const { transactions, startPromo } = this.signInPolicy;
    const caller = { userId, country: countryOfIp(context.ip) };
    try {
      const applied = await transactions.run((transaction) =>
        startPromo.activate(transaction, caller, code),
      );
      return { code, applied };
    } catch (error) {
      return { code, refused: error instanceof AppError ? error.code : 'internal_error', error };
    }
  }

  /** Forgets used launches too old to sign in anyway (the retention job); answers how many. */
  async purgeExpiredLaunches(now: Date): Promise<number> {
    return await this.repository.deleteLaunchesExpiredBefore(now);
  }

  /** The bot-token scheme when the token is this bot's and the data has a hash, else Ed25519. */
  private verifyLaunch(initData: string, botId: string, now: Date): VerifiedInitData {
    const { publicKey, maxAgeSeconds } = this.signInPolicy;
    const parameters = new URLSearchParams(initData);
    const tokenBotId = this.botToken?.split(':')[0] ?? null;
    if (this.botToken !== null && tokenBotId === botId && parameters.has('hash')) {
      const result = verifyInitData(initData, this.botToken, now, maxAgeSeconds);
      if (result.ok) return result.value;
      if (result.problem !== 'bad_signature' || !parameters.has('signature')) {
        throw invalidInitData(result.problem);
      }
    }
    const result = verifyInitDataSignature(initData, botId, publicKey, now, maxAgeSeconds);
    if (!result.ok) throw invalidInitData(result.problem);
    return result.value;
  }

  async link(userId: string, initData: string): Promise<MessengerLink> {
    if (this.botToken === null) {
      throw new AppError('service_unavailable', {
        message: 'No messenger bot is configured on this server.',
      });
    }
    const verified = verifyInitData(initData, this.botToken, this.clock.now());
    if (!verified.ok) {
      throw new AppError('validation_error', {
        message: problemMessages[verified.problem],
        payload: {
          fields: [{ field: 'initData', message: 'Validation.invalid_value' }],
          problem: verified.problem,
        },
      });
    }
    const { messengerUserId } = verified.value;
    try {
      await this.repository.link({ userId, messengerUserId, at: this.clock.now() });
    } catch (error) {
      if (isConstraintViolation(error, 'unique', messengerUserUniqueKey)) {
        throw new AppError('messenger_already_linked');
      }
      throw error;
    }
    return { linked: true, messengerUserId };
  }

  /** The messenger user the player linked, or null. */
  async messengerUserId(userId: string, executor?: DatabaseExecutor): Promise<string | null> {
    return await this.repository.messengerUserId(userId, executor);
  }
}
