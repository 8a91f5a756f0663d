/**
 * Values read from the database, kept for `ttlMs` per key: concurrent misses of one key share
 * one read, a failed read is not kept, and `invalidate()` drops everything — including reads
 * still in flight, which then answer their callers but are not kept. Past `maxEntries` the
 * cache starts afresh rather than grow.
 */
export class KeyedCache<Value> {
  private readonly entries = new Map<string, { value: Value; loadedAtMs: number }>();
  private readonly loading = new Map<string, Promise<Value>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly nowMs: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, load: () => Promise<Value>): Promise<Value> {
    const nowMs = this.nowMs();
    const entry = this.entries.get(key);
    if (entry && nowMs >= entry.loadedAtMs && nowMs - entry.loadedAtMs < this.ttlMs) {
      return entry.value;
    }
    const pending = this.loading.get(key);
    if (pending) return await pending;
    const generation = this.generation;
    const promise = load().then((value) => {
      if (this.generation === generation) {
        if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, { value, loadedAtMs: nowMs });
      }
      return value;
    });
    this.loading.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    }
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}
