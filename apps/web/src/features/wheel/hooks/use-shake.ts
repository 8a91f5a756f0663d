import { wheelShakeMs } from '@casino/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

const shakeKeyframes: Keyframe[] = [
  { transform: 'translateX(0)' },
  { transform: 'translateX(-8px) rotate(-2deg)' },
  { transform: 'translateX(7px) rotate(2deg)' },
  { transform: 'translateX(-5px) rotate(-1deg)' },
  { transform: 'translateX(4px) rotate(1deg)' },
  { transform: 'translateX(0)' },
];

/**
 * The refusal shake of an unavailable wheel (wallet spec §4, §9: 500 ms). `shaking` is true for
 * the duration (exposed as `data-shaking`); the element moves through the Web Animations API.
 */
export function useShake<Element extends HTMLElement | SVGElement>() {
  const ref = useRef<Element | null>(null);
  const [shaking, setShaking] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const shake = useCallback(() => {
    setShaking(true);
    const element = ref.current;
    if (element && typeof element.animate === 'function') {
      element.animate(shakeKeyframes, { duration: wheelShakeMs, easing: 'ease-in-out' });
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setShaking(false), wheelShakeMs);
  }, []);

  return { ref, shaking, shake };
}
