import { randomUUID } from 'node:crypto';
import {
  betLimitsFor,
  currencyScale,
  type EngineParams,
  engineFloatCount,
  formatMinorToDecimal,
  formatMultiplier,
  type HistoryPageQuery,
  type InstantEngineParams,
  instantOutcome,
  type LastBet,
  lastBetChannel,
  type MinesAction,
  type MinesParams,
  type MinesState,
  minesAct,
  minesFloatCount,
  minesOutcomeOf,
  minesStart,
  type PlayRoundBody,
  parseDecimalToMinor,
  parseEngineParams,
  payoutMinor,
  type Round,
  splitPayout,
  splitStake,
  storedEngineParams,
  userChannel,
  wagerContributionMinor,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseTransaction } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { Batcher } from '../../../lib/batcher.ts';
import type { Clock } from '../../../lib/clock.ts';
import { decodeHistoryCursor, historyMeta } from '../../../lib/history-page.ts';
import { isRetryableTransactionError, retrying } from '../../../lib/transactions.ts';
import { TtlMap } from '../../../lib/ttl-map.ts';
import type { BalanceService } from '../../money/ledger/balance.service.ts';
import { insufficientBalance, type PlayerAccountKind } from '../../money/ledger/ledger.service.ts';
import type {
  KeptBonus,
  WagerOutcome,
  WagerRound,
  WagerRoundRecord,
} from '../../money/wagering/wager-round.ts';
import type { Wagering } from '../../money/wagering/wagering.service.ts';
import { maskPlayerName } from '../../players/accounts/public-name.ts';
import type { TournamentScoringService } from '../../promotions/tournaments/tournament-scoring.service.ts';
import type { RealtimeEvents } from '../../realtime/events.ts';
import type { CatalogCaller, GamesService, PlayableOriginal } from '../games/games.service.ts';
import { fairFloatList } from './fair-floats.ts';
import type { FairnessService } from './fairness.service.ts';
import {
  type GameRoundRow,
  type InstantBonusContext,
  type InstantRoundContext,
  type RoundsRepository,
  type RoundView,
  roundKeyParts,
} from './rounds.repository.ts';

export interface PlayerCaller extends CatalogCaller {
  userId: string;
  /** the session the request came with: an instant round's settlement checks it again */
  sessionId: string;
  /** the player's e-mail, whose masked local part names them in `broadcast:last_bet` */
  email: string;
}

/** The request's idempotency record key and hash (lib/idempotency.ts). */
export interface IdempotentRequest {
  scope: string;
  key: string;
  hash: Buffer;
}

/**
 * An instant round through the one-statement settlement: played, replayed from its key's stored
 * response, or handed to the general path (`general`) when the round needs it.
 */
export type InstantPlay =
  | { kind: 'played'; round: Round }
  | { kind: 'replayed'; statusCode: number; body: unknown }
  | { kind: 'general' };

/** How often an instant round is recomputed when the player's nonce or balance moved meanwhile. */
const instantAttempts = 3;

/** The most rounds one settle_rounds call settles. */
const instantBatchMax = 64;

/**
 * How long a process keeps a player's instant round context without reading it again. What it
 * keeps may be outdated at any time (another process, a deposit, a general round): the
 * settlement checks all of it and answers 'stale' or 'moved', and the context is read again.
 */
const instantContextMs = 60_000;
const instantContextsMax = 50_000;

function balanceOf(
  context: InstantRoundContext,
  currency: string,
  kind: 'main' | 'bonus',
): bigint | undefined {
  return context.accounts.find((account) => account.currency === currency && account.kind === kind)
    ?.balanceMinor;
}

function mainBalanceOf(context: InstantRoundContext, currency: string): bigint {
  return balanceOf(context, currency, 'main') ?? 0n;
}

/**
 * Whether a player's rounds in `currency` take the general path whatever the round, judged from
 * their instant round context alone — the one place this routing is decided (settle_rounds
 * checks again everything it is decided from): no seed pair yet, a responsible-gambling wager or
 * loss limit (the stake plan checks it under its lock), a pending bonus waiting behind the active
 * one, or an active bonus whose money is in another currency (its stakes count for the wagering
 * through a conversion only the general path makes). A player holding an active
 * bonus in the round's currency takes the instant path; the rounds that end or could end the
 * bonus still go the general way (`keptBonusRound`).
 */
