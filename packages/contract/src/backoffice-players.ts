import { z } from 'zod';
import { playerSummarySchema } from './backoffice.ts';
import { offsetPageMetaSchema, pageOffsetSchema } from './pagination.ts';
import { invalidValueMessage } from './validation-messages.ts';

export const playerListMaximumLimit = 100;
export const playerListDefaultLimit = 30;

const booleanFilterSchema = z
  .enum(['true', 'false'], { error: invalidValueMessage })
  .transform((value) => value === 'true')
  .optional();

/**
 * An instant (ISO 8601 with an offset, e.g. `2026-11-27T00:00:00+01:00`) or a day
 * (`2026-11-27`, in the query's `timeZone`, UTC by default).
 */
const instantOrDaySchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: invalidValueMessage,
});

export const playerListSorts = ['registered', 'lastSeen', 'balance'] as const;
export type PlayerListSort = (typeof playerListSorts)[number];

/** The filters of the player search, shared by the list and its CSV export. */
const playerFilterShape = {
  /** part of the e-mail address or of the first or last name, or an exact globalId */
  query: z.string().trim().max(254, { error: invalidValueMessage }).optional(),
  vip: booleanFilterSchema,
  banned: booleanFilterSchema,
  verified: booleanFilterSchema,
  /** the country the player registered from (ISO 3166-1 alpha-2) */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: invalidValueMessage })
    .transform((value) => value.toUpperCase())
    .optional(),
  /** registered at or after this instant (or from the start of this day) */
  registeredFrom: instantOrDaySchema.optional(),
  /** registered before this instant (or up to the end of this day) */
  registeredTo: instantOrDaySchema.optional(),
  /** the IANA zone days are read in (and the CSV's local times); default UTC */
  timeZone: z.string().max(64).refine(isTimeZone, { error: invalidValueMessage }).optional(),
  sort: z.enum(playerListSorts, { error: invalidValueMessage }).default('registered'),
  order: z.enum(['asc', 'desc'], { error: invalidValueMessage }).default('desc'),
};

/**
 * `GET /api/backoffice/v1/players`: search by part of the e-mail or name, or an exact globalId;
 * filtered, sorted (registration, last sign-in activity, main balance), paginated.
 */
export const playerListQuerySchema = z.strictObject({
  ...playerFilterShape,
  limit: z.coerce
    .number({ error: invalidValueMessage })
    .int({ error: invalidValueMessage })
    .min(1, { error: invalidValueMessage })
    .default(playerListDefaultLimit)
    .transform((limit) => Math.min(limit, playerListMaximumLimit)),
  offset: pageOffsetSchema(1_000_000),
});
export type PlayerListQuery = z.infer<typeof playerListQuerySchema>;

/** `total` counted up to 1,000 past the page's start (`totalCapped`): no page counts them all */
export const playerListMetaSchema = offsetPageMetaSchema;

/** A row of the player search: the summary, with what an operator scans a list for. */
export const playerListItemSchema = playerSummarySchema.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  country: z.string().nullable(),
  primaryCurrency: z.string(),
  /** the main balance in the primary currency, a decimal string */
  balance: z.string(),
  /** the last activity of any of the player's sign-in sessions; null: never signed in */
  lastSeenAt: z.string().nullable(),
});
export type PlayerListItem = z.infer<typeof playerListItemSchema>;

export const playerListResponseSchema = z.object({
  items: z.array(playerListItemSchema),
  meta: playerListMetaSchema,
});
export type PlayerListResponse = z.infer<typeof playerListResponseSchema>;

export const playerGlobalIdParamsSchema = z.strictObject({
  globalId: z.string().regex(/^\d{1,18}$/, { error: invalidValueMessage }),
});

/** `GET /api/backoffice/v1/players/export.csv`: the search's rows (at most 10 000) as CSV. */
export const playerExportQuerySchema = z.strictObject(playerFilterShape);
export type PlayerExportQuery = z.infer<typeof playerExportQuerySchema>;
export const playerExportMaximumRows = 10_000;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ─── the 360° view of one player ────────────────────────────────────────────────────────────

/**
 * One ledger account of the player: kind `main`, `bonus` or `withdrawal_hold` (money of
 * withdrawals awaiting payment), per currency.
 */
export const playerAccountBalanceSchema = z.object({
  kind: z.string(),
  currency: z.string(),
  /** decimal string in the currency's precision */
  balance: z.string(),
});
export type PlayerAccountBalance = z.infer<typeof playerAccountBalanceSchema>;

export const playerSignInSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** open: neither revoked nor expired */
  active: z.boolean(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type PlayerSignIn = z.infer<typeof playerSignInSchema>;

/** `GET /api/backoffice/v1/players/{globalId}`: the profile and balances per account. */
export const playerOverviewSchema = playerListItemSchema.extend({
  /** the player's internal id (the sportsbook's trading routes name players by it) */
  userId: z.string(),
  language: z.string(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  bannedAt: z.string().nullable(),
  firstDepositAt: z.string().nullable(),
  depositCount: z.number().int(),
  accounts: z.array(playerAccountBalanceSchema),
  /** the five latest sign-ins */
  lastSignIns: z.array(playerSignInSchema),
  paymentRestrictions: z.object({ buyBanned: z.boolean(), fiatBanned: z.boolean() }),
});
export type PlayerOverview = z.infer<typeof playerOverviewSchema>;

/** `{ items, meta }` of an offset-paginated per-player list. */
const pageMetaSchema = offsetPageMetaSchema;

const pageQueryShape = {
  limit: playerListQuerySchema.shape.limit,
  offset: playerListQuerySchema.shape.offset,
};
export const playerPageQuerySchema = z.strictObject(pageQueryShape);
export type PlayerPageQuery = z.infer<typeof playerPageQuerySchema>;

/**
 * Keyset pages for lists that grow (postings, rounds): newest first; `cursor` is the
 * `nextCursor` of the previous page (opaque), absent for the first page.
 */
const keysetQueryShape = {
  limit: pageQueryShape.limit,
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: invalidValueMessage })
    .optional(),
};
const keysetMetaSchema = z.object({ limit: z.number().int(), nextCursor: z.string().nullable() });

