import { describe, expect, test, vi } from 'vitest';
import { Batcher } from './batcher.ts';

type Answer = Array<PromiseSettledResult<string>>;

/** A deliver function whose calls stay pending until the test answers or fails them. */
function gatedDeliver<Item>() {
  const calls: Array<{
    items: Item[];
    answer: (results: Answer) => void;
    fail: (error: unknown) => void;
  }> = [];
  const deliver = vi.fn(
    (items: Item[]) =>
      new Promise<Answer>((resolve, reject) => {
        calls.push({ items, answer: resolve, fail: reject });
      }),
  );
  return { calls, deliver };
}

/** Every item answered with a fulfilled `ok:<item>`. */
const allOk = (items: readonly unknown[]): Answer =>
  items.map((item) => ({ status: 'fulfilled', value: `ok:${String(item)}` }));

/** Lets the batcher's continuations (settling a batch, sending the next one) run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Submits and attaches a handler at once, so a rejection is never reported as unhandled. */
function submitAll<Item>(batcher: Batcher<Item, string>, items: Item[]) {
  return Promise.allSettled(items.map((item) => batcher.submit(item)));
}

describe('Batcher', () => {
  test('sends an item submitted while idle at once, alone', async () => {
    const { calls, deliver } = gatedDeliver<string>();
    const batcher = new Batcher<string, string>(deliver);
    const result = batcher.submit('a');
    expect(calls.map((call) => call.items)).toEqual([['a']]);
    calls[0]?.answer(allOk(['a']));
    await expect(result).resolves.toBe('ok:a');
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  test('with gatherTurn, an idle batcher sends what the turn submitted, together', async () => {
    const { calls, deliver } = gatedDeliver<string>();
    const batcher = new Batcher<string, string>(deliver, { gatherTurn: true });
    const first = batcher.submit('a');
    const later = Promise.resolve().then(() => submitAll(batcher, ['b', 'c']));
    await Promise.resolve();
    expect(calls).toEqual([]);
    await flush();
    expect(calls.map((call) => call.items)).toEqual([['a', 'b', 'c']]);
    // while it flies, the queue behaves as without the option
    const next = batcher.submit('d');
    calls[0]?.answer(allOk(['a', 'b', 'c']));
    await expect(first).resolves.toBe('ok:a');
    expect((await later).map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(calls.map((call) => call.items)).toEqual([['a', 'b', 'c'], ['d']]);
    calls[1]?.answer(allOk(['d']));
    await expect(next).resolves.toBe('ok:d');
  });

  test('queues items submitted during a flight and sends them together, in order', async () => {
    const { calls, deliver } = gatedDeliver<string>();
    const batcher = new Batcher<string, string>(deliver);
    const first = batcher.submit('a');
    const rest = submitAll(batcher, ['b', 'c', 'd']);
    await flush();
    expect(calls.map((call) => call.items)).toEqual([['a']]);

    calls[0]?.answer(allOk(['a']));
    await expect(first).resolves.toBe('ok:a');
    await flush();
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b', 'c', 'd']]);

    calls[1]?.answer(allOk(['b', 'c', 'd']));
    expect(await rest).toEqual([
      { status: 'fulfilled', value: 'ok:b' },
      { status: 'fulfilled', value: 'ok:c' },
      { status: 'fulfilled', value: 'ok:d' },
    ]);

    // idle again: the next item leaves at once, alone
    const later = batcher.submit('e');
    expect(calls.at(-1)?.items).toEqual(['e']);
    calls.at(-1)?.answer(allOk(['e']));
    await expect(later).resolves.toBe('ok:e');
    expect(deliver).toHaveBeenCalledTimes(3);
  });

  test('hands each submitter its own result, fulfilled or rejected', async () => {
    const { calls, deliver } = gatedDeliver<string>();
    const batcher = new Batcher<string, string>(deliver);
    const first = batcher.submit('x');
    const queued = submitAll(batcher, ['a', 'b', 'c']);
    calls[0]?.answer(allOk(['x']));
    await first;
    await flush();
    const refused = new Error('b refused');
    calls[1]?.answer([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: refused },
      { status: 'fulfilled', value: 'C' },
    ]);
    const [a, b, c] = await queued;
    expect(a).toEqual({ status: 'fulfilled', value: 'A' });
    expect(b).toEqual({ status: 'rejected', reason: refused });
    expect(c).toEqual({ status: 'fulfilled', value: 'C' });
  });

  test('rejects every item of a failed batch and keeps serving afterwards', async () => {
    const { calls, deliver } = gatedDeliver<string>();
    const batcher = new Batcher<string, string>(deliver);
    const first = batcher.submit('a');
    const failing = submitAll(batcher, ['b', 'c']);
    calls[0]?.answer(allOk(['a']));
    await first;
    await flush();
    expect(calls[1]?.items).toEqual(['b', 'c']);
    const lost = new Error('connection lost');
    calls[1]?.fail(lost);
    expect(await failing).toEqual([
      { status: 'rejected', reason: lost },
      { status: 'rejected', reason: lost },
    ]);

    const after = batcher.submit('d');
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b', 'c'], ['d']]);
    calls[2]?.answer(allOk(['d']));
    await expect(after).resolves.toBe('ok:d');
  });

  test('rejects the items with an error even when deliver rejects with undefined', async () => {
    const { calls, deliver } = gatedDeliver<string>();
    const batcher = new Batcher<string, string>(deliver);
    const result = submitAll(batcher, ['a']);
    calls[0]?.fail(undefined);
    const [outcome] = await result;
    expect(outcome?.status).toBe('rejected');
    expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(Error);
  });

  test('sends the next batch on its way before the answered submitters go on', async () => {
    const { calls, deliver } = gatedDeliver<string>();
    const events: string[] = [];
    // as a database client does, the batch reaches the wire a few promise turns after the call
    const batcher = new Batcher<string, string>(async (items) => {
      events.push(`sent ${items.join(',')}`);
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
      events.push(`on the wire ${items.join(',')}`);
      return await deliver(items);
    });
    const first = batcher.submit('a').then((value) => events.push(`answered ${value}`));
    const second = batcher.submit('b').then((value) => events.push(`answered ${value}`));
    await flush();
    calls[0]?.answer(allOk(['a']));
    await first;
    expect(events).toEqual(['sent a', 'on the wire a', 'sent b', 'on the wire b', 'answered ok:a']);
    calls[1]?.answer(allOk(['b']));
    await second;
    expect(events.at(-1)).toBe('answered ok:b');
  });

  test('keeps items with the same key out of one batch, preserving their order', async () => {
    const { calls, deliver } = gatedDeliver<string>();
    const batcher = new Batcher<string, string>(deliver, { keyOf: (item) => item.charAt(0) });
    const first = batcher.submit('x0');
    const queued = submitAll(batcher, ['a1', 'b1', 'a2', 'c1', 'a3']);
    calls[0]?.answer(allOk(['x0']));
    await first;
    await flush();
    expect(calls[1]?.items).toEqual(['a1', 'b1', 'c1']);

    calls[1]?.answer(allOk(['a1', 'b1', 'c1']));
    await flush();
    expect(calls[2]?.items).toEqual(['a2']);

    calls[2]?.answer(allOk(['a2']));
    await flush();
    expect(calls[3]?.items).toEqual(['a3']);

    calls[3]?.answer(allOk(['a3']));
    expect((await queued).map((result) => result.status === 'fulfilled' && result.value)).toEqual([
      'ok:a1',
      'ok:b1',
      'ok:a2',
      'ok:c1',
      'ok:a3',
    ]);
    expect(calls).toHaveLength(4);
  });

  test('sends a1,b1,a2 as [a1,b1] then [a2]', async () => {
    const { calls, deliver } = gatedDeliver<{ player: string; round: number }>();
    const batcher = new Batcher<{ player: string; round: number }, string>(deliver, {
      keyOf: (item) => item.player,
    });
    const first = batcher.submit({ player: 'z', round: 0 });
    const queued = submitAll(batcher, [
      { player: 'a', round: 1 },
      { player: 'b', round: 1 },
      { player: 'a', round: 2 },
    ]);
    calls[0]?.answer(allOk([0]));
    await first;
    await flush();
    expect(calls[1]?.items).toEqual([
      { player: 'a', round: 1 },
      { player: 'b', round: 1 },
    ]);
    calls[1]?.answer(allOk(['a1', 'b1']));
    await flush();
    expect(calls[2]?.items).toEqual([{ player: 'a', round: 2 }]);
    calls[2]?.answer(allOk(['a2']));
    expect((await queued).map((result) => result.status === 'fulfilled' && result.value)).toEqual([
      'ok:a1',
      'ok:b1',
      'ok:a2',
    ]);
  });

  test('caps a batch at maxItems and sends the rest in following batches', async () => {
    const { calls, deliver } = gatedDeliver<number>();
    const batcher = new Batcher<number, string>(deliver, { maxItems: 2 });
    const first = batcher.submit(0);
    const queued = submitAll(batcher, [1, 2, 3, 4, 5]);
    calls[0]?.answer(allOk([0]));
    await first;
    for (const expected of [[1, 2], [3, 4], [5]]) {
      await flush();
      const call = calls.at(-1);
      expect(call?.items).toEqual(expected);
      call?.answer(allOk(expected));
    }
    expect((await queued).map((result) => result.status === 'fulfilled' && result.value)).toEqual([
      'ok:1',
      'ok:2',
      'ok:3',
      'ok:4',
      'ok:5',
    ]);
    expect(calls.map((call) => call.items)).toEqual([[0], [1, 2], [3, 4], [5]]);
  });

  test('fails the whole batch when deliver answers the wrong number of results', async () => {
    const { calls, deliver } = gatedDeliver<string>();
    const batcher = new Batcher<string, string>(deliver);
    const first = batcher.submit('x');
    const queued = submitAll(batcher, ['a', 'b', 'c']);
    calls[0]?.answer(allOk(['x']));
    await first;
    await flush();
    // one answer short: even the answered items must not be handed out
    calls[1]?.answer(allOk(['a', 'b']));
    const results = await queued;
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(Error);
      expect((result as PromiseRejectedResult).reason.message).toMatch(/batch of 3.*2 times/);
    }

    // too many answers fail too
    const alone = submitAll(batcher, ['d']);
    calls[2]?.answer(allOk(['d', 'e']));
    const [outcome] = await alone;
    expect(outcome?.status).toBe('rejected');

    // and the batcher still serves afterwards
    const after = batcher.submit('f');
    calls[3]?.answer(allOk(['f']));
    await expect(after).resolves.toBe('ok:f');
  });

  test('refuses a batch size below one item', () => {
    const deliver = async () => [];
    for (const maxItems of [0, -1, Number.NaN]) {
      expect(() => new Batcher<string, string>(deliver, { maxItems })).toThrow(RangeError);
    }
  });
});
