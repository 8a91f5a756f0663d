import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { type RateLimitRule, secondsUntil, windowAt } from './rate-limit-window.ts';
import type { RateLimitsRepository } from './rate-limits.repository.ts';

export type { RateLimitRule } from './rate-limit-window.ts';

/** Expired counters are removed at most this often per process. */
const cleanupIntervalMs = 60_000;

export interface RateLimitsServiceDependencies {
  repository: RateLimitsRepository;
  clock: Clock;
}

/** Throttling backed by PostgreSQL so every server process shares the same counters. */
export class RateLimitsService {
  private lastCleanupMs = 0;

  private readonly repository: RateLimitsRepository;
  private readonly clock: Clock;

  constructor({ repository, clock }: RateLimitsServiceDependencies) {
    this.repository = repository;
    this.clock = clock;
  }

  /** Counts one event; rejects it with 429 when the window already holds `limit` events. */
  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const now = this.clock.now();
    const window = windowAt(rule, now);
    await this.cleanup(now);
    const hits = await this.repository.increment(
      { bucket: rule.bucket, subject, windowStart: window.start },
      window.end,
    );
    if (hits > rule.limit) throw rateLimited(secondsUntil(window.end, now));
  }

  /** Rejects with 429 while `limit` events are already recorded, without counting this call. */
  async assertNotExhausted(rule: RateLimitRule, subject: string): Promise<void> {
    const now = this.clock.now();
    const window = windowAt(rule, now);
    const hits = await this.repository.count({
      bucket: rule.bucket,
      subject,
      windowStart: window.start,
    });
    if (hits >= rule.limit) throw rateLimited(secondsUntil(window.end, now));
  }

  /** Counts one event without judging it (e.g. a failed login). */
  async record(rule: RateLimitRule, subject: string): Promise<void> {
    const now = this.clock.now();
    const window = windowAt(rule, now);
    await this.cleanup(now);
    await this.repository.increment(
      { bucket: rule.bucket, subject, windowStart: window.start },
      window.end,
    );
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    const window = windowAt(rule, this.clock.now());
    await this.repository.clear({ bucket: rule.bucket, subject, windowStart: window.start });
  }

  private async cleanup(now: Date): Promise<void> {
    if (now.getTime() - this.lastCleanupMs < cleanupIntervalMs) return;
    this.lastCleanupMs = now.getTime();
    await this.repository.deleteExpired(now);
  }
}

function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', {
    payload: { retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}