function takesGeneralPath(context: InstantRoundContext, currency: string): boolean {
  if (context.seed === null || context.stakeLimits || context.pendingBonus) return true;
  // (a missing main or bonus account is no reason: a part of the stake it cannot fund is never
  // taken from it, so the payout's split credits it nothing either)
  return context.bonus !== null && context.bonus.currency !== currency;
}

/** How a kept round's stake is funded: main money, then the active bonus's (Wagering.plan). */
type KeptFunding =
  | { kind: 'funded'; mainMinor: bigint; bonusMinor: bigint }
  /** the balances as kept do not cover it */
  | { kind: 'short'; balanceMinor: bigint }
  /** only the general path can answer: a maximum bet exceeded (bonus_max_bet_exceeded) */
  | { kind: 'general' };

function keptFunding(
  context: InstantRoundContext,
  currency: string,
  betMinor: bigint,
): KeptFunding {
  const mainMinor = mainBalanceOf(context, currency);
  const bonus = context.bonus;
  if (bonus === null) {
    return mainMinor < betMinor
      ? { kind: 'short', balanceMinor: mainMinor }
      : { kind: 'funded', mainMinor: betMinor, bonusMinor: 0n };
  }
  if (bonus.maxBetMinor !== null && betMinor > bonus.maxBetMinor) return { kind: 'general' };
  const bonusMinor = balanceOf(context, currency, 'bonus') ?? 0n;
  const split = splitStake(betMinor, mainMinor, bonusMinor);
  if (!split) return { kind: 'short', balanceMinor: mainMinor + bonusMinor };
  return { kind: 'funded', ...split };
}

/**
 * A round of a player holding an active bonus, as the bonus engine would settle it: its payout
 * split like its stake, its wagering (stake × the game's percent), and whether it changes more
 * than those counters — it completes the wagering or spends the last bonus money
 * (`settleOutcome`): such a round goes the general way (null).
 */
function keptBonusRound(
  bonus: InstantBonusContext,
  percent: number,
  round: {
    betMinor: bigint;
    bonusStakeMinor: bigint;
    payoutMinor: bigint;
    bonusBalanceMinor: bigint;
  },
): { payout: { mainMinor: bigint; bonusMinor: bigint }; wagerMinor: bigint } | null {
  const payout =
    round.bonusStakeMinor > 0n
      ? splitPayout(round.payoutMinor, round.betMinor, round.bonusStakeMinor)
      : { mainMinor: round.payoutMinor, bonusMinor: 0n };
  const wagerMinor = wagerContributionMinor(round.betMinor, percent);
  if (bonus.freespinsLeft === 0) {
    if (bonus.wagerCurrentMinor + wagerMinor >= bonus.wagerTotalMinor) return null;
    const left = round.bonusBalanceMinor - round.bonusStakeMinor + payout.bonusMinor;
    if (round.bonusStakeMinor > 0n && left <= 0n) return null;
  }
  return { payout, wagerMinor };
}

/** A player's balances as the settlement compares them: "CUR:kind" → minor units. */
function sheetOf(accounts: InstantRoundContext['accounts']): Record<string, string> {
  return Object.fromEntries(
    accounts.map((account) => [
      `${account.currency}:${account.kind}`,
      account.balanceMinor.toString(),
    ]),
  );
}

function fieldErrors(fields: Array<{ field: string; message: string }>): AppError {
  return new AppError('validation_error', { payload: { fields } });
}

export interface RoundsServiceDependencies {
  db: Kysely<Database>;
  repository: RoundsRepository;
  fairness: Pick<FairnessService, 'lockRoundSeed' | 'serverSeedOf'>;
  games: Pick<GamesService, 'playableOriginal'>;
  events: Pick<RealtimeEvents, 'lastBet' | 'committedPublications'>;
  clock: Clock;
  /** the stake plan and the one settlement path of rounds (money/wagering) */
  wagering: Pick<Wagering, 'plan' | 'settleOne' | 'settleBatch'>;
  tournaments: Pick<TournamentScoringService, 'increments'>;
  balance: Pick<BalanceService, 'fromSheet' | 'fromSheetWithActiveBonus'>;
}

