import type { OddsFormat } from '@casino/contract';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { isOddsFormat } from '../odds';

const storageKey = 'oddsFormat';
const listeners = new Set<() => void>();

function readStored(): OddsFormat {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isOddsFormat(stored) ? stored : 'decimal';
  } catch {
    return 'decimal';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function storeFormat(format: OddsFormat) {
  try {
    window.localStorage.setItem(storageKey, format);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/**
 * Where a signed-in player's choice lives (the profile's `oddsFormat`): the app layer provides
 * it, since features do not import each other. Without it (a guest) the choice is kept in
 * `localStorage`.
 */
export interface ProfileOddsFormat {
  format: OddsFormat;
  change: (format: OddsFormat) => void;
}

const ProfileOddsFormatContext = createContext<ProfileOddsFormat | null>(null);

export const ProfileOddsFormatProvider = ProfileOddsFormatContext.Provider;

/** The odds format the player chose and a way to change it. */
export function useOddsFormat(): [OddsFormat, (format: OddsFormat) => void] {
  const profile = useContext(ProfileOddsFormatContext);
  const stored = useSyncExternalStore(subscribe, readStored, () => 'decimal' as const);
  const change = useCallback(
    (format: OddsFormat) => {
      storeFormat(format);
      profile?.change(format);
    },
    [profile],
  );
  return [profile?.format ?? stored, change];
}
