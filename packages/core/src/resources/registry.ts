/**
 * The customer resources as data: one entry per resource names its generic API path (spec section
 * 7: /ssai/ds and /ssai/encoder are the spec's; the others follow them), its labels, its console
 * screen, the sidebar entry whose visibility also governs the API, its shared zod schema, defaults
 * and list shape. The server builds its routes from these, the console its screens.
 */
import type { z } from 'zod';
import { API_PATHS, routePattern } from '../api/paths.ts';
import {
  ENCODER_PATH,
  LIVE_STREAMS_PATH,
  SLATES_PATH,
  STREAMER_PATH,
  VOD_PATH,
} from '../navigation/paths.ts';
import { ENCODER_DEFAULTS, ENCODER_LIST, encoderSchema } from './encoder.ts';
import type { ListShape } from './list.ts';
import {
  LIVE_STREAM_DEFAULTS,
  LIVE_STREAM_LIST,
  LIVE_STREAM_SECRET_FIELDS,
  liveStreamSchema,
} from './live-stream.ts';
import { SLATE_DEFAULTS, SLATE_LIST, slateSchema } from './slate.ts';
import { STREAMER_DEFAULTS, STREAMER_LIST, streamerSchema } from './streamer.ts';
import { VOD_DEFAULTS, VOD_LIST, vodSchema } from './vod.ts';

export const RESOURCE_KINDS = ['liveStream', 'vod', 'slate', 'streamer', 'encoder'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export interface ResourceSpec<S extends z.ZodType = z.ZodType> {
  readonly kind: ResourceKind;
  /** Path of the generic calls under /api (and /api_v1): `/` + its entry of API_PATHS.resources. */
  readonly apiPath: string;
  readonly label: string;
  readonly plural: string;
  /** The console's list screen. */
  readonly screenPath: string;
  /** Sidebar entry: who sees it may call the API (spec section 2's visibility rules). */
  readonly navigationEntry: string;
  readonly schema: S;
  readonly defaults: z.output<S>;
  readonly list: ListShape;
  /** Fields whose values the event log hides (a change is logged, its values are not). */
  readonly secretFields?: readonly string[];
}

const spec = <S extends z.ZodType>(value: ResourceSpec<S>): ResourceSpec<S> => value;

export const RESOURCES = {
  liveStream: spec({
    kind: 'liveStream',
    apiPath: routePattern(API_PATHS.resources.liveStream),
    label: 'Live stream',
    plural: 'Live streams',
    screenPath: LIVE_STREAMS_PATH,
    navigationEntry: 'streams-live',
    schema: liveStreamSchema,
    defaults: LIVE_STREAM_DEFAULTS,
    list: LIVE_STREAM_LIST,
    secretFields: LIVE_STREAM_SECRET_FIELDS,
  }),
  vod: spec({
    kind: 'vod',
    apiPath: routePattern(API_PATHS.resources.vod),
    label: 'VOD asset',
    plural: 'VOD assets',
    screenPath: VOD_PATH,
    navigationEntry: 'streams-vod',
    schema: vodSchema,
    defaults: VOD_DEFAULTS,
    list: VOD_LIST,
  }),
  slate: spec({
    kind: 'slate',
    apiPath: routePattern(API_PATHS.resources.slate),
    label: 'Slate',
    plural: 'Slates',
    screenPath: SLATES_PATH,
    navigationEntry: 'slates',
    schema: slateSchema,
    defaults: SLATE_DEFAULTS,
    list: SLATE_LIST,
  }),
  streamer: spec({
    kind: 'streamer',
    apiPath: routePattern(API_PATHS.resources.streamer),
    label: 'Streamer channel',
    plural: 'Streamer channels',
    screenPath: STREAMER_PATH,
    navigationEntry: 'streamer-addon',
    schema: streamerSchema,
    defaults: STREAMER_DEFAULTS,
    list: STREAMER_LIST,
  }),
  encoder: spec({
    kind: 'encoder',
    apiPath: routePattern(API_PATHS.resources.encoder),
    label: 'Encoder',
    plural: 'Encoders',
    screenPath: ENCODER_PATH,
    navigationEntry: 'encoder',
    schema: encoderSchema,
    defaults: ENCODER_DEFAULTS,
    list: ENCODER_LIST,
  }),
} as const satisfies Record<ResourceKind, ResourceSpec>;

/** Which resources point at which (for 409 on delete and 400 on an unknown reference). */
export interface ResourceReference {
  /** The resource that holds the reference. */
  readonly from: ResourceKind;
  /** Its field: a top-level id, or `list[].field` for ids inside a list of objects. */
  readonly field: string;
  /** The resource referred to. */
  readonly to: ResourceKind;
}

export const RESOURCE_REFERENCES: readonly ResourceReference[] = [
  { from: 'liveStream', field: 'slateId', to: 'slate' },
  { from: 'streamer', field: 'slateId', to: 'slate' },
  { from: 'streamer', field: 'items[].vodId', to: 'vod' },
];

/** The ids a resource's data refers to through `field`. */
export function referencedIds(data: Record<string, unknown>, field: string): string[] {
  const match = /^(\w+)\[\]\.(\w+)$/.exec(field);
  if (match) {
    const list = data[match[1]!];
    if (!Array.isArray(list)) return [];
    return list
      .map((item) =>
        typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[match[2]!] : null,
      )
      .filter((id): id is string => typeof id === 'string');
  }
  const value = data[field];
  return typeof value === 'string' && value !== '' ? [value] : [];
}
