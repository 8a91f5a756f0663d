import type { SportEvent, SportMarket } from '@casino/contract';
import { ChevronDown, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useMarketNaming } from '../hooks/use-market-naming';
import { useOddsFormat } from '../hooks/use-odds-format';
import {
  groupMarkets,
  isOutcomeOpen,
  type MarketNaming,
  marketLabel,
  outcomeLabel,
} from '../markets';
import { slipSelectionOf } from '../slip/slip-selection';
import { useSlipToggle } from '../slip/slip-store';
import { OutcomeButton } from './outcome-button';

function MarketCard({
  event,
  market,
  naming,
}: {
  event: SportEvent;
  market: SportMarket;
  naming: MarketNaming;
}) {
  const { t } = useTranslation();
  const [format] = useOddsFormat();
  const slip = useSlipToggle();
  const suspended = market.status !== 'active';
  const columns =
    market.outcomes.length === 3
      ? 'grid-cols-3'
      : market.outcomes.length === 2
        ? 'grid-cols-2'
        : 'grid-cols-2 sm:grid-cols-3';
  return (
    <div
      data-testid="market"
      data-market-id={market.id}
      data-status={market.status}
      className={cn('px-3 py-2.5', suspended && 'opacity-80')}
    >
      <h4 className="mb-2 flex items-center gap-2 text-xs font-semibold text-ink-200">
        {marketLabel(market, naming)}
        {suspended ? (
          <span className="inline-flex items-center gap-1 rounded bg-ink-700 px-1.5 py-0.5 text-[10px] font-bold text-ink-300 uppercase">
            <Lock className="size-3" aria-hidden="true" />
            {t('Sportsbook.suspended')}
          </span>
        ) : null}
      </h4>
      <div className={cn('grid gap-1.5', columns)}>
        {market.outcomes.map((outcome) => {
          const label = outcomeLabel(market, outcome, naming);
          return (
            <OutcomeButton
              key={outcome.id}
              label={label}
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
            />
          );
        })}
      </div>
    </div>
  );
}

/** Every open or suspended market, grouped in the catalog's order; each group collapses. */
export function MarketGroups({ event }: { event: SportEvent }) {
  const { t } = useTranslation();
  const naming = useMarketNaming(event.home.name, event.away.name);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const groups = groupMarkets(event.markets);
  return (
    <div className="flex flex-col gap-3">
      {groups.map(({ group, markets }) => {
        const open = !collapsed.has(group);
        const panelId = `market-group-${group}`;
        return (
          <section
            key={group}
            data-testid="market-group"
            data-group={group}
            className="overflow-hidden rounded-2xl border border-ink-700 bg-ink-850"
          >
            <h3>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() =>
                  setCollapsed((current) => {
                    const next = new Set(current);
                    if (next.has(group)) next.delete(group);
                    else next.add(group);
                    return next;
                  })
                }
                className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-3 bg-ink-800/60 px-3 text-left text-sm font-bold text-ink-100 hover:bg-ink-800"
              >
                <span>
                  {t(`Sportsbook.group.${group}`)}
                  <span className="ml-2 text-xs font-medium text-ink-400">{markets.length}</span>
                </span>
                <ChevronDown
                  className={cn('size-4 text-ink-300 transition-transform', open && 'rotate-180')}
                  aria-hidden="true"
                />
              </button>
            </h3>
            {open ? (
              <div id={panelId} className="divide-y divide-ink-750">
                {markets.map((market) => (
                  <MarketCard key={market.id} event={event} market={market} naming={naming} />
                ))}
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
