/**
 * One raw WebSocket client of a bench (realtime, sport-fanout) speaking the Centrifugo JSON
 * protocol as the server expects it: it sends its handshake (connect and subscribe, in one frame)
 * once open, answers the server's pings (`{}`), is ready once the reply to the subscribe (id 2)
 * arrives, and from then on hands every frame to `onPush`. The promise settles when it is ready,
 * refused, disconnected or 15 s have passed.
 */
import WebSocket from 'ws';

/** the server's ping, an empty JSON object and its newline */
const pingLength = 2;
const subscribeTimeoutMs = 15_000;

export interface BenchClientHandlers {
  /** a frame after the client became ready */
  onPush: (data: Buffer) => void;
  /** the frame holding the subscribe reply (a publication may share it) */
  onSubscribed?: (text: string) => void;
  /** a close the bench did not ask for (`closing()` false) */
  onDisconnected: (error: Error) => void;
  closing: () => boolean;
}

/** Opens the client; it is added to `sockets` at once, so the bench can close it whatever happens. */
export function openBenchClient(
  url: string,
  handshake: string | null,
  sockets: WebSocket[],
  handlers: BenchClientHandlers,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    sockets.push(socket);
    let ready = false;
    const timer = setTimeout(
      () => reject(new Error(`no subscription within 15 s: ${url}`)),
      subscribeTimeoutMs,
    );
    const becomeReady = () => {
      ready = true;
      clearTimeout(timer);
      resolve();
    };
    socket.on('open', () => {
      if (handshake === null) becomeReady();
      else socket.send(handshake);
    });
    socket.on('message', (data: Buffer) => {
      if (data.length === pingLength) {
        socket.send('{}');
        return;
      }
      if (ready) {
        handlers.onPush(data);
        return;
      }
      const text = data.toString();
      if (text.includes('"error"')) {
        clearTimeout(timer);
        reject(new Error(`the server refused the subscription: ${text}`));
      } else if (/(^|\n)\{"id":2,/.test(text)) {
        becomeReady();
        handlers.onSubscribed?.(text);
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', (code, reason) => {
      if (handlers.closing()) return;
      clearTimeout(timer);
      const error = new Error(`a client was disconnected: ${code} ${reason.toString()}`);
      handlers.onDisconnected(error);
      reject(error);
    });
  });
}

/** Terminates every socket and waits until each has closed. */
export async function terminateSockets(sockets: readonly WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) {
            resolve();
            return;
          }
          socket.once('close', () => resolve());
          socket.terminate();
        }),
    ),
  );
}
