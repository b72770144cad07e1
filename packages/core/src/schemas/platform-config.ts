/**
 * The platform's cluster configuration (spec section 7: `GET /config/get?cluster={cluster}`, which
 * "reads ADHANDLER, ADREPORTURL, AWSTOTFURL, OLTOTFURL, OLADHANDLER, CDNBASE, cuemana_in, nodepool
 * and version fields, redisKey, user_handler fields"), shown on the main administrator's
 * Configuration screen (`/configuration?tab=config`).
 *
 * Versioned: every save writes a new version (who, when, an optional note); the newest version of
 * a cluster is in force; a restore writes an earlier version's values as a new version. A cluster
 * with no version yet answers the server's defaults (from its environment) as version 0.
 *
 * What the data plane reads (apps/server/src/services/platform-config.ts): CDNBASE (segment URLs
 * of stitched playlists, for accounts without a CDN of their own), ADHANDLER (the base of the
 * built-in ad server's impression beacons) and redisKey (the prefix of the viewer-session keys
 * in Redis). The other values are kept, versioned and served to whoever reads the call.
 */
import { z } from 'zod';
import { versionSchema } from '../resources/list.ts';
import { configJsonSchema, maxChars, noteSchema, textSchema } from '../validation/field-schemas.ts';
import { NUMBER_MAX, REDIS_KEY_MAX_LENGTH, TEXT_LIMITS } from '../validation/limits.ts';
import { VALIDATION_MESSAGES as M, redisKeyTooLongMessage } from '../validation/messages.ts';
import { validateAdReportUrl, validateRedisKey, validateUrl } from '../validation/rules.ts';
import { ruleCheck } from '../validation/zod-checks.ts';

/** The cluster this server belongs to, and the one the console shows first. */
export const DEFAULT_CLUSTER = 'default';
/** A cluster's name: letters, digits, dot, dash and underscore, starting with a letter or digit. */
export const CLUSTER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
/** The longest cluster name the pattern allows. */
export const CLUSTER_NAME_MAX_LENGTH = 63;
/** How many versions the history lists at most (newest first); older ones stay readable by number. */
export const CONFIG_HISTORY_LIMIT = 200;

/** The keys of a configuration, in the spec's order (the form's and the diff's). */
export const PLATFORM_CONFIG_KEYS = [
  'ADHANDLER',
  'ADREPORTURL',
  'AWSTOTFURL',
  'OLTOTFURL',
  'OLADHANDLER',
  'CDNBASE',
  'cuemana_in',
  'nodepool',
  'version',
  'redisKey',
  'user_handler',
] as const;
export type PlatformConfigKey = (typeof PLATFORM_CONFIG_KEYS)[number];

/** The keys holding a base URL (empty: not set). */
export const PLATFORM_CONFIG_URL_KEYS = [
  'ADHANDLER',
  'AWSTOTFURL',
  'OLTOTFURL',
  'OLADHANDLER',
  'CDNBASE',
  'cuemana_in',
] as const satisfies readonly PlatformConfigKey[];
/** The keys holding a map of names to text (Config JSON; empty: `{}`). */
export const PLATFORM_CONFIG_MAP_KEYS = [
  'nodepool',
  'version',
  'user_handler',
] as const satisfies readonly PlatformConfigKey[];

/** The words of the screen and the server that the spec leaves unworded. */
export const PLATFORM_CONFIG_TEXTS = {
  onlyAdmin: 'Only a main administrator may read or change the platform configuration',
  invalidCluster: 'A cluster name has 1 to 63 letters, digits, dots, dashes or underscores',
  stale: 'The configuration was changed by someone else since it was read',
  versionNotFound: (version: number) => `Version ${version} of this configuration does not exist`,
  restoreCurrent: 'This version is already the one in force',
  labels: {
    ADHANDLER: 'Ad handler base URL',
    ADREPORTURL: 'Ad report URL',
    AWSTOTFURL: 'AWS transcode-on-the-fly URL',
    OLTOTFURL: 'On-premises transcode-on-the-fly URL',
    OLADHANDLER: 'On-premises ad handler URL',
    CDNBASE: 'CDN base URL',
    cuemana_in: 'Ingest URL (cuemana_in)',
    nodepool: 'Node pools',
    version: 'Component versions',
    redisKey: 'Redis key prefix',
    user_handler: 'User handler',
  } satisfies Record<PlatformConfigKey, string>,
  descriptions: {
    ADHANDLER:
      'Where players and beacons reach the built-in ad server: the impression beacons of its ads start with it. Empty: this server’s public URL.',
    ADREPORTURL: 'Where ad reports are sent: a URL, or a path on the ad handler starting with /.',
    AWSTOTFURL: 'The transcode-on-the-fly service in the cloud.',
    OLTOTFURL: 'The transcode-on-the-fly service on premises.',
    OLADHANDLER: 'The ad handler of on-premises deployments.',
    CDNBASE:
      'Segment URLs of stitched playlists (content, ads and slate) are served through it, for accounts without a CDN of their own. Empty: segments come from their origins.',
    cuemana_in: 'Where encoders and origins push their streams in.',
    nodepool: 'JSON: each role and the node pool that runs it, e.g. {"edge": "edge-pool"}.',
    version: 'JSON: each component and the version it runs, e.g. {"adhandler": "1.4.2"}.',
    redisKey:
      'The prefix of the keys the data plane writes in Redis (viewer sessions). Changing it starts a new key space: sessions other processes kept under the old prefix are not found there.',
    user_handler: 'JSON: the user handler’s settings, names and text values.',
  } satisfies Record<PlatformConfigKey, string>,
} as const;

