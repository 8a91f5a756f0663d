import { SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/** The catalog's 'not found / try another filters' answer for an empty list. */
export function GameGridEmpty({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={SearchX}
      title={t('Pages.games.not_found_title')}
      text={t('Pages.games.not_found_text')}
      className={className}
    />
  );
}

/** 'something went wrong / temporary difficulties' for a list that failed to load. */
export function GameGridError({ className, action }: { className?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={TriangleAlert}
      title={t('Pages.games.error_title')}
      text={t('Pages.games.error_text')}
      className={className}
      action={action}
    />
  );
}
