import { useEffect, useState } from 'react';

export const defaultLongPendingMs = 3000;

/** True once `isPending` has stayed true for `timeoutMs`; false again as soon as it settles. */
export function useLongPending(isPending: boolean, timeoutMs = defaultLongPendingMs): boolean {
  const [isLong, setIsLong] = useState(false);
  useEffect(() => {
    if (!isPending) {
      setIsLong(false);
      return;
    }
    const timer = window.setTimeout(() => setIsLong(true), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [isPending, timeoutMs]);
  return isPending && isLong;
}
