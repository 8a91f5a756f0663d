import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors.ts';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  test.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'a server shutting down',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server recovering', withCode('the database system is in recovery mode', '57P03')],
    ['a connection failure (class 08)', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a socket closed under a query', new Error('Connection terminated unexpectedly')],
    ['the connect timeout', new Error('Connection terminated due to connection timeout')],
    ['the pool-wait timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a client whose connection failed',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'a cause chain',
      new Error('the batch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    [
      'every address of a host name refusing',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ],
  ])('%s is an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a serialization failure (retried elsewhere)', withCode('could not serialize', '40001')],
    ['a protocol violation', withCode('protocol violation', '08P01')],
    ['a syntax error', withCode('syntax error at or near', '42601')],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  test('a cause cycle ends', () => {
    const error = new Error('outer') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
