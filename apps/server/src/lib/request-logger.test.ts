import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import { requestChildLogger } from './request-logger.ts';

/** A pino logger writing JSON lines into `lines`, and how many children it made. */
function recordingLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level },
    {
      write(line: string) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  let children = 0;
  const child = logger.child;
  // pino's children inherit the root's properties: only the root's own children are counted
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    if (this === logger) children += 1;
    return child.apply(this, args);
  } as typeof logger.child;
  return { logger, lines, children: () => children };
}

describe('requestChildLogger', () => {
  test('a request that logs nothing at the level makes no child', () => {
    const { logger, lines, children } = recordingLogger('warn');
    const log = requestChildLogger(logger, { reqId: 'r-1' }, {});
    log.info({ extra: 1 }, 'not written at warn');
    log.debug('nor this');
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  test('a line at an enabled level is the child’s: the request id bound, once made', () => {
    const { logger, lines, children } = recordingLogger('info');
    const log = requestChildLogger(logger, { reqId: 'r-2' }, {});
    log.info({ extra: 1 }, 'first');
    log.warn('second');
    log.error(new Error('third'));
    expect(children()).toBe(1);
    expect(lines.map((line) => [line.reqId, line.msg, line.level])).toEqual([
      ['r-2', 'first', 30],
      ['r-2', 'second', 40],
      ['r-2', 'third', 50],
    ]);
    expect(lines[0]?.extra).toBe(1);
  });

  test('its children and a level set on it carry the request id', () => {
    const { logger, lines } = recordingLogger('warn');
    const log = requestChildLogger(logger, { reqId: 'r-3' }, {});
    log.level = 'debug';
    log.debug('now written');
    log.child({ component: 'x' }).warn('from a child');
    expect(lines.map((line) => [line.reqId, line.component, line.msg])).toEqual([
      ['r-3', undefined, 'now written'],
      ['r-3', 'x', 'from a child'],
    ]);
    // the parent's level is untouched
    expect(logger.level).toBe('warn');
  });

  test('options of its own (a route’s log level) make the plain child at once', () => {
    const { logger, lines, children } = recordingLogger('warn');
    const log = requestChildLogger(logger, { reqId: 'r-4' }, { level: 'info' });
    expect(children()).toBe(1);
    log.info('written at the route’s level');
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['r-4', 'written at the route’s level'],
    ]);
  });

  test('Fastify takes it as the request logger: request.log writes with the request id', async () => {
    const { logger, lines } = recordingLogger('info');
    const app = Fastify({
      loggerInstance: logger,
      childLoggerFactory: requestChildLogger,
      disableRequestLogging: true,
      genReqId: () => 'req-5',
    });
    app.get('/', async (request) => {
      request.log.info('handled');
      return { ok: true };
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([['req-5', 'handled']]);
  });
});
