import { sql } from 'kysely';
import type { DatabaseExecutor, DatabaseTransaction } from '../db/database.ts';
import type { Transactions } from './transactions.ts';

/** The PostgreSQL notification channel of cache invalidations; a notification's payload is a key. */
export const cacheInvalidationChannel = 'cache_invalidation';

/** A key names what changed: lower-case words joined by `.` or `_` (`casino.catalog`). */
const keyPattern = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

/**
 * What makes a per-process cache of operator-changed data current in EVERY server process sharing
 * the database, not only in the one that made the change.
 *
 * Each cache registers the key of what it keeps (`register`, at construction) with the way to
 * drop it. A change calls `changed(transaction, key)` in the transaction that writes it: that
 * queues a NOTIFY on `cacheInvalidationChannel`, which PostgreSQL delivers to every listening
 * process when, and only if, the transaction commits (a rolled back change invalidates nothing).
 * Each process's one listener (plugins/cache-invalidation.ts, on the direct connection: a pooler
 * in transaction mode cannot LISTEN) hands the payload to `received`, which drops the caches
 * registered under that key; this process also drops them right after its own commit. A listener
 * that lost its connection may have missed notifications: once it listens again, `missed` drops
 * everything. The caches keep their TTL as a safety net (a process whose listener is down).
 *
 * A cache must not keep a read that started before the drop (it may have read the old row): the
 * KeyedCache's generation does that (lib/keyed-cache.ts).
 *
 * A payload may name one item of what a key covers: `key:argument` (`players.sessions:<user id>`,
 * sent by the triggers of players/auth/db/player_sessions_changed.sql), whose drop receives the
 * argument; a drop called without one (a payload without it, or `missed`) drops everything it keeps.
 * `listening` says whether this process hears the notifications now: a cache that must never
 * answer from a dropped entry (the sessions) keeps nothing while it does not.
 */
export class CacheInvalidation {
  private readonly drops = new Map<string, Array<(argument?: string) => void>>();
  private readonly transactions: Pick<Transactions, 'afterCommit'>;
  private heard = false;

  constructor({ transactions }: { transactions: Pick<Transactions, 'afterCommit'> }) {
    this.transactions = transactions;
  }

  /**
   * `drop` runs whenever what `key` names changed, in this process or another one: with the
   * payload's argument when it names one item, without one when everything must go.
   */
  register(key: string, drop: (argument?: string) => void): void {
    if (!keyPattern.test(key)) throw new RangeError(`"${key}" is not a cache invalidation key`);
    const drops = this.drops.get(key);
    if (drops) drops.push(drop);
    else this.drops.set(key, [drop]);
  }

  /**
   * Within the transaction that changes what `key` names: every process drops its caches of it
   * once the transaction commits (the NOTIFY is part of the transaction).
   */
  async changed(transaction: DatabaseTransaction, key: string): Promise<void> {
    if (!this.drops.has(key)) throw new RangeError(`no cache is registered under "${key}"`);
    await sql`SELECT pg_notify(${cacheInvalidationChannel}, ${key})`.execute(transaction);
    // This process at its commit already, before its own notification comes back.
    const queued = this.transactions.afterCommit(transaction, async () => this.received(key));
    if (!queued) this.received(key);
  }

  /**
   * Within a transaction (or right after a statement outside one) that changed what `key:argument`
   * names and whose NOTIFY a trigger sends: this process drops its caches of it at once and again
   * as the transaction commits, without waiting for its own notification to come back.
   */
  dropAtCommit(executor: DatabaseExecutor, key: string, argument: string): void {
    this.received(`${key}:${argument}`);
    const queued = this.transactions.afterCommit(executor, async () =>
      this.received(`${key}:${argument}`),
    );
    if (!queued) this.received(`${key}:${argument}`);
  }

  /**
   * A notification's payload, `key` or `key:argument`: drops the caches under that key (another
   * build's keys: none).
   */
  received(payload: string): void {
    const colon = payload.indexOf(':');
    const key = colon === -1 ? payload : payload.slice(0, colon);
    const argument = colon === -1 ? undefined : payload.slice(colon + 1);
    for (const drop of this.drops.get(key) ?? []) drop(argument);
  }

  /** Notifications may have been missed (the listener reconnected): every cache is dropped. */
  missed(): void {
    for (const drops of this.drops.values()) for (const drop of drops) drop();
  }

  /** Whether this process's listener hears the notifications now (plugins/cache-invalidation.ts). */
  get listening(): boolean {
    return this.heard;
  }

  /**
   * The listener's state: true once LISTEN is in place (again: call `missed` first), false when
   * its connection is lost; every cache is dropped then too, so that none keeps an entry whose
   * change it may not hear of.
   */
  setListening(listening: boolean): void {
    if (!listening) this.missed();
    this.heard = listening;
  }
}
