import type { DatabaseExecutor } from '../../db/database.ts';
import { hasHistory } from './channels.ts';
import type { RealtimeRepository } from './realtime.repository.ts';

/** NOTIFY payloads stop at 8000 bytes; broadcasts have no history to fall back on. */
export const maxBroadcastBytes = 7_000;

/**
 * Publishes to a realtime channel inside the caller's transaction: the publication reaches
 * subscribers only if and when that transaction commits. Pass the transaction that makes the
 * change (given the pool, the publication is its own autocommit statement).
 */
export interface RealtimePublisher {
  publish(executor: DatabaseExecutor, channel: string, data: unknown): Promise<void>;
  /** Closes every connection of the user (globalId) when the transaction commits. */
  disconnectUser(executor: DatabaseExecutor, user: string): Promise<void>;
}

/** The built-in engine: history for user channels and a transactional NOTIFY for every process. */
export class BuiltinPublisher implements RealtimePublisher {
  constructor(
    private readonly repository: RealtimeRepository,
    private readonly historySize: number,
  ) {}

  async publish(executor: DatabaseExecutor, channel: string, data: unknown): Promise<void> {
    const json = JSON.stringify(data);
    const history = hasHistory(channel);
    if (!history && Buffer.byteLength(json) > maxBroadcastBytes) {
      throw new RangeError(`a broadcast publication is limited to ${maxBroadcastBytes} bytes`);
    }
    await this.repository.publish(executor, channel, json, history ? this.historySize : 0);
  }

  async disconnectUser(executor: DatabaseExecutor, user: string): Promise<void> {
    await this.repository.notifyDisconnect(executor, user);
  }
}

/** An external Centrifugo: the outbox row is sent to its HTTP API after commit. */
export class CentrifugoOutboxPublisher implements RealtimePublisher {
  constructor(private readonly repository: RealtimeRepository) {}

  async publish(executor: DatabaseExecutor, channel: string, data: unknown): Promise<void> {
    await this.repository.enqueue(executor, 'publish', JSON.stringify({ channel, data }));
  }

  async disconnectUser(executor: DatabaseExecutor, user: string): Promise<void> {
    // Centrifugo's own code for a forced disconnect without reconnect.
    const body = { user, disconnect: { code: 3503, reason: 'force disconnect' } };
    await this.repository.enqueue(executor, 'disconnect', JSON.stringify(body));
  }
}
