import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { normaliseOrigin } from './lib/origin.ts';
import {
  type DerivedNetworkId,
  demoAccountXpubs,
  demoSharedAddresses,
  isValidAccountXpub,
  isValidAddress,
} from './modules/money/cashier/rails/crypto/chains/index.ts';
import { repositoryRoot } from './paths.ts';

/**
 * The only module that reads `process.env`. Everything else receives a typed `Config`.
 * Defaults suit development; production must set its secrets explicitly.
 */

export const nodeEnvironments = ['development', 'test', 'production'] as const;
export type NodeEnvironment = (typeof nodeEnvironments)[number];

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** `false`: ignore X-Forwarded-For; `true`: trust every hop; a number: trust that many hops;
 * a list: trust only these proxy addresses or CIDR ranges. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  nodeEnv: NodeEnvironment;
  host: string;
  port: number;
  /** null: start the embedded PostgreSQL server */
  databaseUrl: string | null;
  /**
   * DATABASE_DIRECT_URL: the same database reached without a pooler, for what needs a session of
   * its own (LISTEN, the sportsbook feed's session lock, migrations); null: `databaseUrl` itself
   * (no pooler in between, or the embedded server)
   */
  databaseDirectUrl: string | null;
  /**
   * DATABASE_PREPARED_STATEMENTS: whether the pool turns frequent statements into named prepared
   * statements (db/prepared-statements.ts); false behind a pooler in transaction mode, where a
   * statement prepared on one server connection is unknown on the next
   */
  databasePreparedStatements: boolean;
  /** connections this process keeps to PostgreSQL (money transactions use less than half) */
  databasePoolSize: number;
  embeddedPostgresPort: number;
  dataDirectory: string;
  logLevel: LogLevel;
  websocketJwtSecret: string;
  websocketTokenTtlSeconds: number;
  sessionTtlDays: number;
  /**
   * How long a process answers a player's read-only calls (GET /api/v1/me) from a session it
   * read, at most (0: never): the sessions' cache, dropped in every process when a session or
   * its player changes (modules/players/auth/session-cache.ts).
   */
  sessionCacheSeconds: number;
  cookieSecure: boolean;
  trustProxy: TrustProxy;
  /**
   * origins besides the app's own whose pages may send cookie-authenticated writes
   * (ALLOWED_ORIGINS; `scheme://host[:port]`, normalised), e.g. a back office on its own host
   */
  allowedOrigins: string[];
  bodyLimitBytes: number;
  /** login attempts per client IP per minute */
  loginRateLimitPerIp: number;
  /** failed logins per account per 15 minutes */
  loginRateLimitPerAccount: number;
  /** registrations per client IP per hour */
  registerRateLimitPerIp: number;
  /** argon2 hashes running at once in this process (PASSWORD_HASHING_CONCURRENCY) */
  passwordHashingConcurrency: number;
  /** sign-ins and sign-ups admitted beyond those hashing; more are refused with 429 server_busy */
  passwordHashingQueue: number;
  operatorEmail: string;
  operatorPassword: string;
  /**
   * BACKOFFICE_REQUIRE_TOTP: operators must sign in with a TOTP code; one who has not enrolled
   * may only enrol (403 totp_enrolment_required elsewhere). Default true in production.
   */
  backofficeRequireTotp: boolean;
  /**
   * OPERATOR_TOTP_KEY: the AES-256-GCM key (32 bytes) the operators' TOTP secrets are encrypted
   * with at rest; required in production, a fixed development key elsewhere
   */
  operatorTotpKey: Buffer;
  demoData: boolean;
  webDistDirectory: string;
  /** the built operators' app, served under /backoffice (BACKOFFICE_DIST_DIR) */
  backofficeDistDirectory: string;
  /** seeds the operator setting on the first start only; the operator edits it afterwards */
  restrictedCountries: string[];
  /** fiat deposit orders time out this long after creation (ORDER_TTL_MINUTES) */
  orderTtlSeconds: number;
  /**
   * >0: a deposit with a receipt is approved by a job after this delay unless the operator turned
   * it off (a sandbox: nobody checks the receipt); 0: off. Default 20 in development, else 0.
   */
  sandboxAutoApproveSeconds: number;
  /** a feed producer with no heartbeat for this long is down: its markets are suspended */
  sportFeedAliveTimeoutSeconds: number;
  /** the sportsbook's odds feed: which provider this deployment runs (SPORT_FEED) */
  sportFeed: SportFeedConfig;
  /** ended and cancelled sportsbook events are deleted this many days after their last message */
  sportEventRetentionDays: number;
  /**
   * an open sportsbook event whose kick-off and last message are older than this is overdue: no
   * longer listed to players, counted for operators (the feed could not bring it up to date)
   */
  sportEventOverdueHours: number;
  /** how long a sport cash-out quote may be taken */
  sportCashoutQuoteSeconds: number;
  /** fiat withdrawals per player per UTC day, in whole US dollars */
  withdrawDailyLimitUsd: number;
  /**
   * the cooling-off of a responsible-gambling limit's increase or removal, in hours (24 at
   * least: a jurisdiction may ask for longer): the floor of the operator's setting
   * (`PUT /api/backoffice/v1/settings/limit-cooling-off`), and what applies without one
   */
  limitCoolingOffHours: number;
  /**
   * RG_REGISTRY: the national self-exclusion registry checked at sign-up and sign-in.
   * `sandbox`: the entries the operator seeds (rg_registry_sandbox_entries); `off`: none checked.
   * Default `sandbox` outside production, `off` in production (refused there unless
   * RG_REGISTRY_SANDBOX_IN_PRODUCTION=true or the general sandbox opt-in).
   */
  rgRegistry: SandboxOrOff;
  /** spec §4 withdraw flow: unverified players go to personal data and cannot withdraw */
  withdrawVerificationRequired: boolean;
  /**
   * the messenger bot's token (MESSENGER_BOT_TOKEN): verifies the mini-app's launch data when a
   * player links their messenger account; null: linking is unavailable
   */
  messengerBotToken: string | null;
  /**
   * the messenger bots whose mini-app may sign players in (MESSENGER_BOTS, `id:type` pairs; by
   * default the bot of MESSENGER_BOT_TOKEN, normal): a vip bot's players are VIP
   */
  messengerBots: MessengerBot[];
  /** launch data older than this (seconds since its auth_date) cannot sign in */
  messengerInitDataMaxAgeSeconds: number;
  /**
   * the messenger's Ed25519 public key (MESSENGER_PUBLIC_KEY, hex) that signs launch data for
   * third parties (the `signature` field); the messenger's production key by default
   */
  messengerPublicKey: string;
  /** run the background job queue (pg-boss) in this process */
  jobsEnabled: boolean;
  /**
   * the fiat payment provider (PAYMENT_PROVIDER): `manual`, the operator's own P2P requisites
   * whose payments the operator confirms against the player's receipt (real operations, not a
   * sandbox); the only one so far
   */
  paymentProvider: PaymentProviderName;
  /** serve the sandbox's hosted payment page /sandbox/pay/{id} (off by default in production) */
  sandboxHostedPageEnabled: boolean;
  /**
   * CRYPTO_CHAIN_WATCHER: `sandbox`, operators report incoming transfers themselves
   * (`POST /api/backoffice/v1/crypto/incoming`); `off`, no chain is watched, so no deposit
   * address is handed out. Default `sandbox` outside production, `off` in production.
   */
  cryptoChainWatcher: SandboxOrOff;
  /**
   * CRYPTO_PAYOUT_PROVIDER: `sandbox`, an operator completes a chain withdrawal by reporting a
   * hash nothing checks; `off`, chain withdrawals are not offered. Default as the watcher's.
   */
  cryptoPayoutProvider: SandboxOrOff;
  /**
   * DEMO_PLAYER_BALANCE_USD: what each demo player (not the banned one) receives once, through
   * the ledger (`demo_credit`), when the demo data is inserted; 1000 in development, else 0,
   * never allowed in production
   */
  demoPlayerBalanceUsd: number;
  realtime: RealtimeConfig;
  crypto: CryptoConfig;
  cryptobot: CryptoBotConfig;
  webPush: WebPushConfig;
  supportChat: SupportChatConfig;
}

