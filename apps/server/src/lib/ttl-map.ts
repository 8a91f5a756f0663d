/**
 * A map whose entries are forgotten `ttlMs` after they were set (or when the clock goes back
 * before that). Past `maxEntries` it starts afresh rather than grow. For values a process keeps
 * to skip a read, where an outdated value is caught later by whoever uses it.
 */
export class TtlMap<Value> {
  private readonly entries = new Map<string, { value: Value; setAtMs: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly nowMs: () => number,
    private readonly maxEntries = 10_000,
  ) {
    if (!(maxEntries >= 1)) throw new RangeError('a TtlMap holds at least one entry');
  }

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const ageMs = this.nowMs() - entry.setAtMs;
    if (ageMs < 0 || ageMs >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: Value): void {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, setAtMs: this.nowMs() });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
