import type { OddsFormat } from '@casino/contract';
import { ArrowDown, ArrowUp, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useOddsFlash } from '../hooks/use-odds-flash';
import { displayOdds } from '../odds';

export interface OutcomeButtonProps {
  /** the outcome's full name (what a screen reader says) */
  label: string;
  /** a shorter text to show instead (1, X, 2 in listings) */
  shortLabel?: string;
  /** decimal odds as priced, null while not priced */
  odds: string | null;
  format: OddsFormat;
  /** the market is active and the outcome can be backed */
  open: boolean;
  /** on the bet slip; `onSelect` adds it or takes it off */
  selected?: boolean;
  onSelect?: () => void;
  /** listings: the label is a short one above the odds */
  compact?: boolean;
  className?: string;
}

/**
 * One price. Greyed with a lock and not clickable while suspended; a new price flashes green
 * when it went up and red when it went down, for a moment.
 */
export function OutcomeButton({
  label,
  shortLabel,
  odds,
  format,
  open,
  selected = false,
  onSelect,
  compact = false,
  className,
}: OutcomeButtonProps) {
  const { t } = useTranslation();
  const flash = useOddsFlash(open ? odds : null);
  const shown = odds === null ? '—' : displayOdds(odds, format);
  const movement =
    flash === 'up'
      ? t('Sportsbook.odds_went_up')
      : flash === 'down'
        ? t('Sportsbook.odds_went_down')
        : null;
  return (
    <button
      type="button"
      data-testid="outcome-button"
      data-flash={flash ?? undefined}
      data-suspended={open ? undefined : 'true'}
      disabled={!open}
      aria-pressed={open ? selected : undefined}
      aria-label={
        open
          ? `${label}, ${shown}${movement ? `, ${movement}` : ''}`
          : `${label}, ${t('Sportsbook.suspended')}`
      }
      title={label}
      onClick={onSelect}
      className={cn(
        'group relative flex min-h-11 min-w-0 items-center gap-2 rounded-lg border px-2.5 text-sm transition-colors duration-300',
        compact
          ? 'flex-col justify-center gap-0 py-1'
          : 'justify-between py-2 max-sm:flex-col max-sm:items-stretch max-sm:gap-0 max-sm:py-1',
        open
          ? 'cursor-pointer border-ink-700 bg-ink-800 hover:border-brand-500/60 hover:bg-ink-750'
          : 'cursor-not-allowed border-ink-800 bg-ink-850 opacity-50',
        selected && open && 'border-brand-500 bg-brand-500/20',
        flash === 'up' && 'border-money-500/70 bg-money-500/15',
        flash === 'down' && 'border-danger-500/70 bg-danger-500/15',
        className,
      )}
    >
      <span
        className={cn(
          'min-w-0 truncate text-ink-300',
          compact
            ? 'max-w-full text-[11px] leading-4'
            : 'text-left max-sm:text-center max-sm:text-xs',
        )}
      >
        {shortLabel ?? label}
      </span>
      <span
        className={cn(
          'inline-flex shrink-0 items-center justify-center gap-0.5 font-bold tabular-nums',
          open ? 'text-ink-100' : 'text-ink-400',
          flash === 'up' && 'text-money-400',
          flash === 'down' && 'text-danger-400',
        )}
      >
        {open ? null : <Lock className="size-3" aria-hidden="true" />}
        {flash === 'up' ? <ArrowUp className="size-3" aria-hidden="true" /> : null}
        {flash === 'down' ? <ArrowDown className="size-3" aria-hidden="true" /> : null}
        {open ? shown : null}
      </span>
    </button>
  );
}
