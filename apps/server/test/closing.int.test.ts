import { type AddressInfo, connect, type Socket } from 'node:net';
import { expect, test } from 'vitest';
import { createTestApp } from './support/app.ts';

/** Everything the server sends on the socket until it closes it. */
function received(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
}

function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

test('a request arriving while the server drains gets 503 in the error body and a closed connection', async () => {
  const inFlight = signal();
  const draining = signal();
  const release = signal();
  const testApp = await createTestApp({
    configure: (app) => {
      // runs after the app's own preClose hook, which marks the server as draining
      app.addHook('preClose', async () => {
        draining.resolve();
      });
      app.get('/api/v1/test-slow', async () => {
        inFlight.resolve();
        await release.promise;
        return { done: true };
      });
    },
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = testApp.app.server.address() as AddressInfo;

  const socket = connect(port, '127.0.0.1');
  const answers = received(socket);
  socket.write('GET /api/v1/test-slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await inFlight.promise;
  const closed = testApp.close();
  await draining.promise;
  // the kept-alive connection is still busy, so it stays open: a next request arrives on it
  socket.write('GET /api/v1/languages?mode=1 HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await new Promise((resolve) => setImmediate(resolve));
  release.resolve();
  const raw = await answers;
  await closed;

  const responses = raw.split(/(?=HTTP\/1\.1 )/);
  expect(responses).toHaveLength(2);
  expect(responses[0]).toMatch(/^HTTP\/1\.1 200 /);
  const [head, body] = (responses[1] ?? '').split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 503 /);
  expect(head?.toLowerCase()).toContain('connection: close');
  expect(head?.toLowerCase()).toContain('retry-after: 5');
  expect(JSON.parse(body ?? '')).toMatchObject({
    detail: 'service_unavailable',
    key: expect.any(String),
    time: expect.any(String),
  });
});
