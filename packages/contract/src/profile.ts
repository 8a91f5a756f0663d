import { z } from 'zod';
import { supportedLocales } from './locales.ts';
import { realityCheckMinutesSchema } from './responsible-gambling.ts';
import { oddsFormats } from './sport-odds.ts';
import { utcDay } from './utc-day.ts';
import { currencyChangeSchema } from './wallet.ts';

export const localeSchema = z.enum(supportedLocales);
export const oddsFormatSchema = z.enum(oddsFormats, { error: 'Validation.invalid_value' });

export const genders = ['male', 'female'] as const;
export const genderSchema = z.enum(genders, { error: 'Validation.required' });
export type Gender = z.infer<typeof genderSchema>;

export const minimumPlayerAgeYears = 18;
export const personNameMaxLength = 50;

/** Letters of any script, with inner spaces, hyphens and apostrophes. */
const personNamePattern = /^\p{L}+(?:[ '’-]\p{L}+)*$/u;

export const personNameSchema = z
  .string({ error: 'Validation.required' })
  .trim()
  .min(1, { error: 'Validation.required' })
  .max(personNameMaxLength, { error: 'Validation.name_too_long' })
  .regex(personNamePattern, { error: 'Validation.invalid_name' });

/** Whole years between a `YYYY-MM-DD` birth date and `today`. */
export function ageInYears(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function isRealCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === value;
}

export const dateOfBirthSchema = z
  .string({ error: 'Validation.required' })
  .min(1, { error: 'Validation.required' })
  .refine(isRealCalendarDate, { error: 'Validation.invalid_date' })
  .refine((value) => Number(value.slice(0, 4)) >= 1900, { error: 'Validation.invalid_date' })
  .refine((value) => ageInYears(value, new Date()) >= minimumPlayerAgeYears, {
    error: 'Validation.underage',
  });

export const vipManagerSchema = z.object({ telegramUsername: z.string() });

export const profileSchema = z.object({
  globalId: z.string(),
  email: z.string(),
  isVip: z.boolean(),
  /** identity verified by support; with the verify feature on, withdrawals need it */
  isVerified: z.boolean(),
  hasDeposits: z.boolean(),
  language: localeSchema,
  websocketToken: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: genderSchema.nullable(),
  dateOfBirth: z.string().nullable(),
  isNameChangeAvailable: z.boolean(),
  isPushNotificationsActive: z.boolean(),
  vipManager: vipManagerSchema.nullable(),
  /**
   * who the support chat widget knows the player as: `identifier` (the globalId) and, when the
   * widget's identity validation is configured, its HMAC-SHA256 `identifier_hash`
   */
  supportChatUser: z.object({
    display_name: z.string(),
    identifier: z.string(),
    identifier_hash: z.string().nullable(),
  }),
  /** the currency balances are shown in (the balance popover's switch) */
  currency: z.object({ primary: z.string() }),
  /** how the sportsbook shows odds to this player (the server keeps decimal odds) */
  oddsFormat: oddsFormatSchema,
  /** minutes of play between reality checks; null: none (responsible gambling) */
  realityCheckMinutes: z.number().int().nullable(),
  /** when the deposit-limit prompt was answered (a limit set or declined); null: never */
  limitsPromptAnsweredAt: z.iso.datetime().nullable(),
  /** when the player last reviewed their limits (every 6 months); null: never */
  limitsReviewedAt: z.iso.datetime().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * `PATCH /api/v1/me`: the language, the odds format, or personal data. First and last name may be set
 * while `isNameChangeAvailable` is true; once both are saved they are locked (support changes
 * them), which is what the avatar's red dot asks the player to do.
 */
export const updateProfileBodySchema = z
  .strictObject({
    language: localeSchema.optional(),
    firstName: personNameSchema.optional(),
    lastName: personNameSchema.optional(),
    gender: genderSchema.optional(),
    dateOfBirth: dateOfBirthSchema.optional(),
    /** switches the primary currency; a non-zero balance is converted (ledger exchange) */
    currency: currencyChangeSchema.optional(),
    /** the sportsbook's odds format */
    oddsFormat: oddsFormatSchema.optional(),
    /** minutes of play between reality checks (15, 30, 45, 60, 90 or 120); null: none */
    realityCheckMinutes: realityCheckMinutesSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Validation.required' });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Spec "withdrawal readiness": these must be on the profile before a withdrawal. */
export function isProfileCompleteForWithdrawal(
  profile: Pick<Profile, 'firstName' | 'lastName' | 'gender' | 'dateOfBirth'>,
): boolean {
  return Boolean(profile.firstName && profile.lastName && profile.gender && profile.dateOfBirth);
}

export const billingSchema = z.object({
  countDeposit: z.number().int(),
  /** decimal string in USD (each deposit converted at the rate of its day), as banner rules compare it */
  sumDeposits: z.string(),
});
export type Billing = z.infer<typeof billingSchema>;

export const languageSchema = z.object({
  code: localeSchema,
  title: z.string(),
  icon: z.string(),
});
export type Language = z.infer<typeof languageSchema>;
export const languagesQuerySchema = z.strictObject({
  mode: z.enum(['0', '1']).optional(),
});
export const languagesResponseSchema = z.array(languageSchema);
