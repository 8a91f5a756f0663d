import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CorkedWrites } from './corked-writes.ts';

/** A stream that records each system-call-like write: one entry per `_write`/`_writev`. */
function recordingStream() {
  const batches: string[][] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      batches.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      batches.push(chunks.map(({ chunk }) => (chunk as Buffer).toString()));
      done();
    },
  });
  return { stream, batches };
}

const turnEnds = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('CorkedWrites', () => {
  it("sends a turn's writes to each stream in one batch, in order, once the turn ends", async () => {
    const writes = new CorkedWrites();
    const first = recordingStream();
    const second = recordingStream();
    writes.write(first.stream, Buffer.from('a'));
    writes.write(second.stream, Buffer.from('x'));
    writes.write(first.stream, Buffer.from('b'));
    writes.write(first.stream, Buffer.from('c'));
    expect(first.batches).toEqual([]);
    await turnEnds();
    expect(first.batches).toEqual([['a', 'b', 'c']]);
    expect(second.batches).toEqual([['x']]);
    expect(first.stream.writableCorked).toBe(0);

    // The next turn starts a new batch.
    writes.write(first.stream, Buffer.from('d'));
    await turnEnds();
    expect(first.batches).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('keeps the order with writes of others in the same turn (as ws sends a reply)', async () => {
    const writes = new CorkedWrites();
    const { stream, batches } = recordingStream();
    writes.write(stream, Buffer.from('push 1'));
    // ws writes a frame as cork, header, payload, uncork.
    stream.cork();
    stream.write(Buffer.from('reply header'));
    stream.write(Buffer.from('reply payload'));
    stream.uncork();
    writes.write(stream, Buffer.from('push 2'));
    await turnEnds();
    expect(batches).toEqual([['push 1', 'reply header', 'reply payload', 'push 2']]);
  });

  it("leaves a stream corked by someone else to them (ws's own frame in progress)", async () => {
    const writes = new CorkedWrites();
    const { stream, batches } = recordingStream();
    stream.cork();
    writes.write(stream, Buffer.from('push'));
    await turnEnds();
    expect(batches).toEqual([]);
    stream.uncork();
    await turnEnds();
    expect(batches).toEqual([['push']]);
  });
});
