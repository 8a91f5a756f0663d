import { useSyncExternalStore } from 'react';

/**
 * The width, read once and then at each resize: every row and grid of the lobby asks for it on
 * every render, and `window.innerWidth` read right after React changed the page makes the
 * browser lay the whole page out there and then (many times over during the first render).
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

/** The window's inner width in CSS pixels, updated on resize (grid columns follow it). */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => width,
    () => 1024,
  );
}
