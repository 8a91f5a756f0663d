import {
  currencyDefinition,
  isUuid,
  type SeamlessBalanceRequest,
  type SeamlessBetRequest,
  type SeamlessRollbackRequest,
  type SeamlessStatus,
  type SeamlessUserInfoRequest,
  type SeamlessWinRequest,
  seamlessBalanceRequestSchema,
  seamlessBetRequestSchema,
  seamlessRollbackRequestSchema,
  seamlessUserInfoRequestSchema,
  seamlessWinRequestSchema,
} from '@casino/contract';
import type { DatabaseExecutor, DatabaseTransaction } from '../../../db/database.ts';
import { isAppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { hashSessionToken, isWellFormedSessionToken } from '../../../lib/secret-token.ts';
import type { Transactions } from '../../../lib/transactions.ts';
import type { LedgerService } from '../../money/ledger/ledger.service.ts';
import { type StakePlan, stakePostings } from '../../money/wagering/stake-plan.ts';
import type { Wagering } from '../../money/wagering/wagering.service.ts';
import type { UsersService } from '../../players/accounts/users.service.ts';
import type { BonusRounds } from '../../promotions/bonuses/bonus-rounds.service.ts';
import type { TournamentScoringService } from '../../promotions/tournaments/tournament-scoring.service.ts';
import type {
  ProviderRow,
  SeamlessRepository,
  SessionRow,
  TransactionRow,
} from './seamless.repository.ts';
import { minorToProviderUnits, providerUnitsToMinor } from './seamless-amounts.ts';
import { parseJsonObject, requestUuidOf, validateWalletBody } from './seamless-request.ts';
import { verifyHmacSha256, verifyRsaSha256 } from './seamless-signature.ts';

export const walletEndpoints = ['info', 'balance', 'bet', 'win', 'rollback'] as const;
export type WalletEndpoint = (typeof walletEndpoints)[number];

/** One wallet answer before serialisation; `balance` is exact (1/100000 units). */
export interface WalletAnswer {
  status: SeamlessStatus;
  request_uuid?: string;
  user?: string;
  currency?: string;
  balance?: bigint;
  birth_date?: string;
  sex?: 'MALE' | 'FEMALE';
  tags?: string[];
}

/** What the route sends: the answer and the private key that signs it (null: unsigned). */
export interface WalletReply {
  answer: WalletAnswer;
  signingKeyPem: string | null;
}

/** The answer as kept with a transaction and returned again on a repeat (request_uuid aside). */
interface StoredAnswer {
  status: SeamlessStatus;
  user?: string;
  currency?: string;
  balance?: string;
}

/** The identifying fields of a transaction request, compared when its uuid comes again. */
interface TransactionFields {
  kind: TransactionRow['kind'];
  userId: string;
  currency: string | null;
  amount: bigint | null;
  round: string | null;
  gameCode: string | null;
  referenceTransactionUuid: string | null;
  /** a free bet (`is_free`); false for wins and rollbacks */
  isFree: boolean;
}

const providerIdPattern = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Ledger transaction types of provider money movements (the external reference is unique). */
export const seamlessLedgerTypes = {
  bet: 'provider_bet',
  win: 'provider_win',
  rollback: 'provider_rollback',
} as const;

export interface SeamlessWalletServiceDependencies {
  repository: SeamlessRepository;
  ledger: Pick<LedgerService, 'postTransaction' | 'balances'>;
  users: Pick<UsersService, 'findAccount' | 'getProfile'>;
  clock: Clock;
  bonuses: Pick<BonusRounds, 'settled' | 'wagered' | 'refunded'>;
  /** the stake plan (money/wagering) */
  wagering: Pick<Wagering, 'plan'>;
  tournaments: Pick<TournamentScoringService, 'scored' | 'rolledBack'>;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Transactions;
}

/**
 * The wallet third-party game providers call (Hub88-style seamless wallet). Every request is
 * authenticated by its signature over the raw body; each transaction_uuid is applied at most once
 * inside one database transaction that also holds a lock on every uuid it names, so a bet and its
 * rollback arriving together end either refunded or refused, never both applied.
 *
 * Stakes go from the player's main account to the platform's house account and wins back; a
 * rollback refunds exactly the stake. A free bet (`is_free: true`) is funded by the provider (a
 * reward it granted the player): it is recorded like any bet but moves no money of the player's
 * — nothing is taken, so it needs no balance and passes no bonus maximum bet, the answer carries
 * the unchanged balance, and its rollback refunds nothing. Its win is credited like any win (from
 * the house account: the provider bills the operator for its rewards). It counts for no bonus
 * wagering and its round for no tournament: no money of the player's was at stake. While a bonus is active the bonus engine funds a stake
 * with main money first, then bonus money (the split is kept with the bet), counts it for
 * wagering when placed, splits the bet's wins the same way and takes a rolled-back stake's
 * contribution back; the balance answered is main and bonus money together. Wins and rollbacks
 * settle even for a banned player, an expired token or a disabled provider: the money is owed
 * for a round that was already played.
 */
export class SeamlessWalletService {
  private readonly repository: SeamlessRepository;
  private readonly ledger: Pick<LedgerService, 'postTransaction' | 'balances'>;
  private readonly users: Pick<UsersService, 'findAccount' | 'getProfile'>;
  private readonly clock: Clock;
  private readonly bonuses: Pick<BonusRounds, 'settled' | 'wagered' | 'refunded'>;
  private readonly wagering: Pick<Wagering, 'plan'>;
  private readonly tournaments: Pick<TournamentScoringService, 'scored' | 'rolledBack'>;
  private readonly transactions: Transactions;

  constructor({
    repository,
    ledger,
    users,
    clock,
    bonuses,
    wagering,
    tournaments,
    transactions,
  }: SeamlessWalletServiceDependencies) {
    this.repository = repository;
    this.ledger = ledger;
    this.users = users;
    this.clock = clock;
    this.bonuses = bonuses;
    this.wagering = wagering;
    this.tournaments = tournaments;
    this.transactions = transactions;
  }

  async handle(
    endpoint: WalletEndpoint,
    providerId: string,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<WalletReply> {
    const provider = providerIdPattern.test(providerId)
      ? await this.repository.findProvider(providerId)
      : undefined;
    if (!provider) return { answer: { status: 'RS_ERROR_INVALID_PARTNER' }, signingKeyPem: null };
    const signed = (answer: WalletAnswer): WalletReply => ({
      answer,
      signingKeyPem: provider.our_private_key,
    });
    if (signature === undefined || !isSignedBy(provider, rawBody, signature)) {
      return signed({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    }
    const json = parseJsonObject(rawBody);
    const requestUuid = requestUuidOf(json);
    const answer = await this.dispatch(endpoint, provider, json);
    return signed(requestUuid === undefined ? answer : { ...answer, request_uuid: requestUuid });
  }

  private async dispatch(
    endpoint: WalletEndpoint,
    provider: ProviderRow,
    json: Record<string, unknown> | null,
  ): Promise<WalletAnswer> {
    switch (endpoint) {
      case 'info': {
        const request = validateWalletBody(seamlessUserInfoRequestSchema, json);
        return request.ok
          ? await this.userInfo(provider, request.value)
          : { status: request.status };
      }
      case 'balance': {
        const request = validateWalletBody(seamlessBalanceRequestSchema, json);
        return request.ok
          ? await this.balance(provider, request.value)
          : { status: request.status };
      }
      case 'bet': {
        const request = validateWalletBody(seamlessBetRequestSchema, json);
        return request.ok ? await this.bet(provider, request.value) : { status: request.status };
      }
      case 'win': {
        const request = validateWalletBody(seamlessWinRequestSchema, json);
        return request.ok ? await this.win(provider, request.value) : { status: request.status };
      }
      case 'rollback': {
        const request = validateWalletBody(seamlessRollbackRequestSchema, json);
        return request.ok
          ? await this.rollback(provider, request.value)
          : { status: request.status };
      }
    }
  }

  // ─── player details and balance ─────────────────────────────────────────────────────────────

  private async userInfo(
    provider: ProviderRow,
    request: SeamlessUserInfoRequest,
  ): Promise<WalletAnswer> {
    if (!provider.enabled) return { status: 'RS_ERROR_INVALID_PARTNER' };
    const user = request.user;
    if (request.token !== undefined) {
      const session = await this.findSession(provider, request.token, user);
      if (!session) return { status: 'RS_ERROR_INVALID_TOKEN', user };
      if (this.isExpired(session)) return { status: 'RS_ERROR_TOKEN_EXPIRED', user };
    } else if (!isUuid(user) || !(await this.repository.hasSession(provider.id, user))) {
      // Only players who launched one of this provider's games are known to it.
      return { status: 'RS_ERROR_UNKNOWN', user };
    }
    const account = await this.users.findAccount(user);
    if (!account) return { status: 'RS_ERROR_UNKNOWN', user };
    if (account.banReason !== null) return { status: 'RS_ERROR_USER_DISABLED', user };
    const profile = await this.users.getProfile(user);
    return {
      status: 'RS_OK',
      user,
      ...(profile.dateOfBirth === null ? {} : { birth_date: profile.dateOfBirth }),
      ...(profile.gender === null ? {} : { sex: profile.gender === 'male' ? 'MALE' : 'FEMALE' }),
      tags: profile.isVip ? ['vip'] : [],
    };
  }

  private async balance(
    provider: ProviderRow,
    request: SeamlessBalanceRequest,
  ): Promise<WalletAnswer> {
    if (!provider.enabled) return { status: 'RS_ERROR_INVALID_PARTNER' };
    const user = request.user;
    const session = await this.findSession(provider, request.token, user);
    if (!session) return { status: 'RS_ERROR_INVALID_TOKEN', user };
    if (this.isExpired(session)) return { status: 'RS_ERROR_TOKEN_EXPIRED', user };
    const account = await this.users.findAccount(session.user_id);
    if (!account || account.banReason !== null) return { status: 'RS_ERROR_USER_DISABLED', user };
    if (
      typeof request.game_code === 'string' &&
      !(await this.repository.isProviderGameCode(provider.id, request.game_code))
    ) {
      return { status: 'RS_ERROR_INVALID_GAME', user };
    }
    await this.repository.extendSession(session.id, this.sessionDeadline(provider));
    return {
      status: 'RS_OK',
      user,
      currency: session.currency,
      balance: await this.balanceUnits(session.user_id, session.currency),
    };
  }

  // ─── money ──────────────────────────────────────────────────────────────────────────────────

  private async bet(provider: ProviderRow, request: SeamlessBetRequest): Promise<WalletAnswer> {
    if (!provider.enabled) return { status: 'RS_ERROR_INVALID_PARTNER' };
    const user = request.user;
    const fields: TransactionFields = {
      kind: 'bet',
      userId: user,
      currency: request.currency,
      amount: BigInt(request.amount),
      round: request.round,
      gameCode: request.game_code,
      referenceTransactionUuid: null,
      isFree: request.is_free === true,
    };
    return await this.transactions.run(async (transaction) => {
      const opened = await this.open(provider, request, fields, transaction);
      if (!opened.ok) return opened.answer;
      const { session } = opened;

      const refuse = async (answer: StoredAnswer, amountMinor: bigint | null = null) => {
        await this.record(provider, request.transaction_uuid, fields, transaction, {
          state: 'refused',
          sessionId: session.id,
          amountMinor,
          answer,
          ledgerTransactionId: null,
        });
        return fromStored(answer);
      };
      if (this.isExpired(session)) return await refuse({ status: 'RS_ERROR_TOKEN_EXPIRED', user });
      const account = await this.users.findAccount(session.user_id, transaction);
      if (!account || account.banReason !== null) {
        return await refuse({ status: 'RS_ERROR_USER_DISABLED', user });
      }
      const currency = currencyDefinition(request.currency);
      if (
        !currency ||
        request.currency !== session.currency ||
        !provider.currencies.includes(request.currency)
      ) {
        return await refuse({ status: 'RS_ERROR_WRONG_CURRENCY', user });
      }
      const gameId = await this.repository.providerGameId(
        provider.id,
        request.game_code,
        transaction,
      );
      if (gameId === undefined) return await refuse({ status: 'RS_ERROR_INVALID_GAME', user });
      const amountMinor = providerUnitsToMinor(BigInt(request.amount), currency.scale);
      if (amountMinor === null) return { status: 'RS_ERROR_WRONG_TYPES', user };

      let ledgerTransactionId: string | null = null;
      let plan: StakePlan = { mainMinor: 0n, bonusMinor: 0n, bonusId: null, freespin: false };
      // a free bet takes nothing from the player: no stake to fund, count or score
      if (amountMinor > 0n && !fields.isFree) {
        try {
          plan = await this.wagering.plan(transaction, {
            userId: user,
            gameId,
            currency: currency.code,
            stakeMinor: amountMinor,
          });
          ({ transactionId: ledgerTransactionId } = await this.ledger.postTransaction(transaction, {
            type: seamlessLedgerTypes.bet,
            externalReference: `${provider.id}:${request.transaction_uuid}`,
            postings: stakePostings(user, currency.code, plan),
            metadata: movementMetadata(provider, request),
          }));
        } catch (error) {
          if (!isAppError(error)) throw error;
          if (error.code === 'bonus_max_bet_exceeded') {
            // no special status for it: the general error, nothing moved
            return await refuse({ status: 'RS_ERROR_UNKNOWN', user }, amountMinor);
          }
          if (
            error.code === 'responsible_gambling_limit' ||
            error.code === 'reality_check_due' ||
            error.code === 'self_excluded' ||
            error.code === 'timed_out'
          ) {
            // the player's wager, loss or session limit, an unanswered reality check, a time-out
            // or self-exclusion: the protocol's "can't place any new bets"
            return await refuse({ status: 'RS_ERROR_USER_DISABLED', user }, amountMinor);
          }
          if (error.code !== 'insufficient_balance') throw error;
          return await refuse(
            await this.balanceAnswer('RS_ERROR_NOT_ENOUGH_MONEY', user, currency.code, transaction),
            amountMinor,
          );
        }
        await this.bonuses.wagered(transaction, {
          userId: user,
          gameId,
          currency: currency.code,
          bonusId: plan.bonusId,
          stakeMinor: amountMinor,
          bonusStakeMinor: plan.bonusMinor,
        });
        // the stake counts in running tournaments; its rollback takes exactly this back
        await this.tournaments.scored(transaction, {
          userId: user,
          gameId,
          currency: currency.code,
          at: this.clock.now(),
          stakeMinor: amountMinor,
          payoutMinor: 0n,
          multiplier: null,
          rounds: 1,
          reference: `${provider.id}:${request.transaction_uuid}`,
        });
      }
      const answer = await this.apply(provider, request.transaction_uuid, fields, transaction, {
        sessionId: session.id,
        currency: currency.code,
        amountMinor,
        ledgerTransactionId,
        bonusId: plan.bonusId,
        bonusAmountMinor: plan.bonusMinor,
        rewardUuid: request.reward_uuid ?? null,
      });
      await this.repository.extendSession(session.id, this.sessionDeadline(provider), transaction);
      return answer;
    });
  }

  private async win(provider: ProviderRow, request: SeamlessWinRequest): Promise<WalletAnswer> {
    const user = request.user;
    const fields: TransactionFields = {
      kind: 'win',
      userId: user,
      currency: request.currency,
      amount: BigInt(request.amount),
      round: request.round,
      gameCode: request.game_code,
      referenceTransactionUuid: request.reference_transaction_uuid,
      isFree: false,
    };
    return await this.transactions.run(async (transaction) => {
      // An expired token still settles: the round was played while it was valid.
      const opened = await this.open(provider, request, fields, transaction);
      if (!opened.ok) return opened.answer;
      const { session } = opened;

      // Refused wins are not recorded: a win that came before its bet may be sent again.
      const bet = await this.repository.findTransaction(
        provider.id,
        request.reference_transaction_uuid,
        transaction,
      );
      if (bet?.kind !== 'bet' || bet.user_id !== user) {
        return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', user };
      }
      if (bet.state === 'rolled_back') return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', user };
      if (bet.state === 'refused' || bet.round !== request.round) {
        return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', user };
      }
      const currency = currencyDefinition(request.currency);
      if (!currency || request.currency !== bet.currency) {
        return { status: 'RS_ERROR_WRONG_CURRENCY', user };
      }
      const gameId = await this.repository.providerGameId(
        provider.id,
        request.game_code,
        transaction,
      );
      if (gameId === undefined) return { status: 'RS_ERROR_INVALID_GAME', user };
      const amountMinor = providerUnitsToMinor(BigInt(request.amount), currency.scale);
      if (amountMinor === null) return { status: 'RS_ERROR_WRONG_TYPES', user };

      // split like the bet's stake (its bonus part back to the bonus while it is active)
      const { ledgerTransactionId } = await this.bonuses.settled(transaction, {
        userId: user,
        gameId,
        currency: currency.code,
        bonusId: bet.bonus_id,
        stakeMinor: bet.amount_minor ?? 0n,
        bonusStakeMinor: bet.bonus_amount_minor,
        payoutMinor: amountMinor,
        freespin: false,
        reference: `${provider.id}:${request.transaction_uuid}`,
        payoutType: seamlessLedgerTypes.win,
        metadata: {
          ...movementMetadata(provider, request),
          betTransactionUuid: request.reference_transaction_uuid,
          ...(bet.is_free ? { freeBet: true } : {}),
        },
        accrue: false,
      });
      if (!bet.is_free) {
        // the payout counts in running tournaments, its multiplier against the bet's stake
        await this.tournaments.scored(transaction, {
          userId: user,
          gameId,
          currency: currency.code,
          at: this.clock.now(),
          stakeMinor: 0n,
          payoutMinor: amountMinor,
          multiplier: { payoutMinor: amountMinor, stakeMinor: bet.amount_minor ?? 0n },
          rounds: 0,
        });
      }
      return await this.apply(provider, request.transaction_uuid, fields, transaction, {
        sessionId: session.id,
        currency: currency.code,
        amountMinor,
        ledgerTransactionId,
      });
    });
  }

  private async rollback(
    provider: ProviderRow,
    request: SeamlessRollbackRequest,
  ): Promise<WalletAnswer> {
    const user = request.user;
    const fields: TransactionFields = {
      kind: 'rollback',
      userId: user,
      currency: null,
      amount: null,
      round: request.round ?? null,
      gameCode: request.game_code ?? null,
      referenceTransactionUuid: request.reference_transaction_uuid,
      isFree: false,
    };
    return await this.transactions.run(async (transaction) => {
      const opened = await this.open(provider, request, fields, transaction);
      if (!opened.ok) return opened.answer;
      const { session } = opened;

      const now = this.clock.now();
      const bet = await this.repository.findTransaction(
        provider.id,
        request.reference_transaction_uuid,
        transaction,
      );
      let currencyCode = session.currency;
      if (!bet) {
        // A rollback of a bet we never saw moves nothing but is remembered: the bet, should it
        // arrive late, is refused.
        await this.repository.insertTransaction(
          {
            providerId: provider.id,
            transactionUuid: request.reference_transaction_uuid,
            kind: 'bet',
            state: 'rolled_back',
            userId: user,
            sessionId: session.id,
            currency: null,
            amount: null,
            amountMinor: null,
            round: request.round ?? null,
            gameCode: request.game_code ?? null,
            referenceTransactionUuid: null,
            response: null,
            ledgerTransactionId: null,
            at: now,
          },
          transaction,
        );
      } else {
        if (bet.kind !== 'bet' || bet.user_id !== user) {
          return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', user };
        }
        currencyCode = bet.currency ?? session.currency;
        if (bet.state === 'applied') {
          // a free bet took nothing: its rollback refunds nothing and it scored nothing
          const refundMinor = bet.is_free ? 0n : (bet.amount_minor ?? 0n);
          let refundTransactionId: string | null = null;
          if (refundMinor > 0n) {
            // the stake goes back as it was taken; its wagering contribution is taken back
            const gameId =
              bet.bonus_id === null || bet.game_code === null
                ? ''
                : ((await this.repository.providerGameId(
                    provider.id,
                    bet.game_code,
                    transaction,
                  )) ?? '');
            refundTransactionId = await this.bonuses.refunded(
              transaction,
              {
                userId: user,
                gameId,
                currency: currencyCode,
                bonusId: bet.bonus_id,
                stakeMinor: refundMinor,
                bonusStakeMinor: bet.bonus_amount_minor,
              },
              {
                type: seamlessLedgerTypes.rollback,
                // keyed by the bet: whatever rollbacks name it, its stake is refunded once
                reference: `${provider.id}:${bet.transaction_uuid}`,
                metadata: {
                  provider: provider.id,
                  transactionUuid: request.transaction_uuid,
                  betTransactionUuid: bet.transaction_uuid,
                  round: bet.round,
                },
              },
            );
          }
          if (!bet.is_free) {
            await this.tournaments.rolledBack(
              transaction,
              `${provider.id}:${bet.transaction_uuid}`,
            );
          }
          await this.repository.markBetRolledBack(bet.id, refundTransactionId, now, transaction);
        }
        // A bet refused or already rolled back has nothing to refund: answered RS_OK all the same.
      }
      return await this.apply(provider, request.transaction_uuid, fields, transaction, {
        sessionId: session.id,
        currency: currencyCode,
        amountMinor: null,
        ledgerTransactionId: null,
      });
    });
  }

  // ─── helpers ────────────────────────────────────────────────────────────────────────────────

  /**
   * The first steps of a money request inside its database transaction: the session behind the
   * token, a lock on its transaction_uuid and the one it refers to (a win's or rollback's bet),
   * and the stored answer when that transaction_uuid was seen before.
   */
  private async open(
    provider: ProviderRow,
    request: { token: string; user: string; transaction_uuid: string },
    fields: TransactionFields,
    transaction: DatabaseTransaction,
  ): Promise<{ ok: true; session: SessionRow } | { ok: false; answer: WalletAnswer }> {
    const user = request.user;
    const session = await this.findSession(provider, request.token, user, transaction);
    if (!session) return { ok: false, answer: { status: 'RS_ERROR_INVALID_TOKEN', user } };
    const uuids = [request.transaction_uuid];
    if (fields.referenceTransactionUuid !== null) uuids.push(fields.referenceTransactionUuid);
    await this.repository.lockTransactionUuids(provider.id, uuids, transaction);
    const existing = await this.repository.findTransaction(
      provider.id,
      request.transaction_uuid,
      transaction,
    );
    if (existing) return { ok: false, answer: this.repeated(existing, fields) };
    return { ok: true, session };
  }

  /** Records a transaction as applied and answers RS_OK with the player's balance after it. */
  private async apply(
    provider: ProviderRow,
    transactionUuid: string,
    fields: TransactionFields,
    transaction: DatabaseTransaction,
    outcome: {
      sessionId: string;
      currency: string;
      amountMinor: bigint | null;
      ledgerTransactionId: string | null;
      bonusId?: string | null;
      bonusAmountMinor?: bigint;
      rewardUuid?: string | null;
    },
  ): Promise<WalletAnswer> {
    const answer = await this.balanceAnswer('RS_OK', fields.userId, outcome.currency, transaction);
    await this.record(provider, transactionUuid, fields, transaction, {
      state: 'applied',
      sessionId: outcome.sessionId,
      amountMinor: outcome.amountMinor,
      answer,
      ledgerTransactionId: outcome.ledgerTransactionId,
      bonusId: outcome.bonusId ?? null,
      bonusAmountMinor: outcome.bonusAmountMinor ?? 0n,
      rewardUuid: outcome.rewardUuid ?? null,
    });
    return fromStored(answer);
  }

  /** An answer with the player's balance in `currency`, as kept with a transaction. */
  private async balanceAnswer(
    status: SeamlessStatus,
    user: string,
    currency: string,
    transaction: DatabaseTransaction,
  ): Promise<StoredAnswer> {
    return {
      status,
      user,
      currency,
      balance: (await this.balanceUnits(user, currency, transaction)).toString(),
    };
  }

  /** A transaction_uuid seen before: its stored answer, or a duplicate when anything differs. */
  private repeated(existing: TransactionRow, fields: TransactionFields): WalletAnswer {
    const user = fields.userId;
    if (existing.tombstone) {
      return existing.kind === fields.kind && existing.user_id === fields.userId
        ? { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', user }
        : { status: 'RS_ERROR_DUPLICATE_TRANSACTION', user };
    }
    const same =
      existing.kind === fields.kind &&
      existing.user_id === fields.userId &&
      existing.currency === fields.currency &&
      existing.amount === fields.amount &&
      existing.round === fields.round &&
      existing.game_code === fields.gameCode &&
      existing.reference_transaction_uuid === fields.referenceTransactionUuid &&
      existing.is_free === fields.isFree;
    if (!same) return { status: 'RS_ERROR_DUPLICATE_TRANSACTION', user };
    return fromStored(existing.response as StoredAnswer);
  }

  private async record(
    provider: ProviderRow,
    transactionUuid: string,
    fields: TransactionFields,
    transaction: DatabaseTransaction,
    outcome: {
      state: TransactionRow['state'];
      sessionId: string;
      amountMinor: bigint | null;
      answer: StoredAnswer;
      ledgerTransactionId: string | null;
      bonusId?: string | null;
      bonusAmountMinor?: bigint;
      rewardUuid?: string | null;
    },
  ): Promise<void> {
    await this.repository.insertTransaction(
      {
        providerId: provider.id,
        transactionUuid,
        kind: fields.kind,
        state: outcome.state,
        userId: fields.userId,
        sessionId: outcome.sessionId,
        currency: fields.currency,
        amount: fields.amount,
        amountMinor: outcome.amountMinor,
        round: fields.round,
        gameCode: fields.gameCode,
        referenceTransactionUuid: fields.referenceTransactionUuid,
        response: { ...outcome.answer },
        ledgerTransactionId: outcome.ledgerTransactionId,
        at: this.clock.now(),
        bonusId: outcome.bonusId ?? null,
        bonusAmountMinor: outcome.bonusAmountMinor ?? 0n,
        isFree: fields.isFree,
        rewardUuid: outcome.rewardUuid ?? null,
      },
      transaction,
    );
  }

  /** The session behind a token, when it is this provider's and the request names its player. */
  private async findSession(
    provider: ProviderRow,
    token: string,
    user: string,
    executor?: DatabaseExecutor,
  ): Promise<SessionRow | null> {
    if (!isWellFormedSessionToken(token)) return null;
    const session = await this.repository.findSession(
      provider.id,
      hashSessionToken(token),
      executor,
    );
    return session && session.user_id === user ? session : null;
  }

  private isExpired(session: SessionRow): boolean {
    return session.expires_at.getTime() <= this.clock.now().getTime();
  }

  private sessionDeadline(provider: ProviderRow): Date {
    return new Date(this.clock.now().getTime() + provider.session_ttl_seconds * 1000);
  }

  private async balanceUnits(
    userId: string,
    currency: string,
    executor?: DatabaseExecutor,
  ): Promise<bigint> {
    const definition = currencyDefinition(currency);
    if (!definition) throw new RangeError(`unknown currency ${currency}`);
    // what the player can stake: main money and the active bonus's money in this currency
    let minor = 0n;
    for (const account of await this.ledger.balances(userId, executor)) {
      if (account.currency === currency && (account.kind === 'main' || account.kind === 'bonus')) {
        minor += account.balanceMinor;
      }
    }
    return minorToProviderUnits(minor, definition.scale);
  }
}

function isSignedBy(provider: ProviderRow, rawBody: Buffer, signature: string): boolean {
  switch (provider.signature_scheme) {
    case 'rsa_sha256':
      return (
        provider.provider_public_key !== null &&
        verifyRsaSha256(rawBody, signature, provider.provider_public_key)
      );
    case 'hmac_sha256':
      return (
        provider.hmac_secret !== null && verifyHmacSha256(rawBody, signature, provider.hmac_secret)
      );
  }
}

function fromStored(stored: StoredAnswer): WalletAnswer {
  const { balance, ...rest } = stored;
  return balance === undefined ? rest : { ...rest, balance: BigInt(balance) };
}

function movementMetadata(
  provider: ProviderRow,
  request: SeamlessBetRequest | SeamlessWinRequest,
): Record<string, unknown> {
  return {
    provider: provider.id,
    transactionUuid: request.transaction_uuid,
    round: request.round,
    gameCode: request.game_code,
    ...(request.round_closed === undefined || request.round_closed === null
      ? {}
      : { roundClosed: request.round_closed }),
  };
}
