import { orderUserBonuses } from '@casino/contract';
import { Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useUserBonuses } from '../api/get-user-bonuses';
import { BonusCard } from './bonus-card';

function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section data-testid={testId} className="flex flex-col gap-3">
      <h2 className="text-sm font-bold tracking-wider text-ink-300 uppercase">{title}</h2>
      <div className="grid grid-cols-1 gap-3 2xl:grid-cols-2">{children}</div>
    </section>
  );
}

/**
 * The `/bonuses` list: the active and pending bonuses first, then the finished ones (spec §4
 * statuses). The list refetches on every balance event, so wagering moves the bars live.
 */
export function UserBonusList({ emptyAction }: { emptyAction?: ReactNode }) {
  const { t } = useTranslation();
  const bonuses = useUserBonuses();

  if (bonuses.isPending) {
    return (
      <div className="grid grid-cols-1 gap-3" aria-busy="true">
        {[0, 1].map((index) => (
          <div key={index} className="h-64 animate-pulse rounded-2xl bg-ink-850" />
        ))}
      </div>
    );
  }
  if (bonuses.isError) {
    return (
      <EmptyState
        icon={Gift}
        title={t('Pages.games.error_title')}
        text={t('Shared.temporary_difficulties')}
        action={
          <Button variant="secondary" onClick={() => void bonuses.refetch()}>
            {t('Shared.retry')}
          </Button>
        }
      />
    );
  }

  const { current, finished } = orderUserBonuses(bonuses.data.items);
  if (current.length === 0 && finished.length === 0) {
    return (
      <EmptyState
        icon={Gift}
        title={t('Pages.bonuses.empty_title')}
        text={t('Pages.bonuses.empty_text')}
        action={emptyAction}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {current.length > 0 ? (
        <Section title={t('Bonuses.current_title')} testId="bonuses-current">
          {current.map((bonus) => (
            <BonusCard key={bonus.id} bonus={bonus} />
          ))}
        </Section>
      ) : null}
      {finished.length > 0 ? (
        <Section title={t('Bonuses.finished_title')} testId="bonuses-finished">
          {finished.map((bonus) => (
            <BonusCard key={bonus.id} bonus={bonus} />
          ))}
        </Section>
      ) : null}
    </div>
  );
}
