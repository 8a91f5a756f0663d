import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ResourceDefinition } from '@/lib/resources.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The sidebar's sections, in this order. */
export const navGroups = [
  'Overview',
  'Players',
  'Payments',
  'Promotions',
  'Catalog',
  'Sportsbook',
  'Administration',
] as const;
export type NavGroup = (typeof navGroups)[number];

export interface NavItem {
  group: NavGroup;
  label: string;
  /** app path (under /backoffice), e.g. `/players` */
  path: string;
  icon: LucideIcon;
  /** the route the screen reads: the entry shows only to operators allowed to call it */
  requires: [Method, string];
  /** a count beside the label (a queue's length) */
  badge?: () => ReactNode;
}

/**
 * One domain of the back office: its sidebar entries, its routes (react-router `<Route>`
 * elements, rendered inside the signed-in layout) and the resources its screens use.
 */
export interface Feature {
  id: string;
  nav?: NavItem[];
  routes: ReactNode;
  resources?: Record<string, ResourceDefinition>;
}
