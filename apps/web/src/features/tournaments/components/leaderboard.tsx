import type { TournamentDetail, TournamentStatus } from '@casino/contract';
import { ChevronLeft, ChevronRight, Medal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIsSignedIn } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { useLeaderboard } from '../api/get-leaderboard';
import { formatScore, tournamentMoney } from '../tournament-display';

const medalColours = ['text-gold-400', 'text-ink-200', 'text-amber-600'];

function Place({ place }: { place: number }) {
  const colour = medalColours[place - 1];
  return colour ? (
    <span className="inline-flex items-center gap-1 font-bold">
      <Medal className={cn('size-4', colour)} aria-hidden="true" />
      {place}
    </span>
  ) : (
    <span className="font-semibold text-ink-300">{place}</span>
  );
}

/**
 * The live leaderboard: a page at a time, the player's own row highlighted and their place
 * above it; refetched every few seconds while the tournament runs.
 */
export function TournamentLeaderboard({
  tournament,
  status,
}: {
  tournament: TournamentDetail;
  status: TournamentStatus;
}) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const [offset, setOffset] = useState(0);
  const board = useLeaderboard(tournament.id, offset, status === 'running');
  const data = board.data;

  return (
    <section
      data-testid="tournament-leaderboard"
      aria-labelledby="tournament-leaderboard-title"
      className="rounded-2xl bg-ink-800 p-4 ring-1 ring-ink-700 md:p-5"
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="tournament-leaderboard-title" className="text-lg font-bold text-ink-100">
          {t('Tournaments.leaderboard_title')}
        </h2>
        {board.isFetching ? <Spinner className="size-4 text-ink-400" /> : null}
      </div>

      {signedIn ? (
        <div
          data-testid="tournament-my-place"
          className="mb-4 flex items-center justify-between gap-3 rounded-xl bg-brand-500/10 px-4 py-3 ring-1 ring-brand-500/30"
        >
          {data?.me ? (
            <>
              <div>
                <p className="text-[11px] font-semibold tracking-wide text-brand-300 uppercase">
                  {t('Tournaments.my_place')}
                </p>
                <p
                  data-testid="tournament-my-place-value"
                  className="text-2xl font-extrabold text-ink-100 tabular-nums"
                >
                  #{data.me.place}
                </p>
              </div>
              <div className="text-right">
                <p className="text-[11px] font-semibold tracking-wide text-brand-300 uppercase">
                  {t('Tournaments.my_score')}
                </p>
                <p
                  data-testid="tournament-my-score"
                  className="text-lg font-bold text-ink-100 tabular-nums"
                >
                  {formatScore(tournament, data.me.score)}
                </p>
              </div>
            </>
          ) : (
            <p className="text-sm text-ink-200">{t('Tournaments.not_ranked')}</p>
          )}
        </div>
      ) : (
        <p className="mb-4 rounded-xl bg-ink-750 px-4 py-3 text-sm text-ink-200">
          {t('Tournaments.guest_hint')}
        </p>
      )}

      {board.isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner className="size-6 text-ink-400" />
        </div>
      ) : !data || data.items.length === 0 ? (
        <p
          data-testid="tournament-leaderboard-empty"
          className="py-8 text-center text-sm text-ink-300"
        >
          {status === 'upcoming'
            ? t('Tournaments.leaderboard_upcoming')
            : t('Tournaments.leaderboard_empty')}
        </p>
      ) : (
        <>
          <div className="-mx-2 overflow-x-auto">
            <table className="w-full min-w-[320px] border-separate border-spacing-y-1 text-sm">
              <thead>
                <tr className="text-left text-[11px] font-semibold tracking-wide text-ink-400 uppercase">
                  <th scope="col" className="px-2 py-1.5 font-semibold">
                    {t('Tournaments.place')}
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-semibold">
                    {t('Tournaments.player')}
                  </th>
                  <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                    {t(`Tournaments.score_label.${tournament.scoring}`)}
                  </th>
                  <th
                    scope="col"
                    className="hidden px-2 py-1.5 text-right font-semibold sm:table-cell"
                  >
                    {t('Tournaments.prize')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <tr
                    key={entry.place}
                    data-testid="tournament-leaderboard-row"
                    data-me={entry.isMe ? 'true' : undefined}
                    aria-current={entry.isMe ? 'true' : undefined}
                    className={cn(
                      'text-ink-100 [&>td]:bg-ink-750 [&>td:first-child]:rounded-l-lg [&>td:last-child]:rounded-r-lg',
                      entry.isMe && '[&>td]:bg-brand-500/15',
                    )}
                  >
                    <td className="px-2 py-2 tabular-nums">
                      <Place place={entry.place} />
                    </td>
                    <td className="max-w-[9rem] truncate px-2 py-2 font-medium">
                      {entry.name}
                      {entry.isMe ? (
                        <span className="ml-1.5 text-xs font-semibold text-brand-300">
                          ({t('Tournaments.you')})
                        </span>
                      ) : null}
                    </td>
                    <td className="px-2 py-2 text-right font-semibold tabular-nums">
                      {formatScore(tournament, entry.score)}
                    </td>
                    <td className="hidden px-2 py-2 text-right text-gold-300 tabular-nums sm:table-cell">
                      {entry.prize === null
                        ? '—'
                        : tournamentMoney(entry.prize, tournament.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-3 flex items-center justify-between gap-3">
            <p
              data-testid="tournament-leaderboard-range"
              className="text-xs text-ink-300 tabular-nums"
            >
              {t('Tournaments.showing', {
                from: data.meta.offset + 1,
                to: data.meta.offset + data.items.length,
                total: data.meta.total,
              })}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="icon-sm"
                aria-label={t('Tournaments.previous_page')}
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - data.meta.limit))}
              >
                <ChevronLeft className="size-4" aria-hidden="true" />
              </Button>
              <Button
                variant="secondary"
                size="icon-sm"
                aria-label={t('Tournaments.next_page')}
                disabled={offset + data.meta.limit >= data.meta.total}
                onClick={() => setOffset(offset + data.meta.limit)}
              >
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