/**
 * Web push (issue 23). Without configured VAPID keys a development server generates a pair once
 * and keeps it in the data directory (`web-push-vapid.json`); production refuses to start
 * without them while push is enabled.
 */
export interface WebPushConfig {
  /** WEB_PUSH_ENABLED: the prompt's feature flag and the sending */
  enabled: boolean;
  /** base64url P-256 public key (65 bytes) and private key (32 bytes); null: generated */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  /** the VAPID `sub` claim: a `mailto:` or `https:` contact of the operator */
  subject: string;
  /** WEB_PUSH_ALLOW_HTTP_ENDPOINTS: accept plain-http push endpoints (tests' stand-in service) */
  allowHttpEndpoints: boolean;
}

/** The external support chat widget (Chatwoot's by default); null script: e-mail and bot only. */
export interface SupportChatConfig {
  /** SUPPORT_CHAT_WIDGET_URL: the widget's script URL; its origin is allowed by the CSP */
  widgetUrl: string | null;
  websiteToken: string | null;
  /** SUPPORT_CHAT_IDENTITY_SECRET: the widget's identity-validation HMAC key; null: not signed */
  identitySecret: string | null;
}

/**
 * Where players' crypto deposits go. Only PUBLIC keys: account-level extended public keys of the
 * derived networks (ethereum's also serves bsc) and the shared addresses of the memo networks.
 * The defaults are the well-known BIP39 test mnemonic's (demo only: anyone can spend from them).
 */
export interface CryptoConfig {
  accountXpubs: Readonly<Record<'bitcoin' | 'litecoin' | 'ethereum' | 'tron', string>>;
  sharedAddresses: Readonly<{ ton: string; solana: string }>;
}

export const cryptoBotModes = ['off', 'sandbox', 'live'] as const;
export type CryptoBotMode = (typeof cryptoBotModes)[number];

/** A provider that is either the built-in sandbox or not there at all (no live one exists yet). */
export const sandboxOrOffModes = ['off', 'sandbox'] as const;
export type SandboxOrOff = (typeof sandboxOrOffModes)[number];

/**
 * The crypto-bot payment service: off (no crypto-bot deposits or payouts; its webhook is not
 * served), the built-in sandbox, or its live Crypto Pay API.
 */
export interface CryptoBotConfig {
  mode: CryptoBotMode;
  /** the API token; the webhook signature's key is its SHA-256 */
  token: string;
  /** the API host, e.g. https://pay.crypt.bot (testnet: https://testnet-pay.crypt.bot) */
  apiUrl: string;
}

export const sportFeedSources = ['simulator', 'off'] as const;
export type SportFeedSource = (typeof sportFeedSources)[number];

