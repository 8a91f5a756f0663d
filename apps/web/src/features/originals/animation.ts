/**
 * A small requestAnimationFrame driver for the games' result animations. Players who ask the
 * system for reduced motion get the end state at once.
 */

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

/** Calls `frame` with progress 0..1 for `durationMs`, then `done`; returns a cancel function. */
export function animate(
  durationMs: number,
  frame: (progress: number) => void,
  done?: () => void,
): () => void {
  if (durationMs <= 0 || prefersReducedMotion()) {
    frame(1);
    done?.();
    return () => undefined;
  }
  let handle = 0;
  let cancelled = false;
  const start = performance.now();
  const step = (now: number) => {
    if (cancelled) return;
    const progress = Math.min(1, (now - start) / durationMs);
    frame(progress);
    if (progress < 1) handle = requestAnimationFrame(step);
    else done?.();
  };
  handle = requestAnimationFrame(step);
  return () => {
    cancelled = true;
    cancelAnimationFrame(handle);
  };
}

/** Resolves after `ms` (or at once under reduced motion): pauses between animation steps. */
export function pause(ms: number): Promise<void> {
  if (prefersReducedMotion()) return Promise.resolve();
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}
