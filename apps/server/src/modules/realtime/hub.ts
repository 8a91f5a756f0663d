import { encodePublicationPush, type Publication } from './protocol.ts';

/** What the hub delivers to: a client connection. */
export interface Subscriber {
  /**
   * `frame` is the push as UTF-8 text, encoded once for all subscribers: a Buffer, so that no
   * connection encodes the string again on its way to the socket.
   */
  deliver(publication: Publication, frame: Buffer): void;
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
    const frame = Buffer.from(encodePublicationPush(publication));
    // A subscriber may unsubscribe itself while being delivered to (insufficient state).
    for (const subscriber of [...subscribers]) subscriber.deliver(publication, frame);
    return subscribers.size;
  }

  get channelCount(): number {
    return this.channels.size;
  }
}
