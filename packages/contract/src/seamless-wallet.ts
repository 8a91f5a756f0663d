import { z } from 'zod';
import { gameLabelSchema } from './games.ts';
import { defaultGamesPageSize, maxGamesPageSize } from './listing.ts';
import { currencyCodeSchema } from './money-schemas.ts';
import { historyPageMetaSchema, historyPageQuerySchema } from './pagination.ts';
import { invalidValueMessage } from './validation-messages.ts';

// ─── the wallet API third-party game providers call (Hub88-style) ─────────────────────────────

/**
 * The `status` of every wallet answer. Answers are HTTP 200 with one of these (a failure inside
 * the server is HTTP 500 with `RS_ERROR_UNKNOWN`).
 */
export const seamlessStatuses = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export const seamlessStatusSchema = z.enum(seamlessStatuses);
export type SeamlessStatus = z.infer<typeof seamlessStatusSchema>;

/** The header carrying the base64 signature of the raw body, on requests and on our answers. */
export const seamlessSignatureHeader = 'x-hub88-signature';

/** Amounts on the wire are integers in 1/100000 of the currency: $3.56 is 356000. */
export const seamlessAmountScale = 5;

/** A wallet request's body is small; anything larger is refused before it is read. */
export const seamlessBodyLimitBytes = 16 * 1024;

const identifier = z.string().min(1).max(255);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Fields of every request. `request_uuid` is echoed in the answer. */
const baseRequest = {
  request_uuid: identifier,
  /** our player id, as the launch handed it over (the player's uuid) */
  user: identifier,
};

/** `POST /user/info`: the player's details (the token, when sent, must be the player's). */
export const seamlessUserInfoRequestSchema = z.object({
  ...baseRequest,
  token: identifier.optional(),
});
export type SeamlessUserInfoRequest = z.infer<typeof seamlessUserInfoRequestSchema>;

/** `POST /user/balance`: the player's balance in the session's currency. */
export const seamlessBalanceRequestSchema = z.object({
  ...baseRequest,
  token: identifier,
  game_code: identifier.nullish(),
  supplier_user: identifier.nullish(),
});
export type SeamlessBalanceRequest = z.infer<typeof seamlessBalanceRequestSchema>;

const transactionRequest = {
  ...baseRequest,
  token: identifier,
  /** unique per provider: a bet, win or rollback is applied at most once */
  transaction_uuid: identifier,
  supplier_transaction_id: identifier.nullish(),
  supplier_user: identifier.nullish(),
  game_code: identifier,
  /** the game round all bets and wins of one play share */
  round: identifier,
  round_closed: z.boolean().nullish(),
  /** the provider's reward a free bet was played from */
  reward_uuid: identifier.nullish(),
  /** a free bet: the provider funds its `amount`, nothing is taken from the player */
  is_free: z.boolean().nullish(),
  is_aggregated: z.boolean().nullish(),
  bet: z.string().max(1000).nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
  currency: z.string().min(1).max(16),
  amount,
};

/**
 * `POST /transaction/bet`: debits `amount` from the player, or nothing when `is_free` (a free bet
 * the provider funds; it is still recorded, and its win is credited as usual).
 */
export const seamlessBetRequestSchema = z.object(transactionRequest);
export type SeamlessBetRequest = z.infer<typeof seamlessBetRequestSchema>;

/** `POST /transaction/win`: credits `amount` (may be 0 to close a lost round) for a bet. */
export const seamlessWinRequestSchema = z.object({
  ...transactionRequest,
  /** the bet this win pays */
  reference_transaction_uuid: identifier,
});
export type SeamlessWinRequest = z.infer<typeof seamlessWinRequestSchema>;

/** `POST /transaction/rollback`: cancels a bet, refunding its amount exactly once. */
export const seamlessRollbackRequestSchema = z.object({
  ...baseRequest,
  token: identifier,
  transaction_uuid: identifier,
  /** the bet to cancel */
  reference_transaction_uuid: identifier,
  supplier_transaction_id: identifier.nullish(),
  supplier_user: identifier.nullish(),
  game_code: identifier.nullish(),
  round: identifier.nullish(),
  round_closed: z.boolean().nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
});
export type SeamlessRollbackRequest = z.infer<typeof seamlessRollbackRequestSchema>;

/**
 * The answer to balance, bet, win and rollback. `balance` (1/100000 units, rounded down) and
 * `currency` come with RS_OK and with RS_ERROR_NOT_ENOUGH_MONEY.
 */
export const seamlessWalletResponseSchema = z.object({
  status: seamlessStatusSchema,
  request_uuid: z.string().optional(),
  user: z.string().optional(),
  currency: z.string().optional(),
  balance: z.number().int().optional(),
});
export type SeamlessWalletResponse = z.infer<typeof seamlessWalletResponseSchema>;