/**
 * The odds feed. `simulator`: the built-in seeded match simulator (a sandbox: its prices are
 * invented), run by one process of those sharing the database; `off`: no feed, the catalog keeps
 * what is stored. A real feed's adapter will be a third source.
 */
export interface SportFeedConfig {
  source: SportFeedSource;
  simulator: {
    /** the same seed gives the same matches (FEED_SIMULATOR_SEED) */
    seed: string;
    /** simulated seconds per real second (FEED_SIMULATOR_SPEED; 7: a football match in 15 min) */
    speed: number;
    /** how far ahead upcoming matches are published (FEED_SIMULATOR_HORIZON_HOURS) */
    horizonHours: number;
    /** real minutes between two kick-offs of one sport, a fraction allowed (FEED_SIMULATOR_KICKOFF_MINUTES) */
    kickoffIntervalMinutes: number;
  };
}

export const realtimeEngines = ['builtin', 'centrifugo'] as const;
export type RealtimeEngine = (typeof realtimeEngines)[number];

/** The realtime channels: the built-in Centrifugo-protocol server, or an external Centrifugo. */
export interface RealtimeConfig {
  engine: RealtimeEngine;
  /** centrifugo: the server API base (`http://centrifugo:8000/api`), its key, the browser's URL */
  centrifugo: { apiUrl: string; apiKey: string; websocketUrl: string } | null;
  /** publications kept per user channel for recovery, and for how long */
  historySize: number;
  historyTtlSeconds: number;
  /** server→client ping interval; a client that does not answer within pongTimeout is closed */
  pingIntervalSeconds: number;
  pongTimeoutSeconds: number;
  /** a connection that has not sent its connect command by then is closed as stale (3502) */
  connectTimeoutSeconds: number;
  /** largest accepted WebSocket frame */
  maxMessageBytes: number;
  maxSubscriptionsPerConnection: number;
  /** per user per server process */
  maxConnectionsPerUser: number;
  /** a client whose unsent data exceeds this is disconnected as slow (3008) */
  maxBufferedBytes: number;
}

export const paymentProviders = ['manual'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const messengerBotTypes = ['normal', 'vip'] as const;
export type MessengerBotType = (typeof messengerBotTypes)[number];
export interface MessengerBot {
  /** the bot's numeric id (a decimal string), the part of its token before the colon */
  id: string;
  type: MessengerBotType;
}
/**
 * The messenger's published Ed25519 keys for third-party validation of launch data: the
 * production key (the default) and the one of its test environment.
 */
export const messengerProductionPublicKey =
  'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d';
export const messengerTestPublicKey =
  '40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec';

/** `MESSENGER_BOTS`: `id:type` pairs separated by commas, e.g. `7000000001:normal,7000000002:vip`. */
function parseMessengerBots(value: string): MessengerBot[] | null {
  const bots: MessengerBot[] = [];
  for (const entry of value.split(',')) {
    const match = /^\s*([1-9]\d{0,19}):(normal|vip)\s*$/.exec(entry);
    if (!match?.[1] || !match[2]) return null;
    if (bots.some((bot) => bot.id === match[1])) return null;
    bots.push({ id: match[1], type: match[2] as MessengerBotType });
  }
  return bots;
}

/** Used only outside production, where a missing secret must not stop a developer. */
export const developmentWebsocketJwtSecret = 'development-only-websocket-secret-change-me-0001';

/** Outside production, the TOTP secrets' key is derived from a fixed label (never secret). */
export const developmentOperatorTotpKey = createHash('sha256')
  .update('casino development operator TOTP key, never used in production')
  .digest();

/** OPERATOR_TOTP_KEY: 32 bytes, base64 (standard or URL-safe). */
const operatorTotpKeySchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : null;
    if (bytes?.length !== 32) {
      context.addIssue({
        code: 'custom',
        message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
      });
      return z.NEVER;
    }
    return bytes;
  });
export const developmentOperatorPassword = 'operator-demo-2026';
/** The sandbox crypto-bot's token outside production (it signs the sandbox's own webhooks). */
export const developmentCryptoBotToken = '100000:development-only-cryptobot-token-change-me';
/** What a sandbox auto-approval waits for in development: long enough to see the pending view. */
export const developmentAutoApproveSeconds = 20;
/** What each demo player starts with in development, in US dollars. */
export const developmentDemoBalanceUsd = 1000;

/**
 * The one opt-in that lets sandbox providers run under NODE_ENV=production (a staging
 * deployment that must behave like production but move no real money). Without it, production
 * refuses to start when any variable below asks for a sandbox.
 */
export const sandboxOptInVariable = 'ALLOW_SANDBOX_PROVIDERS_IN_PRODUCTION';

/**
 * Hashes at once by default: one core and one libuv thread left for everything else (the event
 * loop and PostgreSQL need a core; files, DNS and `crypto` need the thread pool), at least one.
 */
export function defaultPasswordHashingConcurrency(cores: number, threadPoolSize: number): number {
  return Math.max(1, Math.min(cores - 1, threadPoolSize - 1));
}

/** Admitted sign-ins beyond those hashing: each waits for at most about four hashes. */
export function defaultPasswordHashingQueue(concurrency: number): number {
  return 4 * concurrency;
}

export type ConfigResult =
  | { success: true; config: Config }
  | { success: false; problems: string[] };

type Environment = Record<string, string | undefined>;

function integer(defaultValue: number, minimum: number, maximum: number) {
  return optionalInteger(minimum, maximum).default(defaultValue);
}

