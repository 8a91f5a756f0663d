import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Command,
  decodeFrame,
  encodeError,
  encodePublicationPush,
  encodeReply,
  encodeReplyWithPublications,
  encodeUnsubscribePush,
  type Method,
  ProtocolError,
  type Publication,
  parseConnect,
  parseHistory,
  parseRefresh,
  parseSubscribe,
  pingFrame,
  replyErrors,
} from './protocol.ts';

const methods: Method[] = [
  'connect',
  'subscribe',
  'unsubscribe',
  'refresh',
  'publish',
  'presence',
  'presence_stats',
  'history',
  'rpc',
  'send',
  'sub_refresh',
];

function protocolError(run: () => unknown): ProtocolError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    return error as ProtocolError;
  }
  throw new Error('expected a ProtocolError');
}

/** JSON values as they come back from JSON.parse (-0 is written as 0, so it never appears). */
function jsonValue(): fc.Arbitrary<unknown> {
  return fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);
}

describe('decodeFrame', () => {
  it('splits a frame into its newline-separated commands, in order', () => {
    const frame = [
      '{"id":1,"connect":{"token":"t","name":"js"}}',
      '{"id":2,"subscribe":{"channel":"balance#7"}}',
      '{"id":3,"subscribe":{"channel":"broadcast:last_bet","recover":true}}',
    ].join('\n');
    expect(decodeFrame(frame, 10)).toEqual([
      { kind: 'method', id: 1, method: 'connect', params: { token: 't', name: 'js' } },
      { kind: 'method', id: 2, method: 'subscribe', params: { channel: 'balance#7' } },
      {
        kind: 'method',
        id: 3,
        method: 'subscribe',
        params: { channel: 'broadcast:last_bet', recover: true },
      },
    ]);
  });

  it('skips blank lines and a trailing newline', () => {
    expect(decodeFrame('\n{"id":1,"connect":{}}\n\n  \n{}\n', 10)).toEqual([
      { kind: 'method', id: 1, method: 'connect', params: {} },
      { kind: 'pong' },
    ]);
  });

  it('reads `{}` as a pong', () => {
    expect(decodeFrame('{}', 1)).toEqual([{ kind: 'pong' }]);
    expect(decodeFrame('{"id":0}', 1)).toEqual([{ kind: 'pong' }]);
  });

  it('reads a method without id only for send', () => {
    expect(decodeFrame('{"send":{"data":{}}}', 1)).toEqual([
      { kind: 'method', id: 0, method: 'send', params: { data: {} } },
    ]);
    protocolError(() => decodeFrame('{"subscribe":{"channel":"a"}}', 1));
    protocolError(() => decodeFrame('{"id":0,"connect":{}}', 1));
  });

  it('refuses an unknown method and an empty command with an id, as Centrifugo does (3501)', () => {
    expect(protocolError(() => decodeFrame('{"id":2,"foo":{}}', 1)).message).toMatch(/method/);
    expect(protocolError(() => decodeFrame('{"id":9}', 1)).message).toMatch(/method/);
    // the rest of the frame is not run either
    protocolError(() => decodeFrame('{"id":1,"rpc":{}}\n{"id":2,"foo":{}}', 2));
  });

  it.each([
    ['malformed JSON', '{"id":1,"connect":'],
    ['a JSON array', '[{"id":1,"connect":{}}]'],
    ['a JSON number', '1'],
    ['a JSON string', '"connect"'],
    ['JSON null', 'null'],
    ['two methods in one command', '{"id":1,"connect":{},"subscribe":{"channel":"a"}}'],
    ['a negative id', '{"id":-1,"connect":{}}'],
    ['a fractional id', '{"id":1.5,"connect":{}}'],
    ['a string id', '{"id":"1","connect":{}}'],
    ['a null id', '{"id":null,"connect":{}}'],
    ['parameters that are an array', '{"id":1,"subscribe":["a"]}'],
    ['parameters that are a string', '{"id":1,"connect":"token"}'],
    ['parameters that are a number', '{"id":1,"history":5}'],
    ['a command without id that is not a pong', '{"foo":{}}'],
    ['an empty frame', ''],
    ['a frame of blank lines', '\n \n'],
    ['one bad line among good ones', '{"id":1,"connect":{}}\nnot json\n{"id":2,"rpc":{}}'],
  ])('refuses %s', (_, frame) => {
    protocolError(() => decodeFrame(frame, 10));
  });

  it('refuses a frame of more commands than the limit', () => {
    const commands = (count: number) =>
      Array.from({ length: count }, (_, index) => `{"id":${index + 1},"rpc":{}}`).join('\n');
    expect(decodeFrame(commands(4), 4)).toHaveLength(4);
    expect(protocolError(() => decodeFrame(commands(5), 4)).message).toMatch(/too many/);
  });

  it('decodes any list of valid commands joined by newlines, in order', () => {
    const json = jsonValue();
    const params = fc.dictionary(
      fc.string().filter((key) => key !== '__proto__'),
      json,
    );
    const command: fc.Arbitrary<{ line: string; expected: Command }> = fc.oneof(
      fc.constant({ line: '{}', expected: { kind: 'pong' } as Command }),
      fc
        .record({
          id: fc.integer({ min: 1, max: 2 ** 31 }),
          method: fc.constantFrom(...methods),
          params,
        })
        .map(({ id, method, params: values }) => ({
          line: JSON.stringify({ id, [method]: values }),
          expected: { kind: 'method', id, method, params: values } as Command,
        })),
    );
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 20 }), (commands) => {
        const frame = commands.map(({ line }) => line).join('\n');
        expect(decodeFrame(frame, 20)).toEqual(commands.map(({ expected }) => expected));
      }),
    );
  });
});