/**
 * Rounds of the in-house originals. Playing one is a single transaction (the caller's, opened
 * by the idempotency layer): the bonus engine plans the stake (main money, then the active
 * bonus's money; or a free spin the house funds), the seed pair's next nonce is taken under its
 * row lock, the stake is debited to the house in one posting ('bet', reference = round id), the
 * outcome is computed from the seeds, the payout credited from the house split like the stake
 * ('win', same reference) and the stake counted for the bonus's wagering, the round stored with
 * its split and, once settled, published to `broadcast:last_bet`. A stake above the balance
 * rolls all of it back (`insufficient_balance`), nonce included.
 */
export class RoundsService {
  private readonly db: Kysely<Database>;
  private readonly repository: RoundsRepository;
  private readonly fairness: Pick<FairnessService, 'lockRoundSeed' | 'serverSeedOf'>;
  private readonly games: Pick<GamesService, 'playableOriginal'>;
  private readonly events: Pick<RealtimeEvents, 'lastBet' | 'committedPublications'>;
  private readonly clock: Clock;
  private readonly wagering: Pick<Wagering, 'plan' | 'settleOne' | 'settleBatch'>;
  private readonly tournaments: Pick<TournamentScoringService, 'increments'>;
  private readonly balance: Pick<BalanceService, 'fromSheet' | 'fromSheetWithActiveBonus'>;

  constructor({
    db,
    repository,
    fairness,
    games,
    events,
    clock,
    wagering,
    tournaments,
    balance,
  }: RoundsServiceDependencies) {
    this.db = db;
    this.repository = repository;
    this.fairness = fairness;
    this.games = games;
    this.events = events;
    this.clock = clock;
    this.wagering = wagering;
    this.tournaments = tournaments;
    this.balance = balance;
    this.instantBatches = new Batcher((inputs) => this.settleInstantBatch(inputs), {
      maxItems: instantBatchMax,
      // a player's next round is computed from what the previous one leaves
      keyOf: (input) => input.round.userId,
    });
    this.instantContexts = new TtlMap(
      instantContextMs,
      () => this.clock.now().getTime(),
      instantContextsMax,
    );
  }

  /** Each player's instant round context as their last round here left it (or as read). */
  private readonly instantContexts: TtlMap<InstantRoundContext>;

  /** Instant rounds ready to settle, sent to the database together (group commit). */
  private readonly instantBatches: Batcher<WagerRound, WagerOutcome>;

  /**
   * One settle_rounds call for the batch (money/wagering). Should it fail as a whole (anything but a
   * serialization failure or deadlock, which the rounds' callers retry), each round is settled
   * again alone: one round's failure does not fail the rounds batched with it.
   */
  private async settleInstantBatch(
    inputs: WagerRound[],
  ): Promise<Array<PromiseSettledResult<WagerOutcome>>> {
    const historySize = this.events.committedPublications()?.historySize;
    if (historySize === undefined) throw new Error('instant rounds need committed publications');
    try {
      const outcomes = await this.wagering.settleBatch(this.db, inputs, historySize);
      return outcomes.map((value) => ({ status: 'fulfilled', value }));
    } catch (error) {
      if (inputs.length === 1 || isRetryableTransactionError(error)) throw error;
      return await Promise.allSettled(
        inputs.map(async (input) => {
          const [outcome] = await this.wagering.settleBatch(this.db, [input], historySize);
          if (!outcome) throw new Error('settle_rounds did not answer');
          return outcome;
        }),
      );
    }
  }

