import { LazyLayer } from '@/components/lazy-layer';
import { lazy } from '@/lib/lazy';
import { useNewBonusNotices } from '../hooks/use-new-bonus-notices';

// fetched with the first notice: a guest's first load has no bonus to announce
const BonusInfoModal = lazy(async () => ({
  default: (await import('./bonus-info-modal')).BonusInfoModal,
}));

/**
 * Announces bonuses granted while the app is open with the info modal, one bonus or several
 * (spec §2); never while `paused` (the player is in a game).
 */
export function NewBonusNotices({ userKey, paused }: { userKey: string; paused: boolean }) {
  const notices = useNewBonusNotices({ userKey, paused });
  const open = notices.bonuses.length > 0;
  return (
    <LazyLayer open={open}>
      <BonusInfoModal
        bonuses={notices.bonuses}
        open={open}
        onOpenChange={(next) => {
          if (!next) notices.dismiss();
        }}
        reason="new"
      />
    </LazyLayer>
  );
}
