import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyPlugin from 'fastify-plugin';

/** An incoming id is reused only if it is a short token that is safe to log and echo. */
const safeRequestId = /^[A-Za-z0-9._-]{1,64}$/;

export const requestIdHeader = 'x-request-id';

/** Fastify's genReqId: the caller's X-Request-Id when it is safe, else a new UUID. */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[requestIdHeader];
  return typeof incoming === 'string' && safeRequestId.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id (also the error body's `key`) on every response. */
export default fastifyPlugin(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(requestIdHeader, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
