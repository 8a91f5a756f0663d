import type { TournamentDetail } from '@casino/contract';
import { ChevronDown, ChevronUp, Gamepad2, ListChecks, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useLocale, useLocalizedPath } from '@/lib/use-locale';
import {
  collapsedGames,
  currentStatus,
  tournamentMoney,
  tournamentTexts,
} from '../tournament-display';
import { TournamentLeaderboard } from './leaderboard';
import { TournamentStatusBadge, VipBadge } from './tournament-badges';
import { TournamentTiming } from './tournament-timing';

function PrizesTable({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="tournament-prizes"
      aria-labelledby="tournament-prizes-title"
      className="rounded-2xl bg-ink-800 p-4 ring-1 ring-ink-700 md:p-5"
    >
      <h2 id="tournament-prizes-title" className="mb-3 text-lg font-bold text-ink-100">
        {t('Tournaments.prizes_title')}
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-[11px] font-semibold tracking-wide text-ink-400 uppercase">
            <th scope="col" className="py-1.5 font-semibold">
              {t('Tournaments.place')}
            </th>
            <th scope="col" className="py-1.5 text-right font-semibold">
              {t('Tournaments.prize')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-700">
          {tournament.prizes.map((prize) => (
            <tr key={prize.place}>
              <td className="py-2 font-semibold text-ink-200 tabular-nums">#{prize.place}</td>
              <td className="py-2 text-right font-bold text-gold-300 tabular-nums">
                {tournamentMoney(prize.amount, tournament.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Rules({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="tournament-rules"
      aria-labelledby="tournament-rules-title"
      className="rounded-2xl bg-ink-800 p-4 ring-1 ring-ink-700 md:p-5"
    >
      <h2
        id="tournament-rules-title"
        className="mb-3 flex items-center gap-2 text-lg font-bold text-ink-100"
      >
        <ListChecks className="size-5 text-brand-300" aria-hidden="true" />
        {t('Tournaments.scoring_title')}
      </h2>
      <p className="text-sm text-ink-200">
        {t(`Tournaments.scoring.${tournament.scoring}`, { currency: tournament.currency })}
      </p>
      <p className="mt-3 flex items-start gap-2 text-sm text-ink-200">
        <Gamepad2 className="mt-0.5 size-4 shrink-0 text-ink-400" aria-hidden="true" />
        {tournament.allGames ? t('Tournaments.games_all') : t('Tournaments.games_listed')}
      </p>
    </section>
  );
}

/** The grid's columns at each width (below): collapsed, the games fill exactly one row. */
function useGameRowLength(): number {
  const large = useMediaQuery('(min-width: 1024px)');
  const small = useMediaQuery('(min-width: 640px)');
  return large ? 8 : small ? 6 : 3;
}

function GameArt({ id }: { id: string }) {
  const [failed, setFailed] = useState(false);
  return failed ? (
    <span className="grid size-full place-items-center">
      <Gamepad2 className="size-8 text-ink-500" aria-hidden="true" />
    </span>
  ) : (
    <img
      src={`/game-art/${encodeURIComponent(id)}.svg`}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
    />
  );
}

/**
 * The games that count, last on the page and collapsed to one row of tiles: a tournament on a
 * whole studio counts well over a hundred games, which spelled out pushed the prizes and the
 * leaderboard thousands of pixels down. "Show all (N)" unfolds the rest.
 */
function EligibleGames({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const [expanded, setExpanded] = useState(false);
  const { visible, hiddenCount } = collapsedGames(tournament.games, useGameRowLength(), expanded);
  if (tournament.allGames || tournament.games.length === 0) return null;

  return (
    <section
      data-testid="tournament-games-section"
      aria-labelledby="tournament-games-title"
      className="rounded-2xl bg-ink-800 p-4 ring-1 ring-ink-700 md:p-5"
    >
      <h2
        id="tournament-games-title"
        className="mb-3 flex items-center gap-2 text-lg font-bold text-ink-100"
      >
        <Gamepad2 className="size-5 text-brand-300" aria-hidden="true" />
        {t('Tournaments.games_some')}
        <span className="text-sm font-semibold text-ink-400 tabular-nums">
          {tournament.games.length}
        </span>
      </h2>
      <ul
        data-testid="tournament-games"
        className="grid grid-cols-3 gap-2.5 sm:grid-cols-6 lg:grid-cols-8"
      >
        {visible.map((game) => (
          <li key={game.id} data-testid="tournament-game">
            <Link to={localized(`/games/${encodeURIComponent(game.id)}`)} className="group block">
              <span className="block aspect-[3/4] overflow-hidden rounded-xl bg-ink-750 ring-1 ring-ink-700">
                <GameArt id={game.id} />
              </span>
              <span className="mt-1 block truncate text-xs font-medium text-ink-200 group-hover:text-ink-100">
                {game.title}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {hiddenCount > 0 || expanded ? (
        <Button
          variant="secondary"
          data-testid="tournament-games-toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className="mt-3 w-full sm:w-auto"
        >
          {expanded ? (
            <ChevronUp className="size-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="size-4" aria-hidden="true" />
          )}
          {expanded
            ? t('Tournaments.games_show_less')
            : t('Tournaments.games_show_all', { count: tournament.games.length })}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * `/tournaments/{id}`: the art, prize pool and countdown, then what a player comes for — the
 * prizes and the live leaderboard with their own place — then how to score, and last the games
 * that count, collapsed. On a wide screen the leaderboard takes the main column and the prizes
 * and rules sit beside it; on a phone they follow that order down the page.
 */
export function TournamentDetailView({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [nowMs, setNowMs] = useState(() => Date.now());
  const status = currentStatus(tournament, nowMs);
  const texts = tournamentTexts(tournament, locale);

  return (
    <div data-testid="tournament-detail" data-status={status} className="flex flex-col gap-5">
      <div className="overflow-hidden rounded-2xl bg-ink-800 ring-1 ring-ink-700">
        <div className="relative aspect-[5/2] max-h-72 w-full overflow-hidden bg-ink-750 sm:aspect-[3/1]">
          {texts.image ? (
            <img src={texts.image} alt="" className="size-full object-cover" />
          ) : (
            <Trophy className="absolute inset-0 m-auto size-16 text-gold-400" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-col gap-4 p-4 md:flex-row md:items-end md:justify-between md:p-5">
          <div className="min-w-0">
            <div className="mb-2 flex flex-wrap gap-1.5">
              <TournamentStatusBadge status={status} />
              {tournament.vip_players_only ? <VipBadge /> : null}
            </div>
            <h1 className="text-2xl font-extrabold tracking-tight text-ink-100 md:text-3xl">
              {texts.name}
            </h1>
            {texts.description ? (
              <p className="mt-1.5 max-w-2xl text-sm text-ink-300">{texts.description}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-end gap-5">
            <div>
              <p className="text-[11px] font-semibold tracking-wide text-ink-300 uppercase">
                {t('Tournaments.prize_pool')}
              </p>
              <p
                data-testid="tournament-prize-pool"
                className="text-2xl font-extrabold text-gold-300 tabular-nums"
              >
                {tournamentMoney(tournament.prizePool, tournament.currency)}
              </p>
            </div>
            <TournamentTiming
              tournament={tournament}
              status={status}
              onBoundary={() => setNowMs(Date.now())}
            />
          </div>
        </div>
      </div>

      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-[minmax(0,1fr)_340px]">
        <div className="xl:col-start-2 xl:row-start-1">
          <PrizesTable tournament={tournament} />
        </div>
        <div className="xl:col-start-1 xl:row-span-2 xl:row-start-1">
          <TournamentLeaderboard tournament={tournament} status={status} />
        </div>
        <div className="xl:col-start-2 xl:row-start-2">
          <Rules tournament={tournament} />
        </div>
      </div>

      <EligibleGames tournament={tournament} />
    </div>
  );
}
