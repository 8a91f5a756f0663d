import { useSyncExternalStore } from 'react';

/**
 * Whether the games' own actions must wait: while a reality check is open (responsible
 * gambling), no game sends a bet by itself or by a click until the player answers. Shared code:
 * the responsible-gambling layer pauses, the games ask (features never import each other).
 */
const reasons = new Set<string>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Pauses (`on`) or resumes play for one reason; play resumes once no reason is left. */
export function setPlayPaused(reason: string, on: boolean): void {
  const had = reasons.has(reason);
  if (on === had) return;
  if (on) reasons.add(reason);
  else reasons.delete(reason);
  emit();
}

export function isPlayPaused(): boolean {
  return reasons.size > 0;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-renders when play pauses or resumes. */
export function usePlayPaused(): boolean {
  return useSyncExternalStore(subscribe, isPlayPaused, isPlayPaused);
}

/** The play session's query (`GET /api/v1/me/play-session`): a refused stake refetches it. */
export const playSessionQueryKey = ['me', 'play-session'] as const;

/** The reason a due reality check pauses play (the modal resumes it once answered). */
export const realityCheckPause = 'reality-check';
