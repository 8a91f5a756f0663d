/**
 * The fan-out baseline of realtime.bench.ts: the simplest broadcast server `ws` allows. Every
 * connection is a subscriber, except those on /publish, whose every message is sent as is to
 * every subscriber. Run as a child process; prints `{"port":…}` once listening and exits when
 * its stdin closes (so it never outlives the bench).
 */
import { type WebSocket, WebSocketServer } from 'ws';

const subscribers = new Set<WebSocket>();
const server = new WebSocketServer({
  host: '127.0.0.1',
  port: 0,
  perMessageDeflate: false,
  clientTracking: false,
});

server.on('connection', (socket, request) => {
  if (request.url === '/publish') {
    socket.on('message', (data, isBinary) => {
      for (const subscriber of subscribers) subscriber.send(data, { binary: isBinary });
    });
    return;
  }
  subscribers.add(socket);
  socket.on('close', () => subscribers.delete(socket));
  socket.on('error', () => subscribers.delete(socket));
});

server.on('listening', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
