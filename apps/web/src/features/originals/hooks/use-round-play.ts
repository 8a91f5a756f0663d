import type { GameSession, MinesAction, Round } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, isNetworkError } from '@/lib/api-error';
import { holdBalanceReveal } from '@/lib/balance-reveal';
import { attemptFor, type IdempotencyAttempt } from '@/lib/idempotency-key';
import { notifyApiError } from '@/lib/notify';
import {
  isPlayPaused,
  playSessionQueryKey,
  realityCheckPause,
  setPlayPaused,
  usePlayPaused,
} from '@/lib/play-pause';
import { fairnessQueryKey } from '../api/get-fairness';
import { freespinsQueryKey } from '../api/get-freespins';
import { roundsQueryKeyPrefix } from '../api/get-rounds';
import { playRound } from '../api/play-round';
import { roundAction } from '../api/round-action';
import { type BetProblem, betProblem, initialBet } from '../bet-amount';
import { useFreespins } from './use-freespins';
import { useGameSound } from './use-sound';

export type OriginalSession = GameSession & { kind: 'original' };

/** Answers the player should read next to the bet field rather than in a passing toast. */
const betErrorCodes = [
  'insufficient_balance',
  'bet_out_of_limits',
  'bonus_max_bet_exceeded',
] as const;
export type BetErrorCode = (typeof betErrorCodes)[number];

export type BetFeedback =
  | { kind: 'problem'; problem: BetProblem }
  | { kind: 'server'; code: BetErrorCode; payload: Record<string, unknown> | undefined };

function betErrorCode(error: unknown): BetErrorCode | null {
  if (!isApiError(error)) return null;
  return betErrorCodes.find((code) => code === error.detail) ?? null;
}

/**
 * A game's stake and its requests: validates the stake against the session's limits, sends the
 * round with its `Idempotency-Key`, routes failures (stake problems beside the field, the rest
 * to a toast), and records a finished round in the history and the fairness nonce. With the
 * free-spins switch on, the stake is the spin's value and each round plays one of the bonus's spins.
 */
export function useRoundPlay(session: OriginalSession) {
  const queryClient = useQueryClient();
  const sound = useGameSound();
  const gameId = session.game.id;
  const [typedBet, setBetState] = useState(() => initialBet(session.limits));
  const freespins = useFreespins(gameId, session.limits.currency);
  const freespin = freespins.active;
  /** the stake sent: the typed one, or the free spin's fixed value */
  const bet = freespin ? freespin.amount : typedBet;
  const [feedback, setFeedback] = useState<BetFeedback | null>(null);
  const [pending, setPending] = useState(false);
  const attempt = useRef<IdempotencyAttempt | null>(null);
  /** ends the hold on the header balance taken when the round was sent */
  const revealBalance = useRef<(() => void) | null>(null);
  const releaseBalance = useCallback(() => {
    revealBalance.current?.();
    revealBalance.current = null;
  }, []);
  useEffect(() => releaseBalance, [releaseBalance]);

  const setBet = useCallback((value: string) => {
    setBetState(value);
    setFeedback(null);
  }, []);

  const { setOn: setFreespinsOn } = freespins;
  const setFreespins = useCallback(
    (on: boolean) => {
      setFreespinsOn(on);
      setFeedback(null);
    },
    [setFreespinsOn],
  );

  const send = useCallback(
    async (request: unknown, call: (idempotencyKey: string) => Promise<Round>) => {
      attempt.current = attemptFor(attempt.current, request, () => crypto.randomUUID());
      setPending(true);
      try {
        const round = await call(attempt.current.key);
        attempt.current = null;
        return round;
      } catch (error) {
        if (!isNetworkError(error)) attempt.current = null;
        const code = betErrorCode(error);
        if (isApiError(error) && error.detail === 'reality_check_due') {
          // the reality check is due: play waits, and its modal opens from the refreshed session
          setPlayPaused(realityCheckPause, true);
          void queryClient.invalidateQueries({ queryKey: playSessionQueryKey });
        } else if (code) {
          setFeedback({ kind: 'server', code, payload: isApiError(error) ? error.payload : {} });
        } else {
          notifyApiError(error);
        }
        // A round the server refused or could not find may have moved on: show its real state.
        if (isApiError(error))
          void queryClient.invalidateQueries({ queryKey: roundsQueryKeyPrefix });
        return null;
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );

  /** true while a reality check is open: no round is sent (auto or by hand) until it is answered */
  const paused = usePlayPaused();

  /** Starts a round with the current stake; null when it was not played (or play is paused). */
  const play = useCallback(
    async (params: Record<string, unknown>): Promise<Round | null> => {
      if (isPlayPaused()) return null;
      const problem = betProblem(bet, session.limits);
      if (problem) {
        setFeedback({ kind: 'problem', problem });
        return null;
      }
      setFeedback(null);
      const body = freespin ? { bet, params, freespinBonusId: freespin.bonusId } : { bet, params };
      // the header keeps the old balance until the animation has shown this round's result
      revealBalance.current ??= holdBalanceReveal();
      const round = await send({ gameId, body }, (idempotencyKey) =>
        playRound({ gameId, body, idempotencyKey }),
      );
      if (!round) releaseBalance();
      // a spin was used (or refused): the count beside the switch follows the server's
      if (freespin) void queryClient.invalidateQueries({ queryKey: freespinsQueryKey });
      if (round) sound.play('bet');
      return round;
    },
    [bet, freespin, gameId, queryClient, releaseBalance, send, session.limits, sound],
  );

  /** A mines move (a tile or the cash-out) on an open round. */
  const act = useCallback(
    (roundId: string, action: MinesAction): Promise<Round | null> =>
      send({ roundId, action }, (idempotencyKey) =>
        roundAction({ gameId, roundId, action, idempotencyKey }),
      ),
    [gameId, send],
  );

  /**
   * Called once a round's animation has shown its result: the history and the next nonce are
   * refreshed then, so the list never tells the outcome before the game does.
   */
  const finish = useCallback(
    (round: Round, options: { silent?: boolean } = {}) => {
      const won = Number(round.payout) > 0;
      const multiplier = Number(round.multiplier);
      // `silent`: the game already played its own effect (a mine, a cash-out)
      if (!options.silent) sound.play(won ? (multiplier >= 10 ? 'big-win' : 'win') : 'lose');
      releaseBalance();
      void queryClient.invalidateQueries({ queryKey: roundsQueryKeyPrefix });
      void queryClient.invalidateQueries({ queryKey: fairnessQueryKey });
    },
    [queryClient, releaseBalance, sound],
  );

  /** A round was opened or moved on without settling (mines): only the nonce and list change. */
  const refresh = useCallback(() => {
    releaseBalance();
    void queryClient.invalidateQueries({ queryKey: roundsQueryKeyPrefix });
    void queryClient.invalidateQueries({ queryKey: fairnessQueryKey });
  }, [queryClient, releaseBalance]);

  return {
    bet,
    setBet,
    /** the free spins this game accepts (null: none) and whether the switch is on */
    freespins: { offer: freespins.offer, on: freespin !== null, setOn: setFreespins },
    feedback,
    pending,
    paused,
    play,
    act,
    finish,
    refresh,
    sound,
  };
}

export type RoundPlay = ReturnType<typeof useRoundPlay>;
