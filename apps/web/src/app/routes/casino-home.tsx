import { Search, Sparkles, Wallet } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Accordion } from '@/components/accordion';
import { HeroArt } from '@/components/illustrations/hero-art';
import { SupportCard } from '@/components/support/support-card';
import { Button } from '@/components/ui/button';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { BannerCarousel } from '@/features/banners/components/banner-carousel';
import { PartnersSection } from '@/features/banners/components/partners-section';
import { useNavigationCategories } from '@/features/games/api/get-navigation-categories';
import { homeRowCategories } from '@/features/games/catalog';
import { GameGridError } from '@/features/games/components/game-grid-state';
import { CategoryRow, LastPlayedRow } from '@/features/games/components/game-row';
import { LazyGameSearchDialog } from '@/features/games/components/lazy-game-search-dialog';
import { LatestBetsWidget } from '@/features/latest-bets/components/latest-bets-widget';
import { useBilling } from '@/features/profile/api/get-billing';
import { useMe } from '@/features/profile/api/get-me';
import { useWalletDialog } from '@/features/wallet/hooks/use-wallet-dialog';
import { useWheelDialog } from '@/features/wheel/hooks/use-wheel-dialog';
import { useIsSignedIn } from '@/lib/auth-token';

const faq = ['1', '2', '3', '4'] as const;

/**
 * The banner carousel with what the app knows of the viewer (VIP, deposits, billing) and the
 * steps its clicks open: sign-up, sign-in, the wallet and the wheel.
 */
function HomeBanners() {
  const signedIn = useIsSignedIn();
  const me = useMe();
  const billing = useBilling();
  const auth = useAuthDialog();
  const wallet = useWalletDialog();
  const wheel = useWheelDialog();
  const viewer = useMemo(
    () => ({
      signedIn,
      isVip: signedIn && (me.data?.isVip ?? false),
      hasDeposits: signedIn && (me.data?.hasDeposits ?? false),
      billing: signedIn ? (billing.data ?? null) : null,
    }),
    [signedIn, me.data?.isVip, me.data?.hasDeposits, billing.data],
  );
  return (
    <BannerCarousel
      viewer={viewer}
      onSignUp={() => auth.open('register')}
      onLogin={() => auth.open('login')}
      onOpenWallet={() => wallet.open('deposit')}
      onOpenWheel={wheel.open}
    />
  );
}

/** The lobby: the player's last played games, then one row per navigation category. */
function HomeGameRows() {
  const { t } = useTranslation();
  const categories = useNavigationCategories();
  // the navigation's answer, when the page did not bring it, renders the rows in a render React
  // slices (a query's update is never a transition), not in one long task
  const rows = useDeferredValue(categories.data);
  return (
    <section className="flex flex-col gap-7" aria-label={t('Pages.home.games_title')}>
      <LastPlayedRow />
      {categories.isError ? (
        <GameGridError />
      ) : rows === undefined ? null : (
        homeRowCategories(rows).map((category) => (
          <CategoryRow key={category.id} category={category} />
        ))
      )}
    </section>
  );
}

/**
 * The welcome block for someone who has not played here yet: what the casino is, and the step
 * that starts it (sign up, or the first deposit).
 */
function HomeWelcome({
  signedIn,
  onSignUp,
  onTopUp,
  onSearch,
}: {
  signedIn: boolean;
  onSignUp: () => void;
  onTopUp: () => void;
  onSearch: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="home-welcome"
      className="relative overflow-hidden rounded-3xl border border-ink-700 bg-linear-to-br from-brand-700/40 via-ink-850 to-ink-850"
    >
      <div className="pointer-events-none absolute -top-24 -left-24 size-72 rounded-full bg-brand-500/25 blur-3xl" />
      <div className="pointer-events-none absolute -right-10 -bottom-24 size-72 rounded-full bg-gold-400/10 blur-3xl" />
      <div className="relative grid items-center gap-4 p-5 sm:p-8 md:grid-cols-[1.1fr_1fr] md:gap-8 md:p-10">
        <div className="order-2 md:order-1">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-ink-900/60 px-3 py-1 text-xs font-semibold text-brand-300 ring-1 ring-brand-500/30">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {t('Pages.home.hero_badge')}
          </p>
          <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight text-ink-100 sm:text-4xl lg:text-5xl">
            {t('Pages.home.hero_title')}
          </h1>
          <p className="mt-3 max-w-lg text-sm text-ink-200 sm:text-base">
            {t('Pages.home.hero_subtitle')}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {signedIn ? (
              <Button size="lg" variant="money" onClick={onTopUp}>
                <Wallet className="size-5" aria-hidden="true" />
                {t('Pages.home.hero_top_up')}
              </Button>
            ) : (
              <Button size="lg" onClick={onSignUp}>
                {t('Pages.home.hero_register')}
              </Button>
            )}
            <Button size="lg" variant="outline" onClick={onSearch}>
              <Search className="size-5" aria-hidden="true" />
              {t('Pages.home.hero_search')}
            </Button>
          </div>
        </div>
        <HeroArt className="order-1 mx-auto max-w-[14rem] sm:max-w-sm md:order-2 md:max-w-md" />
      </div>
    </section>
  );
}

/**
 * The lobby. The welcome block introduces the casino to someone who has not played here yet (a
 * guest, a player before the first deposit); a player who has deposited came for the games, so
 * the rows follow the banners at once: on a phone the first row starts within the first screen
 * instead of below a screen of introduction.
 */
export function CasinoHomePage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const me = useMe();
  const auth = useAuthDialog();
  const wallet = useWalletDialog();
  const [searchOpen, setSearchOpen] = useState(false);
  const showsWelcome = !signedIn || me.data?.hasDeposits === false;

  return (
    <div className="flex flex-col gap-8 md:gap-10">
      <HomeBanners />

      {showsWelcome ? (
        <HomeWelcome
          signedIn={signedIn}
          onSignUp={() => auth.open('register')}
          onTopUp={() => wallet.open('deposit')}
          onSearch={() => setSearchOpen(true)}
        />
      ) : (
        <h1 className="sr-only">{t('Pages.home.games_title')}</h1>
      )}

      <HomeGameRows />

      {/* below the first screen: laid out and painted when scrolled near (`below-fold`) */}
      <section className="below-fold grid gap-6 lg:grid-cols-[1fr_320px]">
        <div>
          <h2 className="mb-4 text-xl font-bold text-ink-100">{t('Pages.home.about_title')}</h2>
          <Accordion
            items={faq.map((number) => ({
              id: number,
              title: t(`Pages.home.faq.q${number}`),
              content: t(`Pages.home.faq.a${number}`),
            }))}
          />
        </div>
        <SupportCard className="h-fit lg:mt-11" />
      </section>

      <PartnersSection />

      <LatestBetsWidget className="below-fold" />

      <LazyGameSearchDialog open={searchOpen} onOpenChange={setSearchOpen} />
    </div>
  );
}
