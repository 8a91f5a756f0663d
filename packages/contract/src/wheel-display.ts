/**
 * How the wheel of luck is drawn and turned (wallet spec §4, §9 "Wheel"; shell spec §4, §9
 * "Wheel (logged-out)"): which prizes sit on the slices and in what order, their short labels,
 * and the rotation over time of a spin that must come to rest on a given slice.
 *
 * Angles are degrees, clockwise. The pointer stands at the top; slice `i` of `n` is centred
 * `i × 360/n` degrees clockwise from the wheel's top, so with the wheel turned by `r` degrees the
 * slice under the pointer is the one whose centre sits at `-r` (mod 360).
 */

/** Wallet spec §9: at most 15 prizes are shown. */
export const wheelMaxPrizes = 15;
/** Shell spec §9: the logged-out wheel always has 15 slices. */
export const loggedOutWheelSliceCount = 15;
/** Shell spec §9: an idle wheel makes one full turn every 40 s. */
export const wheelIdleTurnMs = 40_000;
/** Shell spec §9: the fast spin lasts 4 s and covers 7200°. */
export const wheelFastSpinMs = 4_000;
export const wheelFastSpinDegrees = 7_200;
/** Shell spec §9: 5 s from the click to rest; the landing covers 3600° plus the way to the slice. */
export const wheelSpinTotalMs = 5_000;
export const wheelLandingMs = wheelSpinTotalMs - wheelFastSpinMs;
export const wheelLandingDegrees = 3_600;
/** Shell spec §9: the completion callback fires 500 ms after the wheel comes to rest. */
export const wheelCompletionDelayMs = 500;
/** Wallet spec §9: an unavailable wheel shakes for 500 ms when pressed. */
export const wheelShakeMs = 500;

/**
 * The slices in order: the first `wheelMaxPrizes` prizes of the operator's list, the first of
 * them moved to the end (wallet spec §9).
 */
export function wheelDisplayOrder<Prize>(prizes: readonly Prize[]): Prize[] {
  const shown = prizes.slice(0, wheelMaxPrizes);
  const first = shown.shift();
  if (first !== undefined) shown.push(first);
  return shown;
}

/**
 * The logged-out wheel's 15 slices: the displayed order, repeated when the operator set fewer
 * prizes; none without prizes (nothing is drawn then).
 */
export function loggedOutWheelSlices<Prize>(prizes: readonly Prize[]): Prize[] {
  const shown = wheelDisplayOrder(prizes);
  if (shown.length === 0) return [];
  return Array.from(
    { length: loggedOutWheelSliceCount },
    (_, index) => shown[index % shown.length] as Prize,
  );
}

/**
 * Shell spec §4, §9: a logged-out spin lands on a random slice index from 1 to 14 (never the
 * first slice). `random` is `Math.random`-like: a float in [0, 1).
 */
export function randomLoggedOutPrizeIndex(random: () => number = Math.random): number {
  const choices = loggedOutWheelSliceCount - 1;
  return 1 + Math.min(choices - 1, Math.floor(random() * choices));
}

const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

/** One decimal, cut rather than rounded (a label never shows more than the prize), '.0' dropped. */
function withTenth(whole: bigint, unit: bigint, suffix: string): string {
  const units = whole / unit;
  const tenth = ((whole % unit) * 10n) / unit;
  return `${units}${tenth === 0n ? '' : `.${tenth}`}${suffix}`;
}

/**
 * A prize's short label (wallet spec §9): under 1000 as is ('0.5', '25', '999.99'); under
 * 100 000 in thousands with one decimal ('1.5k', '2k'); under 1 000 000 in whole thousands
 * ('250k'); from there in millions with one decimal ('2m', '1.5m'). Decimals are cut, never
 * rounded up, and trailing zeros dropped. Anything that is not a plain decimal is returned as is.
 */
export function formatWheelPrizeLabel(amount: string): string {
  const match = decimalPattern.exec(amount.trim());
  if (!match) return amount;
  const whole = BigInt(match[1] ?? '0');
  if (whole < 1_000n) {
    const fraction = (match[2] ?? '').replace(/0+$/, '');
    return fraction ? `${whole}.${fraction}` : `${whole}`;
  }
  if (whole < 100_000n) return withTenth(whole, 1_000n, 'k');
  if (whole < 1_000_000n) return `${whole / 1_000n}k`;
  return withTenth(whole, 1_000_000n, 'm');
}

/** Whether a prize amount is zero: the "no prize" slice (wallet spec §4). */
export function isZeroWheelAmount(amount: string): boolean {
  return /^0+(?:\.0+)?$/.test(amount.trim());
}

// ─── rotation ───────────────────────────────────────────────────────────────────────────────

function modulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

export function wheelSliceDegrees(sliceCount: number): number {
  return 360 / sliceCount;
}

/** The rotation in [0, 360) that puts the centre of slice `sliceIndex` under the pointer. */
export function restingRotationFor(sliceIndex: number, sliceCount: number): number {
  return modulo(-sliceIndex * wheelSliceDegrees(sliceCount), 360);
}