  /**
   * The hot path of the instant originals (dice, limbo, plinko, keno, slots) for a player
   * without a bonus or holding an active one in the round's currency (its stake split main money
   * first, its payout split like it, its wagering counted — the bonus engine's rules, applied
   * here and checked again by the statement under the bonus row's lock): what the round needs
   * (seed pair, balances, bonus) as this process last
   * left it, or else one read of it with the key's record; the outcome computed here; then one
   * statement shared with the other rounds ready at that moment
   * (settle_rounds, money/wagering/db/, the general path's writer too) that applies all of it only
   * if the session, the seed pair and every balance are still the ones the round was computed
   * from — the same effects, in one transaction, as `play` in the idempotency layer's transaction. When they are not, the
   * context is read again and the round computed again. A mines round, a free spin, whatever
   * `takesGeneralPath` sends there (no seed pair yet, a stake limit, a pending bonus, a bonus in
   * another currency), a round that would end the bonus (its wagering met, its money spent) or that its
   * maximum bet refuses, a bonus past its deadline, a key in use (a replay among them), a
   * session that needs reading again and a realtime engine that cannot take the statement's
   * publications answer `general`.
   */
  async playInstant(
    caller: PlayerCaller,
    gameId: string,
    body: PlayRoundBody,
    request: IdempotentRequest,
  ): Promise<InstantPlay> {
    const publications = this.events.committedPublications();
    if (publications === null || body.freespinBonusId !== undefined) return { kind: 'general' };
    const prepared = await this.prepare(caller, gameId, body);
    if (prepared.round.engine === 'mines') return { kind: 'general' };
    const round = prepared.round;
    const currency = prepared.game.limits.currency;
    let context = this.instantContexts.get(caller.userId);
    let kept = context !== undefined;
    for (let attempt = 0; attempt < instantAttempts; attempt += 1) {
      if (!context) {
        kept = false;
        const read = await this.repository.instantContext(this.db, caller.userId, request, gameId);
        if (!read) throw new AppError('unauthorized');
        if (read.replay) {
          if (!read.replay.hash.equals(request.hash)) throw new AppError('idempotency_key_reused');
          if (read.replay.statusCode === null) return { kind: 'general' };
          return { kind: 'replayed', statusCode: read.replay.statusCode, body: read.replay.body };
        }
        context = read;
        this.instantContexts.set(caller.userId, context);
      }
      // the request's account is older or newer than the context: the session is read again
      if (context.primaryCurrency !== caller.currency) {
        this.instantContexts.delete(caller.userId);
        return { kind: 'general' };
      }
      if (takesGeneralPath(context, currency)) {
        // the general round changes what was kept: read again next time
        this.instantContexts.delete(caller.userId);
        return { kind: 'general' };
      }
      if (context.bonus && context.bonus.percents[gameId] === undefined) {
        // the game's contribution to the bonus's wagering is read with the context
        if (kept) {
          this.instantContexts.delete(caller.userId);
          context = undefined;
          continue;
        }
        throw new Error(`the instant context of ${caller.userId} was read without ${gameId}`);
      }
      if (context.bonus && context.bonus.expiresAt.getTime() <= this.clock.now().getTime()) {
        // the expiry job ends it; until then the general path plays on it, as it always did
        this.instantContexts.delete(caller.userId);
        return { kind: 'general' };
      }
      const funding = keptFunding(context, currency, prepared.betMinor);
      if (funding.kind === 'general') return { kind: 'general' };
      if (funding.kind === 'short') {
        // what this process kept may predate a deposit: only a balance read now refuses
        if (kept) {
          this.instantContexts.delete(caller.userId);
          context = undefined;
          continue;
        }
        // the general path answers a bonus holder's shortfall (its payload counts both moneys)
        if (context.bonus) return { kind: 'general' };
        throw insufficientBalance({
          currency,
          balanceMinor: funding.balanceMinor,
          debitMinor: prepared.betMinor,
        });
      }
      const computedFrom = context;
      const played = await retrying(() =>
        this.settleInstant(caller, prepared, round, computedFrom, request, funding.bonusMinor),
      );
      switch (played.status) {
        case 'stale':
        case 'moved':
          this.instantContexts.delete(caller.userId);
          context = undefined;
          continue;
        case 'bonus':
        case 'nohouse':
          this.instantContexts.delete(caller.userId);
          return { kind: 'general' };
        case 'key':
        case 'session':
          return { kind: 'general' };
        case 'short':
          throw insufficientBalance(played);
        case 'played':
          this.instantContexts.set(caller.userId, played.next);
          break;
      }
      if (played.position === null)
        throw new Error('an instant round is published with its balance');
      void publications
        .notify([
          { channel: played.balanceChannel, position: played.position, data: played.balanceData },
          {
            channel: lastBetChannel,
            position: null,
            data: JSON.stringify(this.lastBetOf(played.view, caller.email)),
          },
        ])
        .catch(() => {
          // The round stands; its balance publication is in the history for recovery.
        });
      return { kind: 'played', round: played.response };
    }
    return { kind: 'general' };
  }

