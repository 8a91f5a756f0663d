import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { type EncodedPush, RealtimeHub, webSocketTextFrame } from './hub.ts';
import { encodePublicationPush, type Publication } from './protocol.ts';

/** ws's own framing (not in its type declarations): the reference the hub's frames must match. */
const { Sender } = ws as unknown as {
  Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean },
    ): Buffer[];
  };
};

function framedByWs(payload: Buffer): Buffer {
  return Buffer.concat(
    Sender.frame(payload, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false }),
  );
}

describe('webSocketTextFrame', () => {
  it('writes the header of each payload length class (7, 16 and 64 bits)', () => {
    expect([...webSocketTextFrame(Buffer.from('{}'))]).toEqual([0x81, 2, 0x7b, 0x7d]);
    expect([...webSocketTextFrame(Buffer.alloc(125)).subarray(0, 2)]).toEqual([0x81, 125]);
    expect([...webSocketTextFrame(Buffer.alloc(126)).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    expect([...webSocketTextFrame(Buffer.alloc(65_535)).subarray(0, 4)]).toEqual([
      0x81, 126, 0xff, 0xff,
    ]);
    expect([...webSocketTextFrame(Buffer.alloc(65_536)).subarray(0, 10)]).toEqual([
      0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0,
    ]);
  });

  it('is byte for byte what ws writes for a text message on a server connection', () => {
    const lengths = fc.oneof(
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 65_530, max: 65_540 }),
      fc.integer({ min: 0, max: 200_000 }),
    );
    fc.assert(
      fc.property(lengths, fc.integer({ min: 0, max: 255 }), (length, byte) => {
        const payload = Buffer.alloc(length, byte);
        expect(webSocketTextFrame(payload).equals(framedByWs(payload))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('RealtimeHub.deliver', () => {
  const publication: Publication = {
    channel: 'broadcast:last_bet',
    epoch: null,
    offset: null,
    data: '{"player":"Jo***n","payout":"25.00"}',
  };

  it('hands every subscriber of the channel the same push, encoded once', () => {
    const hub = new RealtimeHub();
    const received: EncodedPush[] = [];
    const subscriber = { deliver: (_: Publication, push: EncodedPush) => received.push(push) };
    const other = { deliver: (_: Publication, push: EncodedPush) => received.push(push) };
    hub.subscribe(publication.channel, subscriber);
    hub.subscribe(publication.channel, other);
    hub.subscribe('broadcast:elsewhere', { deliver: () => expect.unreachable() });

    expect(hub.deliver(publication)).toBe(2);
    expect(received).toHaveLength(2);
    expect(received[0]).toBe(received[1]);
    const push = received[0] as EncodedPush;
    expect(push.text.toString()).toBe(encodePublicationPush(publication));
    expect(push.frame.equals(framedByWs(push.text))).toBe(true);
  });

  it('lets a subscriber leave the channel while it is being delivered to', () => {
    const hub = new RealtimeHub();
    let calls = 0;
    const subscriber = {
      deliver: () => {
        calls += 1;
        hub.unsubscribe(publication.channel, subscriber);
      },
    };
    hub.subscribe(publication.channel, subscriber);
    hub.subscribe(publication.channel, { deliver: () => (calls += 1) });
    hub.deliver(publication);
    expect(calls).toBe(2);
    expect(hub.deliver(publication)).toBe(1);
  });
});