/** The slice under the pointer with the wheel turned by `rotation` degrees. */
export function sliceUnderPointer(rotation: number, sliceCount: number): number {
  return modulo(Math.round(-rotation / wheelSliceDegrees(sliceCount)), sliceCount);
}

/** An idle wheel: `fromRotation` plus one full turn per `wheelIdleTurnMs`. */
export function idleRotation(fromRotation: number, elapsedMs: number): number {
  return fromRotation + (360 * Math.max(0, elapsedMs)) / wheelIdleTurnMs;
}

/** The fast spin speeds up over its first half second, then keeps this speed. */
const fastRampMs = 500;
/** °/ms: 7200° by the end of the 4 s fast spin, the ramp included. */
export const wheelFastSpinSpeed = wheelFastSpinDegrees / (wheelFastSpinMs - fastRampMs / 2);

/**
 * The wheel during the fast spin, `elapsedMs` after the click: a linear speed-up over 500 ms,
 * then a steady `wheelFastSpinSpeed`, 7200° in all at 4 s. It keeps turning at that speed while
 * the result is late.
 */
export function fastSpinRotation(fromRotation: number, elapsedMs: number): number {
  const elapsed = Math.max(0, elapsedMs);
  if (elapsed <= fastRampMs) {
    return fromRotation + (wheelFastSpinSpeed * elapsed * elapsed) / (2 * fastRampMs);
  }
  return fromRotation + wheelFastSpinSpeed * (elapsed - fastRampMs / 2);
}

/**
 * Where a landing that starts at `rotation` ends: at least 3600° further, on the centre of the
 * given slice. Without a slice (a prize the wheel does not show) it ends on the boundary after
 * the first slice, pointing at no slice in particular.
 */
export function landingTargetRotation(
  rotation: number,
  sliceIndex: number | null,
  sliceCount: number,
): number {
  const rest =
    sliceIndex === null
      ? modulo(-wheelSliceDegrees(sliceCount) / 2, 360)
      : restingRotationFor(sliceIndex, sliceCount);
  const offset = modulo(rest - rotation, 360);
  // a wheel already a hair's breadth short of its rest (floating point: 360 − 3e-14 when it is
  // 3e-14 past it) takes no extra turn
  return rotation + wheelLandingDegrees + (offset > 360 - 1e-9 ? 0 : offset);
}

/**
 * The landing, `elapsedMs` after it began at `fromRotation` with the fast spin's speed: a cubic
 * that starts at that speed and comes to rest exactly on `targetRotation` after
 * `wheelLandingMs`, never turning backwards (the distance is at least 3600°).
 */
export function landingRotation(
  fromRotation: number,
  targetRotation: number,
  elapsedMs: number,
): number {
  const progress = Math.min(1, Math.max(0, elapsedMs / wheelLandingMs));
  const distance = targetRotation - fromRotation;
  const startSpan = wheelFastSpinSpeed * wheelLandingMs;
  const p = progress;
  return (
    fromRotation + startSpan * (p ** 3 - 2 * p ** 2 + p) + distance * (-2 * p ** 3 + 3 * p ** 2)
  );
}

/** The landing of a spin: when it starts (ms after the click), from where, and where it rests. */
export interface WheelLanding {
  startMs: number;
  fromRotation: number;
  targetRotation: number;
}

/**
 * Plans the landing once the result is known, `resultAtMs` after the click: it starts when the
 * 4 s fast spin ends (or at once when the result came later), so an on-time result rests 5 s
 * after the click.
 */
export function planWheelLanding(input: {
  startRotation: number;
  resultAtMs: number;
  sliceIndex: number | null;
  sliceCount: number;
}): WheelLanding {
  const startMs = Math.max(wheelFastSpinMs, input.resultAtMs);
  const fromRotation = fastSpinRotation(input.startRotation, startMs);
  return {
    startMs,
    fromRotation,
    targetRotation: landingTargetRotation(fromRotation, input.sliceIndex, input.sliceCount),
  };
}

/** A spin's rotation `elapsedMs` after the click: fast until the landing, then the landing. */
export function spinRotationAt(
  startRotation: number,
  landing: WheelLanding | null,
  elapsedMs: number,
): number {
  if (!landing || elapsedMs < landing.startMs) return fastSpinRotation(startRotation, elapsedMs);
  return landingRotation(landing.fromRotation, landing.targetRotation, elapsedMs - landing.startMs);
}

/** When (ms after the click) a planned spin comes to rest. */
export function wheelRestsAtMs(landing: WheelLanding): number {
  return landing.startMs + wheelLandingMs;
}

/**
 * A prize's chance as the operators' wheel table shows it: its weight over the total weight, in
 * percent with two decimals ("18.75 %"); "0 %" for a prize that is never won.
 */
export function wheelPrizeChance(weight: number, totalWeight: number): string {
  if (
    !Number.isFinite(weight) ||
    !Number.isFinite(totalWeight) ||
    weight <= 0 ||
    totalWeight <= 0
  ) {
    return '0 %';
  }
  return `${((weight / totalWeight) * 100).toFixed(2)} %`;
}
