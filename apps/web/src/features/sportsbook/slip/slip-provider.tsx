import {
  type ComponentType,
  createContext,
  type ReactNode,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useSlipCount } from './slip-count';

/** The account the slip places for: the player's primary currency (USD for a guest). */
export interface SlipAccount {
  /** the player's primary currency (tickets are in it); USD for a guest */
  currency: string;
  signedIn: boolean;
}

export const SlipAccountContext = createContext<SlipAccount | null>(null);

const loadWatchers = () => import('./slip-watchers');

/**
 * The slip's shared part, above every page: the account it places for and, once the slip holds a
 * selection, the live prices of every event on it, followed whatever page is open (their code,
 * with the slip's, fetched then: a guest's first paint has none of it). The placement under way
 * lives with the slip's code (`use-slip-placement.ts`), kept when the drawer closes.
 */
export function SlipProvider({
  currency,
  signedIn,
  children,
}: {
  currency: string;
  signedIn: boolean;
  children: ReactNode;
}) {
  const count = useSlipCount();
  const account = useMemo(() => ({ currency, signedIn }), [currency, signedIn]);
  const [Watchers, setWatchers] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (count === 0 || Watchers) return;
    let current = true;
    loadWatchers().then(
      (module) => current && setWatchers(() => module.SlipWatchers),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [count, Watchers]);
  return (
    <SlipAccountContext.Provider value={account}>
      {Watchers && count > 0 ? <Watchers /> : null}
      {children}
    </SlipAccountContext.Provider>
  );
}
