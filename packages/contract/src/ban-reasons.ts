/** Why a player is banned (`user_banned`'s payload, `banPayloadSchema`); zod-free for the app's first load. */
export const banReasons = [
  'ddos',
  'multiaccounting',
  'bruteforce',
  'kyc',
  'bonus_abuse',
  'psg',
  'restricted_geo',
  'save_balance_check',
  'other',
] as const;
export type BanReason = (typeof banReasons)[number];
