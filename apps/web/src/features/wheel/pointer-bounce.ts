const bounceKeyframes: Keyframe[] = [
  { transform: 'rotate(0deg)' },
  { transform: 'rotate(-22deg)' },
  { transform: 'rotate(12deg)' },
  { transform: 'rotate(-6deg)' },
  { transform: 'rotate(0deg)' },
];

/** The pointer's bounce when the wheel comes to rest (shell spec §4). */
export function bouncePointer(pointer: SVGGElement | null): void {
  if (pointer && typeof pointer.animate === 'function') {
    pointer.animate(bounceKeyframes, { duration: 600, easing: 'ease-out' });
  }
}