  /** Computes the round from the context and settles it in one statement. */
  private async settleInstant(
    caller: PlayerCaller,
    prepared: PreparedRound,
    round: InstantEngineParams,
    context: InstantRoundContext,
    request: IdempotentRequest,
    bonusStakeMinor: bigint,
  ) {
    const seed = context.seed;
    if (!seed) throw new Error('an instant round needs a seed pair');
    const { game, betMinor } = prepared;
    const currency = game.limits.currency;
    const mainMinor = mainBalanceOf(context, currency);
    const floats = fairFloatList(
      { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: Number(seed.nextNonce) },
      engineFloatCount(round),
    );
    const result = instantOutcome(round, floats, game.rtp);
    const payout = payoutMinor(betMinor, result.multiplier, maxPayoutMinorOf(currency));
    const bonus = context.bonus;
    let split = { mainMinor: payout, bonusMinor: 0n };
    let keptBonus: KeptBonus | null = null;
    let wagerMinor = 0n;
    if (bonus) {
      const percent = bonus.percents[prepared.gameId];
      if (percent === undefined) throw new Error('a kept bonus round needs its game contribution');
      const settled = keptBonusRound(bonus, percent, {
        betMinor,
        bonusStakeMinor,
        payoutMinor: payout,
        bonusBalanceMinor: balanceOf(context, currency, 'bonus') ?? 0n,
      });
      // the round completes or loses the bonus: the general path settles it
      if (!settled) return { status: 'bonus' as const };
      split = settled.payout;
      wagerMinor = settled.wagerMinor;
      keptBonus = {
        percent,
        wagerCurrentMinor: bonus.wagerCurrentMinor,
        wagerTotalMinor: bonus.wagerTotalMinor,
        freespinsLeft: bonus.freespinsLeft,
        maxBetMinor: bonus.maxBetMinor,
      };
    }
    const now = this.clock.now();
    const view: RoundView = {
      id: randomUUID(),
      user_id: caller.userId,
      game_id: prepared.gameId,
      seed_id: seed.id,
      nonce: seed.nextNonce,
      client_seed: seed.clientSeed,
      currency,
      bet_minor: betMinor,
      payout_minor: payout,
      multiplier: result.multiplier,
      rtp: game.rtp,
      params: { ...round.params },
      outcome: result.outcome,
      state: 'settled',
      created_at: now,
      settled_at: now,
      bonus_id: bonus?.id ?? null,
      bet_bonus_minor: bonusStakeMinor,
      freespin: false,
      engine: game.engine,
      game_title: game.game.title,
      server_seed_hash: seed.serverSeedHash,
      server_seed: null,
    };
    const increments = await this.tournaments.increments(scoredPlayOf(view), this.db);
    const deltaOf = (kind: string) => {
      if (kind === 'main') return split.mainMinor - (betMinor - bonusStakeMinor);
      if (kind === 'bonus') return split.bonusMinor - bonusStakeMinor;
      return 0n;
    };
    const accounts = context.accounts.map((account) => ({
      currency: account.currency,
      kind: account.kind as PlayerAccountKind,
      balanceMinor:
        account.currency === currency
          ? account.balanceMinor + deltaOf(account.kind)
          : account.balanceMinor,
    }));
    const mainDelta = deltaOf('main');
    if (
      mainDelta !== 0n &&
      !accounts.some((account) => account.currency === currency && account.kind === 'main')
    ) {
      accounts.push({ currency, kind: 'main', balanceMinor: mainDelta });
    }
    const sheet = { primaryCurrency: context.primaryCurrency, accounts };
    const nextBonus = bonus
      ? { ...bonus, wagerCurrentMinor: bonus.wagerCurrentMinor + wagerMinor }
      : null;
    const balanceData = JSON.stringify(
      nextBonus
        ? await this.balance.fromSheetWithActiveBonus(sheet, nextBonus)
        : await this.balance.fromSheet(sheet, []),
    );
    // what the player's next round here is computed from, once this one is played
    const next: InstantRoundContext = {
      ...context,
      accounts: accounts.map((account) => ({ ...account })),
      seed: { ...seed, nextNonce: seed.nextNonce + 1n },
      bonus: nextBonus,
      replay: null,
    };
    const balanceChannel = userChannel('balance', context.globalId);
    // the answer, stored with the idempotency key and sent as it is
    const response = toRound(view);
    const outcome = await this.instantBatches.submit({
      existing: false,
      round: recordOf(view),
      payout: split,
      sessionId: caller.sessionId,
      kept: {
        primaryCurrency: context.primaryCurrency,
        mainMinor,
        sheet: sheetOf(context.accounts),
        bonus: keptBonus,
      },
      idempotency: {
        scope: request.scope,
        key: request.key,
        requestHash: request.hash,
        response,
      },
      tournaments: {
        ids: increments.map((increment) => increment.tournamentId),
        scores: increments.map((increment) => increment.score),
      },
      publication: { channel: balanceChannel, data: balanceData },
    });
    if (outcome.status !== 'played') return outcome;
    return { ...outcome, view, response, balanceChannel, balanceData, next };
  }

