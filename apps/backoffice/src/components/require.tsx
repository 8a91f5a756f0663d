import type { ReactNode } from 'react';
import type { Method } from '@/features/types.ts';
import { useCan, useMe } from '@/lib/me.ts';
import { EmptyState } from './ui/states.tsx';

/** Renders its children only when the operator may call the route (issue 24: not shown). */
export function Can({
  method,
  path,
  children,
  fallback = null,
}: {
  method: Method;
  path: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(method, path) ? children : fallback;
}

/** A whole page an operator's roles do not open says so instead of failing call by call. */
export function RequirePage({
  method,
  path,
  children,
}: {
  method: Method;
  path: string;
  children: ReactNode;
}) {
  const { data: me } = useMe();
  const allowed = useCan(method, path);
  if (!me) return null;
  return allowed ? children : <EmptyState>Your roles do not include this screen.</EmptyState>;
}
