import { z } from 'zod';
import { banReasonSchema } from './errors.ts';

export const banPlayerBodySchema = z.strictObject({ reason: banReasonSchema });
export type BanPlayerBody = z.infer<typeof banPlayerBodySchema>;

export const countryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: 'Validation.invalid_country' })
  .transform((value) => value.toUpperCase());

export const restrictedCountriesSchema = z.strictObject({
  countries: z.array(countryCodeSchema).max(250),
});
export type RestrictedCountries = z.infer<typeof restrictedCountriesSchema>;

export const playerSummarySchema = z.object({
  globalId: z.string(),
  email: z.string(),
  isVip: z.boolean(),
  isVerified: z.boolean(),
  banReason: banReasonSchema.nullable(),
  createdAt: z.string(),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;

/**
 * `PUT /api/backoffice/v1/players/{globalId}/payment-restrictions`: replaces the player's
 * restrictions. buyBanned: no deposits (wallet_buy_banned); fiatBanned: no fiat order at all,
 * deposit or withdrawal (wallet_fiat_banned). Both false lifts the restriction.
 */
export const paymentRestrictionsBodySchema = z.strictObject({
  buyBanned: z.boolean({ error: 'Validation.required' }),
  fiatBanned: z.boolean({ error: 'Validation.required' }),
  reason: z.string().trim().max(500, { error: 'Validation.invalid_value' }).optional(),
});
export type PaymentRestrictionsBody = z.infer<typeof paymentRestrictionsBodySchema>;

/** A player's payment restrictions; updatedAt / updatedBy (operator id) are null if never set. */
export const paymentRestrictionsSchema = z.object({
  globalId: z.string(),
  buyBanned: z.boolean(),
  fiatBanned: z.boolean(),
  reason: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PaymentRestrictions = z.infer<typeof paymentRestrictionsSchema>;
