import { z } from 'zod';
import type { OriginalEngine } from '../games.ts';
import { fairFloatList, type SeedPair } from '../provably-fair.ts';
import { type DiceParams, diceFloatCount, diceOutcome, parseDiceParams } from './dice.ts';
import { type KenoParams, kenoFloatCount, kenoOutcome, parseKenoParams } from './keno.ts';
import { type LimboParams, limboFloatCount, limboOutcome, parseLimboParams } from './limbo.ts';
import { type MinesParams, minesFloatCount, minesReplay, parseMinesParams } from './mines.ts';
import type { EngineResult } from './multiplier.ts';
import type { ParamsResult } from './params.ts';
import { type PlinkoParams, parsePlinkoParams, plinkoFloatCount, plinkoOutcome } from './plinko.ts';
import {
  parseSlotParams,
  type SlotParams,
  slotFloatCount,
  slotOutcome,
  slotVolatilities,
} from './slot.ts';

export * from './dice.ts';
export * from './keno.ts';
export * from './limbo.ts';
export * from './mines.ts';
export * from './multiplier.ts';
export type { ParamsResult } from './params.ts';
export * from './plinko.ts';
export * from './slot.ts';

/**
 * One entry point over the six engines, for the server (which plays rounds) and the
 * verification page (which recomputes them from the revealed seed). Each engine's math is
 * documented in its own file.
 */
export type EngineParams =
  | { engine: 'dice'; params: DiceParams }
  | { engine: 'limbo'; params: LimboParams }
  | { engine: 'mines'; params: MinesParams }
  | { engine: 'plinko'; params: PlinkoParams }
  | { engine: 'keno'; params: KenoParams }
  | { engine: 'slot'; params: SlotParams };

/** A settled-at-once engine (every one but mines). */
export type InstantEngineParams = Exclude<EngineParams, { engine: 'mines' }>;

/**
 * A bet's `params` checked for its engine; `variant` (the game's settings) supplies what the
 * player does not choose (a slot's volatility and lines). Field names are relative to `params`.
 */
export function parseEngineParams(
  engine: OriginalEngine,
  raw: unknown,
  variant: Record<string, unknown>,
  rtp: string,
): ParamsResult<EngineParams> {
  switch (engine) {
    case 'dice':
      return tagged('dice', parseDiceParams(raw, rtp));
    case 'limbo':
      return tagged('limbo', parseLimboParams(raw));
    case 'mines':
      return tagged('mines', parseMinesParams(raw));
    case 'plinko':
      return tagged('plinko', parsePlinkoParams(raw));
    case 'keno':
      return tagged('keno', parseKenoParams(raw));
    case 'slot':
      return tagged('slot', parseSlotParams(raw, variant));
  }
}

function tagged<Engine extends OriginalEngine, Params>(
  engine: Engine,
  result: ParamsResult<Params>,
): ParamsResult<{ engine: Engine; params: Params }> {
  return result.success ? { success: true, params: { engine, params: result.params } } : result;
}

const storedSlotParamsSchema = z.object({
  volatility: z.enum(slotVolatilities),
  lines: z.number().int(),
});

/** A stored round's params (as the round answer carries them) back into engine params. */
export function storedEngineParams(
  engine: OriginalEngine,
  params: Record<string, unknown>,
  rtp: string,
): EngineParams | null {
  if (engine === 'slot') {
    const parsed = storedSlotParamsSchema.safeParse(params);
    return parsed.success ? { engine, params: parsed.data } : null;
  }
  const parsed = parseEngineParams(engine, params, {}, rtp);
  return parsed.success ? parsed.params : null;
}

/** How many floats a round uses. */
export function engineFloatCount(round: EngineParams): number {
  switch (round.engine) {
    case 'dice':
      return diceFloatCount;
    case 'limbo':
      return limboFloatCount;
    case 'mines':
      return minesFloatCount;
    case 'plinko':
      return plinkoFloatCount(round.params);
    case 'keno':
      return kenoFloatCount;
    case 'slot':
      return slotFloatCount;
  }
}

/** The outcome and multiplier of a round that settles at once. */
export function instantOutcome(
  round: InstantEngineParams,
  floats: readonly number[],
  rtp: string,
): EngineResult<Record<string, unknown>> {
  const settle = <Outcome extends object>(result: EngineResult<Outcome>) => ({
    outcome: { ...result.outcome } as Record<string, unknown>,
    multiplier: result.multiplier,
  });
  switch (round.engine) {
    case 'dice':
      return settle(diceOutcome(floats, round.params, rtp));
    case 'limbo':
      return settle(limboOutcome(floats, round.params, rtp));
    case 'plinko':
      return settle(plinkoOutcome(floats, round.params, rtp));
    case 'keno':
      return settle(kenoOutcome(floats, round.params, rtp));
    case 'slot':
      return settle(slotOutcome(floats, round.params, rtp));
  }
}

const playedMinesSchema = z.object({
  revealed: z.array(z.number().int()),
  hit: z.number().int().nullable(),
});

export interface RecomputeInput {
  engine: OriginalEngine;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** the round's params and rtp as the round answer carries them */
  params: Record<string, unknown>;
  rtp: string;
  /** mines only: the stored outcome, whose clicks (reveals, hit) are replayed */
  outcome?: Record<string, unknown>;
}

/**
 * Recomputes a settled round from its revealed server seed: the verification page compares
 * the result with the stored outcome and multiplier. Null when the params (or, for mines, the
 * stored clicks) cannot be read.
 */
export function recomputeRound(
  input: RecomputeInput,
): EngineResult<Record<string, unknown>> | null {
  const round = storedEngineParams(input.engine, input.params, input.rtp);
  if (!round) return null;
  const seeds: SeedPair = {
    serverSeed: input.serverSeed,
    clientSeed: input.clientSeed,
    nonce: input.nonce,
  };
  const floats = fairFloatList(seeds, engineFloatCount(round));
  if (round.engine !== 'mines') return instantOutcome(round, floats, input.rtp);
  const played = playedMinesSchema.safeParse(input.outcome ?? {});
  if (!played.success) return null;
  const replayed = minesReplay(floats, round.params, played.data, input.rtp);
  return { outcome: { ...replayed.outcome }, multiplier: replayed.multiplier };
}
