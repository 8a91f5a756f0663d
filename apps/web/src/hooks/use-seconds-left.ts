import { useEffect, useState } from 'react';

/** Whole seconds (rounded up) until `untilMs`, re-rendering each second; 0 once reached or null. */
export function useSecondsLeft(untilMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const active = untilMs !== null && untilMs > now;
  useEffect(() => {
    if (untilMs === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= untilMs) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [untilMs]);
  return active ? Math.ceil((untilMs - now) / 1000) : 0;
}
