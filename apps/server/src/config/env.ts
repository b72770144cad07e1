import { isIP } from 'node:net';
import { FLAG_NAMES, RUNTIME_CONFIG_DEFAULTS, type RuntimeConfig } from '@cuepoint/core';
import { z } from 'zod';

/**
 * The server's configuration, read from the environment once at start-up (and nowhere else).
 * A bad value stops start-up with a message naming the variable and what it accepts.
 */

const flag = (name: string, fallback: 0 | 1) =>
  z
    .enum(['0', '1'], { error: `${name} accepts 0 or 1` })
    .default(String(fallback) as '0' | '1')
    .transform((v) => (v === '1' ? 1 : 0) as 0 | 1);

/** Comma-separated IP addresses and CIDR ranges (a prefix no longer than the family's). */
function isAddressList(value: string): boolean {
  const parts = value.split(',').map((part) => part.trim());
  return parts.every((part) => {
    const [address = '', prefix, ...rest] = part.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
}

const positiveInt = (name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v) && Number(v) > 0 && Number(v) <= max, {
      error: `${name} accepts a whole number from 1 to ${max}`,
    })
    .transform(Number);

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .refine(
      (v) => {
        if (v === undefined || v === '') return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { error: `${name} accepts a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    )
    .transform((v) => (v ? v : undefined));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flagShape = Object.fromEntries(
  FLAG_NAMES.map((name) => [name, flag(name, RUNTIME_CONFIG_DEFAULTS[name] as 0 | 1)]),
) as Record<(typeof FLAG_NAMES)[number], ReturnType<typeof flag>>;

export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'NODE_ENV accepts development, production or test',
    })
    .default('production'),
  /**
   * What this process serves: `all` (one process, the default), `edge` (the data plane: playback,
   * the built-in demo and health) or `api` (the console and the API). Scaled apart, they share
   * PostgreSQL and Redis.
   */
  ROLE: z.enum(['all', 'edge', 'api'], { error: 'ROLE accepts all, edge or api' }).default('all'),
  /**
   * Creative conditioning: MP4 ads transcoded into HLS (ffmpeg, through the job queue). `off`
   * skips MP4 ads (HLS ones still play) and queues nothing.
   */
  CONDITIONING: z.enum(['on', 'off'], { error: 'CONDITIONING accepts on or off' }).default('on'),
  /**
   * Where the data plane's events go: `database` (written in batches by each process) or `redis`
   * (batches into a Redis stream, REDIS_URL, written by a consumer group: events/redis-stream.ts).
   */
  EVENTS_BROKER: z
    .enum(['database', 'redis'], { error: 'EVENTS_BROKER accepts database or redis' })
    .default('database'),
  /** How often events and counters are written (ms). */
  EVENTS_FLUSH_MS: positiveInt('EVENTS_FLUSH_MS', 1_000, 60_000),
  /** Days raw data-plane events are kept (the per-minute counters: COUNTERS_RETENTION_DAYS). */
  EVENTS_RETENTION_DAYS: positiveInt('EVENTS_RETENTION_DAYS', 7, 3_650),
  COUNTERS_RETENTION_DAYS: positiveInt('COUNTERS_RETENTION_DAYS', 400, 3_650),
  /** The ffmpeg program (ffprobe is taken from beside it). */
  FFMPEG_PATH: z.string().min(1, { error: 'FFMPEG_PATH accepts a program name or path' }).default('ffmpeg'),
  PORT: positiveInt('PORT', 8080, 65_535),
  HOST: z.string().min(1, { error: 'HOST accepts a host name or address' }).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, { error: 'DATA_DIR accepts a directory path' }).default('./data'),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL accepts ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** pretty: one readable line per event; json: pino's JSON lines; auto: pretty on a terminal. */
  LOG_FORMAT: z
    .enum(['auto', 'pretty', 'json'], { error: 'LOG_FORMAT accepts auto, pretty or json' })
    .default('auto'),
  /**
   * Slow clients: the request headers must arrive within HEADERS_TIMEOUT_MS and the whole request
   * (body included) within REQUEST_TIMEOUT_MS, or the connection is answered 408 and closed. The
   * default leaves a 50 MB slate upload 5 minutes (about 1.4 Mbit/s).
   */
  HEADERS_TIMEOUT_MS: positiveInt('HEADERS_TIMEOUT_MS', 20_000),
  REQUEST_TIMEOUT_MS: positiveInt('REQUEST_TIMEOUT_MS', 300_000),
  /** Outbound mail: SMTP when set, else every message is written to DATA_DIR/outbox/. */
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: z
    .string()
    .min(3, { error: 'MAIL_FROM accepts an address like Cuepoint <no-reply@example.com>' })
    .default('Cuepoint <no-reply@cuepoint.local>'),
  /**
   * Key that seals secrets kept in the database (API tokens): 32 bytes as 64 hex characters. When
   * unset, one is generated on first start and kept in DATA_DIR/secret.key (never in the database).
   */
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: 'SECRET_KEY accepts 64 hexadecimal characters (32 bytes)' })
    .optional(),
  /** Origin used in links mailed to users; defaults to http://localhost:PORT. */
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
  /**
   * Behind a load balancer: 'true' (trust every hop), a hop count, or comma-separated addresses
   * and CIDR ranges of the proxies; the client address (rate limits, sign-in limits, audit) is
   * then taken from X-Forwarded-For. Default: no proxy is trusted.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => /^(true|false|\d+)$/.test(v.trim()) || isAddressList(v), {
      error: 'TRUST_PROXY accepts true, false, a hop count, or comma-separated proxy addresses/CIDR ranges',
    })
    .transform((v): boolean | number | string[] => {
      const value = v.trim();
      if (value === 'true' || value === 'false') return value === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((part) => part.trim());
    }),
  /**
   * Hosts the playback data plane fetches from whatever address they resolve to (a lab origin or
   * ad server on a private network): comma-separated `host` or `host:port`. The server's own
   * public host is always allowed; every other private address is refused.
   */
  PLAYBACK_ALLOW_HOSTS: z
    .string()
    .default('')
    .refine((v) => v.split(',').every((h) => /^[A-Za-z0-9.\-[\]:]*$/.test(h.trim())), {
      error: 'PLAYBACK_ALLOW_HOSTS accepts comma-separated host or host:port entries',
    })
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    ),
  /**
   * Viewer sessions one client address (an IPv6 /64) holds on one live stream or VOD asset: a
   * new one past it takes the place of that address's idlest session of the stream, never of one
   * still playing (then 503 with Retry-After). Generous: viewers behind one NAT share an address.
   */
  PLAYBACK_SESSIONS_PER_ADDRESS: positiveInt('PLAYBACK_SESSIONS_PER_ADDRESS', 100, 1_000_000),
  /**
   * Viewer sessions held at most: by this process in memory, or by all processes in Redis
   * (REDIS_URL); about 10 KiB each. A new one past it takes the place of the idlest, never of
   * one still playing.
   */
  PLAYBACK_MAX_SESSIONS: positiveInt('PLAYBACK_MAX_SESSIONS', 200_000, 100_000_000),
  /** Requests per minute per client address across all routes. */
  RATE_LIMIT_MAX: positiveInt('RATE_LIMIT_MAX', 600),
  /**
   * Ad decisions (/ads/vast, /ads/vmap) a minute per client address and stream or asset: the
   * public ad server's throttle (ads/routes.ts). Callers in ADS_TRUSTED_CALLERS are counted by
   * the viewer address they pass (`ip=`) instead.
   */
  ADS_DECISIONS_PER_MINUTE: positiveInt('ADS_DECISIONS_PER_MINUTE', 120, 1_000_000),
  /**
   * Addresses and CIDR ranges of the SSAIs that call the ad server for many viewers from one
   * address (MediaTailor's egress, say): comma-separated. Their calls are counted per viewer
   * address given in `ip=`, not per their own; a call of theirs without `ip=` is not throttled.
   */
  ADS_TRUSTED_CALLERS: z
    .string()
    .default('')
    .refine((v) => v.trim() === '' || isAddressList(v), {
      error: 'ADS_TRUSTED_CALLERS accepts comma-separated addresses and CIDR ranges',
    })
    .transform((v) =>
      v
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
  /** Largest request body accepted, in bytes (JSON; uploads have their own limits). */
  BODY_LIMIT: positiveInt('BODY_LIMIT', 1_048_576),
  /** Directory of the built console. */
  WEB_DIST: z.string().min(1).optional(),
  ...flagShape,
  BASE_URL: z.string().min(1, { error: 'BASE_URL accepts a URL or an absolute path' }).default('/api/'),
  MANUAL_URL: z.string().default(''),
  /**
   * Where players reach the data plane when it is served apart (ROLE=edge behind its own load
   * balancer or CDN): the playback URLs the console shows start with it. Unset: the console's
   * own origin (one process, or edges behind the same host).
   */
  PLAYBACK_URL: url('PLAYBACK_URL', ['http:', 'https:']),
  UI_TIMEOUT: positiveInt('UI_TIMEOUT', RUNTIME_CONFIG_DEFAULTS.UI_TIMEOUT),
  ALARMTIMEOUT: positiveInt('ALARMTIMEOUT', RUNTIME_CONFIG_DEFAULTS.ALARMTIMEOUT),
  /** How often the alarm rules are evaluated from the per-minute counters (alarms/evaluator.ts). */
  ALARM_EVALUATION_MS: positiveInt('ALARM_EVALUATION_MS', 60_000),
  /**
   * Billing (issue 19): the tax rate applied to invoices when they are issued, in percent (0 to
   * 100, at most 2 decimals: "20", "7.25"). Default 0.
   */
  BILLING_TAX_RATE_PERCENT: z
    .string()
    .default('0')
    .refine((v) => /^(\d{1,2}|100)(\.\d{1,2})?$/.test(v.trim()) && Number(v) <= 100, {
      error: 'BILLING_TAX_RATE_PERCENT accepts a percentage from 0 to 100 with at most 2 decimals',
    }),
  /**
   * Stripe (optional): with both set, invoices can be paid through Stripe and its webhook
   * (POST /api/billing/stripe/webhook) is verified with the signing secret.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError whose lines name each bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings count as unset, as in most twelve-factor tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      }),
    );
  }
  if (parsed.data.EVENTS_BROKER === 'redis' && parsed.data.REDIS_URL === undefined) {
    throw new ConfigError(['EVENTS_BROKER: redis needs REDIS_URL']);
  }
  return parsed.data;
}

/** The part of the configuration the console receives before its first render. */
export function runtimeConfigOf(env: Env): RuntimeConfig {
  return {
    PLAYOUT: env.PLAYOUT,
    ENCODER: env.ENCODER,
    APIDOC: env.APIDOC,
    MONITOR: env.MONITOR,
    MANUAL: env.MANUAL,
    NEWAPIDOCS: env.NEWAPIDOCS,
    SHOWPODS: env.SHOWPODS,
    REVIVE: env.REVIVE,
    BASE_URL: env.BASE_URL,
    MANUAL_URL: env.MANUAL_URL,
    UI_TIMEOUT: env.UI_TIMEOUT,
    ALARMTIMEOUT: env.ALARMTIMEOUT,
    // What start finds (ffmpeg) replaces this (app.ts); CONDITIONING=off says 0 at once.
    TRANSCODING: env.CONDITIONING === 'on' ? 1 : 0,
    PLAYBACK_URL: env.PLAYBACK_URL?.replace(/\/+$/, '') ?? '',
  };
}
