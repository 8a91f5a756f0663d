/**
 * What a process keeps of the sign-in sessions it read lately, so that a read-only call
 * (`GET /api/v1/me`: `authenticatePlayerForRead`) is answered without reading the session and the
 * player's row again. The database tells every process when either changes: triggers on
 * `sessions` (ended, expiry moved) and `users` (any column) send `players.sessions:<user id>` on
 * the cache-invalidation channel in the changing transaction (db/player_sessions_changed.sql), so
 * each process drops that player's sessions as the change commits, whoever wrote it (a sign-out, an
 * operator's revocation or ban, a self-exclusion, a deposit, a profile edit, a stored function).
 *
 * The rules that keep an ended session from being answered:
 * - nothing is kept or answered while the process's listener does not hear the notifications
 *   (`listening`; a lost listener drops everything: lib/cache-invalidation.ts);
 * - a read that began before a drop of its player (or of everything) is not kept: it may have
 *   read the row before the change committed (`begin` / `keep`);
 * - an entry is answered only until the session expires, for `ttlMs` at most (a safety net), and
 *   only while the session's last_seen_at needs no write (the caller reads again to write it);
 * - this process drops a player's sessions itself right after its own writes (the players' and
 *   operators' non-GET calls, a sign-out, the end of sessions in a transaction), before it
 *   answers, not when its own notification comes back.
 * Another process answers from an entry until its listener hears the change: the moment the
 * operators' caches rely on too (lib/cache-invalidation.ts).
 */
export interface SessionCacheEntry<Player> {
  player: Player;
  userId: string;
  /** when the session expires (ms since the epoch) */
  expiresAtMs: number;
  /** the session's last_seen_at as it now stands in the database (ms since the epoch) */
  lastSeenAtMs: number;
}

interface Kept<Player> extends SessionCacheEntry<Player> {
  keptAtMs: number;
}

export interface SessionCacheOptions {
  /** how long an entry is answered at most (0: the cache keeps nothing) */
  ttlMs: number;
  /** how old last_seen_at may be before a request must write it (the caller reads again) */
  lastSeenResolutionMs: number;
  nowMs: () => number;
  /** whether the process hears the invalidations now */
  listening: () => boolean;
  /** past this many entries the cache starts afresh rather than grow */
  maxEntries: number;
}

/** Past this many players dropped while reads are in flight, a drop counts as a drop of all. */
const maxDropsRemembered = 10_000;

export class SessionCache<Player> {
  private readonly entries = new Map<string, Kept<Player>>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** counts drops; a read remembers where it began */
  private sequence = 0;
  private droppedAllAt = 0;
  private readonly droppedAt = new Map<string, number>();
  private readsInFlight = 0;

  constructor(private readonly options: SessionCacheOptions) {}

  /** The player kept for the token's hash, when the rules above allow answering it now. */
  get(key: string): Player | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const nowMs = this.options.nowMs();
    const { ttlMs, lastSeenResolutionMs } = this.options;
    if (
      !this.options.listening() ||
      nowMs < entry.keptAtMs ||
      nowMs - entry.keptAtMs >= ttlMs ||
      nowMs >= entry.expiresAtMs ||
      nowMs - entry.lastSeenAtMs >= lastSeenResolutionMs
    ) {
      this.remove(key, entry.userId);
      return undefined;
    }
    return entry.player;
  }

  /** Before reading a session to keep: the mark `keep` needs (pair every call with `keep` or `end`). */
  begin(): number {
    this.readsInFlight += 1;
    return this.sequence;
  }

  /** The read that `begin` marked ended without anything to keep (an error, an unknown token). */
  end(): void {
    this.readsInFlight -= 1;
    if (this.readsInFlight === 0) this.droppedAt.clear();
  }

  /** Keeps what a read begun at `mark` found, unless its player (or all) was dropped since. */
  keep(key: string, mark: number, entry: SessionCacheEntry<Player>): void {
    const dropped = Math.max(this.droppedAllAt, this.droppedAt.get(entry.userId) ?? 0);
    this.end();
    if (this.options.ttlMs <= 0 || dropped > mark || !this.options.listening()) return;
    if (!this.entries.has(key) && this.entries.size >= this.options.maxEntries) this.clear();
    this.entries.set(key, { ...entry, keptAtMs: this.options.nowMs() });
    let keys = this.keysByUser.get(entry.userId);
    if (!keys) {
      keys = new Set();
      this.keysByUser.set(entry.userId, keys);
    }
    keys.add(key);
  }

  /** Drops every session of the player, and keeps no read of them already under way. */
  dropPlayer(userId: string): void {
    this.sequence += 1;
    if (this.readsInFlight > 0) {
      if (this.droppedAt.size >= maxDropsRemembered) {
        this.droppedAt.clear();
        this.droppedAllAt = this.sequence;
      } else this.droppedAt.set(userId, this.sequence);
    }
    const keys = this.keysByUser.get(userId);
    if (!keys) return;
    this.keysByUser.delete(userId);
    for (const key of keys) this.entries.delete(key);
  }

  /** Drops everything, and keeps no read already under way. */
  dropAll(): void {
    this.sequence += 1;
    this.droppedAllAt = this.sequence;
    this.droppedAt.clear();
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private clear(): void {
    this.entries.clear();
    this.keysByUser.clear();
  }

  private remove(key: string, userId: string): void {
    this.entries.delete(key);
    const keys = this.keysByUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(userId);
  }
}
