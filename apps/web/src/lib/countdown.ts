export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
  isComplete: boolean;
}

const secondMs = 1000;
const minuteMs = 60 * secondMs;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** Whole days, hours, minutes and seconds from `now` to `target`; never negative. */
export function timeLeftUntil(target: Date | number, now: Date | number): TimeLeft {
  const targetMs = typeof target === 'number' ? target : target.getTime();
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const totalMs = Math.max(0, targetMs - nowMs);
  return {
    days: Math.floor(totalMs / dayMs),
    hours: Math.floor((totalMs % dayMs) / hourMs),
    minutes: Math.floor((totalMs % hourMs) / minuteMs),
    seconds: Math.floor((totalMs % minuteMs) / secondMs),
    totalMs,
    isComplete: totalMs === 0,
  };
}

export function padTwoDigits(value: number): string {
  return String(value).padStart(2, '0');
}
