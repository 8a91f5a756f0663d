import { Headset } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from '../ui/button';
import { SupportModal } from './support-modal';

/** 'Support 24/7' card with a Write button that opens the support modal. */
export function SupportCard({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-2xl border border-ink-700 bg-linear-to-br from-ink-750 to-ink-800 p-4',
        className,
      )}
    >
      <div className="pointer-events-none absolute -top-6 -right-6 size-24 rounded-full bg-brand-500/20 blur-2xl" />
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/20 text-brand-300">
          <Headset className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-bold text-ink-100">{t('Support.title')}</p>
          <p className="text-xs text-ink-300">{t('Support.card_text')}</p>
        </div>
      </div>
      <SupportModal
        trigger={
          <Button variant="secondary" size="sm" className="mt-3 w-full">
            {t('Support.write')}
          </Button>
        }
      />
    </div>
  );
}
