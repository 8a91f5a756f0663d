import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Transaction } from 'kysely';
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

export default fastifyPlugin(
  async (app, options: { idempotency: IdempotencyService }) => {
    app.decorate(
      'idempotent',
      async <Body>(
        request: FastifyRequest,
        reply: FastifyReply,
        handler: (transaction: Transaction<Database>) => Promise<IdempotentResponse<Body>>,
      ): Promise<Body> => {
        const key = readIdempotencyKey(request);
        const scope = idempotencyScope(request);
        const outcome = await options.idempotency.run(
          {
            scope,
            key,
            hash: requestHash({ method: request.method, url: request.url, body: request.body }),
          },
          handler,
        );
        reply.code(outcome.statusCode);
        if (outcome.replayed) reply.header(idempotentReplayedHeader, 'true');
        return outcome.body;
      },
    );
  },
  { name: 'idempotency' },
);
