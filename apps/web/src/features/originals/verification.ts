import {
  type EngineResult,
  engineFloatCount,
  fairFloatList,
  gameEngines,
  kenoRisks,
  type OriginalEngine,
  plinkoRisks,
  type Round,
  recomputeRound,
  serverSeedHash,
  serverSeedPattern,
  slotVolatilities,
  storedEngineParams,
} from '@casino/contract';
import { z } from 'zod';

/**
 * The verification page's form as plain strings (what the inputs hold), its prefill from a
 * round, and the recomputation with the very functions the server plays with.
 */

export const originalEngines = gameEngines.filter(
  (engine): engine is OriginalEngine => engine !== 'external',
);

export interface ParamField {
  name: string;
  kind: 'number' | 'list' | 'choice';
  choices?: readonly string[];
}

/** The inputs of each engine's params (a slot's come from its variant and are stored too). */
export const paramFields: Record<OriginalEngine, readonly ParamField[]> = {
  dice: [
    { name: 'target', kind: 'number' },
    { name: 'direction', kind: 'choice', choices: ['over', 'under'] },
  ],
  limbo: [{ name: 'target', kind: 'number' }],
  mines: [{ name: 'mines', kind: 'number' }],
  plinko: [
    { name: 'rows', kind: 'number' },
    { name: 'risk', kind: 'choice', choices: plinkoRisks },
  ],
  keno: [
    { name: 'picks', kind: 'list' },
    { name: 'risk', kind: 'choice', choices: kenoRisks },
  ],
  slot: [
    { name: 'volatility', kind: 'choice', choices: slotVolatilities },
    { name: 'lines', kind: 'number' },
  ],
};

export interface VerificationForm {
  engine: OriginalEngine;
  serverSeed: string;
  /** the commitment shown before play, to compare SHA-256(server seed) with */
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  rtp: string;
  /** the engine's params as the inputs hold them */
  params: Record<string, string>;
  /** mines only: the safe tiles the player revealed, in order ("3, 7, 12") */
  minesRevealed: string;
  /** mines only: the mine the player hit, if the round ended on one */
  minesHit: string;
}

export const defaultParams: Record<OriginalEngine, Record<string, unknown>> = {
  dice: { target: 50.5, direction: 'over' },
  limbo: { target: 2 },
  mines: { mines: 3 },
  plinko: { rows: 16, risk: 'medium' },
  keno: { picks: [1, 5, 9, 13, 17, 21, 25, 29, 33, 37], risk: 'classic' },
  slot: { volatility: 'medium', lines: 20 },
};

/** Params to the inputs' text: numbers as written, lists comma-separated. */
export function paramsToTexts(
  engine: OriginalEngine,
  params: Record<string, unknown>,
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const field of paramFields[engine]) {
    const value = params[field.name];
    texts[field.name] = Array.isArray(value)
      ? value.join(', ')
      : value === undefined
        ? ''
        : String(value);
  }
  return texts;
}

function parseList(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter((part) => part !== '')
    .map(Number);
}

/** The inputs' text back to params; unreadable numbers become NaN, which the engine refuses. */
export function textsToParams(
  engine: OriginalEngine,
  texts: Record<string, string>,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of paramFields[engine]) {
    const text = (texts[field.name] ?? '').trim();
    if (field.kind === 'number') params[field.name] = text === '' ? Number.NaN : Number(text);
    else if (field.kind === 'list') params[field.name] = parseList(text);
    else params[field.name] = text;
  }
  return params;
}

export function emptyVerificationForm(engine: OriginalEngine = 'dice'): VerificationForm {
  return {
    engine,
    serverSeed: '',
    serverSeedHash: '',
    clientSeed: '',
    nonce: '0',
    rtp: '0.9900',
    params: paramsToTexts(engine, defaultParams[engine]),
    minesRevealed: '',
    minesHit: '',
  };
}

export function isOriginalEngine(value: string): value is OriginalEngine {
  return (originalEngines as readonly string[]).includes(value);
}

const playedMinesSchema = z.object({
  revealed: z.array(z.number().int()),
  hit: z.number().int().nullable().optional(),
});

/** The form filled from one of the player's rounds (its server seed once revealed). */
export function formFromRound(round: Round): VerificationForm {
  const engine = isOriginalEngine(round.engine) ? round.engine : 'dice';
  const played = engine === 'mines' ? playedMinesSchema.safeParse(round.outcome) : null;
  return {
    engine,
    serverSeed: round.serverSeed ?? '',
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    rtp: round.rtp,
    params: paramsToTexts(engine, round.params),
    minesRevealed: played?.success ? played.data.revealed.join(', ') : '',
    minesHit: played?.success && typeof played.data.hit === 'number' ? String(played.data.hit) : '',
  };
}

export type VerificationField =
  | 'serverSeed'
  | 'clientSeed'
  | 'nonce'
  | 'rtp'
  | 'params'
  | 'minesRevealed'
  | 'minesHit';

export interface VerificationResult {
  /** SHA-256 of the server seed, as computed here */
  hash: string;
  /** whether it equals the commitment given (null when none was given) */
  hashMatches: boolean | null;
  /** the floats the round used, in order */
  floats: number[];
  result: EngineResult<Record<string, unknown>>;
}

export type Verification =
  | { ok: true; value: VerificationResult }
  | { ok: false; field: VerificationField };

const rtpPattern = /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/;

/** Recomputes the round the form describes, or names the first field that cannot be read. */
export function verify(form: VerificationForm): Verification {
  const serverSeed = form.serverSeed.trim();
  if (!serverSeedPattern.test(serverSeed)) return { ok: false, field: 'serverSeed' };
  const clientSeed = form.clientSeed.trim();
  if (clientSeed === '') return { ok: false, field: 'clientSeed' };
  if (!/^\d{1,15}$/.test(form.nonce.trim())) return { ok: false, field: 'nonce' };
  const nonce = Number(form.nonce.trim());
  const rtp = form.rtp.trim();
  if (!rtpPattern.test(rtp) || Number(rtp) <= 0) return { ok: false, field: 'rtp' };
  const params = textsToParams(form.engine, form.params);
  const round = storedEngineParams(form.engine, params, rtp);
  if (!round) return { ok: false, field: 'params' };
  const revealed = parseList(form.minesRevealed);
  if (revealed.some((tile) => !Number.isInteger(tile)))
    return { ok: false, field: 'minesRevealed' };
  const hitText = form.minesHit.trim();
  const hit = hitText === '' ? null : Number(hitText);
  if (hit !== null && !Number.isInteger(hit)) return { ok: false, field: 'minesHit' };
  const result = recomputeRound({
    engine: form.engine,
    serverSeed,
    clientSeed,
    nonce,
    params,
    rtp,
    outcome: form.engine === 'mines' ? { revealed, hit } : undefined,
  });
  if (!result) return { ok: false, field: 'params' };
  const hash = serverSeedHash(serverSeed);
  const commitment = form.serverSeedHash.trim().toLowerCase();
  return {
    ok: true,
    value: {
      hash,
      hashMatches: commitment === '' ? null : commitment === hash,
      floats: fairFloatList({ serverSeed, clientSeed, nonce }, engineFloatCount(round)),
      result,
    },
  };
}

/** Whether a recomputed round equals the stored one: same outcome, same multiplier. */
export function matchesRound(
  result: EngineResult<Record<string, unknown>>,
  round: Pick<Round, 'outcome' | 'multiplier'>,
): boolean {
  return (
    result.multiplier === round.multiplier &&
    canonicalJson(result.outcome) === canonicalJson(round.outcome)
  );
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([left], [right]) => left.localeCompare(right));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
