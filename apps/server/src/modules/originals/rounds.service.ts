import { randomUUID } from 'node:crypto';
import {
  betLimitsFor,
  currencyDefinition,
  engineFloatCount,
  fairFloatList,
  formatMinorToDecimal,
  formatMultiplier,
  instantOutcome,
  type MinesAction,
  type MinesParams,
  type MinesState,
  minesAct,
  minesFloatCount,
  minesOutcomeOf,
  minesStart,
  type PageQuery,
  type PlayRoundBody,
  parseDecimalToMinor,
  parseEngineParams,
  payoutMinor,
  type Round,
  storedEngineParams,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { Database, DatabaseTransaction } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type BonusesService, stakePostings } from '../bonuses/bonuses.service.ts';
import type { CatalogCaller, GamesService } from '../games/games.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { RealtimeEvents } from '../realtime/events.ts';
import type { TournamentScoringService } from '../tournaments/tournament-scoring.service.ts';
import type { FairnessService } from './fairness.service.ts';
import type { GameRoundRow, RoundsRepository, RoundView } from './rounds.repository.ts';

export interface PlayerCaller extends CatalogCaller {
  userId: string;
  /** the player's e-mail, whose masked local part names them in `broadcast:last_bet` */
  email: string;
}

function fieldErrors(fields: Array<{ field: string; message: string }>): AppError {
  return new AppError('validation_error', { payload: { fields } });
}

function scaleOf(currency: string): number {
  const definition = currencyDefinition(currency);
  if (!definition) throw new Error(`unknown currency ${currency}`);
  return definition.scale;
}

