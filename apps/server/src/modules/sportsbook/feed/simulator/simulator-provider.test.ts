import { describe, expect, it } from 'vitest';
import type { FeedMessage } from '../feed-messages.ts';
import { MatchSimulator } from './match-simulator.ts';
import { SimulatorFeedProvider } from './simulator-provider.ts';

const now = Date.UTC(2026, 0, 1, 12);

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500 && !condition(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(condition()).toBe(true);
}

describe('SimulatorFeedProvider', () => {
  it('delivers the simulator messages in order, retries a failed one, and stops', async () => {
    let time = now;
    const errors: unknown[] = [];
    const provider = new SimulatorFeedProvider({
      seed: 'provider',
      sports: ['basketball'],
      horizonMs: 3_600_000,
      tickMs: 1,
      clock: () => time,
      onError: (error) => errors.push(error),
    });
    const delivered: FeedMessage[] = [];
    let failOnce = true;
    await provider.start(async (message) => {
      if (delivered.length === 3 && failOnce) {
        failOnce = false;
        throw new Error('ingestion down');
      }
      delivered.push(message);
    });
    await until(() => delivered.length > 10);
    time = now + 60_000;
    await until(() => delivered.some((message) => message.timestamp > now + 30_000));
    await provider.stop();
    const count = delivered.length;
    time = now + 120_000;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(delivered.length).toBe(count);
    expect(errors).toHaveLength(1);
    // exactly the simulator's stream: nothing lost or repeated by the failure
    const expected = new MatchSimulator({
      seed: 'provider',
      sports: ['basketball'],
      horizonMs: 3_600_000,
      now,
    });
    const reference = [...expected.advanceTo(now), ...expected.advanceTo(now + 60_000)];
    expect(delivered).toEqual(reference.slice(0, count));
  });
});
