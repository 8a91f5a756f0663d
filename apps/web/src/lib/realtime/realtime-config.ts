import type { RealtimeConfig } from '@casino/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const realtimeConfigQueryKey = ['realtime', 'config'] as const;

export function getRealtimeConfig(signal?: AbortSignal): Promise<RealtimeConfig> {
  return apiRequest('/api/v1/realtime', { signal });
}

/** Where to connect does not change while the page lives. */
export const realtimeConfigQueryOptions = queryOptions({
  queryKey: realtimeConfigQueryKey,
  queryFn: ({ signal }) => getRealtimeConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});

/**
 * The WebSocket URL for the configured endpoint: an absolute `ws(s)://` URL (an external
 * Centrifugo cluster) as is, a path on this origin with the scheme matching the page's.
 */
export function resolveRealtimeUrl(configured: string, page: { protocol: string; host: string }) {
  if (/^wss?:\/\//i.test(configured)) return configured;
  if (/^https?:\/\//i.test(configured)) return configured.replace(/^http/i, 'ws');
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = configured.startsWith('/') ? configured : `/${configured}`;
  return `${scheme}//${page.host}${path}`;
}
