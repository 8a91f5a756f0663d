import type { SportEventSummary } from '@casino/contract';
import { memo } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useMarketNaming } from '../hooks/use-market-naming';
import { useOddsFormat } from '../hooks/use-odds-format';
import { isOutcomeOpen, marketLabel, outcomeLabel } from '../markets';
import { slipSelectionOf } from '../slip/slip-selection';
import { useSlipToggle } from '../slip/slip-store';
import { FavoriteStar } from './favorite-star';
import { MatchStatus } from './match-state';
import { OutcomeButton } from './outcome-button';

/** A listing shows its main market's outcomes by their ids: 1, X, 2. */
function shortLabel(outcomeId: string): string {
  return outcomeId;
}

/**
 * An event in a listing: state (kick-off or live clock), teams with the score, the main market's
 * prices and the star. A narrow card (a phone, or a desktop column
 * beside the menu and the bet slip) puts the prices under the teams; a wide one beside them: the
 * card's own width decides (a container query), not the window's. Memoised: a live diff or a
 * refetch replaces only the events that changed (the others keep their objects), so only their
 * rows render again, not the hundred of a listing.
 */
export const EventRow = memo(function EventRow({
  event,
  href,
}: {
  event: SportEventSummary;
  href: string;
}) {
  const [format] = useOddsFormat();
  const naming = useMarketNaming(event.home.name, event.away.name);
  const slip = useSlipToggle();
  const market = event.mainMarket;
  const live = event.status === 'live';
  return (
    <li
      data-testid="event-row"
      data-event-id={event.id}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-2 border-t border-ink-750 px-3 py-2.5 first:border-t-0 @xl:grid-cols-[minmax(0,1fr)_minmax(0,16rem)_auto]"
    >
      <Link to={href} className="group min-w-0 rounded-md focus-visible:outline-2">
        <MatchStatus event={event} className="mb-1" />
        {[
          { name: event.home.name, score: event.score?.home },
          { name: event.away.name, score: event.score?.away },
        ].map((side) => (
          <span key={side.name} className="flex items-center justify-between gap-2 text-sm">
            <span className="truncate font-medium text-ink-100 group-hover:text-white">
              {side.name}
            </span>
            {live && side.score !== undefined ? (
              <span className="font-bold text-gold-400 tabular-nums">{side.score}</span>
            ) : null}
          </span>
        ))}
      </Link>
      <FavoriteStar type="event" id={String(event.id)} className="@xl:order-last" />
      {market ? (
        <div
          className={cn(
            'col-span-2 grid gap-1.5 @xl:col-span-1',
            market.outcomes.length === 3 ? 'grid-cols-3' : 'grid-cols-2',
          )}
        >
          {market.outcomes.map((outcome) => {
            const label = outcomeLabel(market, outcome, naming);
            return (
              <OutcomeButton
                key={outcome.id}
                compact
                label={label}
                shortLabel={shortLabel(outcome.id)}
                odds={outcome.odds}
                format={format}
                open={isOutcomeOpen(market, outcome)}
                selected={slip.isSelected(market.id, outcome.id)}
                onSelect={() => {
                  if (outcome.odds === null) return;
                  slip.toggle(
                    slipSelectionOf(event, market, outcome.id, outcome.odds, {
                      market: marketLabel(market, naming),
                      outcome: label,
                    }),
                  );
                }}
                className="w-full"
              />
            );
          })}
        </div>
      ) : (
        <div className="col-span-2 hidden @xl:col-span-1 @xl:block" />
      )}
    </li>
  );
});
