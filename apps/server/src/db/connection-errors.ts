/** The Retry-After of a 503 for an unreachable database: about what a restarted server needs. */
export const databaseRetryAfterSeconds = 5;

/**
 * SQLSTATEs that say the server cannot serve this connection now, not that the statement was
 * wrong: class 08 (connection exception), a shutdown or a start in progress, no free connection.
 */
const unavailableSqlStates = new Set([
  '57P01', // admin_shutdown: the server is stopping (or a backend was terminated)
  '57P02', // crash_shutdown: another backend crashed and the server restarts
  '57P03', // cannot_connect_now: starting up, shutting down or recovering
  '53300', // too_many_connections
]);

/** Socket failures reaching the server (Node's `code`), whatever the database client is. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool report a lost or unobtainable connection with these messages and no
 * code (pg 8): the socket closed, the connect or pool-wait timeout passed, a client is used
 * after its connection failed, or the pool is being closed by shutdown.
 */
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function isUnavailableError(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    // class 08 but 08P01, a protocol violation: a bug, not an outage
    if (code.startsWith('08') && code.length === 5 && code !== '08P01') return true;
    if (unavailableSqlStates.has(code) || unavailableSocketCodes.has(code)) return true;
  }
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return unavailableMessages.some((known) => message.startsWith(known));
}

/**
 * True when `error` means PostgreSQL could not be reached or went away while serving the
 * statement: nothing about the request is wrong and the same request may succeed once the
 * database is back. A transaction cut off this way did not commit — or, if the connection broke
 * during COMMIT, may have: money-moving requests carry an Idempotency-Key, so repeating them is
 * safe either way. Looks through `cause` chains and the errors of an AggregateError (Node's
 * connect tries every address of a host name).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 16) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableError(current)) return true;
    if ('cause' in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}
