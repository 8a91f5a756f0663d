import { formatMoney, type PlaySession } from '@casino/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/** "1 h 5 min" or "45 min". */
export function playedTime(
  minutes: number,
  t: (key: string, values: Record<string, number>) => string,
) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0
    ? t('responsibleGambling.reality_check.hours_minutes', { hours, minutes: rest })
    : t('responsibleGambling.reality_check.minutes_only', { minutes: rest });
}

/**
 * The reality check: time played in this session and its net result, with "Continue" (answers
 * the check; the games resume) and "Stop playing" (signs out). It cannot be dismissed otherwise:
 * the server refuses stakes until it is answered.
 */
export function RealityCheckModal({
  session,
  open,
  continuing,
  onContinue,
  onStop,
}: {
  session: PlaySession;
  open: boolean;
  continuing: boolean;
  onContinue: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const { net } = session;
  const result = Number(net.result);
  return (
    <Dialog open={open}>
      <DialogContent
        blocking
        title={t('responsibleGambling.reality_check.title')}
        description={t('responsibleGambling.reality_check.body', {
          time: playedTime(session.minutesPlayed, t),
        })}
        data-testid="reality-check"
      >
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-xl bg-ink-800 p-3">
            <dt className="text-xs text-ink-300">
              {t('responsibleGambling.reality_check.staked')}
            </dt>
            <dd className="mt-1 font-mono text-sm font-semibold text-ink-100 tabular-nums">
              {formatMoney(net.staked, net.currency)}
            </dd>
          </div>
          <div className="rounded-xl bg-ink-800 p-3">
            <dt className="text-xs text-ink-300">{t('responsibleGambling.reality_check.won')}</dt>
            <dd className="mt-1 font-mono text-sm font-semibold text-ink-100 tabular-nums">
              {formatMoney(net.won, net.currency)}
            </dd>
          </div>
          <div className="rounded-xl bg-ink-800 p-3">
            <dt className="text-xs text-ink-300">{t('responsibleGambling.reality_check.net')}</dt>
            <dd
              data-testid="reality-check-net"
              className={cn(
                'mt-1 font-mono text-sm font-semibold tabular-nums',
                result < 0 ? 'text-danger-400' : result > 0 ? 'text-money-400' : 'text-ink-100',
              )}
            >
              {formatMoney(net.result, net.currency)}
            </dd>
          </div>
        </dl>
        <div className="mt-5 grid gap-2 sm:grid-cols-2">
          <Button variant="secondary" data-testid="reality-check-stop" onClick={onStop}>
            {t('responsibleGambling.reality_check.stop')}
          </Button>
          <Button data-testid="reality-check-continue" disabled={continuing} onClick={onContinue}>
            {continuing ? <Spinner /> : null}
            {t('responsibleGambling.reality_check.continue')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
