import { z } from 'zod';
import { defaultGamesPageSize, maxGamesPageSize } from './listing.ts';
import { historyPageMetaSchema, historyPageQuerySchema } from './pagination.ts';

/**
 * The in-house games' HTTP contract. Outcomes are provably fair: before a round the player
 * knows SHA-256(server seed); each round's floats come from
 * HMAC-SHA256(server seed, `${clientSeed}:${nonce}:${round}`), four bytes per float; rotating
 * the seed pair reveals the previous server seed, so every past round can be recomputed.
 * Money is in decimal strings of the player's primary currency.
 */

// ─── seeds ──────────────────────────────────────────────────────────────────────────────────

export const clientSeedSchema = z
  .string({ error: 'Validation.required' })
  .trim()
  .min(1, { error: 'Validation.required' })
  .max(64, { error: 'Validation.too_long' })
  .regex(/^[\x21-\x7e]+$/, { error: 'Validation.invalid_value' });

/** `GET /api/v2/fairness`: the active pair (server seed hidden) and the last revealed one. */
export const fairnessStateSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** the nonce the next round will use */
  nonce: z.number().int().nonnegative(),
  previous: z
    .object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      /** rounds played with that pair */
      rounds: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type FairnessState = z.infer<typeof fairnessStateSchema>;

/** `PUT /api/v2/fairness/client-seed` (takes effect for the next round). */
export const clientSeedBodySchema = z.strictObject({ clientSeed: clientSeedSchema });
/** `POST /api/v2/fairness/rotate` answers the new FairnessState (previous = the revealed pair). */

// ─── per-engine round parameters and outcomes ────────────────────────────────────────────────

export const diceParamsSchema = z.strictObject({
  /** the roll must land over (or under) this, 2 decimals, within 0.01..99.98 of 100 */
  target: z.number().min(0.01).max(99.99),
  direction: z.enum(['over', 'under']),
});
export const diceOutcomeSchema = z.object({ roll: z.number() });

export const limboParamsSchema = z.strictObject({
  /** the target multiplier, 2 decimals, 1.01 or more */
  target: z.number().min(1.01).max(1_000_000),
});
export const limboOutcomeSchema = z.object({ result: z.number() });

export const minesParamsSchema = z.strictObject({
  /** mines on the 5×5 board */
  mines: z.number().int().min(1).max(24),
});
export const minesOutcomeSchema = z.object({
  /** tiles (0–24) revealed safely, in order */
  revealed: z.array(z.number().int()),
  /** the mine positions, shown once the round is over */
  mines: z.array(z.number().int()).nullable(),
  /** the mine the player uncovered, which ended the round (null otherwise) */
  hit: z.number().int().nullable(),
});
export const minesActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('reveal'), tile: z.number().int().min(0).max(24) }),
  z.strictObject({ action: z.literal('cashout') }),
]);
export type MinesAction = z.infer<typeof minesActionSchema>;

export const plinkoRisks = ['low', 'medium', 'high'] as const;
export const plinkoParamsSchema = z.strictObject({
  rows: z.number().int().min(8).max(16),
  risk: z.enum(plinkoRisks),
});
export const plinkoOutcomeSchema = z.object({
  /** one step per row: 0 left, 1 right */
  path: z.array(z.number().int()),
  bucket: z.number().int(),
});

export const kenoRisks = ['classic', 'low', 'medium', 'high'] as const;
export const kenoParamsSchema = z.strictObject({
  /** 1–10 distinct numbers from 1..40 */
  picks: z.array(z.number().int().min(1).max(40)).min(1).max(10),
  risk: z.enum(kenoRisks),
});
export const kenoOutcomeSchema = z.object({
  /** the 10 numbers drawn */
  drawn: z.array(z.number().int()),
  hits: z.number().int(),
});

export const slotParamsSchema = z.strictObject({});
export const slotOutcomeSchema = z.object({
  /** five reels of three symbols, top to bottom */
  reels: z.array(z.array(z.string())),
  /** paying lines: line index, symbol, how many in a row from the left, multiplier */
  wins: z.array(
    z.object({
      line: z.number().int(),
      symbol: z.string(),
      count: z.number().int(),
      multiplier: z.string(),
    }),
  ),
});

/** `POST /api/v2/games/{id}/rounds` body: the stake and the engine's parameters. */
export const playRoundBodySchema = z.strictObject({
  /** decimal stake in the player's primary currency */
  bet: z.string({ error: 'Validation.required' }).regex(/^\d+(\.\d+)?$/, {
    error: 'Validation.invalid_amount',
  }),
  params: z.record(z.string(), z.unknown()),
  /**
   * Play a free spin of this bonus (one of the player's, active): the stake is its free-spin
   * value (`bet` must equal it), funded by the house; the winnings become bonus money.
   */
  freespinBonusId: z.uuid({ error: 'Validation.invalid_value' }).optional(),
});
export type PlayRoundBody = z.infer<typeof playRoundBodySchema>;

export const roundStates = ['open', 'settled'] as const;

/** A round as the player sees it; `serverSeed` appears once its pair was rotated. */
export const roundSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  engine: z.string(),
  state: z.enum(roundStates),
  currency: z.string(),
  bet: z.string(),
  /** 0 while open or when lost */
  payout: z.string(),
  /** decimal, e.g. "2.0000" */
  multiplier: z.string(),
  /** the game's return to player when the round was bet (a fraction, e.g. "0.9900") */
  rtp: z.string(),
  /** the player's parameters with the variant's engine settings (e.g. a slot's lines) */
  params: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()),
  clientSeed: z.string(),
  nonce: z.number().int().nonnegative(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Round = z.infer<typeof roundSchema>;

/** `GET /api/v2/games/{id}/rounds?limit&offset&cursor` (pagination.ts) */
export const roundsQuerySchema = historyPageQuerySchema({
  max: maxGamesPageSize,
  default: defaultGamesPageSize,
});

export const roundsPageSchema = z.object({
  items: z.array(roundSchema),
  meta: historyPageMetaSchema,
});
export type RoundsPage = z.infer<typeof roundsPageSchema>;
