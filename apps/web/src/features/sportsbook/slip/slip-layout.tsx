import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { BetSlip } from './bet-slip';
import { setSlipDrawerOpen, useSlipDrawerOpen } from './slip-count';

/** Desktop (≥ 1024 px): the slip beside the sportsbook's pages, following the scroll. */
export function SlipPanel() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('BetSlip.title')}
      data-testid="slip-panel"
      className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-2xl border border-ink-700 bg-ink-850 p-3 scrollbar-thin"
    >
      <BetSlip />
    </aside>
  );
}

/**
 * Phones and tablets: the slip as a bottom sheet. Radix's dialog traps the focus, Esc and a
 * tap outside close it, and the title labels it.
 */
export function SlipDrawer() {
  const { t } = useTranslation();
  const open = useSlipDrawerOpen();
  return (
    <Dialog.Root open={open} onOpenChange={setSlipDrawerOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/85" />
        <Dialog.Content
          data-testid="slip-drawer"
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[min(88dvh,calc(100dvh-var(--safe-top)-0.5rem))] w-full max-w-lg animate-slide-up flex-col rounded-t-3xl border border-b-0 border-ink-700 bg-ink-850 shadow-2xl"
        >
          <div className="relative flex h-9 shrink-0 items-center justify-center">
            <span aria-hidden="true" className="h-1 w-10 rounded-full bg-ink-600" />
            <Dialog.Title className="sr-only">{t('BetSlip.title')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('Shared.close')}
              className="absolute top-1.5 right-3 grid size-8 cursor-pointer place-items-center rounded-lg text-ink-300 hover:bg-ink-750 hover:text-ink-100"
            >
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-4 pb-[calc(1rem+var(--safe-bottom))] scrollbar-thin">
            <BetSlip onNavigate={() => setSlipDrawerOpen(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
