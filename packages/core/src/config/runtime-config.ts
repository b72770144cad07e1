import { z } from 'zod';

/**
 * Runtime configuration flags of spec section 3 (and ALARMTIMEOUT of section 7).
 * The server reads them from the environment once at start-up and hands them to the console
 * before its first render (`/app/runtime-config.js`), so an operator changes them without a rebuild.
 *
 * Flags are 0 or 1, as the spec writes them ("monitor flag=1").
 */
export const FLAG_NAMES = [
  'PLAYOUT',
  'ENCODER',
  'APIDOC',
  'MONITOR',
  'MANUAL',
  'NEWAPIDOCS',
  'SHOWPODS',
  'REVIVE',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/** Documented defaults: every optional area on, the external manual and Revive integration off. */
export const RUNTIME_CONFIG_DEFAULTS = {
  PLAYOUT: 1,
  ENCODER: 1,
  APIDOC: 1,
  MONITOR: 1,
  MANUAL: 0,
  NEWAPIDOCS: 1,
  SHOWPODS: 1,
  REVIVE: 0,
  /** The main API client's base URL (the spec's BASE_URL). */
  BASE_URL: '/api/',
  /** Where the Manual sidebar entry points when MANUAL is 1. */
  MANUAL_URL: '',
  /** Request time-out of the console's API clients, in milliseconds. */
  UI_TIMEOUT: 30_000,
  /** Alarm polling interval, in milliseconds (spec section 7: 30 s). */
  ALARMTIMEOUT: 30_000,
  /**
   * Whether the server conditions MP4 ad creatives (ffmpeg found and CONDITIONING on): not an
   * operator's flag but what the server found at start; the console says when MP4 ads are skipped.
   */
  TRANSCODING: 1,
  /**
   * Where players reach the data plane (PLAYBACK_URL: the edges' load balancer or CDN, when the
   * console's process does not serve playback); empty: the console's own origin.
   */
  PLAYBACK_URL: '',
} as const;

const flag = z.union([z.literal(0), z.literal(1)]);

export const runtimeConfigSchema = z.object({
  PLAYOUT: flag,
  ENCODER: flag,
  APIDOC: flag,
  MONITOR: flag,
  MANUAL: flag,
  NEWAPIDOCS: flag,
  SHOWPODS: flag,
  REVIVE: flag,
  BASE_URL: z.string().min(1),
  MANUAL_URL: z.string(),
  UI_TIMEOUT: z.number().int().positive(),
  ALARMTIMEOUT: z.number().int().positive(),
  TRANSCODING: flag.default(1),
  PLAYBACK_URL: z.string().default(''),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** The global the console reads; written by `/app/runtime-config.js`. */
export const RUNTIME_CONFIG_GLOBAL = '__CUEPOINT_CONFIG__';
/** Path of the runtime config script below the console's base. */
export const RUNTIME_CONFIG_PATH = 'runtime-config.js';
