import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useOddsFormat } from '../hooks/use-odds-format';
import { oddsFormats } from '../odds';

/** Decimal / fractional / American, as a segmented control. */
export function OddsFormatChooser({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [format, setFormat] = useOddsFormat();
  return (
    <fieldset
      data-testid="odds-format"
      className={cn('inline-flex rounded-xl border border-ink-700 bg-ink-850 p-1', className)}
    >
      <legend className="sr-only">{t('Sportsbook.odds_format')}</legend>
      {oddsFormats.map((option) => (
        <label
          key={option}
          className={cn(
            'flex min-h-9 cursor-pointer items-center rounded-lg px-3 text-xs font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-400',
            option === format ? 'bg-brand-600 text-white' : 'text-ink-300 hover:text-ink-100',
          )}
        >
          <input
            type="radio"
            name="odds-format"
            value={option}
            checked={option === format}
            onChange={() => setFormat(option)}
            className="sr-only"
          />
          {t(`Sportsbook.format.${option}`)}
        </label>
      ))}
    </fieldset>
  );
}