  /** The game, the stake and the parameters of a round to play, checked. */
  private async prepare(
    caller: PlayerCaller,
    gameId: string,
    body: PlayRoundBody,
  ): Promise<PreparedRound> {
    const game = await this.games.playableOriginal(caller, gameId);
    const { limits } = game;
    const scale = currencyScale(limits.currency);
    const betMinor = parseDecimalToMinor(body.bet, scale);
    if (betMinor === null || betMinor <= 0n) {
      throw fieldErrors([{ field: 'bet', message: 'Validation.invalid_amount' }]);
    }
    const minMinor = parseDecimalToMinor(limits.minBet, scale) ?? 0n;
    const maxMinor = parseDecimalToMinor(limits.maxBet, scale) ?? 0n;
    if (betMinor < minMinor || betMinor > maxMinor) {
      throw new AppError('bet_out_of_limits', { payload: { ...limits } });
    }
    const parsed = parseEngineParams(game.engine, body.params, game.variant, game.rtp);
    if (!parsed.success) {
      throw fieldErrors(
        parsed.fields.map((field) => ({ ...field, field: `params.${field.field}` })),
      );
    }
    return { gameId, game, betMinor, round: parsed.params };
  }

  async play(
    transaction: DatabaseTransaction,
    caller: PlayerCaller,
    gameId: string,
    body: PlayRoundBody,
  ): Promise<Round> {
    const { game, betMinor, round } = await this.prepare(caller, gameId, body);
    const { limits } = game;
    if (round.engine === 'mines') {
      const open = await this.repository.findOpen(transaction, caller.userId, gameId);
      if (open) {
        throw new AppError('round_in_progress', { payload: { roundId: open.id, gameId } });
      }
    }

    // Refusals of the stake plan (maximum bet, no free spin) come before anything moves.
    const plan = await this.wagering.plan(transaction, {
      userId: caller.userId,
      gameId,
      currency: limits.currency,
      stakeMinor: betMinor,
      freespinBonusId: body.freespinBonusId,
    });
    const seed = await this.fairness.lockRoundSeed(transaction, caller.userId);
    const floats = fairFloatList(
      { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: Number(seed.nonce) },
      engineFloatCount(round),
    );
    const base = {
      id: randomUUID(),
      userId: caller.userId,
      gameId,
      seedId: seed.seedId,
      nonce: seed.nonce,
      clientSeed: seed.clientSeed,
      currency: limits.currency,
      betMinor,
      betBonusMinor: plan.bonusMinor,
      bonusId: plan.bonusId,
      freespin: plan.freespin,
      rtp: game.rtp,
      params: { ...round.params },
      at: this.clock.now(),
    };
    let record: WagerRoundRecord;
    let payout = 0n;
    if (round.engine === 'mines') {
      const state = minesStart(floats, round.params);
      record = {
        ...base,
        multiplier: formatMultiplier(0n),
        outcome: { ...minesOutcomeOf(state) },
        state: 'open',
      };
    } else {
      const result = instantOutcome(round, floats, game.rtp);
      payout = payoutMinor(betMinor, result.multiplier, maxPayoutMinorOf(limits.currency));
      record = {
        ...base,
        multiplier: result.multiplier,
        outcome: result.outcome,
        state: 'settled',
      };
    }
    const credited = await this.wagering.settleOne(transaction, {
      existing: false,
      round: record,
      payoutMinor: payout,
      sessionId: caller.sessionId,
      tournaments: (creditedMinor) => this.scoresOf(transaction, record, creditedMinor),
    });
    // The view of the new round from what is known here: its pair is active, so unrevealed.
    const view: RoundView = {
      ...rowOf(record, credited, record.at),
      engine: game.engine,
      game_title: game.game.title,
      server_seed_hash: seed.serverSeedHash,
      server_seed: null,
    };
    if (view.state === 'settled') {
      await this.events.lastBet(transaction, this.lastBetOf(view, caller.email));
    }
    return toRound(view);
  }