/** A whole number whose default is derived from other settings by the caller. */
function optionalInteger(minimum: number, maximum: number) {
  return z
    .string()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(minimum, { error: `must be at least ${minimum}` })
        .max(maximum, { error: `must be at most ${maximum}` }),
    )
    .optional();
}

/** A number written in decimals (`0.5`), within bounds. */
function decimal(defaultValue: number, minimum: number, maximum: number) {
  return z
    .string()
    .regex(/^\d+(\.\d+)?$/, { error: 'must be a number such as 2 or 0.5' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(minimum, { error: `must be at least ${minimum}` })
        .max(maximum, { error: `must be at most ${maximum}` }),
    )
    .default(defaultValue);
}

function boolean(defaultValue: boolean) {
  return z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .default(defaultValue);
}

function isAddressOrRange(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (address === undefined || rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, context): TrustProxy => {
    const trimmed = value.trim();
    if (trimmed === 'false') return false;
    if (trimmed === 'true') return true;
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const entries = trimmed.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrRange(entry));
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count or a comma-separated list of IP addresses or CIDR ranges (invalid: ${invalid.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const originListSchema = z
  .string()
  .default('')
  .transform((value, context) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0);
    const invalid = entries.filter((entry) => normaliseOrigin(entry) === null);
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of origins such as https://admin.example.com (invalid: ${invalid.join(', ')})`,
      });
      return z.NEVER;
    }
    return [...new Set(entries.map((entry) => normaliseOrigin(entry) as string))];
  });

