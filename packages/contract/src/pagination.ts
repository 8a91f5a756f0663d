import { z } from 'zod';
import { invalidValueMessage } from './validation-messages.ts';

/**
 * Lists that grow with a player's history (issue 21 item 6) page by an opaque cursor: the next
 * page starts after the last entry of this one, found through an index, so page 10,000 costs
 * what page 1 does. `offset` still works where a list always took it (and stays the page's
 * position in `meta`), but a deep offset skips rows one by one: clients follow `nextCursor`.
 *
 * `total` is not a count of the whole history on every page (that grew with it): the entries
 * from this page's start on are counted up to `historyCountCap` more, so `total` is exact while
 * fewer remain and otherwise a lower bound (`totalCapped` true). "A next page exists while total
 * exceeds offset + limit" (spec §9) holds either way, since the cap exceeds any page size.
 */
export const historyCountCap = 1000;

const invalidValue = { error: invalidValueMessage };

/**
 * `?limit` of a list: a whole number of entries from 1 to `max`, `fallback` when absent. Every
 * list's page size is read the same way, with the one error key a client places by the field.
 */
export function pageLimitSchema(max: number, fallback: number) {
  return z.coerce
    .number(invalidValue)
    .int(invalidValue)
    .min(1, invalidValue)
    .max(max, invalidValue)
    .default(fallback);
}

/** `?offset` of a list: the entries to skip, from 0 to `max` (a deep offset skips rows one by one). */
export function pageOffsetSchema(max = 100_000) {
  return z.coerce
    .number(invalidValue)
    .int(invalidValue)
    .min(0, invalidValue)
    .max(max, invalidValue)
    .default(0);
}

/** base64url of the position; its content is the server's business */
export const historyCursorSchema = z
  .string()
  .min(1)
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Validation.invalid_value' });

/**
 * The meta of a list paged by `offset` alone (the back office's numbered pages): its total is
 * counted as a history's is, so no page counts the whole list.
 */
export const offsetPageMetaSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  /** entries before this page + the entries from its start, counted up to historyCountCap */
  total: z.number().int(),
  /** true: more than historyCountCap entries follow this page's start; total is a lower bound */
  totalCapped: z.boolean(),
});
export type OffsetPageMeta = z.infer<typeof offsetPageMetaSchema>;

export const historyPageMetaSchema = offsetPageMetaSchema.extend({
  /** the `cursor` of the next page; null on the last */
  nextCursor: z.string().nullable(),
});
export type HistoryPageMeta = z.infer<typeof historyPageMetaSchema>;

/** `?limit&offset&cursor` of a history list; `cursor` (from `meta.nextCursor`) wins over offset. */
export function historyPageQuerySchema(sizes: { max: number; default: number }) {
  return z.strictObject({
    limit: pageLimitSchema(sizes.max, sizes.default),
    offset: pageOffsetSchema(),
    cursor: historyCursorSchema.optional(),
  });
}
export type HistoryPageQuery = z.infer<ReturnType<typeof historyPageQuerySchema>>;
