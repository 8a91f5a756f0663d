import { Writable } from 'node:stream';
import pino from 'pino';

/** A logger at `info` whose lines the test reads back, parsed, in `lines`. */
export function capturedLogger(): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: pino({ level: 'info' }, destination), lines };
}