/** The answer to `/user/info`. */
export const seamlessUserInfoResponseSchema = seamlessWalletResponseSchema.extend({
  /** `YYYY-MM-DD`, when the player gave it */
  birth_date: z.string().optional(),
  sex: z.enum(['MALE', 'FEMALE']).optional(),
  /** `vip` for VIP players */
  tags: z.array(z.string()).optional(),
});
export type SeamlessUserInfoResponse = z.infer<typeof seamlessUserInfoResponseSchema>;

// ─── backoffice: provider accounts and their games ───────────────────────────────────────────

export const seamlessSignatureSchemes = ['rsa_sha256', 'hmac_sha256'] as const;
export const seamlessSignatureSchemeSchema = z.enum(seamlessSignatureSchemes);
export type SeamlessSignatureScheme = z.infer<typeof seamlessSignatureSchemeSchema>;

export const seamlessSessionTtlBounds = { minSeconds: 60, maxSeconds: 7 * 24 * 60 * 60 } as const;
export const seamlessDefaultSessionTtlSeconds = 6 * 60 * 60;

const providerIdSchema = z
  .string({ error: invalidValueMessage })
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: invalidValueMessage });
const pemSchema = z
  .string({ error: invalidValueMessage })
  .trim()
  .min(100, { error: invalidValueMessage })
  .max(10_000, { error: invalidValueMessage })
  .regex(/^-----BEGIN (RSA )?PUBLIC KEY-----[\s\S]+-----END (RSA )?PUBLIC KEY-----$/, {
    error: invalidValueMessage,
  });
const hmacSecretSchema = z
  .string({ error: invalidValueMessage })
  .min(32, { error: invalidValueMessage })
  .max(512, { error: invalidValueMessage });
const providerNameSchema = z
  .string({ error: invalidValueMessage })
  .trim()
  .min(1, { error: invalidValueMessage })
  .max(100, { error: invalidValueMessage });
const providerCurrenciesSchema = z
  .array(currencyCodeSchema, { error: invalidValueMessage })
  .min(1, { error: invalidValueMessage })
  .max(50, { error: invalidValueMessage });
const sessionTtlSchema = z
  .number({ error: invalidValueMessage })
  .int({ error: invalidValueMessage })
  .min(seamlessSessionTtlBounds.minSeconds, { error: invalidValueMessage })
  .max(seamlessSessionTtlBounds.maxSeconds, { error: invalidValueMessage });

/** `POST /api/backoffice/v1/seamless/providers` (admin). */
export const seamlessProviderCreateBodySchema = z
  .strictObject({
    /** the provider's id: its game_providers id and the segment of its wallet URL */
    id: providerIdSchema,
    name: providerNameSchema,
    signatureScheme: seamlessSignatureSchemeSchema.default('rsa_sha256'),
    /** the provider's RSA public key (PEM) that verifies its requests */
    providerPublicKey: pemSchema.optional(),
    /** the shared secret of the HMAC-SHA256 scheme */
    hmacSecret: hmacSecretSchema.optional(),
    currencies: providerCurrenciesSchema,
    sessionTtlSeconds: sessionTtlSchema.default(seamlessDefaultSessionTtlSeconds),
    enabled: z.boolean({ error: invalidValueMessage }).default(true),
  })
  .superRefine((body, context) => {
    if (body.signatureScheme === 'rsa_sha256' && body.providerPublicKey === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['providerPublicKey'],
        message: invalidValueMessage,
      });
    }
    if (body.signatureScheme === 'hmac_sha256' && body.hmacSecret === undefined) {
      context.addIssue({ code: 'custom', path: ['hmacSecret'], message: invalidValueMessage });
    }
  });
export type SeamlessProviderCreateBody = z.infer<typeof seamlessProviderCreateBodySchema>;

/** `PATCH /api/backoffice/v1/seamless/providers/{providerId}` (admin); `enabled: false` disables. */
export const seamlessProviderUpdateBodySchema = z
  .strictObject({
    name: providerNameSchema.optional(),
    signatureScheme: seamlessSignatureSchemeSchema.optional(),
    providerPublicKey: pemSchema.optional(),
    hmacSecret: hmacSecretSchema.optional(),
    currencies: providerCurrenciesSchema.optional(),
    sessionTtlSeconds: sessionTtlSchema.optional(),
    enabled: z.boolean({ error: invalidValueMessage }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: invalidValueMessage });
export type SeamlessProviderUpdateBody = z.infer<typeof seamlessProviderUpdateBodySchema>;

export const seamlessProviderParamsSchema = z.strictObject({ providerId: providerIdSchema });

/** A provider account as the backoffice sees it: never its HMAC secret nor our private key. */
export const seamlessProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  signatureScheme: seamlessSignatureSchemeSchema,
  providerPublicKey: z.string().nullable(),
  hasHmacSecret: z.boolean(),
  /** our RSA public key (PEM): the provider verifies our signed answers with it */
  ourPublicKey: z.string(),
  currencies: z.array(z.string()),
  sessionTtlSeconds: z.number().int(),
  enabled: z.boolean(),
  /** the base path of this provider's wallet endpoints (`/user/info`, `/transaction/bet` …) */
  walletPath: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SeamlessProvider = z.infer<typeof seamlessProviderSchema>;

export const seamlessProviderListSchema = z.object({ items: z.array(seamlessProviderSchema) });

const gameIdSchema = z
  .string({ error: invalidValueMessage })
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, { error: invalidValueMessage });
const urlSchema = z
  .string({ error: invalidValueMessage })
  .max(2000, { error: invalidValueMessage })
  .regex(/^https?:\/\/[^\s]+$/, { error: invalidValueMessage });

