/** Catalog records for the engine's tests and the benchmark: a campaign with sensible defaults. */
import type {
  CatalogCampaign,
  CatalogCreative,
  CatalogPlacement,
  CatalogSnapshot,
  EngineCounters,
  EngineRequest,
  PodTemplate,
} from '../engine.ts';
import { seededRandom } from '../engine.ts';

export const STREAM = '11111111-1111-4111-8111-111111111111';
export const OTHER_STREAM = '22222222-2222-4222-8222-222222222222';
export const VOD = '33333333-3333-4333-8333-333333333333';
/** Monday 2030-06-03 12:00:00 UTC. */
export const NOON = Date.UTC(2030, 5, 3, 12, 0, 0);
export const DAY = 86_400_000;

let serial = 0;
/** A uuid-shaped id that sorts by creation. */
export const nextId = (prefix = 'c') =>
  `${String(++serial).padStart(8, '0')}-0000-4000-8000-${prefix
    .padEnd(12, '0')
    .slice(0, 12)
    .replace(/[^0-9a-f]/g, '0')}`;

export function creative(overrides: Partial<CatalogCreative> = {}): CatalogCreative {
  const id = overrides.id ?? nextId('cr');
  return {
    id,
    name: `Creative ${id.slice(0, 8)}`,
    duration: 15,
    hlsUrl: `https://cdn.example/ads/${id}/master.m3u8`,
    progressive: null,
    clickThroughUrl: '',
    trackingUrls: [],
    universalAdIdRegistry: 'ad-id.org',
    universalAdId: '',
    ...overrides,
  };
}

export function placement(overrides: Partial<CatalogPlacement> = {}): CatalogPlacement {
  return {
    id: nextId('p1'),
    liveStreamIds: null,
    vodIds: null,
    positions: new Set(['pre', 'mid', 'post']),
    maxAdDuration: 60,
    maxPodDuration: 180,
    ...overrides,
  };
}

export function campaign(overrides: Partial<CatalogCampaign> = {}): CatalogCampaign {
  const id = overrides.id ?? nextId('ca');
  return {
    id,
    name: `Campaign ${id.slice(0, 8)}`,
    advertiserId: overrides.advertiserId ?? nextId('ad'),
    advertiserName: 'Acme',
    advertiserActive: true,
    start: NOON - 10 * DAY,
    end: NOON + 10 * DAY,
    scheduleStart: null,
    scheduleEnd: null,
    excludeStart: null,
    excludeEnd: null,
    ruleStart: null,
    ruleEnd: null,
    days: new Set([0, 1, 2, 3, 4, 5, 6]),
    priority: 'standard',
    priorityLevel: 5,
    weight: 1,
    bookedImpressions: 0,
    dailyBudget: null,
    frequencyCap: 0,
    frequencyPeriod: 'day',
    pacing: 'asap',
    cpmMillicents: 1250,
    targetLiveStreamIds: null,
    targetVodIds: null,
    targetCountries: null,
    targetDevices: null,
    placements: [placement()],
    creatives: [creative()],
    ...overrides,
  };
}

export const snapshot = (campaigns: CatalogCampaign[]): CatalogSnapshot => ({
  customerId: 'customer',
  campaigns,
  loadedAt: NOON,
});

export function request(overrides: Partial<EngineRequest> = {}): EngineRequest {
  return {
    resource: { kind: 'liveStream', id: STREAM },
    position: 'mid',
    duration: 60,
    viewer: {},
    now: NOON,
    podLength: 4,
    random: seededRandom(1),
    ...overrides,
  };
}

export const noCounters = (): EngineCounters => ({ served: new Map(), frequency: new Map() });

export function template(overrides: Partial<PodTemplate> = {}): PodTemplate {
  return {
    id: 'pod',
    name: 'Standard pod',
    adpodLength: 3,
    minTotalDuration: 0,
    maxTotalDuration: 120,
    minAdDuration: 0,
    maxAdDuration: 60,
    competitiveSeparation: true,
    fillPolicy: 'best-fit',
    slateFallback: true,
    ...overrides,
  };
}
