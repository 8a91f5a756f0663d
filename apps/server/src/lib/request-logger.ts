import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;

/** What the request's logger needs of its parent beyond Fastify's logger: pino's level check. */
type LevelCheckingLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

function checksLevels(logger: FastifyBaseLogger): logger is LevelCheckingLogger {
  return typeof (logger as Partial<LevelCheckingLogger>).isLevelEnabled === 'function';
}

/**
 * A request's logger (`request.log`): the parent's child with the request id bound, made the first
 * time the request logs at a level the parent writes. At the production level most requests
 * write nothing, and a pino child costs its bindings' serialisation and redaction set-up
 * (several µs) on every request. A line that is written is the child's, as before.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelCheckingLogger,
    private readonly bindings: Bindings,
  ) {}

  /** The real child logger, made on first use. */
  private get made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  private write(level: Level, args: LogArguments): void {
    const logger = this.#made ?? (this.parent.isLevelEnabled(level) ? this.made : undefined);
    logger?.[level](...args);
  }

  fatal(...args: LogArguments) {
    this.write('fatal', args);
  }
  error(...args: LogArguments) {
    this.write('error', args);
  }
  warn(...args: LogArguments) {
    this.write('warn', args);
  }
  info(...args: LogArguments) {
    this.write('info', args);
  }
  debug(...args: LogArguments) {
    this.write('debug', args);
  }
  trace(...args: LogArguments) {
    this.write('trace', args);
  }
  silent(..._args: LogArguments) {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.made.child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a `RequestLogger` (made on first use), or the plain child when
 * the route sets options of its own (a log level) or the logger cannot tell its levels apart.
 */
export function requestChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0 || !checksLevels(logger)) {
    return logger.child(bindings, options);
  }
  return new RequestLogger(logger, bindings);
}
