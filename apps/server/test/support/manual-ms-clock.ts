/** A clock in milliseconds that a unit test moves by hand (for `nowMs` parameters). */
export function manualMsClock(startMs = 1_000) {
  let nowMs = startMs;
  return {
    now: () => nowMs,
    set: (ms: number) => {
      nowMs = ms;
    },
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}