export const playerPostingsQuerySchema = z.strictObject({
  ...keysetQueryShape,
  /** the ledger transaction type, e.g. deposit, bet, win, adjustment */
  kind: z
    .string()
    .regex(/^[a-z_]{1,40}$/, { error: invalidValueMessage })
    .optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{2,10}$/, { error: invalidValueMessage })
    .optional(),
});
export type PlayerPostingsQuery = z.infer<typeof playerPostingsQuerySchema>;

export const playerPostingSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  /** the ledger transaction's type */
  kind: z.string(),
  accountKind: z.string(),
  currency: z.string(),
  /** signed decimal string: positive credits the player's account */
  amount: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type PlayerPosting = z.infer<typeof playerPostingSchema>;
export const playerPostingsResponseSchema = z.object({
  items: z.array(playerPostingSchema),
  meta: keysetMetaSchema,
});
export type PlayerPostingsResponse = z.infer<typeof playerPostingsResponseSchema>;

export const playerSessionsResponseSchema = z.object({
  items: z.array(playerSignInSchema),
  meta: pageMetaSchema,
});
export type PlayerSessionsResponse = z.infer<typeof playerSessionsResponseSchema>;

export const playerSessionParamsSchema = z.strictObject({
  globalId: z.string().regex(/^\d{1,18}$/, { error: invalidValueMessage }),
  id: z.uuid({ error: invalidValueMessage }),
});

/** A deposit or withdrawal of the player on any rail (fiat order or crypto transfer). */
export const playerOrderSchema = z.object({
  id: z.string(),
  rail: z.enum(['fiat', 'crypto']),
  type: z.enum(['deposit', 'withdrawal']),
  status: z.string(),
  /** the fiat method id, or the crypto method code and network */
  method: z.string(),
  currency: z.string(),
  amount: z.string(),
  /**
   * what reached (a deposit) or left (a withdrawal: held, then paid) the balance, in its currency,
   * unsigned; null until a deposit is credited, and for a withdrawal whose money went back
   * (declined, refunded, timed out)
   */
  credited: z.string().nullable(),
  creditedCurrency: z.string().nullable(),
  createdAt: z.string(),
});
export type PlayerOrder = z.infer<typeof playerOrderSchema>;
export const playerOrdersQuerySchema = z.strictObject({
  ...pageQueryShape,
  type: z.enum(['deposit', 'withdrawal'], { error: invalidValueMessage }).optional(),
  rail: z.enum(['fiat', 'crypto'], { error: invalidValueMessage }).optional(),
});
export type PlayerOrdersQuery = z.infer<typeof playerOrdersQuerySchema>;
export const playerOrdersResponseSchema = z.object({
  items: z.array(playerOrderSchema),
  meta: pageMetaSchema,
});
export type PlayerOrdersResponse = z.infer<typeof playerOrdersResponseSchema>;

export const playerBonusSchema = z.object({
  id: z.string(),
  offerId: z.string(),
  type: z.string(),
  status: z.string(),
  currency: z.string(),
  amount: z.string(),
  wagerTotal: z.string(),
  wagerCurrent: z.string(),
  freespinsTotal: z.number().int(),
  freespinsLeft: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type PlayerBonus = z.infer<typeof playerBonusSchema>;
export const playerBonusesResponseSchema = z.object({
  items: z.array(playerBonusSchema),
  meta: pageMetaSchema,
});
export type PlayerBonusesResponse = z.infer<typeof playerBonusesResponseSchema>;

export const playerRoundsQuerySchema = z.strictObject(keysetQueryShape);
export type PlayerRoundsQuery = z.infer<typeof playerRoundsQuerySchema>;
export const playerRoundSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  gameTitle: z.string().nullable(),
  currency: z.string(),
  bet: z.string(),
  payout: z.string(),
  /** the part of the stake that was bonus money */
  bonusBet: z.string(),
  freespin: z.boolean(),
  state: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PlayerRound = z.infer<typeof playerRoundSchema>;
export const playerRoundsResponseSchema = z.object({
  items: z.array(playerRoundSchema),
  meta: keysetMetaSchema,
});
export type PlayerRoundsResponse = z.infer<typeof playerRoundsResponseSchema>;

export const playerSportTicketSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  currency: z.string(),
  stake: z.string(),
  odds: z.string(),
  potentialPayout: z.string(),
  payout: z.string().nullable(),
  live: z.boolean(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PlayerSportTicket = z.infer<typeof playerSportTicketSchema>;
export const playerSportTicketsResponseSchema = z.object({
  items: z.array(playerSportTicketSchema),
  meta: pageMetaSchema,
});
export type PlayerSportTicketsResponse = z.infer<typeof playerSportTicketsResponseSchema>;

/** What an operator did to the player (the audit log's entries targeting them). */
export const playerAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string().nullable(),
  payload: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type PlayerAuditEntry = z.infer<typeof playerAuditEntrySchema>;
export const playerAuditResponseSchema = z.object({
  items: z.array(playerAuditEntrySchema),
  meta: pageMetaSchema,
});
export type PlayerAuditResponse = z.infer<typeof playerAuditResponseSchema>;
