import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { autoPreparingPool } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type { Database } from './schema.ts';
export type DatabaseTransaction = Transaction<Database>;
/** What repository methods accept: the pool, or the caller's open transaction. */
export type DatabaseExecutor = Kysely<Database> | Transaction<Database>;

const dateOid = 1082;
const bigintOid = 20;

/**
 * `date` stays a `YYYY-MM-DD` string (the default parser would shift it into the server's
 * time zone); `bigint` becomes a JavaScript bigint so money never passes through a float.
 */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === dateOid) return (value: string) => value;
    if (oid === bigintOid) return (value: string) => BigInt(value);
    return format === 'binary'
      ? pg.types.getTypeParser(oid, 'binary')
      : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

export interface DatabaseOptions {
  connectionString: string;
  maxConnections?: number;
  applicationName?: string;
  /** An idle pooled connection failed (e.g. the server restarted); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
}

export function createDatabase(options: DatabaseOptions): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    application_name: options.applicationName ?? 'casino-server',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    types: typeParsers,
  });
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: autoPreparingPool(pool) }) });
}
