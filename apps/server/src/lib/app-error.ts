import { type ErrorCode, errorStatusByCode } from '@casino/contract';

/**
 * An expected failure a caller can act on. The error handler turns it into the one error body
 * (`detail` = code, status from `errorStatusByCode`); anything else becomes `internal_error`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly payload: Record<string, unknown> | undefined;
  /** extra response headers, e.g. Retry-After */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      payload?: Record<string, unknown>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? defaultMessages[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatusByCode[code];
    this.payload = options.payload;
    this.headers = options.headers ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Human-readable English; clients translate by `detail`, so these are for developers. */
export const defaultMessages: Record<ErrorCode, string> = {
  validation_error: 'The request contains invalid fields.',
  invalid_json: 'The request body is not valid JSON.',
  bad_request: 'The request is malformed.',
  unauthorized: 'Authentication is required.',
  invalid_credentials: 'The e-mail or password is incorrect.',
  user_banned: 'This account is banned.',
  forbidden: 'You are not allowed to do this.',
  ip_not_allowed: 'This operator may not call from this address (IP allow-list).',
  totp_enrolment_required:
    'Two-factor sign-in is required: enrol (POST /api/backoffice/v1/me/totp/enrol) first.',
  cross_origin_request:
    'A signed-in change must come from this site’s own pages; this one came from another origin.',
  game_unavailable: 'This game is not available to you.',
  responsible_gambling_limit:
    'One of your responsible-gambling limits does not allow this now; see when it frees up.',
  self_excluded: 'This account is self-excluded; see payload.until.',
  timed_out: 'This account is on a time-out; see payload.until.',
  exclusion_not_shortenable:
    'A time-out or self-exclusion in force can only be lengthened, never shortened or lifted.',
  account_not_reopenable: 'There is no ended self-exclusion to reopen this account from.',
  reality_check_due:
    'Your reality check is due: see your time and result in this session and choose to continue or stop.',
  not_found: 'Nothing was found at this address.',
  method_not_allowed: 'This method is not allowed here.',
  email_taken: 'An account with this e-mail already exists.',
  name_change_unavailable: 'The name can no longer be changed; please contact support.',
  idempotency_key_reused: 'This Idempotency-Key was already used with a different request.',
  insufficient_balance: 'The balance is too low for this amount.',
  hold_not_pending: 'This hold was already posted or voided.',
  round_not_open: 'This round is already settled.',
  round_in_progress: 'A round of this game is still open; finish it first.',
  error_orders_limit: 'You already have an open order for this method.',
  error_currency_not_supported: 'This payment method does not serve your currency.',
  wallet_withdraw_too_small: 'The withdrawal amount is below the method minimum.',
  error_invalid_address: 'This address is not valid on the method’s network.',
  error_internal_address:
    'This is one of the casino’s own deposit addresses; withdraw to your wallet.',
  crypto_method_disabled: 'This crypto method is not available right now.',
  messenger_not_linked: 'Open the casino in the messenger to use the crypto bot.',
  crypto_transfer_conflict:
    'This transfer was reported before with other details (amount, address or method).',
  messenger_already_linked: 'This messenger account is linked to another player.',
  invalid_init_data:
    'The messenger launch data is invalid, too old or already used; reopen the app in the messenger.',
  invalid_bot: 'This messenger bot is not one of ours.',
  bet_out_of_limits: 'The stake is outside this game’s limits.',
  wallet_buy_banned: 'Deposits are disabled for this account.',
  wallet_fiat_banned: 'Fiat payments are disabled for this account.',
  withdraw_daily_limit_exceeded: 'The daily withdrawal limit would be exceeded.',
  wager: 'Wagering requirements must be met before a withdrawal.',
  bonus_max_bet_exceeded: 'While a bonus is wagered a stake may not exceed its maximum bet.',
  bonus_active: 'This is not possible while a bonus is active.',
  bonus_not_available: 'This bonus is not available to you.',
  bonus_not_cancellable: 'This bonus can no longer be cancelled.',
  freespins_unavailable: 'You have no free spins for this game.',
  daily_bonus_used: 'The daily bonus was already used today.',
  turbine_not_available: 'Turbine of luck is not available',
  promo_code_not_found: 'No promo code matches.',
  promo_code_expired: 'This promo code is not valid now.',
  promo_code_exhausted: 'This promo code has been used up.',
  promo_code_already_used: 'You have already used this promo code.',
  promo_code_not_eligible: 'This promo code is not available to you.',
  sport_favorites_full: 'You already keep the most sport favourites allowed; remove one first.',
  sport_market_closed: 'This market is settled or cancelled; its prices can no longer be changed.',
  sport_selection_unavailable: 'A selection cannot be backed right now.',
  sport_odds_changed: 'The odds have changed.',
  sport_stake_limit: 'The stake is outside the limits for these selections.',
  sport_payout_limit: 'The potential payout is above the maximum for one ticket.',
  sport_liability_limit: 'This bet is above what can be accepted on these selections now.',
  sport_related_selections: 'These selections cannot be combined on one ticket.',
  sport_cashout_unavailable: 'This bet cannot be cashed out right now.',
  sport_cashout_quote_expired: 'The cash-out offer has expired; ask for a new one.',
  payments_are_disabled: 'Payments by this method are disabled right now.',
  order_not_cancellable: 'This order can no longer be cancelled.',
  rg_flag_already_resolved: 'This flag has already been resolved.',
  order_status_conflict: 'The order is not in a state that allows this action.',
  personal_data_required: 'First name, last name, gender and date of birth must be on the profile.',
  seamless_provider_exists: 'A game provider account with this id already exists.',
  seamless_game_conflict:
    'The game id or the provider game code already belongs to another game or provider.',
  push_disabled: 'Web push notifications are switched off on this server.',
  totp_already_enabled: 'Two-factor sign-in is already on for this operator.',
  totp_not_enrolling: 'Start the enrolment first.',
  four_eyes_required: 'A second operator must approve this; you approved it already.',
  adjustment_not_pending: 'This adjustment is not awaiting approval.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'The request content type is not supported; send application/json.',
  region_restricted: 'The service is not available in your region.',
  rate_limited: 'Too many requests; try again later.',
  server_busy: 'The server is busy; try again in a few seconds.',
  internal_error: 'Something went wrong on our side.',
  service_unavailable: 'The service is temporarily unavailable.',
};
