/** The source of "now" for everything that stores or compares time; tests substitute it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
