import { z } from 'zod';

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

/** base64url of the position; its content is the server's business */
export const historyCursorSchema = z
  .string()
  .min(1)
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Validation.invalid_value' });

export const historyPageMetaSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  /** entries before this page + the entries from its start, counted up to historyCountCap */
  total: z.number().int(),
  /** true: more than historyCountCap entries follow this page's start; total is a lower bound */
  totalCapped: z.boolean(),
  /** the `cursor` of the next page; null on the last */
  nextCursor: z.string().nullable(),
});
export type HistoryPageMeta = z.infer<typeof historyPageMetaSchema>;

/** `?limit&offset&cursor` of a history list; `cursor` (from `meta.nextCursor`) wins over offset. */
export function historyPageQuerySchema(sizes: { max: number; default: number }) {
  return z.strictObject({
    limit: z.coerce
      .number({ error: 'Validation.invalid_value' })
      .int({ error: 'Validation.invalid_value' })
      .min(1, { error: 'Validation.invalid_value' })
      .max(sizes.max, { error: 'Validation.invalid_value' })
      .default(sizes.default),
    offset: z.coerce
      .number({ error: 'Validation.invalid_value' })
      .int({ error: 'Validation.invalid_value' })
      .min(0, { error: 'Validation.invalid_value' })
      .max(100_000, { error: 'Validation.invalid_value' })
      .default(0),
    cursor: historyCursorSchema.optional(),
  });
}
export type HistoryPageQuery = z.infer<ReturnType<typeof historyPageQuerySchema>>;
