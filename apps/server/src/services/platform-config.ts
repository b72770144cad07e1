/**
 * The platform configuration the data plane runs with (core's platform-config.ts): the newest
 * stored version of this server's cluster, or the defaults derived from the environment when
 * none is stored (a fresh database keeps working).
 *
 * Read on the hot path through a small cache: a value is kept `ttlMs` (a few seconds, so a save
 * in another process reaches this one within that time) with one read in flight, and dropped at
 * once when this process saves (`invalidate`). A read that fails (database down) keeps the last
 * values known, so playback never fails on the configuration.
 *
 * What reads it:
 * - CDNBASE: `effectiveDelivery` (playback/delivery.ts), for accounts without a CDN of their own;
 * - ADHANDLER: the base of the built-in ad server's impression beacons (ads/ad-server.ts);
 * - redisKey: the prefix of the viewer-session keys in Redis (playback/sessions.ts).
 */
import {
  ADS_PATHS,
  DEFAULT_CLUSTER,
  PLATFORM_CONFIG_KEYS,
  type PlatformConfigValues,
  platformConfigValuesSchema,
} from '@cuepoint/core';
import type { DbOrTx } from '../db/client.ts';
import { baseOf, DEFAULT_REDIS_KEY } from '../lib/platform-config-reader.ts';
import { RefreshingValue } from '../lib/refreshing-cache.ts';
import { currentConfigVersion, type PlatformConfigVersionRow } from '../repositories/platform-config.ts';

/** How long a process keeps the configuration it read (other processes' saves reach it within this). */
export const PLATFORM_CONFIG_TTL_MS = 3_000;
export { baseOf, DEFAULT_REDIS_KEY };

/** The defaults, from the environment: the server's public URL is its own ad handler. */
export function platformConfigDefaults(env: { publicUrl: string; version: string }): PlatformConfigValues {
  const publicUrl = env.publicUrl.replace(/\/+$/, '');
  return {
    ADHANDLER: publicUrl,
    ADREPORTURL: ADS_PATHS.impression,
    AWSTOTFURL: '',
    OLTOTFURL: '',
    OLADHANDLER: '',
    CDNBASE: '',
    cuemana_in: '',
    nodepool: {},
    version: { server: env.version },
    redisKey: DEFAULT_REDIS_KEY,
    user_handler: {},
  };
}

/**
 * A stored version's values; a key missing or unreadable (stored before it existed) reads as its
 * default.
 */
export function valuesOfRow(
  row: PlatformConfigVersionRow,
  defaults: PlatformConfigValues,
): PlatformConfigValues {
  const stored = (row.values ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of PLATFORM_CONFIG_KEYS) {
    const one = platformConfigValuesSchema.shape[key].safeParse(stored[key]);
    out[key] = one.success ? one.data : defaults[key];
  }
  return out as PlatformConfigValues;
}

export interface CurrentPlatformConfig {
  version: number;
  values: PlatformConfigValues;
}

export interface PlatformConfigOptions {
  /** This server's cluster (the one the data plane reads). */
  cluster?: string;
  ttlMs?: number;
  now?: () => number;
}

export class PlatformConfigService {
  readonly cluster: string;
  /** The configuration in force, read again once `ttlMs` old (failed reads keep the last one). */
  private readonly cache: RefreshingValue<CurrentPlatformConfig>;

  constructor(
    private readonly db: DbOrTx,
    readonly defaults: PlatformConfigValues,
    options: PlatformConfigOptions = {},
  ) {
    this.cluster = options.cluster ?? DEFAULT_CLUSTER;
    this.cache = new RefreshingValue({
      load: () => this.read(this.db),
      initial: { version: 0, values: defaults },
      refreshMs: options.ttlMs ?? PLATFORM_CONFIG_TTL_MS,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** The configuration in force, read again once `ttlMs` old. */
  current(): Promise<CurrentPlatformConfig> {
    return this.cache.current();
  }

  /**
   * The last configuration read, without waiting (for synchronous callers); starts a read in the
   * background once it is `ttlMs` old.
   */
  peek(): PlatformConfigValues {
    return this.cache.peek().values;
  }

  /** Drops what is cached (this process just saved): the next use reads the database. */
  invalidate() {
    this.cache.invalidate();
  }

  /** Reads a cluster's configuration in force (no cache): version 0 is the defaults. */
  async read(db: DbOrTx, cluster: string = this.cluster): Promise<CurrentPlatformConfig> {
    const row = await currentConfigVersion(db, cluster);
    return row
      ? { version: row.version, values: valuesOfRow(row, this.defaults) }
      : { version: 0, values: this.defaults };
  }
}
