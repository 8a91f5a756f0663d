import type { OperatorMe } from '@casino/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiBase } from './api.ts';

/** The signed-in operator (`GET /me`): roles, permissions, two-factor state, time zone. */
export type Me = OperatorMe & { timeZone?: string | null };

export const meQueryKey = ['backoffice', 'me'] as const;

export function fetchMe(): Promise<Me> {
  return api<Me>('/me');
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000, retry: false });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A permission as `GET /me` lists it: the method and the route exactly as the API declares it,
 * `:params` included (`POST /api/backoffice/v1/players/:globalId/ban`). `path` is under the
 * operator API's prefix.
 */
export function permission(method: Method, path: string): string {
  return `${method} ${apiBase}${path}`;
}

/** Whether the operator may call that route; screens hide what they may not (issue 24). */
export function can(me: Me | undefined, method: Method, path: string): boolean {
  return me?.permissions.includes(permission(method, path)) ?? false;
}

/** `can` for the signed-in operator. */
export function useCan(method: Method, path: string): boolean {
  const { data: me } = useMe();
  return can(me, method, path);
}