/** A base URL, or empty for "not set". */
const optionalUrlSchema = textSchema({ error: M.invalidUrl })
  .trim()
  .check(
    maxChars(TEXT_LIMITS.url),
    ruleCheck((value: string) => (value === '' ? null : validateUrl(value))),
  );
/** Ad report URL: http(s), or a path starting with /, or empty. */
const optionalAdReportUrlSchema = textSchema({ error: M.adReportUrl })
  .trim()
  .check(
    maxChars(TEXT_LIMITS.url),
    ruleCheck((value: string) => (value === '' ? null : validateAdReportUrl(value))),
  );

/**
 * The Redis key prefix: required (core's redisKeySchema({ creating: true }) with the key present:
 * a configuration always has one), at most REDIS_KEY_MAX_LENGTH characters.
 */
const requiredRedisKeySchema = textSchema({ error: M.redisKeyRequired })
  .trim()
  .check(
    maxChars(REDIS_KEY_MAX_LENGTH, redisKeyTooLongMessage(REDIS_KEY_MAX_LENGTH)),
    ruleCheck((value: string) => validateRedisKey(value, { creating: true })),
  );

/** A configuration's values as stored and answered (maps as objects). */
export const platformConfigValuesSchema = z.object({
  ADHANDLER: z.string(),
  ADREPORTURL: z.string(),
  AWSTOTFURL: z.string(),
  OLTOTFURL: z.string(),
  OLADHANDLER: z.string(),
  CDNBASE: z.string(),
  cuemana_in: z.string(),
  nodepool: z.record(z.string(), z.string()),
  version: z.record(z.string(), z.string()),
  redisKey: z.string(),
  user_handler: z.record(z.string(), z.string()),
});
export type PlatformConfigValues = z.infer<typeof platformConfigValuesSchema>;

/**
 * The values of a save, with the spec's rules: URLs ('Invalid URL'), the ad report URL ('The value
 * must be a valid URL or start with a forward slash'), the maps as Config JSON text or objects
 * ('Set default as {}' when missing or empty, then the Config JSON message), the Redis key
 * ('Redis Key is required while creating redis', at most 255 characters).
 */
export const platformConfigInputSchema = z.object({
  ADHANDLER: optionalUrlSchema,
  ADREPORTURL: optionalAdReportUrlSchema,
  AWSTOTFURL: optionalUrlSchema,
  OLTOTFURL: optionalUrlSchema,
  OLADHANDLER: optionalUrlSchema,
  CDNBASE: optionalUrlSchema,
  cuemana_in: optionalUrlSchema,
  nodepool: configJsonSchema,
  version: configJsonSchema,
  redisKey: requiredRedisKeySchema,
  user_handler: configJsonSchema,
});
export type PlatformConfigInput = z.input<typeof platformConfigInputSchema>;

export const clusterNameSchema = textSchema({ error: PLATFORM_CONFIG_TEXTS.invalidCluster })
  .check(maxChars(CLUSTER_NAME_MAX_LENGTH, PLATFORM_CONFIG_TEXTS.invalidCluster))
  .regex(CLUSTER_NAME_PATTERN, { error: PLATFORM_CONFIG_TEXTS.invalidCluster });

/** `?cluster=` (the server's own cluster when left out). */
export const platformConfigQuerySchema = z.object({ cluster: clusterNameSchema.default(DEFAULT_CLUSTER) });