describe('parameter parsing', () => {
  it('keeps the known connect fields and drops unset ones', () => {
    expect(parseConnect({ token: 'abc', name: 'js', data: { x: 1 } })).toEqual({
      token: 'abc',
      name: 'js',
    });
    expect(parseConnect({ token: null })).toEqual({});
    protocolError(() => parseConnect({ token: 42 }));
  });

  it('requires a channel to subscribe and checks the types of the recovery fields', () => {
    expect(
      parseSubscribe({ channel: 'balance#1', recover: true, epoch: 'e', offset: 3, flag: 2 }),
    ).toEqual({ channel: 'balance#1', recover: true, epoch: 'e', offset: 3, flag: 2 });
    protocolError(() => parseSubscribe({}));
    protocolError(() => parseSubscribe({ channel: 1 }));
    protocolError(() => parseSubscribe({ channel: 'a', offset: -1 }));
    protocolError(() => parseSubscribe({ channel: 'a', offset: '3' }));
    protocolError(() => parseSubscribe({ channel: 'a', recover: 'yes' }));
  });

  it('requires a refresh token', () => {
    expect(parseRefresh({ token: 'abc' })).toEqual({ token: 'abc' });
    protocolError(() => parseRefresh({}));
    protocolError(() => parseRefresh({ token: '' }));
  });

  it('reads a history request with its position', () => {
    expect(
      parseHistory({ channel: 'balance#1', limit: 5, since: { offset: 2, epoch: 'e' } }),
    ).toEqual({ channel: 'balance#1', limit: 5, since: { offset: 2, epoch: 'e' } });
    expect(parseHistory({ channel: 'balance#1', reverse: true })).toEqual({
      channel: 'balance#1',
      reverse: true,
    });
    // Centrifugo reads a negative limit as "no limit"
    expect(parseHistory({ channel: 'balance#1', limit: -1 })).toEqual({
      channel: 'balance#1',
      limit: -1,
    });
    protocolError(() => parseHistory({ channel: 'balance#1', limit: 1.5 }));
    protocolError(() => parseHistory({ channel: 'balance#1', limit: '5' }));
    protocolError(() => parseHistory({ channel: 'balance#1', since: 3 }));
    protocolError(() => parseHistory({ channel: 'balance#1', since: { offset: 'x' } }));
  });
});

