import { expect } from 'vitest';
import { fairFloatList } from '../provably-fair.ts';

/**
 * Helpers of the engines' simulation tests (not exported from the package). An engine's RTP
 * depends only on its mapping from uniform floats, so the million-round simulations draw floats
 * from sfc32 (fast, seeded, reproducible) on the same 2⁻³² grid as the HMAC floats; a smaller
 * sample then runs through the real HMAC stream.
 */

/** The seed pair of the engines' known-answer tests. */
export const fixedSeeds = {
  serverSeed: '6f1e9c8f3a2b47d5e0c4b1a29384756f8e7d6c5b4a39281706f5e4d3c2b1a098',
  clientSeed: 'lucky',
};

/** sfc32: a small, fast 32-bit generator with a 128-bit state (PractRand-clean). */
export function sfc32(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let warmUp = 0; warmUp < 15; warmUp += 1) next();
  return () => next() / 4_294_967_296;
}

/** `count` floats from the generator. */
export function floatsFrom(random: () => number, count: number): number[] {
  const floats = new Array<number>(count);
  for (let index = 0; index < count; index += 1) floats[index] = random();
  return floats;
}

/** The floats of consecutive nonces of one HMAC seed pair. */
export function hmacFloats(nonce: number, count: number): number[] {
  return fairFloatList(
    {
      serverSeed: '3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a',
      clientSeed: 'simulation',
      nonce,
    },
    count,
  );
}

/** Running mean and variance of the multipliers paid (Welford). */
export class Tally {
  count = 0;
  mean = 0;
  private squares = 0;

  add(value: number): void {
    this.count += 1;
    const delta = value - this.mean;
    this.mean += delta / this.count;
    this.squares += delta * (value - this.mean);
  }

  get standardDeviation(): number {
    return this.count > 1 ? Math.sqrt(this.squares / (this.count - 1)) : 0;
  }

  /** 4 standard errors: a correct engine lands outside with probability about 6 in 100 000. */
  tolerance(standardDeviation = this.standardDeviation): number {
    return (4 * standardDeviation) / Math.sqrt(this.count);
  }
}

/** A bigint fraction as a number (for comparisons at double precision). */
export function ratio(numerator: bigint, denominator: bigint): number {
  const scale = 10n ** 15n;
  return Number((numerator * scale) / denominator) / Number(scale);
}

/** Prints the figures a simulation found (kept in the test output as the documented numbers). */
export function report(name: string, tally: Tally, expected: number, tolerance: number): void {
  console.info(
    `${name}: ${tally.count} rounds, RTP ${tally.mean.toFixed(5)} (expected ${expected.toFixed(5)}, ` +
      `tolerance ±${tolerance.toFixed(5)}, sd ${tally.standardDeviation.toFixed(3)})`,
  );
}

/** The multipliers `play(round)` pays for rounds 0 … rounds − 1, tallied. */
export function tallyRounds(rounds: number, play: (round: number) => number): Tally {
  const tally = new Tally();
  for (let round = 0; round < rounds; round += 1) tally.add(play(round));
  return tally;
}

/** Reports a simulation and expects its mean within `tolerance` of the exact RTP. */
export function expectRtpWithin(
  name: string,
  tally: Tally,
  expected: number,
  tolerance = tally.tolerance(),
): void {
  report(name, tally, expected, tolerance);
  expect(Math.abs(tally.mean - expected)).toBeLessThan(tolerance);
}

/** A million rounds take a few seconds; allow for a busy machine. */
export const simulationTimeoutMs = 60_000;
