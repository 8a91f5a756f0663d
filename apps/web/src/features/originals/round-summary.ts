import {
  diceOutcomeSchema,
  diceParamsSchema,
  kenoOutcomeSchema,
  kenoParamsSchema,
  limboOutcomeSchema,
  limboParamsSchema,
  minesOutcomeSchema,
  minesParamsSchema,
  type OriginalEngine,
  plinkoOutcomeSchema,
  plinkoParamsSchema,
  type Round,
  slotOutcomeSchema,
} from '@casino/contract';

/** One line of the history telling what happened in a round, as a translation key and params. */
export interface RoundSummary {
  key: string;
  params: Record<string, string | number>;
}

function fixed(value: number, decimals: number): string {
  return value.toFixed(decimals);
}

/**
 * The history's description of a round, read from its params and outcome (validated here, at
 * the edge: a round of an engine this build does not know reads as its bare engine name).
 */
export function roundSummary(round: Pick<Round, 'engine' | 'params' | 'outcome'>): RoundSummary {
  const engine = round.engine as OriginalEngine;
  switch (engine) {
    case 'dice': {
      const params = diceParamsSchema.safeParse(round.params);
      const outcome = diceOutcomeSchema.safeParse(round.outcome);
      if (!params.success || !outcome.success) break;
      return {
        key: `Originals.summary.dice_${params.data.direction}`,
        params: { roll: fixed(outcome.data.roll, 2), target: fixed(params.data.target, 2) },
      };
    }
    case 'limbo': {
      const params = limboParamsSchema.safeParse(round.params);
      const outcome = limboOutcomeSchema.safeParse(round.outcome);
      if (!params.success || !outcome.success) break;
      return {
        key: 'Originals.summary.limbo',
        params: { result: fixed(outcome.data.result, 2), target: fixed(params.data.target, 2) },
      };
    }
    case 'mines': {
      const params = minesParamsSchema.safeParse(round.params);
      const outcome = minesOutcomeSchema.safeParse(round.outcome);
      if (!params.success || !outcome.success) break;
      return {
        key: 'Originals.summary.mines',
        params: { revealed: outcome.data.revealed.length, mines: params.data.mines },
      };
    }
    case 'plinko': {
      const params = plinkoParamsSchema.safeParse(round.params);
      const outcome = plinkoOutcomeSchema.safeParse(round.outcome);
      if (!params.success || !outcome.success) break;
      return {
        key: 'Originals.summary.plinko',
        params: { rows: params.data.rows, bucket: outcome.data.bucket + 1 },
      };
    }
    case 'keno': {
      const params = kenoParamsSchema.safeParse(round.params);
      const outcome = kenoOutcomeSchema.safeParse(round.outcome);
      if (!params.success || !outcome.success) break;
      return {
        key: 'Originals.summary.keno',
        params: { hits: outcome.data.hits, picks: params.data.picks.length },
      };
    }
    case 'slot': {
      const outcome = slotOutcomeSchema.safeParse(round.outcome);
      if (!outcome.success) break;
      return { key: 'Originals.summary.slot', params: { count: outcome.data.wins.length } };
    }
  }
  return { key: 'Originals.summary.unknown', params: { engine: round.engine } };
}
