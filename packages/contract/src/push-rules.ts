/*
 * Web push's rules the player app's prompt and settings use, apart from the push schemas
 * (`push.ts`): the prompt's chunk takes them without zod (constructing the schemas was a visible
 * share of a signed-in page's load).
 */

/** The kinds of notification a player consents to one by one. */
export const pushCategories = [
  'deposits',
  'withdrawals',
  'tournaments',
  'bonuses',
  'sportsbook',
] as const;
export type PushCategory = (typeof pushCategories)[number];

/** Spec §9: a refused prompt is not shown again for 7 days (per player). */
export const pushPromptRefusalDays = 7;
/** Spec §8/§9: the refusal toast lasts 2500 ms. */
export const pushRefusalToastMs = 2_500;
