import { bonusDrawerVariant, bonusPercent, everydayBonusDefaultPercent } from '@casino/contract';
import { Gift, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIsSignedIn } from '@/lib/auth-token';
import { useBonusOffers } from '../api/get-bonus-offers';
import { useDailyBonus } from '../api/get-daily-bonus';
import { useMarkDailyBonusShown } from '../api/mark-daily-bonus-shown';
import { useBonusDrawer } from '../hooks/use-bonus-drawer';
import { EverydayVariant } from './everyday-variant';
import { WelcomeVariant } from './welcome-variant';

export interface BonusDrawerProps {
  /** The wheel of luck's tile, shown first in the welcome variant; the app fills it. */
  wheelTile?: ReactNode;
  /** Opens the wallet on its deposit tab (over the drawer, which stays open behind it). */
  onDeposit: () => void;
  /** Opens the sign-up step for a guest. */
  onSignUp: () => void;
}

function Loading() {
  return (
    <div className="grid h-64 place-items-center" aria-busy="true">
      <Spinner className="size-6 text-brand-300" />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <p className="text-sm text-ink-300">{t('Shared.temporary_difficulties')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('Shared.retry')}
      </Button>
    </div>
  );
}

function SignedInContent({ wheelTile, onDeposit, onSignUp }: BonusDrawerProps) {
  const daily = useDailyBonus();
  const offers = useBonusOffers();
  const markShown = useMarkDailyBonusShown();
  const { mutate: markDrawerShown } = markShown;

  // Spec §4: opening the drawer signed in records that it was shown (once per opening).
  useEffect(() => {
    markDrawerShown();
  }, [markDrawerShown]);

  if (daily.isPending) return <Loading />;
  if (daily.isError) return <LoadFailed onRetry={() => void daily.refetch()} />;
  const everydayPercent = daily.data.offer
    ? bonusPercent(daily.data.offer.conditions.amountMultiplier)
    : everydayBonusDefaultPercent;

  if (bonusDrawerVariant(daily.data.countDeposit) === 'everyday') {
    return <EverydayVariant status={daily.data} percent={everydayPercent} />;
  }
  if (offers.isPending) return <Loading />;
  if (offers.isError) return <LoadFailed onRetry={() => void offers.refetch()} />;
  return (
    <WelcomeVariant
      offers={offers.data.items}
      depositCount={daily.data.countDeposit}
      everydayPercent={everydayPercent}
      wheelTile={wheelTile}
      onDeposit={onDeposit}
      onSignUp={onSignUp}
    />
  );
}

/**
 * The bonus drawer (`?bonus10`, spec §2): the welcome variant below four deposits (and for
 * guests), the everyday variant from the fourth on. A sheet from the right on desktop, from the
 * bottom on phones.
 */
export function BonusDrawer(props: BonusDrawerProps) {
  const { t } = useTranslation();
  const drawer = useBonusDrawer();
  const signedIn = useIsSignedIn();

  return (
    <Dialog.Root
      open={drawer.isOpen}
      onOpenChange={(open) => {
        if (!open) drawer.close();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/85" />
        <Dialog.Content
          data-testid="bonus-drawer"
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[min(92dvh,calc(100dvh-var(--safe-top)-0.5rem))] animate-slide-up flex-col rounded-t-3xl border-t border-ink-700 bg-ink-900 shadow-2xl md:inset-y-0 md:right-0 md:left-auto md:max-h-none md:w-[480px] md:animate-slide-in-right md:rounded-none md:border-t-0 md:border-l md:pt-safe"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-ink-750 px-4 sm:px-5">
            <Dialog.Title className="flex items-center gap-2 text-lg font-bold text-ink-100">
              <Gift className="size-5 text-gold-400" aria-hidden="true" />
              {t('Bonuses.drawer_title')}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('Shared.close')}
              className="grid size-9 cursor-pointer place-items-center rounded-lg text-ink-300 hover:bg-ink-750 hover:text-ink-100"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-5 pb-[calc(1.25rem+var(--safe-bottom))] scrollbar-thin sm:px-5">
            {signedIn ? (
              <SignedInContent {...props} />
            ) : (
              <WelcomeVariant
                offers={null}
                depositCount={null}
                everydayPercent={everydayBonusDefaultPercent}
                wheelTile={props.wheelTile}
                onDeposit={props.onDeposit}
                onSignUp={props.onSignUp}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
