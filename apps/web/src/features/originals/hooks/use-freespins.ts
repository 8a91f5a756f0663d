import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useIsSignedIn } from '@/lib/auth-token';
import { freespinsQueryKey, freespinsStaleTimeMs, getFreespinBonuses } from '../api/get-freespins';
import { type FreespinOffer, freespinOfferFor } from '../freespins';

/**
 * The free-spins switch of a game: `offer` is the bonus whose spins this game accepts (null: no
 * switch), `active` the offer while the player has it on. The choice belongs to one bonus, so
 * once its spins run out the switch goes and a later bonus starts switched off.
 */
export function useFreespins(gameId: string, currency: string) {
  const signedIn = useIsSignedIn();
  const query = useQuery({
    queryKey: freespinsQueryKey,
    queryFn: ({ signal }) => getFreespinBonuses(signal),
    enabled: signedIn,
    staleTime: freespinsStaleTimeMs,
  });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const offer: FreespinOffer | null =
    signedIn && query.data ? freespinOfferFor(query.data.items, gameId, currency) : null;
  const active = offer !== null && offer.bonusId === chosenId ? offer : null;
  const offerId = offer?.bonusId ?? null;
  const setOn = useCallback((on: boolean) => setChosenId(on ? offerId : null), [offerId]);
  return { offer, active, setOn };
}
