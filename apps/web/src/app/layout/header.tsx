import { Gift, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { preload } from '@/components/lazy-layer';
import { Logo } from '@/components/logo';
import { AuthButtons } from '@/features/auth/components/auth-buttons';
import { BonusDrawerButton } from '@/features/bonuses/components/bonus-drawer-button';
import { LazyGameSearchDialog } from '@/features/games/components/lazy-game-search-dialog';
import { useMe } from '@/features/profile/api/get-me';
import { UserAvatarLink } from '@/features/profile/components/user-avatar';
import { WheelHeaderButton } from '@/features/wheel/components/wheel-entry';
import { useWheelEntry } from '@/features/wheel/hooks/use-wheel-entry';
import { useIsSignedIn } from '@/lib/auth-token';
import { cn } from '@/lib/cn';
import { stripLocale } from '@/lib/locale-path';
import { useLocalizedPath } from '@/lib/use-locale';
import { HeaderBalanceSlot } from './header-balance-slot';
import { loadAuthDialog } from './layer-chunks';

/** The sign-in's code, fetched after the load (`prefetchLayer`), runs on a sign of intent. */
const preloadAuthDialog = preload(loadAuthDialog);

/**
 * The wheel button or the bonuses tab (desktop): its own component, so the wheel's answers
 * (prizes, today's status) re-render this entry, not the whole header (each answer is a
 * synchronous render: a query's store update is never a transition).
 */
function HeaderBonusesEntry() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const wheelEntry = useWheelEntry();
  if (wheelEntry.showWheel) return <WheelHeaderButton className="hidden md:flex" />;
  return (
    <NavLink
      to={localized('/bonuses')}
      className={({ isActive }) =>
        cn(
          'hidden h-10 items-center gap-2 rounded-xl px-3.5 text-sm font-semibold text-ink-200 transition-colors hover:bg-ink-750 hover:text-ink-100 md:flex',
          isActive && 'bg-ink-750 text-ink-100',
        )
      }
    >
      <Gift className="size-4 text-gold-400" aria-hidden="true" />
      {t('Header.bonuses')}
    </NavLink>
  );
}

export function Header() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const me = useMe();
  const [searchOpen, setSearchOpen] = useState(false);
  const onSportsbook = stripLocale(pathname).startsWith('/sportsbook');

  // opaque, no backdrop blur: without a GPU the browser blurs what is under a sticky bar in
  // software at every frame it paints (the same for the tab bar)
  return (
    <header className="sticky top-[var(--safe-top)] z-40 h-16 border-b border-ink-750 bg-ink-900">
      <div className="flex h-full items-center gap-2 px-3 sm:gap-3 md:px-5">
        <Link
          to={localized('/')}
          aria-label={t('Header.home')}
          className="mr-auto flex items-center rounded-lg md:mr-4"
        >
          <Logo className="hidden sm:inline-flex" />
          <Logo compact className="sm:hidden" />
        </Link>

        <HeaderBonusesEntry />

        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <BonusDrawerButton className="hidden sm:grid" />
          {onSportsbook ? null : (
            <button
              type="button"
              onClick={() => setSearchOpen(true)}
              aria-label={t('Header.search')}
              title={t('Header.search')}
              data-testid="header-search"
              className="grid size-10 cursor-pointer place-items-center rounded-xl border border-ink-700 bg-ink-850 text-ink-200 transition-colors hover:border-ink-600 hover:text-ink-100"
            >
              <Search className="size-4" aria-hidden="true" />
            </button>
          )}
          {signedIn ? (
            <>
              <HeaderBalanceSlot />
              {me.data ? (
                <UserAvatarLink profile={me.data} to={localized('/profile')} />
              ) : (
                <span className="size-10 animate-pulse rounded-full bg-ink-700" />
              )}
            </>
          ) : (
            <AuthButtons onIntent={preloadAuthDialog} />
          )}
        </div>
      </div>
      <LazyGameSearchDialog open={searchOpen} onOpenChange={setSearchOpen} />
    </header>
  );
}
