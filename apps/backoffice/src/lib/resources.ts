import type { z } from 'zod';

/**
 * One back-office resource as the data provider reaches it: its path under the operator API and
 * the contract's schema of one item, which types the screens (`ResourceItem<…>`) and checks what
 * the server answered (a contract drift shows as an error on the screen, not as blank cells).
 */
export interface ResourceDefinition<Item extends z.ZodType = z.ZodType> {
  /** path under /api/backoffice/v1, e.g. `/players` (`:param`s filled from `meta.params`) */
  path: string;
  /** the contract schema of one list item / one record */
  item: Item;
  /** where the list's items are in the answer; default `items` (or the answer itself if an array) */
  itemsKey?: string;
  /** the item's id field; default `id` */
  idField?: string;
  /** how a record is updated: PATCH by default */
  updateMethod?: 'PATCH' | 'PUT';
  /** the list answers every item at once (no limit/offset): the table pages it in the browser */
  unpaginated?: boolean;
}

/** Declares a resource keeping its item schema's type. */
export function defineResource<Item extends z.ZodType>(
  definition: ResourceDefinition<Item>,
): ResourceDefinition<Item> {
  return definition;
}

export type ResourceItem<Definition> =
  Definition extends ResourceDefinition<infer Item> ? z.infer<Item> : never;

const registry = new Map<string, ResourceDefinition>();

/** Called once at start with every feature's resources (features/index.ts). */
export function registerResources(resources: Record<string, ResourceDefinition>) {
  for (const [name, definition] of Object.entries(resources)) {
    if (registry.has(name)) throw new Error(`Resource ${name} is declared twice`);
    registry.set(name, definition);
  }
}

export function resourceDefinition(name: string): ResourceDefinition | undefined {
  return registry.get(name);
}
