import { encodePublicationPush, type Publication } from './protocol.ts';

/** A push encoded once for all the subscribers it goes to. */
export interface EncodedPush {
  /** the push as UTF-8 text (Centrifugo's JSON protocol) */
  readonly text: Buffer;
  /** the same text as one whole WebSocket frame, header included (see `webSocketTextFrame`) */
  readonly frame: Buffer;
}

/**
 * `payload` as one unmasked, unfragmented WebSocket text frame (RFC 6455 §5.2: FIN and opcode 1,
 * then the payload length in 7, 7+16 or 7+64 bits, then the payload): the bytes `ws` writes for
 * `send(payload)` on a server connection without compression. Built once per publication, so
 * that no connection frames it again (what `ws` does per `send`).
 */
export function webSocketTextFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** What the hub delivers to: a client connection. */
export interface Subscriber {
  deliver(publication: Publication, push: EncodedPush): void;
}

/**
 * This process's subscriptions: which connections listen on which channel. Publications arrive
 * from PostgreSQL notifications (every process receives every committed publication) and go
 * to the local subscribers of their channel, encoded once.
 */
export class RealtimeHub {
  private readonly channels = new Map<string, Set<Subscriber>>();

  subscribe(channel: string, subscriber: Subscriber): void {
    let subscribers = this.channels.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
    }
    subscribers.add(subscriber);
  }

  unsubscribe(channel: string, subscriber: Subscriber): void {
    const subscribers = this.channels.get(channel);
    if (!subscribers) return;
    subscribers.delete(subscriber);
    if (subscribers.size === 0) this.channels.delete(channel);
  }

  hasSubscribers(channel: string): boolean {
    return this.channels.has(channel);
  }

  /** Delivers to every local subscriber of the channel; returns how many got it. */
  deliver(publication: Publication): number {
    const subscribers = this.channels.get(publication.channel);
    if (!subscribers) return 0;
    const text = Buffer.from(encodePublicationPush(publication));
    const push: EncodedPush = { text, frame: webSocketTextFrame(text) };
    // A subscriber may unsubscribe itself while being delivered to (insufficient state).
    for (const subscriber of [...subscribers]) subscriber.deliver(publication, push);
    return subscribers.size;
  }

  get channelCount(): number {
    return this.channels.size;
  }
}
