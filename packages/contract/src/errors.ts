import { z } from 'zod';
import { banReasons } from './ban-reasons.ts';

/**
 * Every error the API can answer with, mapped to exactly one HTTP status.
 * `detail` codes are stable: the player app maps them to `wallet.server_error.{detail}`
 * or other translation keys, so never rename one.
 */
export const errorStatusByCode = {
  validation_error: 400,
  invalid_json: 400,
  bad_request: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  /** the messenger launch data is not signed for the bot, too old, or was used before */
  invalid_init_data: 401,
  /** the messenger bot named is not one of this server's bots (the full-screen invalid message) */
  invalid_bot: 401,
  user_banned: 401,
  forbidden: 403,
  /** the operator's IP is outside their allow-list (back office) */
  ip_not_allowed: 403,
  /** two-factor sign-in is required and the operator has not enrolled yet: only enrolment works */
  totp_enrolment_required: 403,
  cross_origin_request: 403,
  game_unavailable: 403,
  /**
   * a responsible-gambling limit refuses the deposit or the stake; payload
   * {type, period, amount, currency, used, resetsAt} (limitRefusalPayloadSchema)
   */
  responsible_gambling_limit: 403,
  /**
   * the player is self-excluded (or a national self-exclusion registry lists them); payload
   * {until: ISO | null (indefinite), reopenable, reopensAt, registry} (exclusionRefusalPayloadSchema)
   */
  self_excluded: 403,
  /** the player took a time-out; payload {until: ISO} (exclusionRefusalPayloadSchema) */
  timed_out: 403,
  /** a time-out or self-exclusion may only be lengthened; payload {kind, until} of the one in force */
  exclusion_not_shortenable: 409,
  /** there is no ended self-exclusion to reopen the account from */
  account_not_reopenable: 409,
  /**
   * the player's reality check is due: stakes are refused until it is answered
   * (`POST /api/v1/me/reality-check/ack`); payload {startedAt, minutesPlayed, dueAt}
   */
  reality_check_due: 403,
  not_found: 404,
  method_not_allowed: 405,
  email_taken: 409,
  name_change_unavailable: 409,
  idempotency_key_reused: 409,
  insufficient_balance: 409,
  hold_not_pending: 409,
  round_not_open: 409,
  round_in_progress: 409,
  error_orders_limit: 409,
  error_currency_not_supported: 400,
  wallet_withdraw_too_small: 400,
  error_invalid_address: 400,
  error_internal_address: 400,
  crypto_method_disabled: 409,
  messenger_not_linked: 409,
  crypto_transfer_conflict: 409,
  messenger_already_linked: 409,
  bet_out_of_limits: 400,
  wallet_buy_banned: 403,
  wallet_fiat_banned: 403,
  withdraw_daily_limit_exceeded: 409,
  wager: 409,
  payments_are_disabled: 409,
  order_not_cancellable: 409,
  rg_flag_already_resolved: 409,
  order_status_conflict: 409,
  personal_data_required: 409,
  seamless_provider_exists: 409,
  seamless_game_conflict: 409,
  bonus_max_bet_exceeded: 409,
  bonus_active: 409,
  bonus_not_available: 409,
  bonus_not_cancellable: 409,
  freespins_unavailable: 409,
  daily_bonus_used: 409,
  turbine_not_available: 409,
  promo_code_not_found: 404,
  promo_code_expired: 409,
  promo_code_exhausted: 409,
  promo_code_already_used: 409,
  promo_code_not_eligible: 403,
  /** the player already keeps `maxSportFavorites` sport favourites */
  sport_favorites_full: 409,
  /** an operator's price change on a market the feed settled or cancelled */
  sport_market_closed: 409,
  /** a selection cannot be backed now; payload {selections: [{marketId, outcomeId, reason}]} */
  sport_selection_unavailable: 409,
  /** prices moved beyond the odds-change policy; payload {selections: [{marketId, outcomeId, odds}]} */
  sport_odds_changed: 409,
  /** the stake is outside the limits for these selections; payload {min, max, currency} */
  sport_stake_limit: 409,
  /** the potential payout exceeds the ticket maximum; payload {maxPayout, currency} */
  sport_payout_limit: 409,
  /** the market's or the player's liability limit would be exceeded; payload {maxStake, currency} */
  sport_liability_limit: 409,
  /** two selections of one event on a combination the market does not allow; payload {eventIds} */
  sport_related_selections: 409,
  /** the ticket cannot be cashed out now (settled, a leg suspended, cash-out off) */
  sport_cashout_unavailable: 409,
  /** the quote expired or the price moved; ask for a new quote */
  sport_cashout_quote_expired: 409,
  /** web push is switched off on this server (WEB_PUSH_ENABLED=false) */
  push_disabled: 404,
  /** two-factor is already on for this operator */
  totp_already_enabled: 409,
  /** confirm asked before enrol */
  totp_not_enrolling: 409,
  /** maker-checker: the same operator cannot give the second approval */
  four_eyes_required: 409,
  /** a manual balance adjustment that is no longer awaiting approval */
  adjustment_not_pending: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  region_restricted: 451,
  rate_limited: 429,
  /** load shedding: this process is at capacity for the work asked (e.g. password hashing) */
  server_busy: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatusByCode;
export const errorCodes = Object.keys(errorStatusByCode) as [ErrorCode, ...ErrorCode[]];

/** One invalid field: `message` is a translation key such as `Validation.invalid_email`. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error body of the whole API (ARCHITECTURE.md, "Errors"). */
export const errorBodySchema = z.object({
  detail: z.string(),
  message: z.string(),
  payload: z.record(z.string(), z.unknown()).optional(),
  key: z.string(),
  time: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const banReasonSchema = z.enum(banReasons);

/** payload of `user_banned` */
export const banPayloadSchema = z.object({ reason: banReasonSchema, globalId: z.string() });
export type BanPayload = z.infer<typeof banPayloadSchema>;

/** payload of `region_restricted` */
export const regionPayloadSchema = z.object({ country: z.string(), ip: z.string() });
export type RegionPayload = z.infer<typeof regionPayloadSchema>;

/** payload of `validation_error` */
export const validationPayloadSchema = z.object({ fields: z.array(fieldErrorSchema) });

/** payload of `rate_limited` and `server_busy` */
export const rateLimitPayloadSchema = z.object({ retryAfterSeconds: z.number().int() });
