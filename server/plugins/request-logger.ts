import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';

/** pino's numeric levels: a line is written when its level is at least the logger's `levelVal`. */
const LEVEL_VALUES = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type Level = keyof typeof LEVEL_VALUES;
type PinoLike = FastifyBaseLogger & { levelVal: number };

/**
 * The logger of one request (`request.log`, `reply.log`), made when its first line is written. Fastify gives
 * every request a child of the app's logger bound to its id; pino's child copies the parent's bindings and
 * runs them through the redaction, work that a request that writes nothing paid for nothing. At `info` (the
 * default) Fastify writes two lines for every request, so each still makes its child; at `warn` and above
 * (where the request lines are left to the proxy, and where bench/load.ts runs the app) almost no request
 * writes anything. Lines below the level are dropped here, as the child would; the first line at or above it
 * makes the child, with the same bindings and options, so what is written is exactly what the child would
 * have written.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: Level, args: unknown[]) {
    if (!this.made && LEVEL_VALUES[level] < this.parent.levelVal) return;
    const logger = this.logger();
    (logger[level] as (...a: unknown[]) => void).apply(logger, args);
  }

  get level() {
    return this.made ? this.made.level : this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  // Methods on the prototype, not fields: nothing is allocated per request but the object itself.
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory` for an app that gives Fastify no logger of its own (server/app.ts): each
 * request's logger is a child of the app's `root`, made on its first line. Fastify hands the factory its null
 * logger, which is not used. A route with its own level or serializers gets its child at once (none has them
 * today).
 */
export function requestLoggers(root: FastifyBaseLogger) {
  const parent = root as PinoLike;
  return (
    _fastifyLogger: FastifyBaseLogger,
    bindings: Bindings,
    options: ChildLoggerOptions,
  ): FastifyBaseLogger => {
    if (
      options.level !== undefined ||
      options.serializers !== undefined ||
      typeof parent.levelVal !== 'number'
    )
      return root.child(bindings, options);
    return new RequestLogger(parent, bindings, options);
  };
}

/** Whether the logger writes lines at `level` (Fastify's request lines are at info). */
export const writes = (logger: FastifyBaseLogger, level: Level) =>
  LEVEL_VALUES[level] >= (logger as PinoLike).levelVal;
