import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { useLocalizedPath } from '@/lib/use-locale';

/** Sticky header with the logo, a scrolling body: for pages outside the app shell. */
export function SimpleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-[var(--safe-top)] z-40 h-16 border-b border-ink-750 bg-ink-900">
        <div className="mx-auto flex h-full max-w-5xl items-center px-4">
          <Link to={localized('/')} aria-label={t('Header.home')} className="rounded-lg">
            <Logo />
          </Link>
        </div>
      </header>
      <main className="px-4 py-8 sm:py-12">{children}</main>
    </div>
  );
}
