import {
  Coins,
  Crown,
  Dices,
  Gift,
  type LucideIcon,
  Medal,
  Search,
  Sparkles,
  Trophy,
  Users,
  Volleyball,
} from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LazyLayer } from '@/components/lazy-layer';
import { Hint } from '@/components/ui/hint';
import { useBonusDrawer } from '@/features/bonuses/hooks/use-bonus-drawer';
import { useCryptoGuide } from '@/features/crypto-guide/hooks/use-crypto-guide';
import { LazyGameSearchDialog } from '@/features/games/components/lazy-game-search-dialog';
import { useMe } from '@/features/profile/api/get-me';
import { useSidebarTournaments } from '@/features/tournaments/hooks/use-sidebar-tournaments';
import { cn } from '@/lib/cn';
import { lazy } from '@/lib/lazy';
import { useLocalizedPath } from '@/lib/use-locale';

// the portal drawer's code is fetched when it is first opened
const PortalDrawer = lazy(async () => ({
  default: (await import('@/features/portal/components/portal-drawer')).PortalDrawer,
}));

const itemClassName =
  'group flex h-11 w-full cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-semibold text-ink-200 transition-colors hover:bg-ink-750 hover:text-ink-100';
/** NavLink marks the current page with aria-current; styling by it keeps className a plain string. */
const activeClassName =
  'aria-[current=page]:bg-ink-750 aria-[current=page]:text-ink-100 aria-[current=page]:[&_svg]:text-brand-300';

function WithTooltip({
  label,
  enabled,
  children,
}: {
  label: string;
  enabled: boolean;
  children: ReactElement;
}) {
  if (!enabled) return children;
  return (
    <Hint
      label={label}
      side="right"
      sideOffset={10}
      className="z-50 rounded-lg bg-ink-700 px-2.5 py-1.5 text-xs font-medium text-ink-100 shadow-lg"
    >
      {children}
    </Hint>
  );
}

function NavEntry({
  to,
  end,
  icon: Icon,
  label,
  collapsed,
  onNavigate,
  testId,
}: {
  to: string;
  end?: boolean;
  icon: LucideIcon;
  label: string;
  collapsed: boolean;
  onNavigate?: () => void;
  testId?: string;
}) {
  return (
    <WithTooltip label={label} enabled={collapsed}>
      <NavLink
        to={to}
        end={end}
        onClick={onNavigate}
        data-testid={testId}
        aria-label={collapsed ? label : undefined}
        className={cn(itemClassName, activeClassName, collapsed && 'justify-center px-0')}
      >
        <Icon
          className="size-5 shrink-0 text-ink-300 transition-colors group-hover:text-ink-100"
          aria-hidden="true"
        />
        {collapsed ? null : <span className="truncate">{label}</span>}
      </NavLink>
    </WithTooltip>
  );
}

function NavAction({
  icon: Icon,
  label,
  collapsed,
  onClick,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  collapsed: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <WithTooltip label={label} enabled={collapsed}>
      <button
        type="button"
        onClick={onClick}
        data-testid={testId}
        aria-label={collapsed ? label : undefined}
        className={cn(itemClassName, collapsed && 'justify-center px-0')}
      >
        <Icon
          className="size-5 shrink-0 text-ink-300 transition-colors group-hover:text-ink-100"
          aria-hidden="true"
        />
        {collapsed ? null : <span className="truncate">{label}</span>}
      </button>
    </WithTooltip>
  );
}

/**
 * The bonus drawer, the VIP / community portal (VIP players get the VIP club) and the crypto
 * guide (how to buy crypto and send it to the casino).
 */
