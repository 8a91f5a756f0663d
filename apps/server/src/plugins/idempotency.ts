import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Transaction } from 'kysely';
import pLimit from 'p-limit';
import type { Database } from '../db/database.ts';
import {
  type IdempotencyService,
  type IdempotentResponse,
  idempotencyScope,
  idempotentReplayedHeader,
  readIdempotencyKey,
  requestHash,
} from '../lib/idempotency.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Wraps a money-moving handler: `Idempotency-Key` required, the handler's work and the
     * stored response commit in one transaction, a replay answers the stored response
     * (lib/idempotency.ts). Call it after authentication (the key is scoped to the caller).
     */
    idempotent<Body>(
      request: FastifyRequest,
      reply: FastifyReply,
      handler: (transaction: Transaction<Database>) => Promise<IdempotentResponse<Body>>,
    ): Promise<Body>;
  }
}

/**
 * How many money-moving requests may hold a transaction at once in this process, for a pool of
 * `poolSize` connections. Such a transaction holds one pool connection and may briefly need a
 * second one (a profile or exchange-rate read) while it waits on a player's row lock; were every
 * connection taken by such transactions, they would wait on each other until the pool's timeout.
 * Keeping them below half the pool leaves a connection for every one of them and for the rest of
 * the traffic; the others queue here, in order. (4 for the default pool of 10.)
 */
export function maxConcurrentMoneyTransactions(poolSize: number): number {
  return Math.max(1, Math.ceil(poolSize / 2) - 1);
}

export default fastifyPlugin(
  async (app, options: { idempotency: IdempotencyService; poolSize: number }) => {
    const moneyTransactions = pLimit(maxConcurrentMoneyTransactions(options.poolSize));
    app.decorate(
      'idempotent',
      async <Body>(
        request: FastifyRequest,
        reply: FastifyReply,
        handler: (transaction: Transaction<Database>) => Promise<IdempotentResponse<Body>>,
      ): Promise<Body> => {
        const key = readIdempotencyKey(request);
        const scope = idempotencyScope(request);
        const hash = requestHash({ method: request.method, url: request.url, body: request.body });
        const outcome = await moneyTransactions(() =>
          options.idempotency.run({ scope, key, hash }, handler),
        );
        reply.code(outcome.statusCode);
        if (outcome.replayed) reply.header(idempotentReplayedHeader, 'true');
        return outcome.body;
      },
    );
  },
  { name: 'idempotency' },
);
