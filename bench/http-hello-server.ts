/**
 * The floor of profile.bench.ts: the least an HTTP server on this machine does per request.
 * `BARE_SERVER=fastify` (default) answers `GET /` with a small JSON object through a bare Fastify
 * (no logger, no hooks, no plugins); `BARE_SERVER=node` through Node's own `http` module. Run as
 * a child process; prints `{"port":…}` once listening and exits when its stdin closes.
 */
import { createServer } from 'node:http';
import Fastify from 'fastify';

const body = { status: 'ok' };
const announce = (port: number) => process.stdout.write(`${JSON.stringify({ port })}\n`);

if (process.env.BARE_SERVER === 'node') {
  const text = JSON.stringify(body);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(text);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    announce(typeof address === 'object' && address ? address.port : 0);
  });
} else {
  const app = Fastify({ logger: false });
  app.get('/', async () => body);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : 0);
}

process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