function BonusAndPortalEntries({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const bonusDrawer = useBonusDrawer();
  const cryptoGuide = useCryptoGuide();
  const me = useMe();
  const [portalOpen, setPortalOpen] = useState(false);
  const isVip = me.data?.isVip ?? false;
  return (
    <>
      <NavAction
        icon={Sparkles}
        label={t('Bonuses.offers_button')}
        collapsed={collapsed}
        testId="nav-bonus-drawer"
        onClick={() => {
          onNavigate?.();
          bonusDrawer.open();
        }}
      />
      <NavAction
        icon={isVip ? Crown : Users}
        label={isVip ? t('Portal.entry_vip') : t('Portal.entry_community')}
        collapsed={collapsed}
        testId="nav-portal"
        onClick={() => setPortalOpen(true)}
      />
      <NavAction
        icon={Coins}
        label={t('CryptoGuide.entry')}
        collapsed={collapsed}
        testId="nav-crypto-guide"
        onClick={() => {
          onNavigate?.();
          cryptoGuide.open();
        }}
      />
      <LazyLayer open={portalOpen}>
        <PortalDrawer
          open={portalOpen}
          onOpenChange={setPortalOpen}
          isVip={isVip}
          vipManagerHandle={me.data?.vipManager?.telegramUsername ?? null}
        />
      </LazyLayer>
    </>
  );
}

/** The first three tournaments (VIP-only ones for VIP players only), above 'All tournaments'. */
function TournamentEntries({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const localized = useLocalizedPath();
  return useSidebarTournaments().map((tournament) => (
    <NavEntry
      key={tournament.id}
      to={localized(`/tournaments/${tournament.id}`)}
      icon={tournament.isVip ? Crown : Medal}
      label={tournament.name}
      collapsed={collapsed}
      onNavigate={onNavigate}
      testId={`sidebar-tournament-${tournament.id}`}
    />
  ));
}

/** Casino, Sport, Search, Tournaments and Bonuses: shared by the sidebar and the mobile menu. */
export function NavigationEntries({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const [searchOpen, setSearchOpen] = useState(false);

  return (
    <nav aria-label={t('Sidebar.navigation')} className="flex flex-col gap-1">
      <NavEntry
        to={localized('/')}
        end
        icon={Dices}
        label={t('Sidebar.casino')}
        collapsed={collapsed}
        onNavigate={onNavigate}
      />
      <NavEntry
        to={localized('/sportsbook')}
        icon={Volleyball}
        label={t('Sidebar.sport')}
        collapsed={collapsed}
        onNavigate={onNavigate}
      />
      <WithTooltip label={t('Sidebar.search')} enabled={collapsed}>
        <button
          type="button"
          onClick={() => setSearchOpen(true)}
          aria-label={collapsed ? t('Sidebar.search') : undefined}
          className={cn(itemClassName, collapsed && 'justify-center px-0')}
        >
          <Search
            className="size-5 shrink-0 text-ink-300 group-hover:text-ink-100"
            aria-hidden="true"
          />
          {collapsed ? null : <span className="truncate">{t('Sidebar.search')}</span>}
        </button>
      </WithTooltip>
      <LazyGameSearchDialog open={searchOpen} onOpenChange={setSearchOpen} />

      <div className={cn('my-2 h-px bg-ink-700', collapsed && 'mx-2')} />
      {collapsed ? null : (
        <p className="px-3 pt-1 pb-1.5 text-[11px] font-bold tracking-wider text-ink-400 uppercase">
          {t('Sidebar.tournaments')}
        </p>
      )}
      <TournamentEntries collapsed={collapsed} onNavigate={onNavigate} />
      <NavEntry
        to={localized('/tournaments')}
        end
        icon={Trophy}
        label={t('Sidebar.all_tournaments')}
        collapsed={collapsed}
        onNavigate={onNavigate}
      />
      <NavEntry
        to={localized('/bonuses')}
        icon={Gift}
        label={t('Sidebar.bonuses')}
        collapsed={collapsed}
        onNavigate={onNavigate}
      />
      <BonusAndPortalEntries collapsed={collapsed} onNavigate={onNavigate} />
    </nav>
  );
}
