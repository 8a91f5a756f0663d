import pino, { type Logger, type LoggerOptions } from 'pino';
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

/** JSON lines in production and tests; readable colours only for a developer's terminal. */
export function createLogger(config: Pick<Config, 'nodeEnv' | 'logLevel'>): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
  };
  if (config.nodeEnv === 'development' && process.stdout.isTTY) {
    options.transport = {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
    };
  }
  return pino(options);
}
