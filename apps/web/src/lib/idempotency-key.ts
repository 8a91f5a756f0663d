import { useCallback, useRef } from 'react';

export interface IdempotencyAttempt {
  fingerprint: string;
  key: string;
}

/**
 * The attempt a submit belongs to: the same body after a failure is a retry of the open attempt
 * and keeps its key, so the server answers with what it may already have done; a changed body
 * (or no open attempt) starts a new one.
 */
export function attemptFor(
  open: IdempotencyAttempt | null,
  body: unknown,
  newKey: () => string,
): IdempotencyAttempt {
  const fingerprint = JSON.stringify(body);
  return open?.fingerprint === fingerprint ? open : { fingerprint, key: newKey() };
}

/** One `Idempotency-Key` per submit attempt; `finish` closes the attempt once it is settled. */
export function useIdempotencyKey() {
  const attempt = useRef<IdempotencyAttempt | null>(null);

  const keyFor = useCallback((body: unknown): string => {
    attempt.current = attemptFor(attempt.current, body, () => crypto.randomUUID());
    return attempt.current.key;
  }, []);

  const finish = useCallback(() => {
    attempt.current = null;
  }, []);

  return { keyFor, finish };
}
