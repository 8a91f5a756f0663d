/**
 * Runs `task` when the browser is idle (at the latest after `timeoutMs`), or after `fallbackMs`
 * where the browser cannot tell; answers a cancel.
 */
export function whenIdle(
  task: () => void,
  { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number },
): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(handle);
}

/**
 * Runs `task` no sooner than `delayMs` from now, once the page has loaded (its `load` event) and
 * then when the browser is idle (within `idleTimeoutMs`; at once where it cannot tell): work the
 * page's first screen does not need stays out of its load. Answers a cancel.
 */
export function afterLoadWhenIdle(
  task: () => void,
  { delayMs = 0, idleTimeoutMs = 2_000 }: { delayMs?: number; idleTimeoutMs?: number } = {},
): () => void {
  let cancel: () => void = () => undefined;
  const idle = () => {
    cancel = whenIdle(task, { timeoutMs: idleTimeoutMs, fallbackMs: 0 });
  };
  const afterLoad = () => {
    if (document.readyState === 'complete') {
      idle();
      return;
    }
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  };
  const timer = window.setTimeout(afterLoad, delayMs);
  cancel = () => window.clearTimeout(timer);
  return () => cancel();
}
