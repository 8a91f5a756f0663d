import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from './connection-errors.ts';
import { poolWithTextQuery } from './pool-adapter.ts';
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
  /**
   * Frequent statements become named prepared statements (prepared-statements.ts); default true.
   * False behind a pooler in transaction mode (PgBouncer): each transaction may get another
   * server connection, where a name prepared on the last one does not exist. Statements then go
   * unnamed (parsed and planned at each execution), which any pooler passes through.
   */
  preparedStatements?: boolean;
  /**
   * Connections to PostgreSQL broke or cannot be made (the server stopped, crashed or is out of
   * reach). Called once per outage, with the first error; `onAvailable` follows once a new
   * connection succeeds. Meanwhile statements fail at once (503 to requests) and nothing waits.
   */
  onUnavailable?: (error: Error) => void;
  onAvailable?: () => void;
}

/**
 * How long a statement waits for a connection: a new one (an unreachable server answers nothing)
 * or a free one of a full pool. Past it the request answers 503 rather than hanging.
 */
export const connectionTimeoutMs = 5_000;

/**
 * A text of several statements (sent without parameters, so in one simple query) makes pg answer
 * one result per statement, which Kysely's driver reads as no rows at all: it answers the rows of
 * every statement, in order, and the last statement's command and count. pg-boss relies on this
 * (an advisory lock's row, then the claim, from one text).
 */
function everyStatementsRows(pool: PostgresPool): PostgresPool {
  return poolWithTextQuery<PostgresPoolClient>(pool, (client, text, parameters) =>
    client.query(text, parameters).then((result) => {
      if (!Array.isArray(result)) return result;
      const results = result as PostgresQueryResult<unknown>[];
      const last = results.at(-1);
      return { ...last, rows: results.flatMap((each) => each.rows ?? []) };
    }),
  );
}

export function createDatabase(options: DatabaseOptions): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    application_name: options.applicationName ?? 'casino-server',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectionTimeoutMs,
    keepAlive: true,
    types: typeParsers,
  });
  let available = true;
  /** set by destroy(): connections being closed may still hear the server's own shutdown */
  let closing = false;
  const unavailable = (error: Error) => {
    if (!available || closing) return;
    available = false;
    options.onUnavailable?.(error);
  };
  // An idle connection that breaks is dropped by the pool, which reports it here.
  pool.on('error', unavailable);
  pool.on('connect', (client) => {
    // A connection that breaks while checked out fails its statement and is dropped on release
    // (it is no longer queryable); pg also emits 'error' on it, which without a listener would
    // be an uncaught exception that ends the process.
    client.on('error', unavailable);
    if (!available) {
      available = true;
      options.onAvailable?.();
    }
  });
  const preparing = everyStatementsRows(
    options.preparedStatements === false ? pool : autoPreparingPool(pool),
  );
  const reporting: PostgresPool = {
    async connect() {
      try {
        return await preparing.connect();
      } catch (error) {
        if (error instanceof Error && isDatabaseUnavailable(error)) unavailable(error);
        throw error;
      }
    },
    end: async () => {
      closing = true;
      await preparing.end();
    },
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: reporting }) });
}
