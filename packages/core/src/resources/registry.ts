/**
 * The customer resources as data: one entry per resource names its generic API path (spec section
 * 7: /ssai/ds and /ssai/encoder are the spec's; the others follow them), its labels, its console
 * screen, the sidebar entry whose visibility also governs the API, its shared zod schema, defaults
 * and list shape. The server builds its routes from these, the console its screens.
 */
import type { z } from 'zod';
import { API_PATHS, routePattern } from '../api/paths.ts';
import {
  ADVERTISERS_PATH,
  BUNDLES_PATH,
  CAMPAIGNS_PATH,
  CREATIVES_PATH,
  ENCODER_PATH,
  LIVE_STREAMS_PATH,
  PLACEMENTS_PATH,
  PODS_PATH,
  SLATES_PATH,
  STREAMER_PATH,
  VOD_PATH,
} from '../navigation/paths.ts';
import { VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { ADVERTISER_DEFAULTS, ADVERTISER_LIST, advertiserRecordSchema } from './advertiser.ts';
import { BUNDLE_DEFAULTS, BUNDLE_LIST, bundleSchema } from './bundle.ts';
import { CAMPAIGN_DEFAULTS, CAMPAIGN_LIST, campaignSchema } from './campaign.ts';
import { CREATIVE_DEFAULTS, CREATIVE_LIST, creativeSchema } from './creative.ts';
import { ENCODER_DEFAULTS, ENCODER_LIST, encoderSchema } from './encoder.ts';
import type { ListShape } from './list.ts';
import {
  LIVE_STREAM_DEFAULTS,
  LIVE_STREAM_LIST,
  LIVE_STREAM_SECRET_FIELDS,
  liveStreamSchema,
} from './live-stream.ts';
import { PLACEMENT_DEFAULTS, PLACEMENT_LIST, placementSchema } from './placement.ts';
import { POD_DEFAULTS, POD_LIST, podSchema } from './pod.ts';
import { SLATE_DEFAULTS, SLATE_LIST, slateSchema } from './slate.ts';
import { STREAMER_DEFAULTS, STREAMER_LIST, streamerSchema } from './streamer.ts';
import { VOD_DEFAULTS, VOD_LIST, vodSchema } from './vod.ts';

export const RESOURCE_KINDS = [
  'liveStream',
  'vod',
  'slate',
  'streamer',
  'encoder',
  'advertiser',
  'campaign',
  'creative',
  'placement',
  'bundle',
  'pod',
] as const;
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
  /**
   * A delete moves the record to a trash it can be restored from (`GET {collection}/deleted`,
   * `POST {collection}/:id/restore`) instead of removing it.
   */
  readonly restorable?: boolean;
  /**
   * Fields only a main administrator reads and writes (an advertiser's admin note): anyone else
   * (login-as included) reads them as '' and cannot change them (a create stores the default).
   */
  readonly adminOnlyFields?: readonly string[];
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
  advertiser: spec({
    kind: 'advertiser',
    apiPath: routePattern(API_PATHS.resources.advertiser),
    label: 'Advertiser',
    plural: 'Advertisers',
    screenPath: ADVERTISERS_PATH,
    navigationEntry: 'advertisers',
    schema: advertiserRecordSchema,
    defaults: ADVERTISER_DEFAULTS,
    list: ADVERTISER_LIST,
    adminOnlyFields: ['adminNote'],
  }),
  campaign: spec({
    kind: 'campaign',
    apiPath: routePattern(API_PATHS.resources.campaign),
    label: 'Campaign',
    plural: 'Campaigns',
    screenPath: CAMPAIGNS_PATH,
    navigationEntry: 'campaigns',
    schema: campaignSchema,
    defaults: CAMPAIGN_DEFAULTS,
    list: CAMPAIGN_LIST,
    restorable: true,
  }),
  creative: spec({
    kind: 'creative',
    apiPath: routePattern(API_PATHS.resources.creative),
    label: 'Creative',
    plural: 'Creatives',
    screenPath: CREATIVES_PATH,
    navigationEntry: 'creatives',
    schema: creativeSchema,
    defaults: CREATIVE_DEFAULTS,
    list: CREATIVE_LIST,
  }),
  placement: spec({
    kind: 'placement',
    apiPath: routePattern(API_PATHS.resources.placement),
    label: 'Placement',
    plural: 'Placements',
    screenPath: PLACEMENTS_PATH,
    navigationEntry: 'placements',
    schema: placementSchema,
    defaults: PLACEMENT_DEFAULTS,
    list: PLACEMENT_LIST,
  }),
  bundle: spec({
    kind: 'bundle',
    apiPath: routePattern(API_PATHS.resources.bundle),
    label: 'Bundle',
    plural: 'Bundles',
    screenPath: BUNDLES_PATH,
    navigationEntry: 'bundles',
    schema: bundleSchema,
    defaults: BUNDLE_DEFAULTS,
    list: BUNDLE_LIST,
  }),
  pod: spec({
    kind: 'pod',
    apiPath: routePattern(API_PATHS.resources.pod),
    label: 'Pod',
    plural: 'Pods',
    screenPath: PODS_PATH,
    navigationEntry: 'pods',
    schema: podSchema,
    defaults: POD_DEFAULTS,
    list: POD_LIST,
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
  /** The message of a reference to no resource of the account (default: RESOURCE_TEXTS.unknownReference). */
  readonly message?: string;
}

export const RESOURCE_REFERENCES: readonly ResourceReference[] = [
  { from: 'liveStream', field: 'slateId', to: 'slate' },
  { from: 'streamer', field: 'slateId', to: 'slate' },
  { from: 'streamer', field: 'items[].vodId', to: 'vod' },
  { from: 'liveStream', field: 'bundles[].bundleId', to: 'bundle' },
  { from: 'vod', field: 'bundleId', to: 'bundle' },
  { from: 'campaign', field: 'advertiserId', to: 'advertiser', message: M.requiredStar },
  { from: 'campaign', field: 'placementIds[]', to: 'placement', message: M.placementsRequired },
  { from: 'campaign', field: 'creativeIds[]', to: 'creative' },
  { from: 'campaign', field: 'targetLiveStreamIds[]', to: 'liveStream' },
  { from: 'campaign', field: 'targetVodIds[]', to: 'vod' },
  { from: 'creative', field: 'advertiserId', to: 'advertiser' },
  { from: 'placement', field: 'liveStreamIds[]', to: 'liveStream' },
  { from: 'placement', field: 'vodIds[]', to: 'vod' },
  { from: 'bundle', field: 'podId', to: 'pod' },
  { from: 'bundle', field: 'sources[].campaignIds[]', to: 'campaign' },
];

/**
 * The ids a resource's data refers to through `field`: a top-level id (`slateId`), a list of ids
 * (`placementIds[]`), an id in each object of a list (`items[].vodId`), or ids in lists inside a
 * list (`sources[].campaignIds[]`). Empty strings and non-strings are no reference.
 */
export function referencedIds(data: Record<string, unknown>, field: string): string[] {
  let values: unknown[] = [data];
  for (const part of field.split('.')) {
    const many = part.endsWith('[]');
    const key = many ? part.slice(0, -2) : part;
    values = values.flatMap((value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
      const next = (value as Record<string, unknown>)[key];
      return many ? (Array.isArray(next) ? next : []) : [next];
    });
  }
  return values.filter((id): id is string => typeof id === 'string' && id !== '');
}