/** A version's number in a path (`config/versions/:version`; 0: the defaults). */
export const platformConfigVersionParamsSchema = z.object({
  version: z.coerce
    .number({ error: 'version is required' })
    .int({ error: 'version is required' })
    .nonnegative({ error: 'version is required' })
    // Versions are integer columns: a larger number is no version (not a database error).
    .max(NUMBER_MAX, { error: 'version is required' }),
});

/** `GET config/compare?cluster=&from=&to=`: two versions (0: the defaults). */
export const platformConfigCompareQuerySchema = platformConfigQuerySchema.extend({
  from: z.coerce
    .number({ error: 'from is required' })
    .int({ error: 'from is required' })
    .nonnegative({ error: 'from is required' })
    .max(NUMBER_MAX, { error: 'from is required' }),
  to: z.coerce
    .number({ error: 'to is required' })
    .int({ error: 'to is required' })
    .nonnegative({ error: 'to is required' })
    .max(NUMBER_MAX, { error: 'to is required' }),
});

/** `PUT config/save`: the new values, the version they were read at (0: the defaults), a note. */
export const platformConfigSaveSchema = z.object({
  cluster: clusterNameSchema.default(DEFAULT_CLUSTER),
  version: z
    .int({ error: 'version is required' })
    .nonnegative({ error: 'version is required' })
    .max(NUMBER_MAX, { error: 'version is required' }),
  values: platformConfigInputSchema,
  note: noteSchema.optional(),
});
export type PlatformConfigSave = z.input<typeof platformConfigSaveSchema>;

/** `POST config/restore`: the version to restore, the version in force when read, a note. */
export const platformConfigRestoreSchema = z.object({
  cluster: clusterNameSchema.default(DEFAULT_CLUSTER),
  version: z
    .int({ error: 'version is required' })
    .nonnegative({ error: 'version is required' })
    .max(NUMBER_MAX, { error: 'version is required' }),
  restore: versionSchema,
  note: noteSchema.optional(),
});
export type PlatformConfigRestore = z.input<typeof platformConfigRestoreSchema>;

/** Who made a version (none for the defaults; the email kept when the user is gone). */
const changedBySchema = z.object({ _id: z.string().nullable(), email: z.string().nullable() }).nullable();

/** One version's facts, without its values (the history list). */
export const platformConfigVersionInfoSchema = z.object({
  cluster: z.string(),
  version: z.number().int().nonnegative(),
  changedBy: changedBySchema,
  note: z.string().nullable(),
  restoredFrom: z.number().int().positive().nullable(),
  createdAt: z.iso.datetime().nullable(),
});
export type PlatformConfigVersionInfo = z.infer<typeof platformConfigVersionInfoSchema>;

/** A version with its values; `GET config/get` answers the one in force (version 0: the defaults). */
export const platformConfigSchema = platformConfigVersionInfoSchema.extend({
  values: platformConfigValuesSchema,
  /** What the server uses when nothing is stored (from its environment). */
  defaults: platformConfigValuesSchema,
});
export type PlatformConfig = z.infer<typeof platformConfigSchema>;

export const platformConfigHistorySchema = z.object({
  cluster: z.string(),
  current: z.number().int().nonnegative(),
  /** Newest first, at most CONFIG_HISTORY_LIMIT. */
  versions: z.array(platformConfigVersionInfoSchema),
  total: z.number().int().nonnegative(),
});
export type PlatformConfigHistory = z.infer<typeof platformConfigHistorySchema>;

/** One key that differs between two versions. */
export const platformConfigChangeSchema = z.object({
  key: z.enum(PLATFORM_CONFIG_KEYS),
  from: z.unknown(),
  to: z.unknown(),
});
export type PlatformConfigChange = z.infer<typeof platformConfigChangeSchema>;

export const platformConfigCompareSchema = z.object({
  cluster: z.string(),
  from: platformConfigSchema,
  to: platformConfigSchema,
  changes: z.array(platformConfigChangeSchema),
});
export type PlatformConfigCompare = z.infer<typeof platformConfigCompareSchema>;

/** Canonical JSON (sorted object keys): equal values write the same text. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );

/** The keys whose values differ, in PLATFORM_CONFIG_KEYS order (console and server alike). */
export function diffPlatformConfig(
  from: PlatformConfigValues,
  to: PlatformConfigValues,
): PlatformConfigChange[] {
  return PLATFORM_CONFIG_KEYS.filter((key) => canonical(from[key]) !== canonical(to[key])).map((key) => ({
    key,
    from: from[key],
    to: to[key],
  }));
}

/** A map value as the form's JSON text, and back (the schema has checked the text). */
export const configMapText = (map: Record<string, string>) => JSON.stringify(map, null, 2);
export const configMapOf = (value: string | Record<string, unknown>): Record<string, string> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string>;