export const seamlessGameInputSchema = z.strictObject({
  /** our catalog id of the game */
  id: gameIdSchema,
  /** the provider's code for it (`game_code` in its wallet requests) */
  gameCode: z
    .string({ error: invalidValueMessage })
    .min(1, { error: invalidValueMessage })
    .max(255, { error: invalidValueMessage }),
  title: z
    .string({ error: invalidValueMessage })
    .trim()
    .min(1, { error: invalidValueMessage })
    .max(200, { error: invalidValueMessage }),
  /** the provider's launch URL; the session token, currency and language are appended */
  launchUrl: urlSchema,
  imageUrl: z
    .string({ error: invalidValueMessage })
    .min(1, { error: invalidValueMessage })
    .max(2000, { error: invalidValueMessage }),
  /** return to player as a fraction with up to 4 decimals (e.g. "0.9650") */
  rtp: z
    .string({ error: invalidValueMessage })
    .regex(/^0\.\d{1,4}$/, { error: invalidValueMessage })
    .refine((value) => Number(value) > 0.5, { error: invalidValueMessage }),
  /** the studio shown in the catalog (a game_providers id); the provider itself when absent */
  studioId: providerIdSchema.optional(),
  label: gameLabelSchema.nullable().default(null),
  enabled: z.boolean({ error: invalidValueMessage }).default(true),
});
export type SeamlessGameInput = z.infer<typeof seamlessGameInputSchema>;

/** `PUT /api/backoffice/v1/seamless/providers/{providerId}/games` (admin): adds or updates. */
export const seamlessGamesBodySchema = z.strictObject({
  games: z
    .array(seamlessGameInputSchema, { error: invalidValueMessage })
    .min(1, { error: invalidValueMessage })
    .max(100, { error: invalidValueMessage }),
});
export type SeamlessGamesBody = z.infer<typeof seamlessGamesBodySchema>;

export const seamlessGameSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  gameCode: z.string(),
  title: z.string(),
  launchUrl: z.string(),
  imageUrl: z.string(),
  rtp: z.string(),
  studioId: z.string(),
  label: gameLabelSchema.nullable(),
  enabled: z.boolean(),
});
export type SeamlessGame = z.infer<typeof seamlessGameSchema>;

export const seamlessGameListSchema = z.object({ items: z.array(seamlessGameSchema) });

// ─── the player's rounds of a provider's game ───────────────────────────────────────────────

/**
 * `open` until a win (a zero win closes a lost round) settles it; `rolled_back` when every bet of
 * it was cancelled by the provider (their stakes refunded).
 */
export const providerRoundStates = ['open', 'settled', 'rolled_back'] as const;
export const providerRoundStateSchema = z.enum(providerRoundStates);
export type ProviderRoundState = z.infer<typeof providerRoundStateSchema>;

/** One round of a provider's game as the player sees it: its bets and wins together. */
export const providerRoundSchema = z.object({
  /** the provider's round id (text the provider chose: escape it wherever it is shown) */
  id: z.string(),
  gameId: z.string(),
  currency: z.string(),
  /** what its bets staked (decimal); for a rolled-back round, what was refunded */
  bet: z.string(),
  /** what its wins credited (decimal) */
  payout: z.string(),
  /** played with a free bet: the provider funded the stake, no money of the player's was taken */
  freeBet: z.boolean(),
  state: providerRoundStateSchema,
  createdAt: z.string(),
  /** when its win arrived (null while open or rolled back without one) */
  settledAt: z.string().nullable(),
});
export type ProviderRound = z.infer<typeof providerRoundSchema>;

/**
 * `GET /api/v2/games/{id}/provider-rounds?limit&offset&cursor`: newest first, a history list
 * (pagination.ts: the next page by `meta.nextCursor`, `total` counted up to `historyCountCap` from
 * the page's start).
 */
export const providerRoundsQuerySchema = historyPageQuerySchema({
  max: maxGamesPageSize,
  default: defaultGamesPageSize,
});

export const providerRoundsPageSchema = z.object({
  items: z.array(providerRoundSchema),
  meta: historyPageMetaSchema,
});
export type ProviderRoundsPage = z.infer<typeof providerRoundsPageSchema>;
