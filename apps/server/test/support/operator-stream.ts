import type { OperatorEventType } from '@casino/contract';
import { expect } from 'vitest';

/**
 * An operator's open events stream (`GET /api/backoffice/v1/events` over real HTTP: Server-Sent
 * Events) on the server at `baseUrl`, read as it arrives; resolves once the stream said `ready`
 * (its process listens and, for the sportsbook's tickets, its presence committed).
 */
export async function openOperatorStream(baseUrl: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/backoffice/v1/events`, {
    headers,
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const received: Array<{ type: string; data: unknown }> = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let ended = false;
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) received.push({ type, data: JSON.parse(data) });
          for (const wake of waiters.splice(0)) wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  const next = () => new Promise<void>((resolve) => waiters.push(resolve));
  /** the first event of this type (whose data matches) */
  async function waitFor(type: OperatorEventType, match: (data: never) => boolean = () => true) {
    for (;;) {
      const found = received.find((event) => event.type === type && match(event.data as never));
      if (found) return found.data;
      if (ended) throw new Error(`the stream ended before ${type}`);
      await next();
    }
  }
  while (!received.some((event) => event.type === 'ready')) {
    if (ended) throw new Error('the stream ended before ready');
    await next();
  }
  return { received, waitFor, close: () => controller.abort() };
}
