/**
 * Idempotency-Key handling for every money-moving POST (ARCHITECTURE.md "Money and the ledger").
 *
 * Usage in a route (the `idempotency` plugin puts this on the app):
 *
 *   async (request, reply) =>
 *     app.idempotent(request, reply, async (transaction) => {
 *       const order = await wallet.createWithdrawal(transaction, …); // ledger calls take `transaction`
 *       return { statusCode: 201, body: order };
 *     })
 *
 * - The `Idempotency-Key` header is required (missing → 400 validation_error, field
 *   `Idempotency-Key`, `Validation.required`; longer than 255 characters → `Validation.invalid_value`).
 * - Keys are scoped to the caller (`player:<id>` or `operator:<id>`): two callers never collide.
 * - The request hash is SHA-256 over method, URL (path and query) and the body with its object
 *   keys sorted, so formatting and key order do not matter but any value does.
 * - In ONE database transaction (the opener's `Transactions.run`, retried on 40001/40P01): the key
 *   row is inserted first, the handler runs with that transaction, and its status and body are
 *   stored. A concurrent duplicate blocks on the key's unique index until the first commits and
 *   then replays it, so the handler never runs twice for one key.
 * - A replay with the same hash returns the stored status and body (header `Idempotent-Replayed:
 *   true`) without running the handler; the same key with a different hash → 409
 *   idempotency_key_reused.
 * - When the handler throws (e.g. insufficient_balance) the transaction rolls back, nothing is
 *   stored and the key may be used again: a failed request moved no money.
 */

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import { AppError } from './app-error.ts';
import type { Transactions } from './transactions.ts';

export const idempotencyKeyHeader = 'Idempotency-Key';
export const idempotentReplayedHeader = 'Idempotent-Replayed';
export const maxIdempotencyKeyLength = 255;

export interface IdempotentResponse<Body> {
  statusCode: number;
  body: Body;
}

export interface IdempotentOutcome<Body> extends IdempotentResponse<Body> {
  replayed: boolean;
}

/** JSON with object keys sorted at every level: the same value always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
}

export function requestHash(request: { method: string; url: string; body: unknown }): Buffer {
  return createHash('sha256')
    .update(`${request.method.toUpperCase()}\n${request.url}\n${canonicalJson(request.body)}`)
    .digest();
}

/** The header's value, or the validation error the API answers when it is missing or too long. */
export function readIdempotencyKey(request: FastifyRequest): string {
  const raw = request.headers[idempotencyKeyHeader.toLowerCase()];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.trim() === '') {
    throw fieldError('Validation.required');
  }
  if (key.length > maxIdempotencyKeyLength) {
    throw fieldError('Validation.invalid_value', { max: maxIdempotencyKeyLength });
  }
  return key;
}

function fieldError(message: string, params?: Record<string, number>): AppError {
  return new AppError('validation_error', {
    payload: { fields: [{ field: idempotencyKeyHeader, message, ...(params ? { params } : {}) }] },
  });
}

/** Who the key belongs to: the signed-in player or operator. */
export function idempotencyScope(request: FastifyRequest): string {
  if (request.player) return `player:${request.player.account.id}`;
  if (request.operator) return `operator:${request.operator.operator.id}`;
  throw new AppError('unauthorized');
}

export interface IdempotencyServiceDependencies {
  db: Kysely<Database>;
  /** the transaction opener (lib/transactions.ts) */
  transactions: Pick<Transactions, 'run'>;
}

export class IdempotencyService {
  private readonly db: Kysely<Database>;
  private readonly transactions: Pick<Transactions, 'run'>;

  constructor({ db, transactions }: IdempotencyServiceDependencies) {
    this.db = db;
    this.transactions = transactions;
  }

  /** Runs `handler` at most once per (scope, key); see the comment at the top of this file. */
  async run<Body>(
    request: { scope: string; key: string; hash: Buffer },
    handler: (transaction: Transaction<Database>) => Promise<IdempotentResponse<Body>>,
  ): Promise<IdempotentOutcome<Body>> {
    return await this.transactions.run(async (transaction) => {
      const claimed = await transaction
        .insertInto('idempotency_keys')
        .values({ scope: request.scope, key: request.key, request_hash: request.hash })
        .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) return await this.replay<Body>(transaction, request);

      const response = await handler(transaction);
      await transaction
        .updateTable('idempotency_keys')
        .set({
          status_code: response.statusCode,
          response_body: JSON.stringify(response.body ?? null),
        })
        .where('scope', '=', request.scope)
        .where('key', '=', request.key)
        .execute();
      return { ...response, replayed: false };
    });
  }

  private async replay<Body>(
    transaction: Transaction<Database>,
    request: { scope: string; key: string; hash: Buffer },
  ): Promise<IdempotentOutcome<Body>> {
    // The conflicting insert waited for the first request's commit, so its row is visible now.
    const stored = await transaction
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response_body'])
      .where('scope', '=', request.scope)
      .where('key', '=', request.key)
      .executeTakeFirst();
    if (!stored || stored.status_code === null) {
      throw new Error('an idempotency key conflicted but holds no stored response');
    }
    if (!stored.request_hash.equals(request.hash)) throw new AppError('idempotency_key_reused');
    return { statusCode: stored.status_code, body: stored.response_body as Body, replayed: true };
  }

  /** Forgets keys older than `before` (a retention job may call this); returns how many. */
  async purgeOlderThan(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
