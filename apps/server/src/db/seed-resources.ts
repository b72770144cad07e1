/**
 * The demo customer's streams, VOD assets, slates, streamer channel and encoder, so a newcomer
 * sees a living console. Each record is written as the API writes it (services/resources.ts: its
 * shared schema, name and references checked), created by the demo user and logged as a
 * 'created' event like any other.
 */
import {
  ENCODER_DEFAULTS,
  LIVE_STREAM_DEFAULTS,
  type RESOURCES,
  type ResourceKind,
  SLATE_DEFAULTS,
  STREAMER_DEFAULTS,
  VOD_DEFAULTS,
  type vodSchema,
} from '@cuepoint/core';
import type { z } from 'zod';
import { createResource } from '../services/resources.ts';
import type { DbOrTx } from './client.ts';

const ORIGIN = 'https://origin.cuepoint.example';

/** Where the server is reached when nothing says otherwise (env.ts: PORT's default). */
export const DEMO_PUBLIC_URL = 'http://localhost:8080';

/** The built-in demo (src/demo/) of the server at `publicUrl`: what the demo streams play. */
const demoOrigin = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/demo`;

export const demoSlates = (publicUrl: string) => [
  // An HLS slate: the data plane inserts it as it is (an MP4 one would need transcoding).
  {
    ...SLATE_DEFAULTS,
    name: 'Be right back',
    videoUrl: `${demoOrigin(publicUrl)}/media/slate/master.m3u8`,
    duration: 10,
  },
  {
    ...SLATE_DEFAULTS,
    name: 'Technical difficulties',
    videoUrl: `${ORIGIN}/slates/technical.mp4`,
    duration: 15,
  },
];
export const DEMO_SLATES = demoSlates(DEMO_PUBLIC_URL);

/**
 * The demo customer's VOD assets. Match highlights plays: the built-in demo origin's VOD (the
 * content loop three times, 60 s) with a pre-roll and a mid-roll from the demo ad server; the
 * others are catalogue entries on an example origin.
 */
export const demoVods = (publicUrl: string) =>
  [
    {
      name: 'Match highlights',
      title: 'Saturday match highlights',
      genre: 'Sports',
      rating: 'TV-G',
      duration: 60,
      cuePoints: [30],
      sourceUrl: `${demoOrigin(publicUrl)}/origin/vod/master.m3u8`,
      adTagUrl: `${demoOrigin(publicUrl)}/ads/vast?dur=10&sid=[SESSION_ID]`,
    },
    {
      name: 'Evening news',
      title: 'Evening news, 20 November',
      genre: 'News',
      rating: 'TV-PG',
      duration: 1800,
      cuePoints: [600, 1200],
    },
    {
      name: 'Nature documentary',
      title: 'The coast in winter',
      genre: 'Documentary',
      rating: 'TV-G',
      duration: 2640,
      cuePoints: [880, 1760],
    },
  ].map((vod) => ({
    ...VOD_DEFAULTS,
    sourceUrl: `${ORIGIN}/vod/${vod.name.toLowerCase().replace(/\s+/g, '-')}/master.m3u8`,
    ...vod,
    description: `${vod.title}.`,
    tags: [vod.genre.toLowerCase()],
  })) as z.input<typeof vodSchema>[];
export const DEMO_VODS = demoVods(DEMO_PUBLIC_URL);

/**
 * The demo customer's live streams, on the built-in demo origin: Sports 1 (EXT-X-CUE-OUT/IN
 * breaks; internal demand, which has no campaigns yet: its breaks are slate) and News 24
 * (DATERANGE SCTE-35 breaks, filled by the demo ad server).
 */
export const demoLiveStreams = (publicUrl: string) => [
  {
    ...LIVE_STREAM_DEFAULTS,
    name: 'Sports 1',
    sourceStreamUrl: `${demoOrigin(publicUrl)}/origin/live/cue/`,
    breakinterval: 15,
    bundles: [
      { name: 'Premium sports', percentage: 70 },
      { name: 'Run of network', percentage: 30 },
    ],
    midrollLayouts: [{ name: 'Squeeze back', transition: 'fade' as const, duration: 1.5 }],
  },
  {
    ...LIVE_STREAM_DEFAULTS,
    name: 'News 24',
    sourceStreamUrl: `${demoOrigin(publicUrl)}/origin/live/daterange/`,
    adDecision: 'external' as const,
    bundles: [],
    vastUrl: `${demoOrigin(publicUrl)}/ads/vast?dur=[AVAIL_DURATION]&sid=[SESSION_ID]`,
    inRedundancy: 'ENABLE' as const,
    backupStreamUrl: `${demoOrigin(publicUrl)}/origin/live/oatcls/`,
    trustedIpsList: ['203.0.113.0/24'],
  },
  {
    ...LIVE_STREAM_DEFAULTS,
    name: 'Music Live',
    status: 'inactive' as const,
    sourceStreamUrl: `${demoOrigin(publicUrl)}/origin/live/oatcls/`,
    textOverlayEnabled: true,
    textOverlayText: 'Live from the studio',
  },
];
export const DEMO_LIVE_STREAMS = demoLiveStreams(DEMO_PUBLIC_URL);

export const DEMO_ENCODERS = [{ ...ENCODER_DEFAULTS, name: 'Studio A encoder' }];

/** Creates one record of `kind`, typed by its schema's input, as the demo user. */
async function create<K extends ResourceKind>(
  db: DbOrTx,
  kind: K,
  input: z.input<(typeof RESOURCES)[K]['schema']>,
  customerId: string,
  actor: string,
): Promise<string> {
  // The demo customer is on Standard, yet its streams show the Enterprise features (mid-roll
  // layouts, redundancy, text overlay) as data stored before a downgrade would: kept, saveable, locked.
  const row = await createResource(
    db,
    kind,
    customerId,
    input,
    { actor, actingAdmin: null },
    { ignorePlan: true },
  );
  return row.id;
}

export async function seedDemoResources(
  db: DbOrTx,
  customerId: string,
  actor: string,
  publicUrl = DEMO_PUBLIC_URL,
): Promise<void> {
  const slateIds: string[] = [];
  for (const slate of demoSlates(publicUrl))
    slateIds.push(await create(db, 'slate', slate, customerId, actor));
  const vodIds: string[] = [];
  for (const vod of demoVods(publicUrl)) vodIds.push(await create(db, 'vod', vod, customerId, actor));
  for (const stream of demoLiveStreams(publicUrl)) {
    await create(db, 'liveStream', { ...stream, slateId: slateIds[0] }, customerId, actor);
  }
  await create(
    db,
    'streamer',
    {
      ...STREAMER_DEFAULTS,
      name: 'Highlights loop',
      items: vodIds.map((vodId) => ({ vodId })),
      slateId: slateIds[1],
    },
    customerId,
    actor,
  );
  for (const encoder of DEMO_ENCODERS) await create(db, 'encoder', encoder, customerId, actor);
}
