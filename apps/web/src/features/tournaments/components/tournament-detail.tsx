import type { TournamentDetail } from '@casino/contract';
import { Gamepad2, ListChecks, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { currentStatus, tournamentMoney, tournamentTexts } from '../tournament-display';
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
      <div className="mt-3 flex items-start gap-2 text-sm text-ink-200">
        <Gamepad2 className="mt-0.5 size-4 shrink-0 text-ink-400" aria-hidden="true" />
        {tournament.allGames ? (
          <p>{t('Tournaments.games_all')}</p>
        ) : (
          <div className="min-w-0">
            <p className="font-semibold text-ink-100">{t('Tournaments.games_some')}</p>
            <ul data-testid="tournament-games" className="mt-1.5 flex flex-wrap gap-1.5">
              {tournament.games.map((game) => (
                <li key={game.id} className="rounded-lg bg-ink-750 px-2 py-1 text-xs text-ink-200">
                  {game.title}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

/** `/tournaments/{id}`: art and countdown, rules, prizes and the live leaderboard. */
export function TournamentDetailView({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [nowMs, setNowMs] = useState(() => Date.now());
  const status = currentStatus(tournament, nowMs);
  const texts = tournamentTexts(tournament, locale);

  return (
    <div data-testid="tournament-detail" data-status={status} className="flex flex-col gap-5">
      <div className="overflow-hidden rounded-2xl bg-ink-800 ring-1 ring-ink-700">
        <div className="relative aspect-[2/1] max-h-80 w-full overflow-hidden bg-ink-750 sm:aspect-[3/1]">
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

      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,1fr)_340px]">
        <TournamentLeaderboard tournament={tournament} status={status} />
        <aside className="flex flex-col gap-5 xl:sticky xl:top-24 xl:self-start">
          <Rules tournament={tournament} />
          <PrizesTable tournament={tournament} />
        </aside>
      </div>
    </div>
  );
}