/** "john.smith@example.com" → "jo***h": enough to recognise oneself, not to identify anyone. */
export function maskPlayerName(name: string): string {
  const characters = [...name];
  if (characters.length <= 2) return `${characters[0] ?? '*'}***`;
  return `${characters.slice(0, 2).join('')}***${characters.at(-1) ?? ''}`;
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
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: RoundsRepository,
    private readonly fairness: Pick<FairnessService, 'takeRoundSeed' | 'serverSeedOf'>,
    private readonly games: Pick<GamesService, 'playableOriginal'>,
    private readonly ledger: Pick<LedgerService, 'postTransaction'>,
    private readonly events: Pick<RealtimeEvents, 'lastBet'>,
    private readonly clock: Clock,
    private readonly bonuses: Pick<BonusesService, 'stakePlan' | 'settled'>,
    private readonly tournaments: Pick<TournamentScoringService, 'scored'>,
  ) {}

  async play(
    transaction: DatabaseTransaction,
    caller: PlayerCaller,
    gameId: string,
    body: PlayRoundBody,
  ): Promise<Round> {
    const game = await this.games.playableOriginal(caller, gameId);
    const { limits } = game;
    const scale = scaleOf(limits.currency);
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
    const round = parsed.params;
    if (round.engine === 'mines') {
      const open = await this.repository.findOpen(transaction, caller.userId, gameId);
      if (open) {
        throw new AppError('round_in_progress', { payload: { roundId: open.id, gameId } });
      }
    }

    // Refusals of the bonus engine (maximum bet, no free spin) come before anything moves.
    const plan = await this.bonuses.stakePlan(transaction, {
      userId: caller.userId,
      gameId,
      currency: limits.currency,
      stakeMinor: betMinor,
      freespinBonusId: body.freespinBonusId,
    });
    const seed = await this.fairness.takeRoundSeed(transaction, caller.userId);
    const roundId = randomUUID();
    const now = this.clock.now();
    if (!plan.freespin) {
      await this.ledger.postTransaction(transaction, {
        type: 'bet',
        externalReference: roundId,
        postings: stakePostings(caller.userId, limits.currency, plan),
        metadata:
          plan.bonusId === null
            ? { gameId, roundId }
            : { gameId, roundId, bonusId: plan.bonusId, bonusMinor: plan.bonusMinor.toString() },
      });
    }
    const floats = fairFloatList(
      { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: Number(seed.nonce) },
      engineFloatCount(round),
    );
    const base = {
      id: roundId,
      userId: caller.userId,
      gameId,
      seedId: seed.seedId,
      nonce: seed.nonce,
      clientSeed: seed.clientSeed,
      currency: limits.currency,
      betMinor,
      rtp: game.rtp,
      params: { ...round.params },
      createdAt: now,
      bonusId: plan.bonusId,
      betBonusMinor: plan.bonusMinor,
      freespin: plan.freespin,
    };
    let row: GameRoundRow;
    if (round.engine === 'mines') {
      const state = minesStart(floats, round.params);
      row = await this.repository.insert(transaction, {
        ...base,
        payoutMinor: 0n,
        multiplier: formatMultiplier(0n),
        outcome: { ...minesOutcomeOf(state) },
        state: 'open',
        settledAt: null,
      });
    } else {
      const result = instantOutcome(round, floats, game.rtp);
      const payout = await this.payOut(transaction, caller.userId, limits.currency, {
        roundId,
        gameId,
        betMinor,
        multiplier: result.multiplier,
        bonusId: plan.bonusId,
        betBonusMinor: plan.bonusMinor,
        freespin: plan.freespin,
      });
      row = await this.repository.insert(transaction, {
        ...base,
        payoutMinor: payout,
        multiplier: result.multiplier,
        outcome: result.outcome,
        state: 'settled',
        settledAt: now,
      });
    }
    // The view of the new round from what is known here: its pair is active, so unrevealed.
    const view: RoundView = {
      ...row,
      engine: game.engine,
      game_title: game.game.title,
      server_seed_hash: seed.serverSeedHash,
      server_seed: null,
    };
    if (view.state === 'settled') await this.publishSettled(transaction, view, caller.email);
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
    const outcome = { ...minesOutcomeOf(step.state) };
    if (step.state.status === 'open') {
      await this.repository.update(transaction, roundId, { outcome, multiplier: step.multiplier });
      return toRound(await this.requireView(transaction, caller.userId, roundId));
    }
    const payout = await this.payOut(transaction, caller.userId, row.currency, {
      roundId,
      gameId,
      betMinor: row.bet_minor,
      multiplier: step.multiplier,
      bonusId: row.bonus_id,
      betBonusMinor: row.bet_bonus_minor,
      freespin: row.freespin,
    });
    await this.repository.update(transaction, roundId, {
      outcome,
      multiplier: step.multiplier,
      state: 'settled',
      payoutMinor: payout,
      settledAt: this.clock.now(),
    });
    const view = await this.requireView(transaction, caller.userId, roundId);
    await this.publishSettled(transaction, view, caller.email);
    return toRound(view);
  }

  async get(userId: string, roundId: string): Promise<Round> {
    return toRound(await this.requireView(this.db, userId, roundId));
  }

  async history(userId: string, gameId: string, page: PageQuery) {
    const { rows, total } = await this.repository.pageOwn(this.db, userId, gameId, page);
    return {
      items: rows.map(toRound),
      meta: { offset: page.offset, limit: page.limit, total },
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

  /**
   * Settles a round's money: floor(bet × multiplier), capped at the currency's maxPayout, is
   * credited by the bonus engine (split like the stake; a free spin's winnings capped by its
   * bonus) and the stake counted for wagering. Returns what the player received.
   */
  private async payOut(
    transaction: DatabaseTransaction,
    userId: string,
    currency: string,
    win: {
      roundId: string;
      gameId: string;
      betMinor: bigint;
      multiplier: string;
      bonusId: string | null;
      betBonusMinor: bigint;
      freespin: boolean;
    },
  ): Promise<bigint> {
    const limits = betLimitsFor(currency);
    if (!limits) throw new Error(`the originals have no limits in ${currency}`);
    const cap = parseDecimalToMinor(limits.maxPayout, scaleOf(currency)) ?? 0n;
    const settlement = await this.bonuses.settled(transaction, {
      userId,
      gameId: win.gameId,
      currency,
      bonusId: win.bonusId,
      stakeMinor: win.betMinor,
      bonusStakeMinor: win.betBonusMinor,
      payoutMinor: payoutMinor(win.betMinor, win.multiplier, cap),
      freespin: win.freespin,
      reference: win.roundId,
      metadata: { roundId: win.roundId, multiplier: win.multiplier },
    });
    return settlement.creditedMinor;
  }

  /**
   * A round settled: it counts in the running tournaments' scores and is published to
   * `broadcast:last_bet`, both in the settling transaction (heard only if it commits).
   */
  private async publishSettled(
    transaction: DatabaseTransaction,
    view: RoundView,
    email: string,
  ): Promise<void> {
    await this.tournaments.scored(transaction, {
      userId: view.user_id,
      gameId: view.game_id,
      currency: view.currency,
      at: view.settled_at ?? this.clock.now(),
      // a free spin is the house's stake, not the player's
      stakeMinor: view.freespin ? 0n : view.bet_minor,
      payoutMinor: view.payout_minor,
      multiplier: { payoutMinor: view.payout_minor, stakeMinor: view.bet_minor },
      rounds: 1,
    });
    const scale = scaleOf(view.currency);
    await this.events.lastBet(transaction, {
      id: view.id,
      gameId: view.game_id,
      gameTitle: view.game_title,
      player: maskPlayerName(email.split('@')[0] ?? ''),
      bet: formatMinorToDecimal(view.bet_minor, scale),
      multiplier: view.multiplier,
      payout: formatMinorToDecimal(view.payout_minor, scale),
      currency: view.currency,
      timestamp: (view.settled_at ?? view.created_at).toISOString(),
    });
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

function toRound(view: RoundView): Round {
  const scale = scaleOf(view.currency);
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
