import { EventEmitter } from 'node:events';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/** Secrets that must never reach a log line, whatever gets logged later. */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'token',
  '*.token',
];

/** Drops properties holding live objects (a client, a socket) from a serialized error. */
function withoutLiveObjects(value: unknown, depth: number): void {
  if (typeof value !== 'object' || value === null || depth > 3) return;
  if (Array.isArray(value)) {
    for (const item of value) withoutLiveObjects(item, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, property] of Object.entries(record)) {
    if (property instanceof EventEmitter) delete record[key];
    else withoutLiveObjects(property, depth + 1);
  }
}

/**
 * pino's error serializer copies every property of an error; pg-pool attaches the whole
 * connection (`client`: socket, parser, queues) to the errors it reports, which made each such
 * line kilobytes long. Live objects are left out; message, code, stack and causes stay.
 */
export function serializeError(error: unknown): unknown {
  const serialized: unknown = pino.stdSerializers.err(error as Error);
  if (typeof serialized !== 'object' || serialized === null || serialized === error) {
    return serialized;
  }
  withoutLiveObjects(serialized, 0);
  return serialized;
}

/**
 * JSON lines in production and tests; readable colours only for a developer's terminal.
 * `destination` replaces standard output (tests read what would be printed).
 */
export function createLogger(
  config: Pick<Config, 'nodeEnv' | 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  if (destination) return pino(options, destination);
  if (config.nodeEnv === 'development' && process.stdout.isTTY) {
    options.transport = {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
    };
  }
  return pino(options);
}
