import { createHash } from 'node:crypto';
import type { PostgresPool } from 'kysely';
import type pg from 'pg';
import { poolWithTextQuery } from './pool-adapter.ts';

/**
 * Which statements run as named prepared statements: a statement text with parameters seen
 * `threshold` times gets a name (the hash of its text), up to `max` names. The hot queries
 * (a round's reads, the session lookup) are then parsed and planned once per connection instead
 * of at every execution — PostgreSQL plans such a statement generically once that is no costlier
 * than planning it each time. This is what JDBC's prepareThreshold and Npgsql's auto-prepare do;
 * a statement without parameters (BEGIN, a migration's script) is always sent as it is.
 * A name lives on one server connection: behind a pooler in transaction mode (PgBouncer before
 * 1.21, or without `max_prepared_statements`) the next transaction may run on another one, where
 * the name is unknown, so DATABASE_PREPARED_STATEMENTS=false turns this off (db/database.ts).
 */
export class StatementNames {
  private readonly seen = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly threshold = 3,
    private readonly max = 500,
  ) {}

  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= this.max) return name;
    const count = (this.seen.get(text) ?? 0) + 1;
    if (count < this.threshold) {
      // texts built with varying shapes (lists of values) are seen once each: forget them
      if (this.seen.size >= 20 * this.max) this.seen.clear();
      this.seen.set(text, count);
      return undefined;
    }
    this.seen.delete(text);
    const named = `auto_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    this.names.set(text, named);
    return named;
  }

  get size(): number {
    return this.names.size;
  }
}

/** The pool Kysely sees: pg's, sending named statements once `names` gives them a name. */
export function autoPreparingPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  return poolWithTextQuery<pg.PoolClient>(pool, (client, text, parameters) => {
    const name = parameters.length > 0 ? names.nameOf(text) : undefined;
    return client.query(
      name === undefined
        ? { text, values: [...parameters] }
        : { name, text, values: [...parameters] },
    );
  });
}
