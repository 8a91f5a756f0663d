import type { UserBonus } from '@casino/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUserBonuses } from '../api/get-user-bonuses';
import { unseenBonuses } from '../new-bonuses';
import { useNoDialogOpen } from './use-no-dialog-open';

/**
 * The bonuses to announce: ones that appear in the player's list while the app is open (the
 * list refetches on every balance event, so a grant shows within moments). They wait until no
 * other dialog is on screen, then come out together. While `paused` (the player is in a game)
 * nothing is announced, then or later: a modal must not land on a game, nor on the next page
 * long after; the balance popover and the bonuses page show the bonus anyway.
 */
export function useNewBonusNotices({
  userKey,
  paused,
}: {
  /** whose list it is: another player signing in starts from a fresh first look */
  userKey: string;
  paused: boolean;
}): { bonuses: UserBonus[]; dismiss: () => void } {
  const list = useUserBonuses();
  const seen = useRef<{ userKey: string; ids: string[] } | null>(null);
  const [queued, setQueued] = useState<UserBonus[]>([]);
  const [shown, setShown] = useState<UserBonus[]>([]);

  useEffect(() => {
    if (!list.data) return;
    const known = seen.current?.userKey === userKey ? seen.current.ids : null;
    const { fresh, seen: ids } = unseenBonuses(list.data.items, known);
    seen.current = { userKey, ids };
    if (fresh.length === 0 || paused) return;
    setQueued((waiting) => [
      ...waiting,
      ...fresh.filter((bonus) => !waiting.some((queuedBonus) => queuedBonus.id === bonus.id)),
    ]);
  }, [userKey, list.data, paused]);

  useEffect(() => {
    if (paused) setQueued([]);
  }, [paused]);

  const screenFree = useNoDialogOpen(!paused && queued.length > 0 && shown.length === 0);
  useEffect(() => {
    if (!screenFree || queued.length === 0) return;
    setShown(queued);
    setQueued([]);
  }, [screenFree, queued]);

  const dismiss = useCallback(() => setShown([]), []);
  return { bonuses: shown, dismiss };
}
