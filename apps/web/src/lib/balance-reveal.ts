import { useSyncExternalStore } from 'react';

/**
 * While a game is still animating a round, the header must not show the new balance: it would
 * tell the outcome before the ball lands. A game holds the reveal from the moment it sends a
 * round until its animation has shown the result; the balance display keeps the figure it showed
 * before meanwhile. A hold that is never released (a game torn down mid-animation) lapses after
 * `maxHoldMs`, so the balance can never stay stale.
 */
export const maxHoldMs = 8_000;

let holds = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Starts a hold; the returned function ends it (calling it again does nothing). */
export function holdBalanceReveal(): () => void {
  holds += 1;
  notify();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    window.clearTimeout(timer);
    holds -= 1;
    notify();
  };
  const timer = window.setTimeout(release, maxHoldMs);
  return release;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True while some game holds the balance reveal. */
export function useBalanceRevealHeld(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => holds > 0,
    () => false,
  );
}
