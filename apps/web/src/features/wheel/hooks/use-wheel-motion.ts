import {
  idleRotation,
  planWheelLanding,
  spinRotationAt,
  type WheelLanding,
  wheelRestsAtMs,
} from '@casino/contract';
import { useCallback, useEffect, useRef } from 'react';

type Motion =
  | { kind: 'idle'; sinceMs: number; fromRotation: number }
  | { kind: 'spin'; clickedAtMs: number; startRotation: number; landing: WheelLanding | null }
  | { kind: 'rest'; rotation: number };

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function rotationOf(motion: Motion, nowMs: number): number {
  switch (motion.kind) {
    case 'idle':
      return idleRotation(motion.fromRotation, nowMs - motion.sinceMs);
    case 'spin':
      return spinRotationAt(motion.startRotation, motion.landing, nowMs - motion.clickedAtMs);
    case 'rest':
      return motion.rotation;
  }
}

/**
 * Turns the wheel's rotor (shell spec §4, §9): a slow idle turn, then on `spin` the 4 s fast spin,
 * and on `land` the deceleration onto a slice, resting 5 s after the click when the result came
 * in time. The rotation is written straight to the rotor's transform every frame, outside
 * React's renders. Under reduced motion the wheel stands still and a spin jumps to its slice.
 */
export function useWheelMotion(sliceCount: number) {
  const rotorRef = useRef<SVGGElement | null>(null);
  const motion = useRef<Motion>({ kind: 'idle', sinceMs: performance.now(), fromRotation: 0 });
  const restTimer = useRef<number | undefined>(undefined);

  const draw = useCallback((rotation: number) => {
    rotorRef.current?.setAttribute('transform', `rotate(${rotation.toFixed(3)})`);
  }, []);

  useEffect(() => {
    const still = prefersReducedMotion();
    let frame = 0;
    const step = () => {
      const current = motion.current;
      if (!(still && current.kind === 'idle')) draw(rotationOf(current, performance.now()));
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(restTimer.current);
    };
  }, [draw]);

  /** Starts the fast spin from wherever the wheel is now. */
  const spin = useCallback(() => {
    const now = performance.now();
    window.clearTimeout(restTimer.current);
    motion.current = {
      kind: 'spin',
      clickedAtMs: now,
      startRotation: rotationOf(motion.current, now),
      landing: null,
    };
  }, []);

  /** Decelerates onto `sliceIndex` (null: a boundary); resolves once the wheel is at rest. */
  const land = useCallback(
    (sliceIndex: number | null): Promise<void> => {
      const current = motion.current;
      if (current.kind !== 'spin') return Promise.resolve();
      const now = performance.now();
      const landing = planWheelLanding({
        startRotation: current.startRotation,
        resultAtMs: now - current.clickedAtMs,
        sliceIndex,
        sliceCount,
      });
      const restingRotation = landing.targetRotation;
      if (prefersReducedMotion()) {
        motion.current = { kind: 'rest', rotation: restingRotation };
        draw(restingRotation);
        return Promise.resolve();
      }
      motion.current = { ...current, landing };
      const restsInMs = current.clickedAtMs + wheelRestsAtMs(landing) - now;
      return new Promise((resolve) => {
        restTimer.current = window.setTimeout(() => {
          motion.current = { kind: 'rest', rotation: restingRotation };
          draw(restingRotation);
          resolve();
        }, restsInMs);
      });
    },
    [sliceCount, draw],
  );

  /** Back to the idle turn from the current rotation (a failed spin). */
  const idle = useCallback(() => {
    const now = performance.now();
    window.clearTimeout(restTimer.current);
    motion.current = { kind: 'idle', sinceMs: now, fromRotation: rotationOf(motion.current, now) };
  }, []);

  return { rotorRef, spin, land, idle };
}
