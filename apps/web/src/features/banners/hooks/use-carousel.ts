import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** How long a slide stays before autoplay shows the next one. */
export const autoplayIntervalMs = 6_000;

/** The slide `step` away from `index`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count === 0) return 0;
  return (((index + step) % count) + count) % count;
}

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** True while the tab is in the background. */
function useDocumentHidden(): boolean {
  return useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState === 'hidden',
    () => false,
  );
}

/**
 * The carousel's current slide and its autoplay: one timer per shown slide, armed only while
 * autoplay is allowed (not under reduced motion), there is more than one slide, and nobody is
 * pointing at or focused inside the carousel and the tab is visible. Nothing runs between
 * slides but that timer.
 */
export function useCarousel(count: number, options: { autoplay: boolean }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hidden = useDocumentHidden();
  const current = count === 0 ? 0 : Math.min(index, count - 1);
  const playing = options.autoplay && count > 1 && !hovered && !focused && !hidden;

  useEffect(() => {
    if (!playing) return;
    // Keyed on the shown slide: a turn by hand starts the wait again.
    const timer = window.setTimeout(
      () => setIndex(wrapIndex(current, 1, count)),
      autoplayIntervalMs,
    );
    return () => window.clearTimeout(timer);
  }, [playing, current, count]);

  const go = useCallback(
    (step: number) => setIndex((shown) => wrapIndex(Math.min(shown, count - 1), step, count)),
    [count],
  );
  const goTo = useCallback((target: number) => setIndex(wrapIndex(target, 0, count)), [count]);

  return { index: current, playing, go, goTo, setHovered, setFocused };
}
