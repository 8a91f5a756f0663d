/**
 * Starts each of `steps` in a task of its own, in order, the first in the next task: starting a
 * request costs the browser a few milliseconds of main thread (about 2 ms unthrottled, 8 at a 4×
 * slower CPU), so several started in one task made it a long one.
 */
export function startOneATask(steps: ReadonlyArray<() => unknown>): void {
  const startNext = (index: number) => {
    const step = steps[index];
    if (!step) return;
    void step();
    window.setTimeout(() => startNext(index + 1), 0);
  };
  window.setTimeout(() => startNext(0), 0);
}
