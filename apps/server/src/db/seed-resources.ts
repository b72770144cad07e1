/**
 * The demo customer's streams, VOD assets, slates, streamer channel and encoder, and its demand
 * (advertisers, creatives, a placement, a pod template, campaigns and a bundle), so a newcomer
 * sees a living console. Each record is written as the API writes it (services/resources.ts: its
 * shared schema, name and references checked), created by the demo user and logged as a
 * 'created' event like any other.
 */
import {
  type AdvertiserInput,
  type BundleInput,
  type CampaignInput,
  type CreativeInput,
  ENCODER_DEFAULTS,
  LIVE_STREAM_DEFAULTS,
  type PlacementInput,
  type PodInput,
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

/** The built-in demo (src/edge/demo/) of the server at `publicUrl`: what the demo streams play. */
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

/** The demo bundle whose campaigns fill Sports 1's breaks (seedDemoResources names it by id). */
export const DEMO_BUNDLE = 'House demand';

/**
 * The demo customer's live streams, on the built-in demo origin: Sports 1 (EXT-X-CUE-OUT/IN
 * breaks; internal demand: both its shares go to the demo bundle, so the built-in ad server fills
 * them from the demo campaigns) and News 24 (DATERANGE SCTE-35 breaks, filled by the demo ad
 * server, an external VAST tag).
 */
export const demoLiveStreams = (publicUrl: string) => [
  {
    ...LIVE_STREAM_DEFAULTS,
    name: 'Sports 1',
    sourceStreamUrl: `${demoOrigin(publicUrl)}/origin/live/cue/`,
    breakinterval: 15,
    bundles: [
      { name: 'Premium sports', percentage: 70, bundleId: null },
      { name: 'Run of network', percentage: 30, bundleId: null },
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
    // A documentation range (TEST-NET-3): the Security tab shows a list, and nobody is refused.
    blockedIpsList: ['203.0.113.0/24'],
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

/** The demo customer's demand, its links by name (resolved to ids as it is seeded). */
export interface DemoDemand {
  advertisers: AdvertiserInput[];
  /** Each with the name of its advertiser. */
  creatives: (Omit<CreativeInput, 'advertiserId'> & { advertiser: string })[];
  placements: PlacementInput[];
  pods: PodInput[];
  /** Each with the names of its advertiser, placements and creatives. */
  campaigns: (Omit<CampaignInput, 'advertiserId' | 'placementIds' | 'creativeIds'> & {
    advertiser: string;
    placements: string[];
    creatives: string[];
  })[];
  /** Each with the name of its pod template. */
  bundles: (Omit<BundleInput, 'podId'> & { pod: string })[];
}

/**
 * The demo customer's demand, for the built-in ad server: two advertisers; a creative for each
 * of the demo ad server's HLS ads (src/edge/demo/, /demo/ads/media/<ad>/master.m3u8, with their real
 * durations and the demo VAST's Universal Ad IDs); a placement on every stream and asset at every
 * position; a pod template of 3 slots and 60 s; a sponsorship and a standard campaign running from
 * the start of `year` to the end of the next; a bundle giving them all the avails that reach it.
 * Sports 1's shares name the bundle (seedDemoResources).
 */
export const demoDemand = (publicUrl: string, year = new Date().getUTCFullYear()): DemoDemand => {
  const media = (ad: string) => `${demoOrigin(publicUrl)}/ads/media/${ad}/master.m3u8`;
  const creative = (name: string, advertiser: string, ad: string, duration: number) => ({
    name,
    advertiser,
    sourceType: 'url' as const,
    videoUrl: media(ad),
    duration,
    clickThroughUrl: `https://${advertiser.toLowerCase().replace(/\s+/g, '-')}.example/`,
    universalAdIdRegistry: 'cuepoint-demo',
    universalAdId: ad,
  });
  const flight = { startDate: `01-01-${year}T00:00:00`, endDate: `12-31-${year + 1}T23:59:59` };
  return {
    advertisers: [
      {
        name: 'Acme Sports',
        contactEmails: ['media@acme-sports.example', 'billing@acme-sports.example'],
        userNote: 'Season sponsor of Sports 1.',
      },
      {
        name: 'Northwind Drinks',
        contactEmails: ['ads@northwind-drinks.example'],
        userNote: 'Runs across every stream.',
      },
    ],
    creatives: [
      creative('Acme Sports red (10 s)', 'Acme Sports', 'ad1', 10),
      creative('Northwind Drinks blue (15 s)', 'Northwind Drinks', 'ad2', 15),
      creative('Acme Sports green (20 s)', 'Acme Sports', 'ad3', 20),
    ],
    placements: [{ name: 'All streams', liveStreamIds: [], vodIds: [], positions: ['pre', 'mid', 'post'] }],
    pods: [{ name: 'Standard pod', adpodLength: 3, maxTotalDuration: 60, maxAdDuration: 60 }],
    campaigns: [
      {
        name: 'Acme Sports season sponsorship',
        advertiser: 'Acme Sports',
        ...flight,
        priority: 'sponsorship',
        priorityLevel: 1,
        pacing: 'even',
        cpm: 12.5,
        placements: ['All streams'],
        creatives: ['Acme Sports red (10 s)', 'Acme Sports green (20 s)'],
      },
      {
        name: 'Northwind Drinks run of network',
        advertiser: 'Northwind Drinks',
        ...flight,
        priority: 'standard',
        priorityLevel: 5,
        pacing: 'even',
        cpm: 8,
        placements: ['All streams'],
        creatives: ['Northwind Drinks blue (15 s)'],
      },
    ],
    bundles: [
      {
        name: DEMO_BUNDLE,
        pod: 'Standard pod',
        // No campaign named: every active campaign of the account.
        sources: [{ type: 'campaigns', percentage: 100, campaignIds: [] }],
      },
    ],
  };
};
export const DEMO_DEMAND = demoDemand(DEMO_PUBLIC_URL);

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
  const demand = await seedDemoDemand(db, customerId, actor, demoDemand(publicUrl));
  const bundleId = demand.get(`bundle:${DEMO_BUNDLE}`) ?? null;
  for (const stream of demoLiveStreams(publicUrl)) {
    const bundles = stream.bundles.map((share) => ({ ...share, bundleId }));
    await create(db, 'liveStream', { ...stream, bundles, slateId: slateIds[0] }, customerId, actor);
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

/** Seeds the demand, each record after what it names; answers the ids by `kind:name`. */
async function seedDemoDemand(
  db: DbOrTx,
  customerId: string,
  actor: string,
  demand: DemoDemand,
): Promise<ReadonlyMap<string, string>> {
  const ids = new Map<string, string>();
  const idOf = (kind: string, name: string) => {
    const id = ids.get(`${kind}:${name}`);
    if (id === undefined) throw new Error(`The demo demand names no ${kind} '${name}'`);
    return id;
  };
  const add = async <K extends ResourceKind>(kind: K, input: z.input<(typeof RESOURCES)[K]['schema']>) => {
    ids.set(`${kind}:${String(input.name)}`, await create(db, kind, input, customerId, actor));
  };
  for (const advertiser of demand.advertisers) await add('advertiser', advertiser);
  for (const { advertiser, ...creative } of demand.creatives) {
    await add('creative', { ...creative, advertiserId: idOf('advertiser', advertiser) });
  }
  for (const placement of demand.placements) await add('placement', placement);
  for (const pod of demand.pods) await add('pod', pod);
  for (const { advertiser, placements, creatives, ...campaign } of demand.campaigns) {
    await add('campaign', {
      ...campaign,
      advertiserId: idOf('advertiser', advertiser),
      placementIds: placements.map((name) => idOf('placement', name)),
      creativeIds: creatives.map((name) => idOf('creative', name)),
    });
  }
  for (const { pod, ...bundle } of demand.bundles)
    await add('bundle', { ...bundle, podId: idOf('pod', pod) });
  return ids;
}
