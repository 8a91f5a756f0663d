import type { Tournament } from '@casino/contract';
import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useLocale, useLocalizedPath } from '@/lib/use-locale';
import { currentStatus, tournamentMoney, tournamentTexts } from '../tournament-display';
import { TournamentStatusBadge, VipBadge } from './tournament-badges';
import { TournamentTiming } from './tournament-timing';

/** A tournament in the list: its art, status, name, prize pool and countdown. */
export function TournamentCard({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localized = useLocalizedPath();
  const [nowMs, setNowMs] = useState(() => Date.now());
  const status = currentStatus(tournament, nowMs);
  const texts = tournamentTexts(tournament, locale);
  const ended = status === 'finished' || status === 'paid';

  return (
    <Link
      to={localized(`/tournaments/${tournament.id}`)}
      data-testid={`tournament-card-${tournament.id}`}
      data-status={status}
      className={cn(
        'group flex min-w-0 flex-col overflow-hidden rounded-2xl bg-ink-800 ring-1 ring-ink-700 transition-colors hover:ring-brand-500/50',
        ended && 'opacity-80',
      )}
    >
      <div className="relative aspect-[2/1] overflow-hidden bg-ink-750">
        {texts.image ? (
          <img
            src={texts.image}
            alt=""
            loading="lazy"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          />
        ) : (
          <Trophy className="absolute inset-0 m-auto size-12 text-gold-400" aria-hidden="true" />
        )}
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          <TournamentStatusBadge status={status} />
          {tournament.vip_players_only ? <VipBadge /> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2
          data-testid="tournament-name"
          className="truncate text-lg font-extrabold tracking-tight text-ink-100"
        >
          {texts.name}
        </h2>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <p className="text-[11px] font-semibold tracking-wide text-ink-300 uppercase">
              {t('Tournaments.prize_pool')}
            </p>
            <p
              data-testid="tournament-prize-pool"
              className="truncate text-xl font-extrabold text-gold-300 tabular-nums"
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
    </Link>
  );
}
