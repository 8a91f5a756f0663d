import { Headset, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SocialButtons } from '@/components/social-buttons';
import { SupportCard } from '@/components/support/support-card';
import { SupportModal } from '@/components/support/support-modal';
import { Hint } from '@/components/ui/hint';
import { LanguagePicker } from '@/features/languages/components/language-picker';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { useChangeLanguage } from '../hooks/use-change-language';
import { NavigationEntries } from './navigation';

/** Desktop side menu: expanded (296px, 256px from 1536px) or collapsed to icons (66px). */
export function Sidebar({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const changeLanguage = useChangeLanguage();
  const collapsed = !open;
  const toggleLabel = open ? t('Sidebar.collapse') : t('Sidebar.expand');

  return (
    <aside
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-[calc(4rem+var(--safe-top))] hidden h-[calc(100dvh-4rem-var(--safe-top))] shrink-0 flex-col border-r border-ink-750 bg-ink-850/80 transition-[width] duration-200 ease-out md:flex',
        open ? 'w-[296px] 2xl:w-64' : 'w-[66px]',
      )}
    >
      <div
        className={cn('flex items-center px-3 pt-3', collapsed ? 'justify-center' : 'justify-end')}
      >
        <Hint
          side="right"
          sideOffset={8}
          className="z-50 flex items-center gap-2 rounded-lg bg-ink-700 px-2.5 py-1.5 text-xs font-medium text-ink-100 shadow-lg"
          label={
            <>
              {toggleLabel}
              <kbd className="rounded bg-ink-600 px-1.5 py-0.5 font-mono text-[10px] text-ink-200">
                {t('Sidebar.shortcut')}
              </kbd>
            </>
          }
        >
          <button
            type="button"
            data-testid="sidebar-toggle"
            onClick={onToggle}
            aria-label={toggleLabel}
            aria-expanded={open}
            aria-keyshortcuts="Control+B Meta+B"
            className="grid size-9 cursor-pointer place-items-center rounded-lg text-ink-300 transition-colors hover:bg-ink-750 hover:text-ink-100"
          >
            {open ? (
              <PanelLeftClose className="size-5" aria-hidden="true" />
            ) : (
              <PanelLeftOpen className="size-5" aria-hidden="true" />
            )}
          </button>
        </Hint>
      </div>

      <div
        className={cn(
          'flex-1 overflow-y-auto overflow-x-hidden px-3 pt-1 pb-4 scrollbar-thin',
          collapsed && 'px-2.5',
        )}
      >
        <NavigationEntries collapsed={collapsed} />
      </div>

      <div
        className={cn(
          'flex flex-col gap-3 border-t border-ink-750 p-3',
          collapsed && 'items-center px-2.5',
        )}
      >
        <LanguagePicker
          value={locale}
          onChange={changeLanguage}
          variant={collapsed ? 'compact' : 'full'}
        />
        {collapsed ? (
          <SupportModal
            trigger={
              <button
                type="button"
                aria-label={t('Support.title')}
                title={t('Support.title')}
                className="grid size-10 cursor-pointer place-items-center rounded-xl bg-brand-500/15 text-brand-300 transition-colors hover:bg-brand-500/25"
              >
                <Headset className="size-5" aria-hidden="true" />
              </button>
            }
          />
        ) : (
          <SupportCard />
        )}
        <SocialButtons orientation={collapsed ? 'vertical' : 'horizontal'} />
      </div>
    </aside>
  );
}
