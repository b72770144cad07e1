import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  type Bindings,
  type ChildLoggerOptions,
  type Level,
  type LogFn,
  type Logger,
  stdSerializers,
} from 'pino';

/**
 * What the server writes to its log, and what it never writes: secrets. Every log line goes
 * through these serializers and redaction paths, so a token in a URL, a password hash in a failed
 * query's parameters or an Authorization header cannot reach the log, whoever logs what.
 */

export const REDACTED = '[REDACTED]';

/** Query parameters whose values are secrets (mailed reset/activation links carry `token`). */
const SECRET_QUERY_KEY = /token|key|secret|pass|signature|sig|auth|code|email/i;

/** The URL with the values of secret-bearing query parameters replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_QUERY_KEY.test(key)) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, mark)}?${params.toString()}` : url;
}

/**
 * Drizzle's failed-query error carries the query's parameters (a new user's password hash, a
 * sealed token) in its `params`, its message and its stack: all three are cut.
 */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

function redactError(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object' || depth > 4) return err;
  const out: Record<string, unknown> = { ...(err as Record<string, unknown>) };
  if ('params' in out) out.params = REDACTED;
  if ('parameters' in out) out.parameters = REDACTED;
  for (const field of ['message', 'stack'] as const) {
    if (typeof out[field] === 'string')
      out[field] = (out[field] as string).replace(PARAMS_IN_TEXT, `\nparams: ${REDACTED}`);
  }
  if (out.cause) out.cause = redactError(out.cause, depth + 1);
  return out;
}

export const logSerializers = {
  err: (err: Error) => redactError(stdSerializers.err(err)),
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    remoteAddress: req.ip,
  }),
  res: (res: FastifyReply) => ({ statusCode: res.statusCode }),
};

/** Paths pino blanks wherever they appear in a logged object. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'links',
  '*.links',
  'params',
  '*.params',
];

export interface LoggerChoice {
  level: string;
  /** Readable single lines (a person at a terminal) or JSON lines (a log collector). */
  pretty: boolean;
  /** Where JSON lines go (tests); pretty output always goes to stdout. */
  stream?: NodeJS.WritableStream;
}

/** Fastify's `logger` option for these choices. */
export function loggerOptions(choice: LoggerChoice): FastifyServerOptions['logger'] {
  return {
    level: choice.level,
    serializers: logSerializers,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    ...(choice.stream ? { stream: choice.stream } : {}),
    ...(choice.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            // The request line's message says it all: its structured fields stay in JSON only.
            options: {
              translateTime: 'HH:MM:ss',
              ignore: 'pid,hostname,req,res,responseTime',
              singleLine: true,
            },
          },
        }
      : {}),
  } as FastifyServerOptions['logger'];
}

/**
 * One line per request, when its answer is sent: method, URL (secrets cut), status and time,
 * readable as the message and structured in the fields. Fastify's own pair of lines (incoming,
 * completed) is replaced.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    // The line is not even built when its level is off (LOG_LEVEL=warn under load).
    if (!error && (reply.log as Partial<Logger>).isLevelEnabled?.('info') === false) return;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const message = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${responseTime} ms`;
    const fields = { req: request, res: reply, responseTime };
    if (error) reply.log.error({ ...fields, err: error }, message);
    else reply.log.info(fields, message);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request's logger, made only when the request logs at a level
 * that is on. Fastify's default makes a pino child per request (its request id bound, and pino's
 * redaction run over the binding): about 2% of an authenticated read, for the few requests that
 * log anything under LOG_LEVEL=warn. A route with its own log level gets its child at once.
 */
export function requestLoggerFactory(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const pino = parent as Partial<Logger>;
  if (options.level !== undefined || typeof pino.isLevelEnabled !== 'function') {
    return parent.child(bindings, options);
  }
  return new RequestLogger(parent as Logger, bindings) as unknown as FastifyBaseLogger;
}

class RequestLogger {
  #made: Logger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): Logger {
    this.#made ??= this.#parent.child(this.#bindings);
    return this.#made;
  }

  get level(): string {
    return (this.#made ?? this.#parent).level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#made ?? this.#parent).isLevelEnabled(level);
  }
  bindings(): Bindings {
    return this.#logger().bindings();
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.#logger().child(bindings, options);
  }
  silent(): void {}
  #log(level: Level, args: Parameters<LogFn>): void {
    if (this.isLevelEnabled(level)) this.#logger()[level](...args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.#log('trace', args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.#log('debug', args);
  }
  info(...args: Parameters<LogFn>): void {
    this.#log('info', args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.#log('warn', args);
  }
  error(...args: Parameters<LogFn>): void {
    this.#log('error', args);
  }
  fatal(...args: Parameters<LogFn>): void {
    this.#log('fatal', args);
  }
}

/** `LOG_FORMAT=auto` is pretty on a terminal, JSON otherwise (piped to a file or a collector). */
export const wantsPretty = (format: 'auto' | 'pretty' | 'json', isTTY: boolean | undefined) =>
  format === 'pretty' || (format === 'auto' && isTTY === true);