  /**
   * A reveal or cash-out on an open mines round; a mine or a cash-out settles it. The game's
   * availability is not checked again: a round whose stake was taken can always be finished.
   */
  async act(
    transaction: DatabaseTransaction,
    caller: PlayerCaller,
    gameId: string,
    roundId: string,
    action: MinesAction,
  ): Promise<Round> {
    const row = await this.repository.lockOwn(transaction, caller.userId, gameId, roundId);
    if (!row) throw new AppError('not_found', { message: 'You have no such round.' });
    if (row.state !== 'open') throw new AppError('round_not_open', { payload: { roundId } });
    const round = storedEngineParams('mines', row.params, row.rtp);
    if (round?.engine !== 'mines') throw new Error(`round ${roundId} is not a mines round`);
    const state = await this.replayOpenMines(transaction, row, round.params);
    const step = minesAct(state, action, row.rtp);
    if (!step.success) {
      if (step.error === 'round_over')
        throw new AppError('round_not_open', { payload: { roundId } });
      throw fieldErrors([
        {
          field: step.error === 'tile_revealed' ? 'tile' : 'action',
          message: 'Validation.invalid_value',
        },
      ]);
    }
    const settles = step.state.status !== 'open';
    const record: WagerRoundRecord = {
      id: row.id,
      userId: row.user_id,
      gameId: row.game_id,
      seedId: row.seed_id,
      nonce: row.nonce,
      clientSeed: row.client_seed,
      currency: row.currency,
      betMinor: row.bet_minor,
      betBonusMinor: row.bet_bonus_minor,
      bonusId: row.bonus_id,
      freespin: row.freespin,
      multiplier: step.multiplier,
      rtp: row.rtp,
      params: row.params,
      outcome: { ...minesOutcomeOf(step.state) },
      state: settles ? 'settled' : 'open',
      at: this.clock.now(),
    };
    await this.wagering.settleOne(transaction, {
      existing: true,
      round: record,
      payoutMinor: settles
        ? payoutMinor(row.bet_minor, step.multiplier, maxPayoutMinorOf(row.currency))
        : 0n,
      sessionId: caller.sessionId,
      tournaments: (creditedMinor) => this.scoresOf(transaction, record, creditedMinor),
    });
    const view = await this.requireView(transaction, caller.userId, roundId);
    if (settles) await this.events.lastBet(transaction, this.lastBetOf(view, caller.email));
    return toRound(view);
  }

  async get(userId: string, roundId: string): Promise<Round> {
    return toRound(await this.requireView(this.db, userId, roundId));
  }

  /** The player's rounds of a game, newest first, by cursor or offset (lib/history-page.ts). */
  async history(userId: string, gameId: string, page: HistoryPageQuery) {
    const position =
      page.cursor === undefined ? null : decodeHistoryCursor(page.cursor, roundKeyParts);
    const offset = position ? position.offset : page.offset;
    const { rows, counted } = await this.repository.pageOwn(this.db, userId, gameId, {
      limit: page.limit,
      offset,
      position,
    });
    const last = rows.at(-1);
    return {
      items: rows.map(toRound),
      meta: historyMeta({
        offset,
        limit: page.limit,
        counted,
        rows: rows.length,
        lastKey: last ? [last.cursor_at, String(last.nonce), last.id] : null,
      }),
    };
  }

  /** Rebuilds an open round's board from its seeds and the tiles revealed so far. */
  private async replayOpenMines(
    transaction: DatabaseTransaction,
    row: { seed_id: string; client_seed: string; nonce: bigint; outcome: Record<string, unknown> },
    params: MinesParams,
  ): Promise<MinesState> {
    const serverSeed = await this.fairness.serverSeedOf(transaction, row.seed_id);
    const floats = fairFloatList(
      { serverSeed, clientSeed: row.client_seed, nonce: Number(row.nonce) },
      minesFloatCount,
    );
    const revealed = Array.isArray(row.outcome.revealed)
      ? row.outcome.revealed.filter((tile): tile is number => typeof tile === 'number')
      : [];
    return { ...minesStart(floats, params), revealed };
  }

  /** What a settled round adds in the running tournaments (settle_rounds writes it). */
  private async scoresOf(
    transaction: DatabaseTransaction,
    record: WagerRoundRecord,
    creditedMinor: bigint,
  ): Promise<{ ids: string[]; scores: string[] }> {
    const view = rowOf(record, creditedMinor, record.at);
    const increments = await this.tournaments.increments(scoredPlayOf(view), transaction);
    return {
      ids: increments.map((increment) => increment.tournamentId),
      scores: increments.map((increment) => increment.score),
    };
  }

