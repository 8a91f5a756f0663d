import {
  type OperatorEventMap,
  type OperatorEventType,
  operatorEventSchemas,
  operatorEventsPath,
  operatorEventTypes,
  paymentQueues,
} from '@casino/contract';
import { useEffect, useRef } from 'react';

type Handler<Type extends OperatorEventType> = (data: OperatorEventMap[Type]) => void;

const handlers = new Map<OperatorEventType, Set<Handler<never>>>();
let source: EventSource | null = null;
let everReady = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryMs = 1_000;

function listeners(): number {
  let count = 0;
  for (const set of handlers.values()) count += set.size;
  return count;
}

function dispatch<Type extends OperatorEventType>(type: Type, data: OperatorEventMap[Type]) {
  for (const handler of handlers.get(type) ?? []) (handler as Handler<Type>)(data);
}

/**
 * The one connection of this tab to the operators' live feed (Server-Sent Events, the session
 * cookie). The browser reconnects by itself after a dropped stream; a refused one (signed out,
 * the server restarting) is retried here with backoff while anything listens. Each time the feed
 * is back, every queue counts as changed: what happened meanwhile was not heard.
 */
function connect() {
  if (source || typeof EventSource === 'undefined') return;
  const opened = new EventSource(operatorEventsPath, { withCredentials: true });
  source = opened;
  opened.addEventListener('ready', () => {
    retryMs = 1_000;
    if (everReady) dispatch('queues.changed', { queues: [...paymentQueues] });
    everReady = true;
  });
  for (const type of operatorEventTypes) {
    opened.addEventListener(type, (message) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      const result = operatorEventSchemas[type].safeParse(parsed);
      if (result.success) dispatch(type, result.data as never);
    });
  }
  opened.addEventListener('error', () => {
    if (opened.readyState !== EventSource.CLOSED) return; // the browser reconnects
    opened.close();
    if (source === opened) source = null;
    if (retryTimer || listeners() === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (listeners() > 0) connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  });
}

function disconnectWhenUnused() {
  if (listeners() > 0) return;
  source?.close();
  source = null;
  everReady = false;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/**
 * Calls `handler` with each event of `type` the operator may see (the server filters by their
 * permissions), over the tab's one shared connection, opened while anything listens.
 */
export function useOperatorEvents<Type extends OperatorEventType>(
  type: Type,
  handler: Handler<Type>,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener: Handler<Type> = (data) => latest.current(data);
    let set = handlers.get(type);
    if (!set) {
      set = new Set();
      handlers.set(type, set);
    }
    set.add(listener as Handler<never>);
    connect();
    return () => {
      set.delete(listener as Handler<never>);
      disconnectWhenUnused();
    };
  }, [type]);
}
