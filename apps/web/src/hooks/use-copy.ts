import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { copyToastDurationMs, notify } from '@/lib/notify';

/** Copies text and confirms with the Shared.copy_success toast for 2 s. */
export function useCopy(): (text: string) => Promise<void> {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        notify.success(t('Shared.copy_success'), { durationMs: copyToastDurationMs });
      } catch {
        notify.error(t('Shared.copy_failed'));
      }
    },
    [t],
  );
}