const countryListSchema = z
  .string()
  .default('')
  .transform((value, context) => {
    const codes = value
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter((code) => code.length > 0);
    const invalid = codes.filter((code) => !/^[A-Z]{2}$/.test(code));
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of two-letter country codes (invalid: ${invalid.join(', ')})`,
      });
      return z.NEVER;
    }
    return [...new Set(codes)];
  });

function accountXpub(network: DerivedNetworkId & keyof CryptoConfig['accountXpubs']) {
  return z
    .string()
    .trim()
    .refine((value) => isValidAccountXpub(network, value), {
      error: `must be an account-level extended public key for ${network}`,
    })
    .default(demoAccountXpubs[network]);
}

function sharedAddress(network: 'ton' | 'solana') {
  return z
    .string()
    .trim()
    .refine((value) => isValidAddress(network, value), {
      error: `must be a valid ${network} address`,
    })
    .default(demoSharedAddresses[network]);
}

function environmentSchema(nodeEnv: NodeEnvironment) {
  const production = nodeEnv === 'production';
  const secret = z.string().min(32, { error: 'must be at least 32 characters' });
  const operatorPassword = z.string().min(12, { error: 'must be at least 12 characters' });
  return z.object({
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: integer(8080, 0, 65_535),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// connection URL' })
      .optional(),
    DATABASE_DIRECT_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// connection URL' })
      .optional(),
    DATABASE_PREPARED_STATEMENTS: boolean(true),
    EMBEDDED_POSTGRES_PORT: integer(5433, 1, 65_535),
    DATABASE_POOL_SIZE: integer(10, 4, 500),
    DATA_DIR: z.string().min(1).default(join(repositoryRoot, '.data')),
    LOG_LEVEL: z
      .enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` })
      .default('info'),
    WEBSOCKET_JWT_SECRET: production
      ? z.string({ error: 'is required in production' }).pipe(secret)
      : secret.default(developmentWebsocketJwtSecret),
    WEBSOCKET_TOKEN_TTL_SECONDS: integer(900, 30, 86_400),
    SESSION_TTL_DAYS: integer(30, 1, 365),
    SESSION_CACHE_SECONDS: integer(30, 0, 60),
    COOKIE_SECURE: boolean(production),
    TRUST_PROXY: trustProxySchema,
    ALLOWED_ORIGINS: originListSchema,
    BODY_LIMIT_BYTES: integer(1_048_576, 1_024, 100 * 1_048_576),
    LOGIN_RATE_LIMIT_PER_IP: integer(20, 1, 1_000_000),
    LOGIN_RATE_LIMIT_PER_ACCOUNT: integer(5, 1, 1_000_000),
    REGISTER_RATE_LIMIT_PER_IP: integer(10, 1, 1_000_000),
    // libuv's own variable (Node reads it too); read here for the hashing default only
    UV_THREADPOOL_SIZE: integer(4, 1, 1024),
    PASSWORD_HASHING_CONCURRENCY: optionalInteger(1, 1024),
    PASSWORD_HASHING_QUEUE: optionalInteger(0, 100_000),
    OPERATOR_EMAIL: z
      .email({ error: 'must be an e-mail address' })
      .transform((value) => value.toLowerCase())
      .default('admin@casino.local'),
    OPERATOR_PASSWORD: production
      ? z.string({ error: 'is required in production' }).pipe(operatorPassword)
      : z
          .string()
          .min(8, { error: 'must be at least 8 characters' })
          .default(developmentOperatorPassword),
    BACKOFFICE_REQUIRE_TOTP: boolean(production),
    OPERATOR_TOTP_KEY: production
      ? z.string({ error: 'is required in production' }).pipe(operatorTotpKeySchema)
      : operatorTotpKeySchema.optional().transform((key) => key ?? developmentOperatorTotpKey),
    DEMO_DATA: boolean(!production),
    WEB_DIST_DIR: z
      .string()
      .min(1)
      .default(join(repositoryRoot, 'apps', 'web', 'dist')),
    BACKOFFICE_DIST_DIR: z
      .string()
      .min(1)
      .default(join(repositoryRoot, 'apps', 'backoffice', 'dist')),
    RESTRICTED_COUNTRIES: countryListSchema,
    ORDER_TTL_MINUTES: integer(15, 1, 24 * 60),
    SPORT_FEED_ALIVE_TIMEOUT_SECONDS: integer(20, 1, 3_600),
    SPORT_EVENT_RETENTION_DAYS: integer(7, 1, 3_650),
    SPORT_EVENT_OVERDUE_HOURS: integer(12, 1, 24 * 30),
    SPORT_CASHOUT_QUOTE_SECONDS: integer(5, 1, 60),
    // The demo's simulator runs under `npm start`; tests start a feed themselves.
    SPORT_FEED: z
      .enum(sportFeedSources, { error: `must be one of ${sportFeedSources.join(', ')}` })
      .default(nodeEnv === 'development' ? 'simulator' : 'off'),
    FEED_SIMULATOR_SEED: z.string().min(1).max(100).default('demo'),
    FEED_SIMULATOR_SPEED: integer(7, 1, 3_600),
    FEED_SIMULATOR_HORIZON_HOURS: integer(24, 1, 14 * 24),
    FEED_SIMULATOR_KICKOFF_MINUTES: decimal(5, 0.25, 24 * 60),
    SANDBOX_AUTO_APPROVE_SECONDS: integer(
      nodeEnv === 'development' ? developmentAutoApproveSeconds : 0,
      0,
      86_400,
    ),
    DEMO_PLAYER_BALANCE_USD: integer(
      nodeEnv === 'development' ? developmentDemoBalanceUsd : 0,
      0,
      1_000_000,
    ),
    [sandboxOptInVariable]: boolean(false),
    WITHDRAW_DAILY_LIMIT_USD: integer(10_000, 1, 1_000_000_000),
    LIMIT_COOLING_OFF_HOURS: integer(24, 24, 24 * 90),
    RG_REGISTRY: z
      .enum(sandboxOrOffModes, { error: `must be one of ${sandboxOrOffModes.join(', ')}` })
      .default(production ? 'off' : 'sandbox'),
    RG_REGISTRY_SANDBOX_IN_PRODUCTION: boolean(false),
    WITHDRAW_VERIFICATION_REQUIRED: boolean(false),
    MESSENGER_BOT_TOKEN: z
      .string()
      .trim()
      .regex(/^\d{1,20}:[A-Za-z0-9_-]{30,100}$/, {
        error: 'must be a bot token (<bot id>:<secret>)',
      })
      .optional(),
    MESSENGER_BOTS: z
      .string()
      .trim()
      .min(1)
      .transform((value, context) => {
        const bots = parseMessengerBots(value);
        if (bots) return bots;
        context.addIssue({
          code: 'custom',
          message: 'must be id:type pairs separated by commas (type normal or vip), ids unique',
        });
        return z.NEVER;
      })
      .optional(),
    MESSENGER_INIT_DATA_MAX_AGE_SECONDS: integer(3600, 60, 86_400),
    MESSENGER_PUBLIC_KEY: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[0-9a-f]{64}$/, { error: 'must be an Ed25519 public key in hex (64 digits)' })
      .default(messengerProductionPublicKey),
    JOBS_ENABLED: boolean(nodeEnv !== 'test'),
    PAYMENT_PROVIDER: z
      .enum(paymentProviders, { error: `must be one of ${paymentProviders.join(', ')}` })
      .default('manual'),
    SANDBOX_HOSTED_PAGE_ENABLED: boolean(!production),
    CRYPTO_CHAIN_WATCHER: z
      .enum(sandboxOrOffModes, { error: `must be one of ${sandboxOrOffModes.join(', ')}` })
      .default(production ? 'off' : 'sandbox'),
    CRYPTO_PAYOUT_PROVIDER: z
      .enum(sandboxOrOffModes, { error: `must be one of ${sandboxOrOffModes.join(', ')}` })
      .default(production ? 'off' : 'sandbox'),
    REALTIME_ENGINE: z
      .enum(realtimeEngines, { error: `must be one of ${realtimeEngines.join(', ')}` })
      .default('builtin'),
    CENTRIFUGO_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    CENTRIFUGO_API_KEY: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    CENTRIFUGO_WEBSOCKET_URL: z
      .url({ protocol: /^wss?$/, error: 'must be a ws:// or wss:// URL' })
      .optional(),
    REALTIME_HISTORY_SIZE: integer(100, 1, 10_000),
    REALTIME_HISTORY_TTL_SECONDS: integer(600, 10, 7 * 86_400),
    REALTIME_PING_INTERVAL_SECONDS: integer(25, 1, 600),
    REALTIME_PONG_TIMEOUT_SECONDS: integer(10, 1, 600),
    REALTIME_CONNECT_TIMEOUT_SECONDS: integer(10, 1, 600),
    REALTIME_MAX_MESSAGE_BYTES: integer(65_536, 1_024, 16 * 1_048_576),
    REALTIME_MAX_SUBSCRIPTIONS: integer(128, 1, 10_000),
    REALTIME_MAX_CONNECTIONS_PER_USER: integer(20, 1, 10_000),
    REALTIME_MAX_BUFFERED_BYTES: integer(1_048_576, 16_384, 256 * 1_048_576),
    CRYPTO_XPUB_BITCOIN: accountXpub('bitcoin'),
    CRYPTO_XPUB_LITECOIN: accountXpub('litecoin'),
    CRYPTO_XPUB_ETHEREUM: accountXpub('ethereum'),
    CRYPTO_XPUB_TRON: accountXpub('tron'),
    CRYPTO_ADDRESS_TON: sharedAddress('ton'),
    CRYPTO_ADDRESS_SOLANA: sharedAddress('solana'),
    CRYPTOBOT_MODE: z
      .enum(cryptoBotModes, { error: `must be one of ${cryptoBotModes.join(', ')}` })
      .default(production ? 'off' : 'sandbox'),
    CRYPTOBOT_TOKEN: z.string().min(10, { error: 'must be at least 10 characters' }).optional(),
    CRYPTOBOT_API_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('https://pay.crypt.bot'),
    WEB_PUSH_ENABLED: boolean(true),
    WEB_PUSH_VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a base64url P-256 public key (65 bytes)' })
      .optional(),
    WEB_PUSH_VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a base64url P-256 private key (32 bytes)' })
      .optional(),
    WEB_PUSH_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' })
      .optional(),
    WEB_PUSH_ALLOW_HTTP_ENDPOINTS: boolean(false),
    SUPPORT_CHAT_WIDGET_URL: z
      .url({
        protocol: production ? /^https$/ : /^https?$/,
        error: production ? 'must be an https URL' : 'must be an http(s) URL',
      })
      .optional(),
    SUPPORT_CHAT_WEBSITE_TOKEN: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'must be the widget’s website token' })
      .optional(),
    SUPPORT_CHAT_IDENTITY_SECRET: z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .optional(),
  });
}

