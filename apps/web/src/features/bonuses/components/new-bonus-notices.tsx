import { useNewBonusNotices } from '../hooks/use-new-bonus-notices';
import { BonusInfoModal } from './bonus-info-modal';

/**
 * Announces bonuses granted while the app is open with the info modal, one bonus or several
 * (spec §2); never while `paused` (the player is in a game).
 */
export function NewBonusNotices({ userKey, paused }: { userKey: string; paused: boolean }) {
  const notices = useNewBonusNotices({ userKey, paused });
  return (
    <BonusInfoModal
      bonuses={notices.bonuses}
      open={notices.bonuses.length > 0}
      onOpenChange={(open) => {
        if (!open) notices.dismiss();
      }}
      reason="new"
    />
  );
}