  /** The `broadcast:last_bet` publication of a settled round (the player's name masked). */
  private lastBetOf(view: RoundView, email: string): LastBet {
    const scale = currencyScale(view.currency);
    return {
      id: view.id,
      gameId: view.game_id,
      gameTitle: view.game_title,
      player: maskPlayerName(email.split('@')[0] ?? ''),
      bet: formatMinorToDecimal(view.bet_minor, scale),
      multiplier: view.multiplier,
      payout: formatMinorToDecimal(view.payout_minor, scale),
      currency: view.currency,
      timestamp: (view.settled_at ?? view.created_at).toISOString(),
    };
  }

  private async requireView(
    executor: Kysely<Database> | DatabaseTransaction,
    userId: string,
    roundId: string,
  ): Promise<RoundView> {
    const view = await this.repository.findOwnView(executor, userId, roundId);
    if (!view) throw new AppError('not_found', { message: 'You have no such round.' });
    return view;
  }
}

interface PreparedRound {
  gameId: string;
  game: PlayableOriginal;
  betMinor: bigint;
  round: EngineParams;
}

/** The originals' payout cap in a currency (its maxPayout), in minor units. */
function maxPayoutMinorOf(currency: string): bigint {
  const limits = betLimitsFor(currency);
  if (!limits) throw new Error(`the originals have no limits in ${currency}`);
  return parseDecimalToMinor(limits.maxPayout, currencyScale(currency)) ?? 0n;
}

/** The stored row of a round as settle_rounds writes it (`createdAt`: a new round's `at`). */
function rowOf(record: WagerRoundRecord, creditedMinor: bigint, createdAt: Date): GameRoundRow {
  return {
    id: record.id,
    user_id: record.userId,
    game_id: record.gameId,
    seed_id: record.seedId,
    nonce: record.nonce,
    client_seed: record.clientSeed,
    currency: record.currency,
    bet_minor: record.betMinor,
    payout_minor: creditedMinor,
    multiplier: record.multiplier,
    rtp: record.rtp,
    params: record.params,
    outcome: record.outcome,
    state: record.state,
    created_at: createdAt,
    settled_at: record.state === 'settled' ? record.at : null,
    bonus_id: record.bonusId,
    bet_bonus_minor: record.betBonusMinor,
    freespin: record.freespin,
  };
}

/** A new round as settle_rounds takes it, from its view. */
function recordOf(view: RoundView): WagerRoundRecord {
  return {
    id: view.id,
    userId: view.user_id,
    gameId: view.game_id,
    seedId: view.seed_id,
    nonce: view.nonce,
    clientSeed: view.client_seed,
    currency: view.currency,
    betMinor: view.bet_minor,
    betBonusMinor: view.bet_bonus_minor,
    bonusId: view.bonus_id,
    freespin: view.freespin,
    multiplier: view.multiplier,
    rtp: view.rtp,
    params: view.params,
    outcome: view.outcome,
    state: view.state === 'open' ? 'open' : 'settled',
    at: view.created_at,
  };
}

/** A settled round as the tournaments score it. */
function scoredPlayOf(view: GameRoundRow, fallbackAt = view.created_at) {
  return {
    userId: view.user_id,
    gameId: view.game_id,
    currency: view.currency,
    at: view.settled_at ?? fallbackAt,
    // a free spin is the house's stake, not the player's
    stakeMinor: view.freespin ? 0n : view.bet_minor,
    payoutMinor: view.payout_minor,
    multiplier: { payoutMinor: view.payout_minor, stakeMinor: view.bet_minor },
    rounds: 1 as const,
  };
}

function toRound(view: RoundView): Round {
  const scale = currencyScale(view.currency);
  return {
    id: view.id,
    gameId: view.game_id,
    engine: view.engine,
    state: view.state,
    currency: view.currency,
    bet: formatMinorToDecimal(view.bet_minor, scale),
    payout: formatMinorToDecimal(view.payout_minor, scale),
    // numeric(20, 4) and numeric(6, 4) arrive with their four decimals
    multiplier: view.multiplier,
    rtp: view.rtp,
    params: view.params,
    outcome: view.outcome,
    clientSeed: view.client_seed,
    nonce: Number(view.nonce),
    serverSeedHash: view.server_seed_hash,
    serverSeed: view.server_seed,
    createdAt: view.created_at.toISOString(),
    settledAt: view.settled_at?.toISOString() ?? null,
  };
}
