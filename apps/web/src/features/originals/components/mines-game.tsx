import { minesMultiplier, minesParamsSchema, minesTileCount, type Round } from '@casino/contract';
import { Shuffle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { useRounds } from '../api/get-rounds';
import { payoutFor } from '../bet-amount';
import { formatMoney, formatMultiplier } from '../format';
import { type MinesView, minesView, randomUnrevealedTile } from '../game-helpers';
import { type OriginalSession, useRoundPlay } from '../hooks/use-round-play';
import { variantValue } from '../variant';
import { GemIcon, MineIcon } from './game-art';
import { GameFrame, PlayButton } from './game-frame';
import { StatField } from './stat-field';

const mineCounts = Array.from({ length: minesTileCount - 1 }, (_, index) => index + 1);
const tiles = Array.from({ length: minesTileCount }, (_, tile) => tile);

function Tile({
  tile,
  view,
  pending,
  canReveal,
  onReveal,
}: {
  tile: number;
  view: MinesView | null;
  pending: boolean;
  canReveal: boolean;
  onReveal: (tile: number) => void;
}) {
  const { t } = useTranslation();
  const revealed = view?.revealed.includes(tile) ?? false;
  const isMine = view?.minePositions?.includes(tile) ?? false;
  const over = view?.round.state === 'settled';
  const shownFace = revealed || (over && view?.minePositions !== null);
  const isHit = view?.hit === tile;
  const label = revealed
    ? t('Originals.mines.tile_gem', { number: tile + 1 })
    : over && isMine
      ? t('Originals.mines.tile_mine', { number: tile + 1 })
      : t('Originals.mines.tile_hidden', { number: tile + 1 });
  return (
    <button
      type="button"
      data-testid={`mines-tile-${tile}`}
      data-state={revealed ? 'gem' : over && isMine ? 'mine' : 'hidden'}
      aria-label={label}
      disabled={!canReveal || revealed}
      onClick={() => onReveal(tile)}
      className={cn(
        'relative grid aspect-square place-items-center rounded-xl transition-all duration-200',
        shownFace
          ? isHit
            ? 'bg-danger-500/25 ring-2 ring-danger-500'
            : revealed
              ? 'bg-ink-950 ring-1 ring-money-500/40'
              : 'bg-ink-950/70'
          : 'bg-ink-600 shadow-[inset_0_-4px_0_rgba(0,0,0,0.25)] enabled:cursor-pointer enabled:hover:-translate-y-0.5 enabled:hover:bg-ink-500',
        pending && 'animate-pulse-soft bg-brand-600',
      )}
    >
      {shownFace ? (
        isMine ? (
          <MineIcon className={cn('size-3/5 animate-fade-in', !isHit && 'opacity-45')} />
        ) : (
          <GemIcon className={cn('size-3/5 animate-fade-in', !revealed && 'opacity-35')} />
        )
      ) : null}
    </button>
  );
}

export function MinesGame({ session }: { session: OriginalSession }) {
  const { t } = useTranslation();
  const play = useRoundPlay(session);
  const rounds = useRounds(session.game.id);
  const [mines, setMines] = useState(() =>
    variantValue(session.variant, 'mines', minesParamsSchema.shape.mines, 3),
  );
  const [view, setView] = useState<MinesView | null>(null);
  const [pendingTile, setPendingTile] = useState<number | null>(null);
  const resumed = useRef(false);

  // Resume a round left open (a reload, another tab): the first open one in the history.
  useEffect(() => {
    if (resumed.current || !rounds.data) return;
    resumed.current = true;
    const open = rounds.data.items.find((round) => round.state === 'open');
    const openView = open ? minesView(open) : null;
    if (openView) {
      setView(openView);
      setMines(openView.mines);
    }
  }, [rounds.data]);

  const isOpen = view?.round.state === 'open';
  const revealedCount = view?.revealed.length ?? 0;
  const safeTiles = minesTileCount - (view?.mines ?? mines);
  const currentMultiplier = isOpen && view ? view.round.multiplier : null;
  const nextMultiplier =
    revealedCount + 1 <= safeTiles
      ? minesMultiplier(
          view && isOpen ? view.mines : mines,
          (isOpen ? revealedCount : 0) + 1,
          session.rtp,
        )
      : null;

  const settle = (round: Round, next: MinesView) => {
    play.sound.play(next.hit === null ? 'cashout' : 'mine');
    play.finish(round, { silent: true });
  };

  const start = async () => {
    const round = await play.play({ mines });
    const next = round ? minesView(round) : null;
    if (!round || !next) return;
    setView(next);
    play.refresh();
  };

  const reveal = async (tile: number) => {
    if (!view || !isOpen || pendingTile !== null) return;
    setPendingTile(tile);
    const round = await play.act(view.round.id, { action: 'reveal', tile });
    setPendingTile(null);
    const next = round ? minesView(round) : null;
    if (!round || !next) return;
    setView(next);
    if (round.state === 'settled') settle(round, next);
    else play.sound.play('reveal');
  };

  const cashOut = async () => {
    if (!view || !isOpen) return;
    const round = await play.act(view.round.id, { action: 'cashout' });
    const next = round ? minesView(round) : null;
    if (!round || !next) return;
    setView(next);
    settle(round, next);
  };

  const busy = play.pending;
  const settledWin = view?.round.state === 'settled' && view.hit === null;

  return (
    <GameFrame
      session={session}
      play={play}
      betLocked={busy || isOpen}
      controls={
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="mines-count" className="text-xs font-medium text-ink-200">
              {t('Originals.mines.count')}
            </label>
            <select
              id="mines-count"
              value={isOpen && view ? view.mines : mines}
              disabled={busy || isOpen}
              onChange={(event) => setMines(Number(event.target.value))}
              className={cn(inputClassName, 'cursor-pointer')}
            >
              {mineCounts.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <StatField label={t('Originals.mines.current')} testId="mines-current">
              {currentMultiplier ? formatMultiplier(currentMultiplier) : '—'}
            </StatField>
            <StatField label={t('Originals.mines.next')}>
              {nextMultiplier ? formatMultiplier(nextMultiplier) : '—'}
            </StatField>
          </div>
          {isOpen ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                const tile = randomUnrevealedTile(view?.revealed ?? [], Math.random());
                if (tile !== null) void reveal(tile);
              }}
            >
              <Shuffle className="size-4" aria-hidden="true" />
              {t('Originals.mines.random')}
            </Button>
          ) : null}
        </>
      }
      action={
        isOpen && view ? (
          <PlayButton
            testId="mines-cashout"
            busy={busy}
            disabled={revealedCount === 0}
            onClick={() => void cashOut()}
          >
            {revealedCount === 0
              ? t('Originals.mines.pick_tile')
              : t('Originals.mines.cash_out', {
                  amount: formatMoney(
                    payoutFor(view.round.bet, view.round.multiplier, view.round.currency),
                    view.round.currency,
                  ),
                })}
          </PlayButton>
        ) : (
          <PlayButton busy={busy} onClick={() => void start()}>
            {t('Originals.mines.start')}
          </PlayButton>
        )
      }
      stage={
        <div className="relative flex h-full items-center justify-center p-4 sm:p-6">
          <div
            data-testid="mines-board"
            className="grid w-full max-w-[30rem] grid-cols-5 gap-2 sm:gap-2.5"
          >
            {tiles.map((tile) => (
              <Tile
                key={tile}
                tile={tile}
                view={view}
                pending={pendingTile === tile}
                canReveal={isOpen && !busy}
                onReveal={(chosen) => void reveal(chosen)}
              />
            ))}
          </div>
          {settledWin && view ? (
            <div
              data-testid="mines-win"
              className="pointer-events-none absolute inset-0 grid place-items-center"
            >
              <div className="animate-fade-in rounded-2xl border-2 border-money-500 bg-ink-900/95 px-8 py-4 text-center shadow-2xl">
                <p className="font-mono text-3xl font-extrabold text-money-400">
                  {formatMultiplier(view.round.multiplier)}
                </p>
                <p className="font-mono text-sm text-ink-200">
                  {formatMoney(view.round.payout, view.round.currency)}
                </p>
              </div>
            </div>
          ) : null}
        </div>
      }
    />
  );
}