describe('encoding', () => {
  const withHistory: Publication = {
    channel: 'balance#7',
    epoch: 'abc',
    offset: 4,
    data: '{"total":"1.00"}',
  };
  const broadcast: Publication = {
    channel: 'broadcast:last_bet',
    epoch: null,
    offset: null,
    data: '[1,"two"]',
  };

  it('pushes a publication with its data embedded and its offset when it has one', () => {
    expect(JSON.parse(encodePublicationPush(withHistory))).toEqual({
      push: { channel: 'balance#7', pub: { data: { total: '1.00' }, offset: 4 } },
    });
    expect(JSON.parse(encodePublicationPush(broadcast))).toEqual({
      push: { channel: 'broadcast:last_bet', pub: { data: [1, 'two'] } },
    });
  });

  it('escapes the channel name', () => {
    const odd = { ...broadcast, channel: 'broadcast:"quoted"\n' };
    expect(JSON.parse(encodePublicationPush(odd)).push.channel).toBe('broadcast:"quoted"\n');
  });

  it('answers a command by its id and method', () => {
    expect(JSON.parse(encodeReply(3, 'subscribe', {}))).toEqual({ id: 3, subscribe: {} });
    expect(JSON.parse(encodeReply(1, 'connect', { client: 'c', ping: 25, pong: true }))).toEqual({
      id: 1,
      connect: { client: 'c', ping: 25, pong: true },
    });
  });

  it('lists publications in a reply with and without other fields', () => {
    expect(JSON.parse(encodeReplyWithPublications(5, 'history', {}, [withHistory]))).toEqual({
      id: 5,
      history: { publications: [{ data: { total: '1.00' }, offset: 4 }] },
    });
    expect(
      JSON.parse(
        encodeReplyWithPublications(6, 'subscribe', { epoch: 'abc', offset: 4, recovered: true }, [
          withHistory,
          { ...withHistory, offset: 5, data: '"text"' },
        ]),
      ),
    ).toEqual({
      id: 6,
      subscribe: {
        epoch: 'abc',
        offset: 4,
        recovered: true,
        publications: [
          { data: { total: '1.00' }, offset: 4 },
          { data: 'text', offset: 5 },
        ],
      },
    });
    expect(JSON.parse(encodeReplyWithPublications(7, 'history', { offset: 0 }, []))).toEqual({
      id: 7,
      history: { offset: 0, publications: [] },
    });
  });

  it('produces valid JSON for any result and publications', () => {
    const result = fc.dictionary(
      fc.string().filter((key) => key !== 'publications' && key !== '__proto__'),
      jsonValue(),
    );
    const publication = fc.record({
      offset: fc.option(fc.integer({ min: 1, max: 2 ** 40 })),
      data: jsonValue(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        result,
        fc.array(publication, { maxLength: 5 }),
        (id, fields, publications) => {
          const frame = encodeReplyWithPublications(
            id,
            'history',
            fields,
            publications.map(({ offset, data }) => ({
              channel: 'balance#1',
              epoch: 'e',
              offset,
              data: JSON.stringify(data),
            })),
          );
          const expectedPublications = publications.map(({ offset, data }) =>
            offset === null ? { data } : { data, offset },
          );
          expect(JSON.parse(frame)).toEqual({
            id,
            history: { ...JSON.parse(JSON.stringify(fields)), publications: expectedPublications },
          });
        },
      ),
    );
  });

  it('encodes errors, unsubscribe pushes and the ping', () => {
    expect(JSON.parse(encodeError(4, replyErrors.permissionDenied))).toEqual({
      id: 4,
      error: { code: 103, message: 'permission denied' },
    });
    expect(JSON.parse(encodeError(4, replyErrors.internal))).toEqual({
      id: 4,
      error: { code: 100, message: 'internal server error', temporary: true },
    });
    expect(JSON.parse(encodeUnsubscribePush('balance#1', 2500, 'insufficient state'))).toEqual({
      push: { channel: 'balance#1', unsubscribe: { code: 2500, reason: 'insufficient state' } },
    });
    expect(decodeFrame(pingFrame, 1)).toEqual([{ kind: 'pong' }]);
  });
});
