import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type {
  OperatorLoginChallengesTable,
  OperatorRecoveryCodesTable,
} from '../modules/backoffice/operators/operators.tables.ts';
import type {
  SeamlessGamesTable,
  SeamlessProvidersTable,
  SeamlessSessionsTable,
  SeamlessTransactionsTable,
} from '../modules/casino/seamless/seamless.tables.ts';
import type {
  BalanceAdjustmentsTable,
  PlayerPaymentRestrictionsTable,
  WithdrawalFirstApprovalsTable,
} from '../modules/money/cashier/cashier.tables.ts';
import type {
  CryptoDepositAddressesTable,
  CryptoDepositsTable,
  CryptoMethodsTable,
  CryptoWithdrawalsTable,
} from '../modules/money/cashier/rails/crypto/crypto.tables.ts';
import type { CryptoWithdrawalHoldColumns } from '../modules/money/cashier/rails/crypto/withdrawals.tables.ts';
import type {
  CryptobotInvoicesTable,
  CryptobotTransfersTable,
} from '../modules/money/cashier/rails/cryptobot/cryptobot.tables.ts';
import type {
  FiatOrdersTable,
  FiatPaymentMethodsTable,
  FiatRequisitesTable,
  FiatSavedDetailsTable,
} from '../modules/money/cashier/rails/p2p/p2p.tables.ts';
import type {
  MessengerLaunchesTable,
  MessengerLinksTable,
} from '../modules/players/messenger/messenger.tables.ts';
import type {
  PlayerDepositReservationsTable,
  PlayerDepositUsageTable,
  PlayerExclusionHistoryTable,
  PlayerExclusionsTable,
  PlayerLimitChangesTable,
  PlayerLimitsTable,
  PlayerPlaySessionsTable,
  PlayerPlaySessionTotalsTable,
  PlayerProtectionFlagsTable,
  PlayerUsageHoursTable,
  RgRegistrySandboxEntriesTable,
} from '../modules/players/protection/protection.tables.ts';
import type {
  PushPreferencesTable,
  PushSubscriptionsTable,
} from '../modules/players/push/push.tables.ts';
import type { BannersTable, PartnersTable } from '../modules/promotions/banners/banners.tables.ts';
import type {
  BonusDailyStateTable,
  BonusOfferGamesTable,
  BonusOffersTable,
  BonusPersonalOffersTable,
  BonusPlayerSettingsTable,
  BonusSportContributionsTable,
  CurrencyDepositBonusesTable,
  UserBonusesTable,
} from '../modules/promotions/bonuses/bonuses.tables.ts';
import type {
  FirstDepositPromoShownTable,
  PromoActivationsTable,
  PromoCodesTable,
} from '../modules/promotions/promocodes/promocodes.tables.ts';
import type {
  TournamentPayoutsTable,
  TournamentScoreContributionsTable,
  TournamentScoresTable,
  TournamentsTable,
} from '../modules/promotions/tournaments/tournaments.tables.ts';
import type {
  WheelPrizesTable,
  WheelSpinsTable,
} from '../modules/promotions/wheel/wheel.tables.ts';
import type {
  SportBetLimitsTable,
  SportLiabilityTable,
  SportPlayerLimitsTable,
  SportTicketLegsTable,
  SportTicketsTable,
} from '../modules/sportsbook/betting/betting.tables.ts';
import type {
  SportCashoutQuotesTable,
  SportCashoutSettingsTable,
  SportCashoutsTable,
} from '../modules/sportsbook/betting/cashout.tables.ts';
import type {
  SportOperatorMarketsTable,
  SportOperatorResultsTable,
} from '../modules/sportsbook/betting/manual-settlement.tables.ts';
import type {
  SportSettlementMarketsTable,
  SportTicketSettlementsTable,
} from '../modules/sportsbook/betting/settlement.tables.ts';
import type { SportFavoritesTable } from '../modules/sportsbook/favorites/favorites.tables.ts';
import type {
  SportAppliedVersionsTable,
  SportBetStopsTable,
  SportCategoriesTable,
  SportEventsTable,
  SportMarketHistoryTable,
  SportMarketsTable,
  SportOutcomeResultsTable,
  SportOutcomesTable,
  SportProducersTable,
  SportSportsTable,
  SportTournamentsTable,
} from '../modules/sportsbook/feed/feed.tables.ts';

