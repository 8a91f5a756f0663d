import { useSyncExternalStore } from 'react';

/**
 * What the shell shows of the bet slip before its code is in: how many selections it holds (the
 * tab bar's badge, whether the slip's buttons show) and whether the phone's drawer is open. The
 * slip itself (`slip-store.ts`: the reducer, validation of what localStorage holds, the live
 * prices) loads with the sportsbook, the first selection or a stored slip, and from then on
 * tells this module its validated count.
 */

/** Where the slip lives in localStorage (`slip-state.ts` reads and writes it). */
export const slipStorageKey = 'sportsbook.slip';

/** The count of a stored slip at a glance, before the slip's code has checked it. */
export function storedSelectionCount(raw: string | null): number {
  try {
    const selections = (JSON.parse(raw ?? 'null') as { slip?: { selections?: unknown } } | null)
      ?.slip?.selections;
    return Array.isArray(selections) ? selections.length : 0;
  } catch {
    return 0;
  }
}

function readCount(): number {
  try {
    return storedSelectionCount(window.localStorage.getItem(slipStorageKey));
  } catch {
    return 0;
  }
}

let count: number | null = null;
const countListeners = new Set<() => void>();

/** The slip's code tells the count whenever the slip changes (it has checked what it read). */
export function publishSlipCount(next: number): void {
  if (count === next) return;
  count = next;
  for (const listener of countListeners) listener();
}

let watchingStorage = false;

function subscribeCount(listener: () => void) {
  countListeners.add(listener);
  // Another tab's slip: counted at a glance here, then checked by the slip's code if it is in
  // (its own listener, added after this one, runs after it). One listener, kept for the page.
  if (!watchingStorage) {
    watchingStorage = true;
    window.addEventListener('storage', (event) => {
      if (event.key === slipStorageKey) publishSlipCount(storedSelectionCount(event.newValue));
    });
  }
  return () => {
    countListeners.delete(listener);
  };
}

/** How many selections the slip holds. */
export function useSlipCount(): number {
  return useSyncExternalStore(
    subscribeCount,
    () => {
      count ??= readCount();
      return count;
    },
    () => 0,
  );
}

/** The phone's slip drawer: opened from the tab bar or the floating button, closed by Esc. */
let drawerOpen = false;
const drawerListeners = new Set<() => void>();

export function setSlipDrawerOpen(open: boolean): void {
  if (drawerOpen === open) return;
  drawerOpen = open;
  for (const listener of drawerListeners) listener();
}

export function useSlipDrawerOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      drawerListeners.add(listener);
      return () => drawerListeners.delete(listener);
    },
    () => drawerOpen,
    () => false,
  );
}
