/**
 * The fan-out baseline of realtime.bench.ts and sport-fanout.bench.ts: the simplest broadcast
 * server `ws` allows. Every connection is a subscriber of the group its path names (`/`, or
 * `/<group>`), except those on /publish (or /publish/<group>), whose every message is sent as is
 * to every subscriber of that group. Run as a child process; prints `{"port":…}` once listening
 * and exits when its stdin closes (so it never outlives the bench).
 */
import { type WebSocket, WebSocketServer } from 'ws';

const groups = new Map<string, Set<WebSocket>>();

function group(path: string): Set<WebSocket> {
  let subscribers = groups.get(path);
  if (!subscribers) {
    subscribers = new Set();
    groups.set(path, subscribers);
  }
  return subscribers;
}

const server = new WebSocketServer({
  host: '127.0.0.1',
  port: 0,
  perMessageDeflate: false,
  clientTracking: false,
});

server.on('connection', (socket, request) => {
  const path = request.url ?? '/';
  if (path === '/publish' || path.startsWith('/publish/')) {
    const subscribers = group(path.slice('/publish'.length) || '/');
    socket.on('message', (data, isBinary) => {
      for (const subscriber of subscribers) subscriber.send(data, { binary: isBinary });
    });
    return;
  }
  const subscribers = group(path);
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
