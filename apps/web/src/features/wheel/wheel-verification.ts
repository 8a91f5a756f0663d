import {
  fairFloatList,
  maxWheelPrizeWeight,
  serverSeedHash,
  serverSeedPattern,
  type WheelSpinPrize,
  type WheelSpinResult,
  wheelFloatCount,
  wheelSpinIndex,
  wheelTarget,
} from '@casino/contract';

/**
 * The wheel mode of the verification page: its form as the inputs hold it (plain strings), the
 * prefill from one of the player's spins, and the recomputation with the very function the
 * server picked the prize with (`wheelSpinIndex`). Nothing here needs operator data: the weights
 * are the spin's published copy of the prize table.
 */

export interface WheelVerificationForm {
  serverSeed: string;
  /** the commitment shown before the spin, to compare SHA-256(server seed) with */
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** the prize weights in the order the pick uses, e.g. "40, 30, 20, 0, 10" */
  weights: string;
}

export type WheelVerificationField = 'serverSeed' | 'clientSeed' | 'nonce' | 'weights';

/** One prize of the recomputed pick: its share of the targets [from, to) and its chance. */
export interface WheelRange {
  weight: number;
  from: bigint;
  to: bigint;
  /** weight / total, for display */
  chance: number;
}

export interface WheelVerificationResult {
  /** SHA-256 of the server seed, as computed here */
  hash: string;
  /** whether it equals the commitment given (null when none was given) */
  hashMatches: boolean | null;
  /** the spin's float, n / 2³² */
  float: number;
  /** t = ⌊n × W / 2³²⌋ */
  target: bigint;
  totalWeight: bigint;
  ranges: WheelRange[];
  /** the prize the pick lands on, in the order of the weights */
  index: number;
}

export type WheelVerification =
  | { ok: true; value: WheelVerificationResult }
  | { ok: false; field: WheelVerificationField };

export function emptyWheelVerificationForm(): WheelVerificationForm {
  return { serverSeed: '', serverSeedHash: '', clientSeed: '', nonce: '0', weights: '' };
}

/** The form filled from one of the player's spins (its server seed once revealed). */
export function wheelFormFromSpin(spin: WheelSpinResult): WheelVerificationForm {
  const { verification } = spin;
  return {
    serverSeed: verification.serverSeed ?? '',
    serverSeedHash: verification.serverSeedHash,
    clientSeed: verification.clientSeed,
    nonce: String(verification.nonce),
    weights: verification.prizes.map((prize) => prize.weight).join(', '),
  };
}

/**
 * The weights as typed: whole numbers from 0 to the operator's maximum, separated by commas,
 * semicolons or white space, at least one above 0. Null when they are not.
 */
export function parseWheelWeights(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (parts.length === 0) return null;
  const weights: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,7}$/.test(part)) return null;
    const weight = Number(part);
    if (weight > maxWheelPrizeWeight) return null;
    weights.push(weight);
  }
  return weights.some((weight) => weight > 0) ? weights : null;
}

/** Each prize's share [from, to) of the targets 0 … W − 1, and its chance. */
export function wheelRanges(weights: readonly number[]): WheelRange[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let cumulative = 0n;
  return weights.map((weight) => {
    const from = cumulative;
    cumulative += BigInt(weight);
    return { weight, from, to: cumulative, chance: total === 0 ? 0 : weight / total };
  });
}

/** Recomputes the spin the form describes, or names the first field that cannot be read. */
export function verifyWheelSpin(form: WheelVerificationForm): WheelVerification {
  const serverSeed = form.serverSeed.trim();
  if (!serverSeedPattern.test(serverSeed)) return { ok: false, field: 'serverSeed' };
  const clientSeed = form.clientSeed.trim();
  if (clientSeed === '') return { ok: false, field: 'clientSeed' };
  const nonceText = form.nonce.trim();
  if (!/^\d{1,15}$/.test(nonceText)) return { ok: false, field: 'nonce' };
  const nonce = Number(nonceText);
  const weights = parseWheelWeights(form.weights);
  if (!weights) return { ok: false, field: 'weights' };

  const seeds = { serverSeed, clientSeed, nonce };
  const [float] = fairFloatList(seeds, wheelFloatCount);
  if (float === undefined) throw new Error('no float was drawn');
  const index = wheelSpinIndex(seeds, weights);
  const ranges = wheelRanges(weights);
  const totalWeight = ranges.at(-1)?.to ?? 0n;
  const hash = serverSeedHash(serverSeed);
  const commitment = form.serverSeedHash.trim().toLowerCase();
  return {
    ok: true,
    value: {
      hash,
      hashMatches: commitment === '' ? null : commitment === hash,
      float,
      target: wheelTarget(float, weights),
      totalWeight,
      ranges,
      index,
    },
  };
}

/**
 * Whether the recomputation confirms the spin: the pick lands on the index the spin published,
 * that entry of its table is the prize it paid, and the weights are the ones it published.
 */
export function confirmsSpin(result: WheelVerificationResult, spin: WheelSpinResult): boolean {
  const published = spin.verification.prizes;
  return (
    result.index === spin.verification.index &&
    published[result.index]?.prizeId === spin.prizeId &&
    result.ranges.length === published.length &&
    result.ranges.every((range, index) => range.weight === published[index]?.weight)
  );
}

/**
 * The published prize each weight stands for, when the weights are still the spin's own (typed
 * weights of another table have no prizes to name).
 */
export function prizesForWeights(
  ranges: readonly WheelRange[],
  spin: WheelSpinResult | null,
): (WheelSpinPrize | null)[] {
  const published = spin?.verification.prizes ?? [];
  const same =
    published.length === ranges.length &&
    ranges.every((range, index) => range.weight === published[index]?.weight);
  return ranges.map((_, index) => (same ? (published[index] ?? null) : null));
}

/** A prize's chance as a percentage with up to four significant digits: "25%", "0.0075%". */
export function formatWheelChance(chance: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumSignificantDigits: 4 }).format(
    chance,
  );
}
