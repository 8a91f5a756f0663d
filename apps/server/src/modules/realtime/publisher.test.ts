import { describe, expect, it } from 'vitest';
import { NotificationBatcher, packNotifications, publicationNotification } from './publisher.ts';

/** A deliver function whose calls stay pending until the test releases them. */
function gatedDeliver() {
  const calls: Array<{ payloads: string[]; release: (error?: Error) => void }> = [];
  const deliver = (payloads: string[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ payloads, release: (error) => (error ? reject(error) : resolve()) });
    });
  return { calls, deliver };
}

/** The end of the current turn of the event loop. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('NotificationBatcher', () => {
  it("sends a turn's notifications together and batches whatever queues up meanwhile", async () => {
    const { calls, deliver } = gatedDeliver();
    const batcher = new NotificationBatcher(deliver);
    const first = batcher.send(['a']);
    // a later step of the same turn, as the rounds of one settlement go on
    const second = Promise.resolve().then(() => batcher.send(['b', 'c']));
    expect(calls).toEqual([]);
    await turn();
    expect(calls.map((call) => call.payloads)).toEqual([['a', 'b', 'c']]);
    const third = batcher.send(['d']);
    const fourth = batcher.send(['e']);
    calls[0]?.release();
    await Promise.all([first, second]);
    await turn();
    expect(calls.map((call) => call.payloads)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    calls[1]?.release();
    await Promise.all([third, fourth]);
    const fifth = batcher.send(['f']);
    await turn();
    expect(calls.map((call) => call.payloads)).toEqual([['a', 'b', 'c'], ['d', 'e'], ['f']]);
    calls[2]?.release();
    await fifth;
  });

  it('rejects every send of a failed batch and keeps serving the next ones', async () => {
    const { calls, deliver } = gatedDeliver();
    const batcher = new NotificationBatcher(deliver);
    const first = batcher.send(['a']);
    await turn();
    const second = batcher.send(['b']);
    const third = batcher.send(['c']);
    calls[0]?.release();
    await first;
    await turn();
    expect(calls.map((call) => call.payloads)).toEqual([['a'], ['b', 'c']]);
    calls[1]?.release(new Error('connection lost'));
    await expect(second).rejects.toThrow('connection lost');
    await expect(third).rejects.toThrow('connection lost');
    const fourth = batcher.send(['d']);
    await turn();
    expect(calls.at(-1)?.payloads).toEqual(['d']);
    calls.at(-1)?.release();
    await expect(fourth).resolves.toBeUndefined();
  });
});

describe('packNotifications', () => {
  const publication = (index: number, dataBytes = 100) =>
    publicationNotification(
      `balance#${index}`,
      { epoch: 'e', offset: index + 1 },
      JSON.stringify({ index, pad: 'x'.repeat(dataBytes) }),
    );
  const unpack = (packs: string[]) =>
    packs.flatMap((pack) => {
      const value = JSON.parse(pack) as unknown;
      return Array.isArray(value) ? value : [value];
    });

  it('packs publications in order into JSON arrays of at most 7999 bytes', () => {
    const payloads = Array.from({ length: 200 }, (_, index) => publication(index, 300));
    const packs = packNotifications(payloads);
    expect(packs.length).toBeGreaterThan(1);
    expect(packs.length).toBeLessThan(20);
    for (const pack of packs) expect(Buffer.byteLength(pack)).toBeLessThanOrEqual(7999);
    expect(unpack(packs)).toEqual(payloads.map((payload) => JSON.parse(payload)));
  });

  it('fills a pack to the byte, counting multi-byte characters as bytes', () => {
    const payload = JSON.stringify({ c: 'x', d: 'é'.repeat(1000) });
    const bytes = Buffer.byteLength(payload);
    // as many as fit in 7999 bytes with their brackets and commas, then a new pack
    const fit = Math.floor((7999 - 2 + 1) / (bytes + 1));
    const packs = packNotifications(Array.from({ length: fit + 1 }, () => payload));
    expect(packs).toHaveLength(2);
    expect(unpack(packs.slice(0, 1))).toHaveLength(fit);
    expect(Buffer.byteLength(packs[0] ?? '')).toBeLessThanOrEqual(7999);
  });

  it('sends one too big for an array of its own as it is, between the packs around it', () => {
    const big = JSON.stringify({ c: 'big', d: 'x'.repeat(7_990) });
    const packs = packNotifications([publication(1), big, publication(2)]);
    expect(packs).toHaveLength(3);
    expect(packs[1]).toBe(big);
    expect(unpack(packs).map((value) => (value as { c: string }).c)).toEqual([
      'balance#1',
      'big',
      'balance#2',
    ]);
  });

  it('sends nothing for nothing', () => {
    expect(packNotifications([])).toEqual([]);
  });
});
