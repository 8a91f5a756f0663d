import { type DailyBonusStatus, dailyBonusState, utcDay } from '@casino/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Countdown } from '@/components/countdown';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { notify } from '@/lib/notify';
import { useActivateDailyBonus } from '../api/activate-daily-bonus';
import { dailyBonusQueryKey } from '../api/get-daily-bonus';

/**
 * Spec §4 "Daily bonus": the 'use' button unless today's bonus is used; once used, a countdown
 * to the next UTC midnight, after which the next one is offered.
 */
export function DailyBonusAction({ status }: { status: DailyBonusStatus }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => new Date());
  const activate = useActivateDailyBonus();
  const idempotency = useIdempotencyKey();
  const state = dailyBonusState(status, now);

  switch (state.kind) {
    case 'locked':
      return null;
    case 'unavailable':
      return (
        <p data-testid="daily-bonus-unavailable" className="text-sm text-ink-300">
          {t('Bonuses.everyday.unavailable')}
        </p>
      );
    case 'used':
      return (
        <div data-testid="daily-bonus-used" className="flex flex-col gap-2">
          <p className="text-sm font-medium text-money-400">{t('Bonuses.everyday.used')}</p>
          <p className="text-xs font-medium text-ink-300">{t('Bonuses.everyday.next_in')}</p>
          <Countdown
            target={state.nextAt}
            onComplete={() => {
              setNow(new Date());
              void queryClient.invalidateQueries({ queryKey: dailyBonusQueryKey });
            }}
          />
        </div>
      );
    case 'available':
      return (
        <Button
          variant="money"
          size="lg"
          data-testid="daily-bonus-use"
          disabled={activate.isPending}
          onClick={() => {
            const day = utcDay(new Date());
            activate.mutate(idempotency.keyFor({ day }), {
              onSuccess: () => {
                idempotency.finish();
                setNow(new Date());
                notify.success(t('Bonuses.everyday.activated'));
              },
            });
          }}
        >
          {activate.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <Zap className="size-4" aria-hidden="true" />
          )}
          {t('Bonuses.everyday.use')}
        </Button>
      );
  }
}
