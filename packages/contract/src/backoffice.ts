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
  banReason: banReasonSchema.nullable(),
  createdAt: z.string(),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;