type ParsedEnvironment = z.infer<ReturnType<typeof environmentSchema>>;

/**
 * Production runs no sandbox unless the operator opted in (sandboxOptInVariable): each variable
 * that asks for one is a problem of its own, so the refusal lists them all. Demo money is never
 * allowed in production, opt-in or not.
 */
function productionSandboxProblems(env: ParsedEnvironment): string[] {
  const problems: string[] = [];
  if (env.DEMO_PLAYER_BALANCE_USD > 0) {
    problems.push('DEMO_PLAYER_BALANCE_USD: demo money is never given in production; unset it');
  }
  if (
    env.RG_REGISTRY === 'sandbox' &&
    !env.RG_REGISTRY_SANDBOX_IN_PRODUCTION &&
    !env[sandboxOptInVariable]
  ) {
    problems.push(
      'RG_REGISTRY: the sandbox self-exclusion registry (only the entries the operator seeded, ' +
        'not the national scheme) cannot run in production; unset it, or set ' +
        'RG_REGISTRY_SANDBOX_IN_PRODUCTION=true for a deployment that moves no real money',
    );
  }
  if (env[sandboxOptInVariable]) return problems;
  const refuse = (variable: string, what: string) =>
    problems.push(
      `${variable}: ${what} is a sandbox and cannot run in production; unset it, or set ` +
        `${sandboxOptInVariable}=true for a deployment that moves no real money`,
    );
  if (env.CRYPTOBOT_MODE === 'sandbox') {
    refuse('CRYPTOBOT_MODE', 'the built-in crypto-bot (an anonymous Pay button credits invoices)');
  }
  if (env.SANDBOX_HOSTED_PAGE_ENABLED) {
    refuse('SANDBOX_HOSTED_PAGE_ENABLED', 'the hosted payment page (its Pay button credits money)');
  }
  if (env.SANDBOX_AUTO_APPROVE_SECONDS > 0) {
    refuse('SANDBOX_AUTO_APPROVE_SECONDS', 'approving deposits without checking their receipt');
  }
  if (env.CRYPTO_CHAIN_WATCHER === 'sandbox') {
    refuse('CRYPTO_CHAIN_WATCHER', 'crediting transfers that operators type in');
  }
  if (env.CRYPTO_PAYOUT_PROVIDER === 'sandbox') {
    refuse('CRYPTO_PAYOUT_PROVIDER', 'completing withdrawals by a reported, unchecked hash');
  }
  if (env.SPORT_FEED === 'simulator') {
    refuse('SPORT_FEED', 'the match simulator (invented prices players could stake on)');
  }
  return problems;
}

/** VAPID keys come in pairs; production names its own keys and contact and never allows http. */
function webPushProblems(env: ParsedEnvironment, nodeEnv: NodeEnvironment): string[] {
  const problems: string[] = [];
  const hasPublic = env.WEB_PUSH_VAPID_PUBLIC_KEY !== undefined;
  const hasPrivate = env.WEB_PUSH_VAPID_PRIVATE_KEY !== undefined;
  if (hasPublic !== hasPrivate) {
    problems.push('WEB_PUSH_VAPID_PUBLIC_KEY / WEB_PUSH_VAPID_PRIVATE_KEY: set both, or neither');
  }
  if (nodeEnv !== 'production') return problems;
  if (env.WEB_PUSH_ALLOW_HTTP_ENDPOINTS) {
    problems.push('WEB_PUSH_ALLOW_HTTP_ENDPOINTS: production accepts only https push endpoints');
  }
  if (!env.WEB_PUSH_ENABLED) return problems;
  if (!hasPublic) problems.push('WEB_PUSH_VAPID_PUBLIC_KEY: is required in production');
  if (!hasPrivate) problems.push('WEB_PUSH_VAPID_PRIVATE_KEY: is required in production');
  if (env.WEB_PUSH_SUBJECT === undefined) {
    problems.push('WEB_PUSH_SUBJECT: is required in production');
  }
  return problems;
}

