/**
 * Group commit for a stream of independent requests: while one batch is in flight, the items
 * submitted meanwhile queue up and leave together in the next one (in the order they were
 * submitted), so under load one round trip carries many items instead of one each, and an idle
 * item leaves at once, without waiting for a timer.
 *
 * `deliver` answers every item of a batch, in the batch's order, with its own result or failure;
 * a rejected `deliver` fails every item of that batch. Items with the same `keyOf` never share a
 * batch: a later one waits in the queue for the next batch (e.g. two rounds of one player,
 * whose second is computed from what the first leaves).
 *
 * When a batch is answered, the next one leaves first and the answered submitters go on a moment
 * later (the next turn of the event loop): what they do next would otherwise run before the next
 * batch reaches the wire, and under load the one batch in flight is what everything waits for.
 *
 * With `gatherTurn`, an item submitted while idle waits for the end of the event loop's turn, and
 * everything submitted in that turn leaves with it. For items that come in bursts, such as what
 * the submitters of another batch do once it is answered (each would otherwise send the first
 * item alone, and the rest one round trip later), where a moment's wait costs nothing.
 */
export class Batcher<Item, Result> {
  private queue: Array<{ item: Item; settle: (result: PromiseSettledResult<Result>) => void }> = [];
  private sending = false;
  private readonly maxItems: number;
  private readonly keyOf: ((item: Item) => string) | undefined;
  private readonly gatherTurn: boolean;

  constructor(
    private readonly deliver: (items: Item[]) => Promise<Array<PromiseSettledResult<Result>>>,
    options: { maxItems?: number; keyOf?: (item: Item) => string; gatherTurn?: boolean } = {},
  ) {
    this.maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
    if (!(this.maxItems >= 1)) throw new RangeError('a batch holds at least one item');
    this.keyOf = options.keyOf;
    this.gatherTurn = options.gatherTurn ?? false;
  }

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        item,
        settle: (result) =>
          result.status === 'fulfilled' ? resolve(result.value) : reject(result.reason),
      });
      if (this.sending) return;
      this.sending = true;
      if (this.gatherTurn) setImmediate(() => void this.drain());
      else void this.drain();
    });
  }

  private takeBatch() {
    const batch: typeof this.queue = [];
    const rest: typeof this.queue = [];
    const keys = new Set<string>();
    for (const entry of this.queue) {
      const key = this.keyOf?.(entry.item);
      if (batch.length >= this.maxItems || (key !== undefined && keys.has(key))) {
        rest.push(entry);
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(entry);
    }
    this.queue = rest;
    return batch;
  }

  /** Sends batches until the queue is empty; `sending` is set by the caller. */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.takeBatch();
        let results: Array<PromiseSettledResult<Result>>;
        try {
          results = await this.deliver(batch.map((entry) => entry.item));
          if (results.length !== batch.length) {
            throw new Error(`a batch of ${batch.length} was answered ${results.length} times`);
          }
        } catch (error) {
          const reason = error ?? new Error('the batch failed');
          results = batch.map(() => ({ status: 'rejected', reason }));
        }
        // settled once the next batch, taken below, is on its way
        setImmediate(() => {
          for (const [index, entry] of batch.entries()) {
            entry.settle(results[index] as PromiseSettledResult<Result>);
          }
        });
      }
    } finally {
      this.sending = false;
    }
  }
}
