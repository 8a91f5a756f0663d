import { useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '@/lib/after-load';

/**
 * Radix's tooltip and popover, fetched on demand: the shell's tooltips and its language and
 * balance pickers render their triggers plainly until this chunk is here, so Radix's popper,
 * floating-ui and the layers they need are not on a guest's first load (issue 21). The chunk is
 * fetched when the browser is idle after the first paint, or at once on a sign of intent (a
 * pointer over a trigger, a focus, a click), whichever comes first.
 */
interface Parts {
  HintTooltip: typeof import('./lazy-parts-impl').HintTooltip;
  AnchoredPopover: typeof import('./lazy-parts-impl').AnchoredPopover;
}

let parts: Parts | null = null;
let loading: Promise<Parts> | null = null;
const listeners = new Set<() => void>();

export function loadParts(): Promise<Parts> {
  loading ??= import('./lazy-parts-impl').then(
    ({ HintTooltip, AnchoredPopover }) => {
      const module = { HintTooltip, AnchoredPopover };
      parts = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // offline: the next sign of intent tries again
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts fetching the parts (a sign of intent); never fails. */
export function preloadParts(): void {
  loadParts().catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The parts once fetched (null before); fetches them when the browser is idle. */
export function useLazyParts(): Parts | null {
  const current = useSyncExternalStore(
    subscribe,
    () => parts,
    () => null,
  );
  useEffect(() => {
    if (parts) return;
    return whenIdle(preloadParts, { timeoutMs: 5_000, fallbackMs: 2_000 });
  }, []);
  return current;
}