/** Parses an environment; never throws, never exits. Empty values count as unset. */
export function parseConfig(environment: Environment): ConfigResult {
  const values: Environment = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const problems: string[] = [];

  const nodeEnvResult = z.enum(nodeEnvironments).default('development').safeParse(values.NODE_ENV);
  if (!nodeEnvResult.success) {
    problems.push(`NODE_ENV: must be one of ${nodeEnvironments.join(', ')}`);
  }
  const nodeEnv = nodeEnvResult.success ? nodeEnvResult.data : 'development';

  const result = environmentSchema(nodeEnv).safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push(`${String(issue.path[0] ?? 'environment')}: ${issue.message}`);
    }
  }
  if (!result.success || problems.length > 0) return { success: false, problems };

  const env = result.data;
  if (env.CRYPTOBOT_MODE === 'live' && env.CRYPTOBOT_TOKEN === undefined) {
    problems.push('CRYPTOBOT_TOKEN: is required when CRYPTOBOT_MODE=live');
  }
  if (env.DATABASE_DIRECT_URL !== undefined && env.DATABASE_URL === undefined) {
    problems.push(
      'DATABASE_DIRECT_URL: is used only with DATABASE_URL (the embedded PostgreSQL has no pooler)',
    );
  }
  if (nodeEnv === 'production') problems.push(...productionSandboxProblems(env));
  // the messenger's test environment has its own users: its launches never sign in for real
  if (nodeEnv === 'production' && env.MESSENGER_PUBLIC_KEY === messengerTestPublicKey) {
    problems.push('MESSENGER_PUBLIC_KEY: the messenger’s test key is refused in production');
  }
  problems.push(...webPushProblems(env, nodeEnv));
  if (
    (env.SUPPORT_CHAT_WIDGET_URL === undefined) !==
    (env.SUPPORT_CHAT_WEBSITE_TOKEN === undefined)
  ) {
    problems.push(
      'SUPPORT_CHAT_WIDGET_URL / SUPPORT_CHAT_WEBSITE_TOKEN: set both for the chat widget, or neither',
    );
  }
  if (problems.length > 0) return { success: false, problems };
  // The sandbox signs its own webhooks: in production with no token configured, a key nobody
  // else knows (this process's), so no one can forge a payment with a published token.
  const cryptoBotToken =
    env.CRYPTOBOT_TOKEN ??
    (nodeEnv === 'production' ? randomBytes(32).toString('hex') : developmentCryptoBotToken);
  const passwordHashingConcurrency =
    env.PASSWORD_HASHING_CONCURRENCY ??
    defaultPasswordHashingConcurrency(availableParallelism(), env.UV_THREADPOOL_SIZE);
  let centrifugo: RealtimeConfig['centrifugo'] = null;
  if (env.REALTIME_ENGINE === 'centrifugo') {
    const { CENTRIFUGO_API_URL: apiUrl, CENTRIFUGO_API_KEY: apiKey } = env;
    const websocketUrl = env.CENTRIFUGO_WEBSOCKET_URL;
    if (!apiUrl) problems.push('CENTRIFUGO_API_URL: is required when REALTIME_ENGINE=centrifugo');
    if (!apiKey) problems.push('CENTRIFUGO_API_KEY: is required when REALTIME_ENGINE=centrifugo');
    if (!websocketUrl) {
      problems.push('CENTRIFUGO_WEBSOCKET_URL: is required when REALTIME_ENGINE=centrifugo');
    }
    if (!apiUrl || !apiKey || !websocketUrl) return { success: false, problems };
    centrifugo = { apiUrl: apiUrl.replace(/\/+$/, ''), apiKey, websocketUrl };
  }
  return {
    success: true,
    config: {
      nodeEnv,
      host: env.HOST,
      port: env.PORT,
      databaseUrl: env.DATABASE_URL ?? null,
      databaseDirectUrl: env.DATABASE_DIRECT_URL ?? null,
      databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
      databasePoolSize: env.DATABASE_POOL_SIZE,
      embeddedPostgresPort: env.EMBEDDED_POSTGRES_PORT,
      dataDirectory: env.DATA_DIR,
      logLevel: env.LOG_LEVEL,
      websocketJwtSecret: env.WEBSOCKET_JWT_SECRET,
      websocketTokenTtlSeconds: env.WEBSOCKET_TOKEN_TTL_SECONDS,
      sessionTtlDays: env.SESSION_TTL_DAYS,
      sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
      cookieSecure: env.COOKIE_SECURE,
      trustProxy: env.TRUST_PROXY,
      allowedOrigins: env.ALLOWED_ORIGINS,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      loginRateLimitPerIp: env.LOGIN_RATE_LIMIT_PER_IP,
      loginRateLimitPerAccount: env.LOGIN_RATE_LIMIT_PER_ACCOUNT,
      registerRateLimitPerIp: env.REGISTER_RATE_LIMIT_PER_IP,
      passwordHashingConcurrency,
      passwordHashingQueue:
        env.PASSWORD_HASHING_QUEUE ?? defaultPasswordHashingQueue(passwordHashingConcurrency),
      operatorEmail: env.OPERATOR_EMAIL,
      operatorPassword: env.OPERATOR_PASSWORD,
      backofficeRequireTotp: env.BACKOFFICE_REQUIRE_TOTP,
      operatorTotpKey: env.OPERATOR_TOTP_KEY,
      demoData: env.DEMO_DATA,
      webDistDirectory: env.WEB_DIST_DIR,
      backofficeDistDirectory: env.BACKOFFICE_DIST_DIR,
      restrictedCountries: env.RESTRICTED_COUNTRIES,
      orderTtlSeconds: env.ORDER_TTL_MINUTES * 60,
      sandboxAutoApproveSeconds: env.SANDBOX_AUTO_APPROVE_SECONDS,
      sportFeedAliveTimeoutSeconds: env.SPORT_FEED_ALIVE_TIMEOUT_SECONDS,
      sportEventRetentionDays: env.SPORT_EVENT_RETENTION_DAYS,
      sportEventOverdueHours: env.SPORT_EVENT_OVERDUE_HOURS,
      sportCashoutQuoteSeconds: env.SPORT_CASHOUT_QUOTE_SECONDS,
      sportFeed: {
        source: env.SPORT_FEED,
        simulator: {
          seed: env.FEED_SIMULATOR_SEED,
          speed: env.FEED_SIMULATOR_SPEED,
          horizonHours: env.FEED_SIMULATOR_HORIZON_HOURS,
          kickoffIntervalMinutes: env.FEED_SIMULATOR_KICKOFF_MINUTES,
        },
      },
      demoPlayerBalanceUsd: env.DEMO_PLAYER_BALANCE_USD,
      withdrawDailyLimitUsd: env.WITHDRAW_DAILY_LIMIT_USD,
      limitCoolingOffHours: env.LIMIT_COOLING_OFF_HOURS,
      rgRegistry: env.RG_REGISTRY,
      withdrawVerificationRequired: env.WITHDRAW_VERIFICATION_REQUIRED,
      messengerBotToken: env.MESSENGER_BOT_TOKEN ?? null,
      messengerBots:
        env.MESSENGER_BOTS ??
        (env.MESSENGER_BOT_TOKEN
          ? [{ id: env.MESSENGER_BOT_TOKEN.split(':')[0] ?? '', type: 'normal' }]
          : []),
      messengerInitDataMaxAgeSeconds: env.MESSENGER_INIT_DATA_MAX_AGE_SECONDS,
      messengerPublicKey: env.MESSENGER_PUBLIC_KEY,
      jobsEnabled: env.JOBS_ENABLED,
      paymentProvider: env.PAYMENT_PROVIDER,
      sandboxHostedPageEnabled: env.SANDBOX_HOSTED_PAGE_ENABLED,
      cryptoChainWatcher: env.CRYPTO_CHAIN_WATCHER,
      cryptoPayoutProvider: env.CRYPTO_PAYOUT_PROVIDER,
      realtime: {
        engine: env.REALTIME_ENGINE,
        centrifugo,
        historySize: env.REALTIME_HISTORY_SIZE,
        historyTtlSeconds: env.REALTIME_HISTORY_TTL_SECONDS,
        pingIntervalSeconds: env.REALTIME_PING_INTERVAL_SECONDS,
        pongTimeoutSeconds: env.REALTIME_PONG_TIMEOUT_SECONDS,
        connectTimeoutSeconds: env.REALTIME_CONNECT_TIMEOUT_SECONDS,
        maxMessageBytes: env.REALTIME_MAX_MESSAGE_BYTES,
        maxSubscriptionsPerConnection: env.REALTIME_MAX_SUBSCRIPTIONS,
        maxConnectionsPerUser: env.REALTIME_MAX_CONNECTIONS_PER_USER,
        maxBufferedBytes: env.REALTIME_MAX_BUFFERED_BYTES,
      },
      crypto: {
        accountXpubs: {
          bitcoin: env.CRYPTO_XPUB_BITCOIN,
          litecoin: env.CRYPTO_XPUB_LITECOIN,
          ethereum: env.CRYPTO_XPUB_ETHEREUM,
          tron: env.CRYPTO_XPUB_TRON,
        },
        sharedAddresses: { ton: env.CRYPTO_ADDRESS_TON, solana: env.CRYPTO_ADDRESS_SOLANA },
      },
      cryptobot: {
        mode: env.CRYPTOBOT_MODE,
        token: cryptoBotToken,
        apiUrl: env.CRYPTOBOT_API_URL.replace(/\/+$/, ''),
      },
      webPush: {
        enabled: env.WEB_PUSH_ENABLED,
        vapidPublicKey: env.WEB_PUSH_VAPID_PUBLIC_KEY ?? null,
        vapidPrivateKey: env.WEB_PUSH_VAPID_PRIVATE_KEY ?? null,
        subject: env.WEB_PUSH_SUBJECT ?? 'mailto:support@casino.local',
        allowHttpEndpoints: env.WEB_PUSH_ALLOW_HTTP_ENDPOINTS,
      },
      supportChat: {
        widgetUrl: env.SUPPORT_CHAT_WIDGET_URL ?? null,
        websiteToken: env.SUPPORT_CHAT_WEBSITE_TOKEN ?? null,
        identitySecret: env.SUPPORT_CHAT_IDENTITY_SECRET ?? null,
      },
    },
  };
}

/** Reads `process.env`; on any problem prints every bad variable and exits non-zero. */
export function loadConfig(): Config {
  const result = parseConfig(process.env);
  if (result.success) return result.config;
  console.error('Invalid configuration:');
  for (const problem of result.problems) console.error(`  ${problem}`);
  process.exit(1);
}
