import { z } from 'zod';
import { playerSummarySchema } from './backoffice.ts';
import { invalidValueMessage } from './validation-messages.ts';

export const playerListMaximumLimit = 100;
export const playerListDefaultLimit = 30;

/** `GET /api/backoffice/v1/players`: search by e-mail (part of it) or exact globalId. */
export const playerListQuerySchema = z.strictObject({
  query: z.string().trim().max(254, { error: invalidValueMessage }).optional(),
  limit: z.coerce
    .number({ error: invalidValueMessage })
    .int({ error: invalidValueMessage })
    .min(1, { error: invalidValueMessage })
    .default(playerListDefaultLimit)
    .transform((limit) => Math.min(limit, playerListMaximumLimit)),
  offset: z.coerce
    .number({ error: invalidValueMessage })
    .int({ error: invalidValueMessage })
    .min(0, { error: invalidValueMessage })
    .max(1_000_000, { error: invalidValueMessage })
    .default(0),
});
export type PlayerListQuery = z.infer<typeof playerListQuerySchema>;

export const playerListMetaSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const playerListResponseSchema = z.object({
  items: z.array(playerSummarySchema),
  meta: playerListMetaSchema,
});
export type PlayerListResponse = z.infer<typeof playerListResponseSchema>;

export const playerGlobalIdParamsSchema = z.strictObject({
  globalId: z.string().regex(/^\d{1,18}$/, { error: invalidValueMessage }),
});
