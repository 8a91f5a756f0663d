import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { createLogger } from './logger.ts';

function capturingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger({ nodeEnv: 'test', logLevel: 'info' }, destination), lines };
}

/** What pg-pool reports when an idle connection breaks: the error carries the whole client. */
function pgPoolError(): Error {
  const error = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
  });
  const client = Object.assign(new EventEmitter(), {
    connectionParameters: { user: 'postgres', database: 'casino', port: 5432 },
    connection: Object.assign(new EventEmitter(), {
      stream: new EventEmitter(),
      padding: 'x'.repeat(5_000),
    }),
    queryQueue: Array.from({ length: 50 }, (_, index) => ({ text: `SELECT ${index}` })),
  });
  return Object.assign(error, { client });
}

test('an error pg-pool attaches its client to is logged in one short line, code and stack kept', () => {
  const { logger, lines } = capturingLogger();
  logger.warn({ err: pgPoolError() }, 'idle database connection failed');
  expect(lines).toHaveLength(1);
  const line = lines[0] ?? '';
  expect(line.length).toBeLessThan(2_000);
  const logged = JSON.parse(line) as { err: Record<string, unknown> };
  expect(logged.err).toMatchObject({
    type: 'Error',
    message: 'terminating connection due to administrator command',
    code: '57P01',
    severity: 'FATAL',
  });
  expect(String(logged.err.stack)).toContain('terminating connection');
  expect(logged.err).not.toHaveProperty('client');
});

test('plain data on an error and its cause stay in the log line', () => {
  const { logger, lines } = capturingLogger();
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
  });
  const error = Object.assign(new Error('start failed', { cause }), { detail: { port: 5432 } });
  logger.error({ err: error }, 'start failed');
  const logged = JSON.parse(lines[0] ?? '{}') as { err: Record<string, unknown> };
  expect(logged.err.detail).toEqual({ port: 5432 });
  expect(String(logged.err.message)).toContain('ECONNREFUSED');
});
