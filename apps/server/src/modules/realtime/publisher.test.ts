import { describe, expect, it } from 'vitest';
import { NotificationBatcher } from './publisher.ts';

/** A deliver function whose calls stay pending until the test releases them. */
function gatedDeliver() {
  const calls: Array<{ payloads: string[]; release: (error?: Error) => void }> = [];
  const deliver = (payloads: string[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ payloads, release: (error) => (error ? reject(error) : resolve()) });
    });
  return { calls, deliver };
}

describe('NotificationBatcher', () => {
  it('sends at once when idle and batches whatever queues up meanwhile, in order', async () => {
    const { calls, deliver } = gatedDeliver();
    const batcher = new NotificationBatcher(deliver);
    const first = batcher.send(['a']);
    const second = batcher.send(['b', 'c']);
    const third = batcher.send(['d']);
    expect(calls.map((call) => call.payloads)).toEqual([['a']]);
    calls[0]?.release();
    await first;
    await Promise.resolve();
    expect(calls.map((call) => call.payloads)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]?.release();
    await Promise.all([second, third]);
    const fifth = batcher.send(['e']);
    expect(calls.map((call) => call.payloads)).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    calls[2]?.release();
    await fifth;
  });

  it('rejects every send of a failed batch and keeps serving the next ones', async () => {
    const { calls, deliver } = gatedDeliver();
    const batcher = new NotificationBatcher(deliver);
    const first = batcher.send(['a']);
    const second = batcher.send(['b']);
    const third = batcher.send(['c']);
    calls[0]?.release();
    await first;
    await Promise.resolve();
    calls[1]?.release(new Error('connection lost'));
    await expect(second).rejects.toThrow('connection lost');
    await expect(third).rejects.toThrow('connection lost');
    const fourth = batcher.send(['d']);
    expect(calls.at(-1)?.payloads).toEqual(['d']);
    calls.at(-1)?.release();
    await expect(fourth).resolves.toBeUndefined();
  });
});
