/**
 * What the data plane reads of the platform configuration in force (services/platform-config.ts
 * keeps it, app.ts hands it to the edge): the values, awaited (`current`) or as last read (`peek`),
 * and the two small rules both sides share. Here so that src/edge/ need not import src/services/.
 */
import type { PlatformConfigValues } from '@cuepoint/core';

/** The Redis key prefix before any is configured (the keys the server always wrote). */
export const DEFAULT_REDIS_KEY = 'cuepoint:';

/** A base URL without its trailing slashes; undefined when empty. */
export const baseOf = (value: string): string | undefined => value.trim().replace(/\/+$/, '') || undefined;

/** The configuration in force as the edge reads it (PlatformConfigService is one). */
export interface PlatformConfigReader {
  current(): Promise<{ values: PlatformConfigValues }>;
  peek(): PlatformConfigValues;
}