/** Kysely's view of the tables created by ../../migrations. Keep both in step. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface LanguagesTable {
  code: string;
  title: string;
  icon: string;
  position: number;
  enabled: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface UsersTable {
  id: Generated<string>;
  global_id: ColumnType<bigint, never, never>;
  email: string;
  password_hash: string;
  language: Generated<string>;
  is_vip: Generated<boolean>;
  is_verified: Generated<boolean>;
  vip_manager_telegram: string | null;
  first_name: string | null;
  last_name: string | null;
  gender: string | null;
  /** `YYYY-MM-DD`: the pool returns `date` columns as strings, never shifted by a time zone */
  date_of_birth: string | null;
  is_push_notifications_active: Generated<boolean>;
  ban_reason: string | null;
  banned_at: Timestamp | null;
  first_deposit_at: Timestamp | null;
  deposit_count: Generated<number>;
  /** `bigint` columns arrive as JavaScript bigint (see the pool's type parsers) */
  deposit_sum_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** the currency balances are shown in; written through UsersService.changePrimaryCurrency */
  primary_currency: Generated<string>;
  /** ISO country of the registration request's IP, null when unknown (migration 0063) */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  /** the sportsbook's odds format ('decimal', 'fractional', 'american'; migration 0033) */
  odds_format: Generated<string>;
  /** minutes of play between reality checks, null: none (migration 0054) */
  reality_check_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** the deposit-limit prompt answered (a limit set or declined) and the last limits review */
  limits_prompt_answered_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  limits_reviewed_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: Buffer;
  user_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  last_seen_at: GeneratedTimestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface OperatorsTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  roles: string[];
  disabled_at: Timestamp | null;
  ip_allow_list: ColumnType<string[], string[] | undefined, string[]>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: Timestamp | null;
  totp_last_step: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** the IANA zone the back office shows this operator dates in (0060) */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface OperatorSessionsTable {
  id: Generated<string>;
  token_hash: Buffer;
  operator_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  last_seen_at: GeneratedTimestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface OperatorAuditLogTable {
  id: ColumnType<bigint, never, never>;
  operator_id: string;
  action: string;
  target_type: string;
  target_id: string;
  payload: Json;
  ip: string | null;
  request_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: GeneratedTimestamp;
  updated_by_operator_id: string | null;
}

export interface RateLimitCountersTable {
  bucket: string;
  subject: string;
  window_start: Timestamp;
  expires_at: Timestamp;
  hits: number;
}

/** Ledger tables: written only by modules/money/ledger (migrations/0006_ledger.sql). */
export interface LedgerAccountsTable {
  id: ColumnType<bigint, never, never>;
  owner_type: string;
  user_id: string | null;
  currency: string;
  kind: string;
  balance_minor: ColumnType<bigint, bigint | undefined, bigint>;
  account_key: ColumnType<string, never, never>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface LedgerTransactionsTable {
  id: ColumnType<bigint, never, never>;
  type: string;
  external_reference: string | null;
  metadata: Json;
  created_at: GeneratedTimestamp;
}

export interface LedgerPostingsTable {
  id: ColumnType<bigint, never, never>;
  transaction_id: bigint;
  account_id: bigint;
  currency: string;
  amount_minor: bigint;
}

export interface LedgerHoldsTable {
  id: Generated<string>;
  /** 'withdrawal' or 'bet' (migration 0037) */
  kind: Generated<string>;
  user_id: string;
  currency: string;
  amount_minor: bigint;
  /** the part of a bet's hold taken from the bonus account (migration 0037) */
  bonus_amount_minor: Generated<bigint>;
  reference: string;
  status: Generated<string>;
  create_transaction_id: bigint;
  settle_transaction_id: bigint | null;
  metadata: Json;
  created_at: GeneratedTimestamp;
  settled_at: Timestamp | null;
}

export interface ExchangeRatesTable {
  base: string;
  quote: string;
  /** numeric: arrives as a decimal string */
  rate: string;
  set_at: GeneratedTimestamp;
  set_by_operator_id: string | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: Buffer;
  status_code: number | null;
  response_body: ColumnType<unknown, string | null, string | null>;
  created_at: GeneratedTimestamp;
}

export interface Database {
  languages: LanguagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_login_challenges: OperatorLoginChallengesTable;
  operator_audit_log: OperatorAuditLogTable;
  settings: SettingsTable;
  rate_limit_counters: RateLimitCountersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_holds: LedgerHoldsTable;
  exchange_rates: ExchangeRatesTable;
  idempotency_keys: IdempotencyKeysTable;
  fiat_payment_methods: FiatPaymentMethodsTable;
  fiat_requisites: FiatRequisitesTable;
  fiat_orders: FiatOrdersTable;
  fiat_saved_details: FiatSavedDetailsTable;
  player_payment_restrictions: PlayerPaymentRestrictionsTable;
  withdrawal_first_approvals: WithdrawalFirstApprovalsTable;
  balance_adjustments: BalanceAdjustmentsTable;
  realtime_streams: RealtimeStreamsTable;
  realtime_history: RealtimeHistoryTable;
  realtime_outbox: RealtimeOutboxTable;
  game_providers: GameProvidersTable;
  games: GamesTable;
  game_categories: GameCategoriesTable;
  game_category_games: GameCategoryGamesTable;
  promo_categories: PromoCategoriesTable;
  promo_category_games: PromoCategoryGamesTable;
  game_favorites: GameFavoritesTable;
  game_last_played: GameLastPlayedTable;
  game_blacklists: GameBlacklistsTable;
  fairness_seeds: FairnessSeedsTable;
  game_rounds: GameRoundsTable;
  seamless_providers: SeamlessProvidersTable;
  seamless_games: SeamlessGamesTable;
  seamless_sessions: SeamlessSessionsTable;
  seamless_transactions: SeamlessTransactionsTable;
  bonus_offers: BonusOffersTable;
  bonus_offer_games: BonusOfferGamesTable;
  bonus_sport_contributions: BonusSportContributionsTable;
  bonus_personal_offers: BonusPersonalOffersTable;
  user_bonuses: UserBonusesTable;
  bonus_player_settings: BonusPlayerSettingsTable;
  bonus_daily_state: BonusDailyStateTable;
  currency_deposit_bonuses: CurrencyDepositBonusesTable;
  wheel_prizes: WheelPrizesTable;
  wheel_spins: WheelSpinsTable;
  promo_codes: PromoCodesTable;
  promo_activations: PromoActivationsTable;
  first_deposit_promo_shown: FirstDepositPromoShownTable;
  crypto_methods: CryptoMethodsTable;
  crypto_deposit_addresses: CryptoDepositAddressesTable;
  crypto_deposits: CryptoDepositsTable;
  crypto_withdrawals: CryptoWithdrawalsTable & CryptoWithdrawalHoldColumns;
  cryptobot_invoices: CryptobotInvoicesTable;
  cryptobot_transfers: CryptobotTransfersTable;
  messenger_links: MessengerLinksTable;
  messenger_launches: MessengerLaunchesTable;
  player_limits: PlayerLimitsTable;
  player_limit_changes: PlayerLimitChangesTable;
  player_deposit_usage: PlayerDepositUsageTable;
  player_deposit_reservations: PlayerDepositReservationsTable;
  player_protection_flags: PlayerProtectionFlagsTable;
  player_exclusions: PlayerExclusionsTable;
  player_exclusion_history: PlayerExclusionHistoryTable;
  rg_registry_sandbox_entries: RgRegistrySandboxEntriesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  player_usage_hours: PlayerUsageHoursTable;
  player_play_sessions: PlayerPlaySessionsTable;
  player_play_session_totals: PlayerPlaySessionTotalsTable;
  banners: BannersTable;
  partners: PartnersTable;
  tournaments: TournamentsTable;
  tournament_scores: TournamentScoresTable;
  tournament_score_contributions: TournamentScoreContributionsTable;
  tournament_payouts: TournamentPayoutsTable;
  sport_sports: SportSportsTable;
  sport_categories: SportCategoriesTable;
  sport_tournaments: SportTournamentsTable;
  sport_producers: SportProducersTable;
  sport_events: SportEventsTable;
  sport_applied_versions: SportAppliedVersionsTable;
  sport_bet_stops: SportBetStopsTable;
  sport_markets: SportMarketsTable;
  sport_outcomes: SportOutcomesTable;
  sport_outcome_results: SportOutcomeResultsTable;
  sport_market_history: SportMarketHistoryTable;
  sport_favorites: SportFavoritesTable;
  sport_tickets: SportTicketsTable;
  sport_ticket_legs: SportTicketLegsTable;
  sport_bet_limits: SportBetLimitsTable;
  sport_player_limits: SportPlayerLimitsTable;
  sport_liability: SportLiabilityTable;
  sport_ticket_settlements: SportTicketSettlementsTable;
  sport_settlement_markets: SportSettlementMarketsTable;
  sport_operator_markets: SportOperatorMarketsTable;
  sport_operator_results: SportOperatorResultsTable;
  sport_cashout_settings: SportCashoutSettingsTable;
  sport_cashout_quotes: SportCashoutQuotesTable;
  sport_cashouts: SportCashoutsTable;
}

export interface GameProvidersTable {
  id: string;
  name: string;
  logo_url: string | null;
  position: Generated<number>;
  enabled: Generated<boolean>;
}

export interface GamesTable {
  id: string;
  title: string;
  provider_id: string;
  engine: 'dice' | 'limbo' | 'mines' | 'plinko' | 'keno' | 'slot' | 'external';
  variant: ColumnType<Record<string, unknown>, string | undefined, string>;
  image_url: string;
  label: 'exclusive' | 'early_access' | null;
  /** numeric arrives as a decimal string */
  rtp: ColumnType<string, string, string>;
  rating: ColumnType<string, string | undefined, string>;
  rounds_played: ColumnType<bigint, bigint | undefined, bigint>;
  released_at: GeneratedTimestamp;
  external_launch_url: string | null;
  enabled: Generated<boolean>;
}

export interface GameCategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  position: Generated<number>;
  title: string;
  value: string;
  icon: string;
  entity: 'category' | 'provider' | 'promo_category';
}

export interface GameCategoryGamesTable {
  category_id: number;
  game_id: string;
  position: Generated<number>;
}

export interface PromoCategoriesTable {
  id: Generated<number>;
  title: string;
  enabled: Generated<boolean>;
}

export interface PromoCategoryGamesTable {
  promo_category_id: number;
  game_id: string;
  position: Generated<number>;
}

export interface GameFavoritesTable {
  user_id: string;
  game_id: string;
  created_at: GeneratedTimestamp;
}

export interface GameLastPlayedTable {
  user_id: string;
  game_id: string;
  played_at: GeneratedTimestamp;
}

export interface GameBlacklistsTable {
  id: Generated<number>;
  game_id: string | null;
  provider_id: string | null;
  country: string | null;
  currency: string | null;
}

export interface FairnessSeedsTable {
  id: Generated<string>;
  user_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: GeneratedTimestamp;
  revealed_at: Timestamp | null;
}

export interface GameRoundsTable {
  id: Generated<string>;
  user_id: string;
  game_id: string;
  seed_id: string;
  nonce: ColumnType<bigint, bigint, bigint>;
  client_seed: string;
  currency: string;
  bet_minor: ColumnType<bigint, bigint, bigint>;
  payout_minor: ColumnType<bigint, bigint | undefined, bigint>;
  multiplier: ColumnType<string, string | undefined, string>;
  /** the game's RTP at bet time, numeric(6,4) as a decimal string */
  rtp: ColumnType<string, string, string>;
  params: ColumnType<Record<string, unknown>, string, string>;
  outcome: ColumnType<Record<string, unknown>, string | undefined, string>;
  state: 'open' | 'settled';
  created_at: GeneratedTimestamp;
  settled_at: Timestamp | null;
  /** the player's active bonus when the stake was taken (migrations/0016_bonuses.sql) */
  bonus_id: string | null;
  /** the part of the stake that was bonus money */
  bet_bonus_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** a free spin of `bonus_id`: the house funded the stake */
  freespin: Generated<boolean>;
}

export interface RealtimeStreamsTable {
  channel: string;
  epoch: string;
  top_offset: bigint;
  updated_at: GeneratedTimestamp;
}

export interface RealtimeHistoryTable {
  channel: string;
  offset: bigint;
  /** the publication's JSON, as published */
  data: unknown;
  created_at: GeneratedTimestamp;
}

export interface RealtimeOutboxTable {
  id: ColumnType<bigint, never, never>;
  method: 'publish' | 'disconnect';
  /** the request body for Centrifugo's server API method */
  body: unknown;
  created_at: GeneratedTimestamp;
}

export type UserRow = Selectable<UsersTable>;
/** The columns of a player's row that their account and profile are made of (no secrets). */
export const profileColumns = [
  'id',
  'global_id',
  'email',
  'language',
  'is_vip',
  'is_verified',
  'vip_manager_telegram',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'is_push_notifications_active',
  'ban_reason',
  'first_deposit_at',
  'deposit_count',
  'primary_currency',
  'odds_format',
  'reality_check_minutes',
  'limits_prompt_answered_at',
  'limits_reviewed_at',
] as const satisfies ReadonlyArray<keyof UsersTable>;
export type ProfileRow = Pick<UserRow, (typeof profileColumns)[number]>;
export type UserUpdate = Updateable<UsersTable>;
export type OperatorRow = Selectable<OperatorsTable>;
export type LanguageRow = Selectable<LanguagesTable>;
