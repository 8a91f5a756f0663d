import { AppError } from './app-error.ts';

/**
 * Password hashing (argon2id) is deliberately expensive: tens of milliseconds of a CPU core and
 * megabytes of memory, run on libuv's thread pool, which the file system, DNS and `crypto` share.
 * Unbounded, a burst of sign-ins fills that pool and the cores, and every other request (a game
 * round, a deposit) waits behind hundreds of hashes. So this process admits at most
 * `concurrency + queueLength` units of password work (a sign-in, a sign-up) at once and runs at
 * most `concurrency` hashes at a time among them; the excess is refused at once with 429
 * `server_busy` and a `Retry-After`, instead of queuing. The bound on admissions, not a
 * timeout, keeps the wait short: an admitted sign-in waits for at most `queueLength / concurrency`
 * hashes before its own.
 */
export interface PasswordWorkLimits {
  /** hashes or verifications running at once, each on one libuv thread */
  concurrency: number;
  /** admitted units of work beyond those that can hash at once */
  queueLength: number;
}

/** A hash's duration until one has been measured (argon2id at OWASP's parameters, one core). */
const initialHashEstimateMs = 100;
/** weight of the newest measured duration in the running estimate */
const estimateWeight = 0.2;
/** Retry-After is spread over this many extra seconds, so a refused burst does not come back as one. */
const retryJitterSeconds = 2;

export interface PasswordWorkLimiterOptions {
  /** a monotonic clock in milliseconds (performance.now) */
  nowMs?: () => number;
  /** a number in [0, 1) (Math.random) */
  random?: () => number;
}

export class PasswordWorkLimiter {
  private admitted = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private hashEstimateMs = initialHashEstimateMs;
  private readonly nowMs: () => number;
  private readonly random: () => number;

  constructor(
    private readonly limits: PasswordWorkLimits,
    options: PasswordWorkLimiterOptions = {},
  ) {
    if (!Number.isInteger(limits.concurrency) || limits.concurrency < 1) {
      throw new RangeError('concurrency must be a whole number of at least 1');
    }
    if (!Number.isInteger(limits.queueLength) || limits.queueLength < 0) {
      throw new RangeError('queueLength must be a whole number of at least 0');
    }
    this.nowMs = options.nowMs ?? (() => performance.now());
    this.random = options.random ?? Math.random;
  }

  /** units of work admitted and not yet finished, and hashes running now */
  get load(): { admitted: number; running: number; waiting: number } {
    return { admitted: this.admitted, running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `work` as one admitted unit, or throws `server_busy` at once when `concurrency +
   * queueLength` units are admitted already. The unit is released however `work` ends.
   */
  async admit<T>(work: () => Promise<T>): Promise<T> {
    if (this.admitted >= this.limits.concurrency + this.limits.queueLength) {
      throw this.busy();
    }
    this.admitted += 1;
    try {
      return await work();
    } finally {
      this.admitted -= 1;
    }
  }

  /**
   * Runs one hash within an admitted unit, once fewer than `concurrency` run (first come, first
   * served). Only admitted work calls this, so at most `queueLength` wait here.
   */
  async hashing<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    const startedMs = this.nowMs();
    try {
      return await task();
    } finally {
      const durationMs = this.nowMs() - startedMs;
      this.hashEstimateMs += estimateWeight * (durationMs - this.hashEstimateMs);
      // The slot passes straight to the next waiter, so `running` stays counted.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** When a refused caller may expect room: the admitted work drained, plus a little jitter. */
  retryAfterSeconds(): number {
    const drainMs = (this.admitted / this.limits.concurrency) * this.hashEstimateMs;
    const jitter = Math.floor(this.random() * (retryJitterSeconds + 1));
    return Math.max(1, Math.ceil(drainMs / 1000)) + jitter;
  }

  private busy(): AppError {
    const retryAfterSeconds = this.retryAfterSeconds();
    return new AppError('server_busy', {
      payload: { retryAfterSeconds },
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
}
