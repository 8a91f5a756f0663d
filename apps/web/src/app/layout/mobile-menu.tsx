import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { SocialButtons } from '@/components/social-buttons';
import { SupportCard } from '@/components/support/support-card';
import { LanguagePicker } from '@/features/languages/components/language-picker';
import { useLocale } from '@/lib/use-locale';
import { useChangeLanguage } from '../hooks/use-change-language';
import { NavigationEntries } from './navigation';

/** The bottom bar's Menu: the sidebar's entries in a sheet. */
export function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const changeLanguage = useChangeLanguage();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/85" />
        <Dialog.Content
          data-testid="mobile-menu"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] animate-slide-in-left flex-col border-r border-ink-700 bg-ink-850 pt-safe pl-[var(--safe-left)] shadow-2xl"
        >
          <div className="flex h-16 items-center justify-between border-b border-ink-750 px-4">
            <Logo />
            <Dialog.Title className="sr-only">{t('Sidebar.menu')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('Shared.close')}
              className="grid size-9 cursor-pointer place-items-center rounded-lg text-ink-300 hover:bg-ink-750 hover:text-ink-100"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-3 scrollbar-thin">
            <NavigationEntries onNavigate={close} />
          </div>
          <div className="flex flex-col gap-3 border-t border-ink-750 p-3 pb-[calc(0.75rem+var(--safe-bottom))]">
            <LanguagePicker
              value={locale}
              onChange={(next) => {
                close();
                changeLanguage(next);
              }}
            />
            <SupportCard />
            <SocialButtons />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
