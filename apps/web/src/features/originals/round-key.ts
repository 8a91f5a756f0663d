/**
 * The `Idempotency-Key` of a round request. A request that got no answer (the network failed)
 * may still have been played, so repeating the same request reuses its key and the server
 * answers with what it did; any answer closes the attempt, and the next click is a new round.
 */
export interface RoundAttempt {
  fingerprint: string;
  key: string;
}

export function roundAttemptFor(
  open: RoundAttempt | null,
  request: unknown,
  newKey: () => string,
): RoundAttempt {
  const fingerprint = JSON.stringify(request);
  return open?.fingerprint === fingerprint ? open : { fingerprint, key: newKey() };
}
