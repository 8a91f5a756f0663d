/** A fixed counting window: `limit` events per `windowSeconds`, aligned to the epoch. */
export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitWindow {
  start: Date;
  end: Date;
}

export function windowAt(rule: RateLimitRule, now: Date): RateLimitWindow {
  const windowMs = rule.windowSeconds * 1000;
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(startMs), end: new Date(startMs + windowMs) };
}

/** Whole seconds until the window closes, at least 1 (a Retry-After of 0 invites a retry storm). */
export function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}
