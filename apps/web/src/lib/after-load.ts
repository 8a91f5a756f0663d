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
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(task, { timeout: idleTimeoutMs });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 0);
      cancel = () => window.clearTimeout(handle);
    }
  };
  const afterLoad = () => {
    if (document.readyState === 'complete') {
      whenIdle();
      return;
    }
    const onLoad = () => whenIdle();
    window.addEventListener('load', onLoad, { once: true });
    cancel = () => window.removeEventListener('load', onLoad);
  };
  const timer = window.setTimeout(afterLoad, delayMs);
  cancel = () => window.clearTimeout(timer);
  return () => cancel();
}
