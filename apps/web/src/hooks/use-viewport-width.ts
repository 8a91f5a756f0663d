import { useSyncExternalStore } from 'react';

/**
 * The width, read once and then at each resize: every row and grid of the lobby and the header's
 * balance ask for it on every render, and `window.innerWidth` read right after React changed the
 * page makes the browser lay the whole page out there and then (many times over during the first
 * render; React also reads a snapshot when it subscribes, in the passive effects right after a
 * commit: the signed-in shell's balance cost one full layout of the fresh page there, about
 * 90 ms at a 4× slower CPU).
 */
let width = typeof window === 'undefined' ? 1024 : window.innerWidth;
const listeners = new Set<() => void>();

if (typeof window !== 'undefined') {
  window.addEventListener('resize', () => {
    width = window.innerWidth;
    for (const listener of listeners) listener();
  });
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The width now, without a layout (the value the hook gives). */
export function viewportWidth(): number {
  return width;
}

/** The window's inner width in CSS pixels, updated on resize (grid columns follow it). */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => width,
    () => 1024,
  );
}
