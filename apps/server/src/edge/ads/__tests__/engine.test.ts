import { describe, expect, it } from 'vitest';
import {
  type CatalogCampaign,
  decidePod,
  deviceOf,
  type EngineCounters,
  evenPace,
  frequencyPeriodStart,
  seededRandom,
  utcDay,
} from '../engine.ts';
import {
  campaign,
  creative,
  DAY,
  NOON,
  noCounters,
  OTHER_STREAM,
  placement,
  request,
  STREAM,
  snapshot,
  template,
  VOD,
} from './engine-fixtures.ts';

const chosenIds = (d: ReturnType<typeof decidePod>) => d.ads.map((a) => a.campaign.id);
const reasonOf = (d: ReturnType<typeof decidePod>, id: string) =>
  d.candidates.find((c) => c.campaignId === id);

describe('priority and weights', () => {
  it('places sponsorship first, then standard by level, then house', () => {
    const house = campaign({ priority: 'house' });
    const level9 = campaign({ priorityLevel: 9 });
    const sponsorship = campaign({ priority: 'sponsorship' });
    const level1 = campaign({ priorityLevel: 1 });
    const d = decidePod(
      snapshot([house, level9, sponsorship, level1]),
      request({ duration: 60 }),
      noCounters(),
    );
    expect(chosenIds(d)).toEqual([sponsorship.id, level1.id, level9.id, house.id]);
    expect(d.ads.map((a) => a.sequence)).toEqual([1, 2, 3, 4]);
    expect(d.filled).toBe(60);
    expect(d.remainder).toBe(0);
    expect(d.reason).toBeUndefined();
  });

  it('gives a lower level only what the higher ones leave, with the reason', () => {
    const first = campaign({ priorityLevel: 1 });
    const second = campaign({ priorityLevel: 2 });
    const house = campaign({ priority: 'house' });
    const d = decidePod(snapshot([house, second, first]), request({ podLength: 2 }), noCounters());
    expect(chosenIds(d)).toEqual([first.id, second.id]);
    expect(reasonOf(d, house.id)).toMatchObject({
      chosen: false,
      reason: 'pod-full',
      detail: 'the pod is full (2 slots)',
    });
  });

  it('shares one level by weight, within 3 points over 4,000 seeded draws', () => {
    const light = campaign({ weight: 1 });
    const heavy = campaign({ weight: 3 });
    const random = seededRandom(42);
    let heavyFirst = 0;
    const draws = 4_000;
    for (let i = 0; i < draws; i++) {
      const d = decidePod(snapshot([light, heavy]), request({ podLength: 1, random }), noCounters());
      if (d.ads[0]!.campaign.id === heavy.id) heavyFirst++;
    }
    expect(heavyFirst / draws).toBeGreaterThan(0.72);
    expect(heavyFirst / draws).toBeLessThan(0.78);
  });

  it('is deterministic under a seed, whatever the snapshot order', () => {
    const campaigns = Array.from({ length: 12 }, (_, i) =>
      campaign({ weight: 1 + (i % 4), priorityLevel: 1 + (i % 3) }),
    );
    const a = decidePod(
      snapshot(campaigns),
      request({ random: seededRandom(7), podLength: 3 }),
      noCounters(),
    );
    const b = decidePod(
      snapshot([...campaigns].reverse()),
      request({ random: seededRandom(7), podLength: 3 }),
      noCounters(),
    );
    expect(chosenIds(a)).toEqual(chosenIds(b));
    expect(chosenIds(a)).toHaveLength(3);
  });
});

describe('budgets, pacing and caps', () => {
  const counters = (
    served: [string, number, number][],
    frequency: [string, number][] = [],
  ): EngineCounters => ({
    served: new Map(served.map(([id, total, today]) => [id, { total, today }])),
    frequency: new Map(frequency),
  });

  it('leaves out a campaign whose booked impressions are delivered, or whose daily budget is spent', () => {
    const booked = campaign({ bookedImpressions: 100 });
    const daily = campaign({ dailyBudget: 10 });
    const open = campaign();
    const d = decidePod(
      snapshot([booked, daily, open]),
      request(),
      counters([
        [booked.id, 100, 3],
        [daily.id, 500, 10],
      ]),
    );
    expect(chosenIds(d)).toEqual([open.id]);
    expect(reasonOf(d, booked.id)).toMatchObject({
      reason: 'booked',
      detail: '100 of 100 booked impressions served',
    });
    expect(reasonOf(d, daily.id)).toMatchObject({
      reason: 'budget',
      detail: '10 of its daily budget of 10 served today',
    });
    // One short of each limit: both run.
    const under = decidePod(
      snapshot([booked, daily]),
      request(),
      counters([
        [booked.id, 99, 3],
        [daily.id, 500, 9],
      ]),
    );
    expect(new Set(chosenIds(under))).toEqual(new Set([booked.id, daily.id]));
  });

  it('caps a viewer per period', () => {
    const capped = campaign({ frequencyCap: 2, frequencyPeriod: 'hour' });
    expect(chosenIds(decidePod(snapshot([capped]), request(), counters([], [[capped.id, 1]])))).toEqual([
      capped.id,
    ]);
    const d = decidePod(snapshot([capped]), request(), counters([], [[capped.id, 2]]));
    expect(d.ads).toEqual([]);
    expect(reasonOf(d, capped.id)).toMatchObject({
      reason: 'frequency-cap',
      detail: 'the viewer had 2 of its 2 ads per hour',
    });
    expect(d.reason).toBe('frequency-cap');
  });

  it('starts each frequency period where it should (UTC hour, day, ISO week, the flight)', () => {
    const at = Date.UTC(2030, 5, 5, 13, 45, 10); // a Wednesday
    expect(frequencyPeriodStart('hour', at, null)).toBe(Date.UTC(2030, 5, 5, 13));
    expect(frequencyPeriodStart('day', at, null)).toBe(Date.UTC(2030, 5, 5));
    expect(frequencyPeriodStart('week', at, null)).toBe(Date.UTC(2030, 5, 3));
    expect(frequencyPeriodStart('week', Date.UTC(2030, 5, 3), null)).toBe(Date.UTC(2030, 5, 3));
    expect(frequencyPeriodStart('campaign', at, Date.UTC(2030, 0, 1))).toBe(Date.UTC(2030, 0, 1));
    expect(utcDay(at)).toBe('2030-06-05');
  });

  /** One decision a minute for a day from `from`, counting what each one serves. */
  function simulateDay(c: CatalogCampaign, from: number, served = { total: 0, today: 0 }) {
    const timeline: number[] = [];
    for (let minute = 0; minute < 1_440; minute++) {
      const now = from + minute * 60_000;
      if (utcDay(now) !== utcDay(now - 60_000)) served.today = 0;
      const d = decidePod(snapshot([c]), request({ now, podLength: 1 }), {
        served: new Map([[c.id, { ...served }]]),
        frequency: new Map(),
      });
      if (d.ads.length > 0) {
        served.total++;
        served.today++;
      }
      timeline.push(served.total);
    }
    return timeline;
  }

  it('paces evenly over the flight: a 10-day flight of 1,000 serves about 100 a day', () => {
    const start = Date.UTC(2030, 5, 1);
    const even = campaign({ bookedImpressions: 1_000, pacing: 'even', start, end: start + 10 * DAY });
    const timeline = simulateDay(even, start);
    // The allowance (1% of the goal) on top of the straight line, never more.
    expect(timeline.at(-1)).toBeGreaterThanOrEqual(99);
    expect(timeline.at(-1)).toBeLessThanOrEqual(110);
    // Spread over the day, not spent in the first hour.
    expect(timeline[59]).toBeLessThanOrEqual(15);
    expect(timeline[719]).toBeGreaterThanOrEqual(48);
    expect(timeline[719]).toBeLessThanOrEqual(61);
    const d = decidePod(snapshot([even]), request({ now: start + DAY / 2, podLength: 1 }), {
      served: new Map([[even.id, { total: 100, today: 100 }]]),
      frequency: new Map(),
    });
    expect(reasonOf(d, even.id)).toMatchObject({
      reason: 'pacing',
      detail: '100 served, even pacing allows 60 by now (of the booked impressions)',
    });
  });

  it('paces an open-ended campaign over the day by its daily budget, and asap spends it at once', () => {
    const start = Date.UTC(2030, 5, 1);
    const even = campaign({ dailyBudget: 240, pacing: 'even', start, end: start + 30 * DAY });
    const evenDay = simulateDay(even, start);
    expect(evenDay.at(-1)).toBe(240);
    expect(evenDay[719]).toBeGreaterThanOrEqual(119);
    expect(evenDay[719]).toBeLessThanOrEqual(123);
    const asap = campaign({ dailyBudget: 240, pacing: 'asap', start, end: start + 30 * DAY });
    const asapDay = simulateDay(asap, start);
    expect(asapDay[239]).toBe(240);
    expect(asapDay.at(-1)).toBe(240);
    // The next day starts a new budget.
    const next = simulateDay(asap, start + DAY, { total: 240, today: 240 });
    expect(next.at(-1)).toBe(480);
  });

  it('knows when nothing paces a campaign', () => {
    expect(evenPace({ bookedImpressions: 0, dailyBudget: null, start: 0, end: DAY }, DAY / 2)).toBeNull();
    expect(evenPace({ bookedImpressions: 100, dailyBudget: null, start: 0, end: DAY }, DAY / 2)).toEqual({
      allowed: 51,
      daily: false,
    });
  });
});

describe('dates, schedules and dayparts', () => {
  it('runs only within its flight', () => {
    const future = campaign({ start: NOON + DAY });
    const past = campaign({ end: NOON - DAY });
    const d = decidePod(snapshot([future, past]), request(), noCounters());
    expect(d.ads).toEqual([]);
    expect(reasonOf(d, future.id)).toMatchObject({ reason: 'flight', detail: 'its flight has not started' });
    expect(reasonOf(d, past.id)).toMatchObject({ reason: 'flight', detail: 'its flight has ended' });
    expect(chosenIds(decidePod(snapshot([future]), request({ now: NOON + DAY }), noCounters()))).toEqual([
      future.id,
    ]);
  });

  it('runs only within its schedule window and never in its exclude window', () => {
    const scheduled = campaign({ scheduleStart: NOON + 3_600_000, scheduleEnd: NOON + 7_200_000 });
    const excluded = campaign({ excludeStart: NOON - 60_000, excludeEnd: NOON + 60_000 });
    const d = decidePod(snapshot([scheduled, excluded]), request(), noCounters());
    expect(reasonOf(d, scheduled.id)).toMatchObject({
      reason: 'schedule',
      detail: 'its schedule window has not started',
    });
    expect(reasonOf(d, excluded.id)).toMatchObject({
      reason: 'schedule',
      detail: 'it is in its exclude window',
    });
    const later = decidePod(
      snapshot([scheduled, excluded]),
      request({ now: NOON + 5_400_000 }),
      noCounters(),
    );
    expect(new Set(chosenIds(later))).toEqual(new Set([scheduled.id, excluded.id]));
    const after = decidePod(snapshot([scheduled]), request({ now: NOON + 3 * 3_600_000 }), noCounters());
    expect(reasonOf(after, scheduled.id)).toMatchObject({
      reason: 'schedule',
      detail: 'its schedule window has ended',
    });
  });

  it('runs only on its days of the week and between its daily times (UTC)', () => {
    const weekend = campaign({ days: new Set([0, 6]) });
    const evening = campaign({ ruleStart: 18 * 3600, ruleEnd: 22 * 3600 });
    const d = decidePod(snapshot([weekend, evening]), request(), noCounters());
    expect(reasonOf(d, weekend.id)).toMatchObject({
      reason: 'daypart',
      detail: 'it does not run on Monday (UTC)',
    });
    expect(reasonOf(d, evening.id)).toMatchObject({ reason: 'daypart', detail: 'it runs from 18:00 UTC' });
    const at = (h: number, m = 0) => NOON - 12 * 3_600_000 + h * 3_600_000 + m * 60_000;
    expect(chosenIds(decidePod(snapshot([evening]), request({ now: at(18) }), noCounters()))).toEqual([
      evening.id,
    ]);
    expect(chosenIds(decidePod(snapshot([evening]), request({ now: at(22, 0) }), noCounters()))).toEqual([
      evening.id,
    ]);
    const late = decidePod(snapshot([evening]), request({ now: at(22, 1) }), noCounters());
    expect(reasonOf(late, evening.id)).toMatchObject({
      reason: 'daypart',
      detail: 'it runs until 22:00 UTC',
    });
    // Saturday.
    expect(chosenIds(decidePod(snapshot([weekend]), request({ now: NOON + 5 * DAY }), noCounters()))).toEqual(
      [weekend.id],
    );
  });

  it('leaves out a campaign whose advertiser is inactive', () => {
    const c = campaign({ advertiserActive: false, advertiserName: 'Gone Inc' });
    expect(reasonOf(decidePod(snapshot([c]), request(), noCounters()), c.id)).toMatchObject({
      reason: 'inactive',
      detail: 'its advertiser Gone Inc is inactive',
    });
  });
});

describe('targeting and placements', () => {
  it('targets streams and VOD assets', () => {
    const streamOnly = campaign({ targetLiveStreamIds: new Set([STREAM]), targetVodIds: new Set() });
    const vodOnly = campaign({ targetLiveStreamIds: new Set(), targetVodIds: new Set([VOD]) });
    const d = decidePod(snapshot([streamOnly, vodOnly]), request(), noCounters());
    expect(chosenIds(d)).toEqual([streamOnly.id]);
    expect(reasonOf(d, vodOnly.id)).toMatchObject({
      reason: 'targeting',
      detail: 'it does not target this live stream',
    });
    const other = decidePod(
      snapshot([streamOnly]),
      request({ resource: { kind: 'liveStream', id: OTHER_STREAM } }),
      noCounters(),
    );
    expect(other.ads).toEqual([]);
    const vod = decidePod(
      snapshot([streamOnly, vodOnly]),
      request({ resource: { kind: 'vod', id: VOD } }),
      noCounters(),
    );
    expect(chosenIds(vod)).toEqual([vodOnly.id]);
    expect(reasonOf(vod, streamOnly.id)).toMatchObject({
      reason: 'targeting',
      detail: 'it does not target this VOD asset',
    });
  });

  it('targets countries: a viewer whose country is unknown gets none of those campaigns', () => {
    const french = campaign({ targetCountries: new Set(['FR', 'BE']) });
    expect(
      chosenIds(decidePod(snapshot([french]), request({ viewer: { country: 'BE' } }), noCounters())),
    ).toEqual([french.id]);
    const us = decidePod(snapshot([french]), request({ viewer: { country: 'US' } }), noCounters());
    expect(reasonOf(us, french.id)).toMatchObject({
      reason: 'targeting',
      detail: 'it does not target the country US',
    });
    const unknown = decidePod(snapshot([french]), request({ viewer: {} }), noCounters());
    expect(reasonOf(unknown, french.id)).toMatchObject({
      reason: 'targeting',
      detail: 'it targets countries and the viewer’s country is unknown',
    });
  });

  it('reads the device from the user agent and targets it', () => {
    expect(
      deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'),
    ).toBe('desktop');
    expect(
      deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Safari/604.1'),
    ).toBe('mobile');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36')).toBe(
      'mobile',
    );
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) Safari/604.1')).toBe('tablet');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 13; SM-X710) Chrome/126.0 Safari/537.36')).toBe('tablet');
    expect(deviceOf('Roku/DVP-12.5 (12.5.0.4178)')).toBe('ctv');
    expect(
      deviceOf(
        'Mozilla/5.0 (SMART-TV; Linux; Tizen 7.0) AppleWebKit/537.36 SamsungBrowser/4.0 TV Safari/537.36',
      ),
    ).toBe('ctv');
    expect(deviceOf('AppleCoreMedia/1.0.0.21L569 (Apple TV; U; CPU OS 17_5 like Mac OS X; en_us)')).toBe(
      'ctv',
    );
    expect(deviceOf(undefined)).toBeUndefined();
    const tv = campaign({ targetDevices: new Set(['ctv']) });
    expect(
      chosenIds(decidePod(snapshot([tv]), request({ viewer: { device: 'ctv' } }), noCounters())),
    ).toEqual([tv.id]);
    expect(
      reasonOf(decidePod(snapshot([tv]), request({ viewer: { device: 'mobile' } }), noCounters()), tv.id),
    ).toMatchObject({ reason: 'targeting', detail: 'it does not target mobile devices' });
    expect(reasonOf(decidePod(snapshot([tv]), request({ viewer: {} }), noCounters()), tv.id)).toMatchObject({
      reason: 'targeting',
      detail: 'it targets devices and the viewer’s device is unknown',
    });
  });

  it('needs a placement covering the stream and the position, and keeps to its longest ad', () => {
    const preOnly = campaign({ placements: [placement({ positions: new Set(['pre']) })] });
    const elsewhere = campaign({
      placements: [placement({ liveStreamIds: new Set([OTHER_STREAM]), vodIds: new Set() })],
    });
    const shortAds = campaign({
      placements: [placement({ maxAdDuration: 10 })],
      creatives: [creative({ duration: 15 })],
    });
    const d = decidePod(snapshot([preOnly, elsewhere, shortAds]), request({ position: 'mid' }), noCounters());
    expect(d.ads).toEqual([]);
    expect(reasonOf(d, preOnly.id)).toMatchObject({
      reason: 'placement',
      detail: 'no placement of it covers a mid-roll of this stream or asset',
    });
    expect(reasonOf(d, elsewhere.id)?.reason).toBe('placement');
    expect(reasonOf(d, shortAds.id)).toMatchObject({
      reason: 'duration',
      detail: 'its shortest creative (15s) is outside at most 10s per ad',
    });
    expect(chosenIds(decidePod(snapshot([preOnly]), request({ position: 'pre' }), noCounters()))).toEqual([
      preOnly.id,
    ]);
  });

  it('plays only creatives that are HLS (or conditioned into it)', () => {
    const waiting = campaign({ creatives: [creative({ hlsUrl: null })] });
    const none = campaign({ creatives: [] });
    const d = decidePod(snapshot([waiting, none]), request(), noCounters());
    expect(reasonOf(d, waiting.id)).toMatchObject({ reason: 'not-conditioned' });
    expect(reasonOf(d, none.id)).toMatchObject({
      reason: 'no-creative',
      detail: 'it has no active creative',
    });
  });

  it('keeps to a bundle’s campaigns, and a campaign left out beforehand says why', () => {
    const a = campaign();
    const b = campaign();
    const d = decidePod(snapshot([a, b]), request({ campaignIds: new Set([b.id]) }), noCounters());
    expect(chosenIds(d)).toEqual([b.id]);
    expect(d.candidates.map((c) => c.campaignId)).toEqual([b.id]);
    const excluded = decidePod(
      snapshot([a]),
      request({ excluded: new Map([[a.id, { reason: 'budget', detail: 'another process spent it' }]]) }),
      noCounters(),
    );
    expect(reasonOf(excluded, a.id)).toMatchObject({ reason: 'budget', detail: 'another process spent it' });
  });

  it('answers no demand when there is no campaign', () => {
    const d = decidePod(snapshot([]), request(), noCounters());
    expect(d).toMatchObject({ ads: [], candidates: [], filled: 0, remainder: 60, reason: 'no-demand' });
  });
});

describe('pods', () => {
  it('fills an avail exactly when the ads allow', () => {
    const a = campaign({ priorityLevel: 1, creatives: [creative({ duration: 20 })] });
    const b = campaign({ priorityLevel: 2, creatives: [creative({ duration: 10 })] });
    const d = decidePod(snapshot([a, b]), request({ duration: 30, pod: template() }), noCounters());
    expect(chosenIds(d)).toEqual([a.id, b.id]);
    expect(d).toMatchObject({ filled: 30, remainder: 0 });
    expect(d.reason).toBeUndefined();
  });

  it('leaves the rest of the avail to slate with best fit, taking each campaign’s longest creative that fits', () => {
    const a = campaign({
      priorityLevel: 1,
      creatives: [creative({ duration: 30 }), creative({ duration: 20 }), creative({ duration: 15 })],
    });
    const b = campaign({ priorityLevel: 2, creatives: [creative({ duration: 25 })] });
    const d = decidePod(snapshot([a, b]), request({ duration: 45, pod: template() }), noCounters());
    expect(d.ads.map((x) => x.creative.duration)).toEqual([30]);
    expect(d).toMatchObject({ filled: 30, remainder: 15, slateFallback: true, reason: 'duration' });
    expect(reasonOf(d, b.id)).toMatchObject({ reason: 'duration', detail: '25s does not fit the 15s left' });
    const noSlate = decidePod(
      snapshot([a, b]),
      request({ duration: 45, pod: template({ slateFallback: false }) }),
      noCounters(),
    );
    expect(noSlate.slateFallback).toBe(false);
  });

  it('keeps to the template’s slots, total and per-ad bounds', () => {
    const ads = Array.from({ length: 5 }, (_, i) =>
      campaign({ priorityLevel: i + 1, creatives: [creative({ duration: 10 })] }),
    );
    const d = decidePod(
      snapshot(ads),
      request({ duration: 120, pod: template({ adpodLength: 2 }) }),
      noCounters(),
    );
    expect(chosenIds(d)).toEqual([ads[0]!.id, ads[1]!.id]);
    const capped = decidePod(
      snapshot(ads),
      request({ duration: 120, pod: template({ maxTotalDuration: 30 }) }),
      noCounters(),
    );
    expect(capped.filled).toBe(30);
    expect(capped.remainder).toBe(90);
    const long = campaign({ creatives: [creative({ duration: 45 })] });
    const short = campaign({ creatives: [creative({ duration: 5 })] });
    const bounded = decidePod(
      snapshot([long, short]),
      request({ duration: 120, pod: template({ minAdDuration: 6, maxAdDuration: 30 }) }),
      noCounters(),
    );
    expect(bounded.ads).toEqual([]);
    expect(reasonOf(bounded, long.id)).toMatchObject({
      reason: 'duration',
      detail: 'its shortest creative (45s) is outside 6s to 30s per ad',
    });
    expect(reasonOf(bounded, short.id)?.reason).toBe('duration');
    const underMin = decidePod(
      snapshot([short]),
      request({ duration: 120, pod: template({ minTotalDuration: 30 }) }),
      noCounters(),
    );
    expect(underMin.ads).toEqual([]);
    expect(reasonOf(underMin, short.id)).toMatchObject({
      reason: 'duration',
      detail: "the pod's 5s is under the template's minimum of 30s",
    });
  });

  it('separates competitors: no two ads of one advertiser in a pod', () => {
    const advertiserId = 'acme';
    const a = campaign({ advertiserId, advertiserName: 'Acme', priorityLevel: 1 });
    const b = campaign({ advertiserId, advertiserName: 'Acme', priorityLevel: 2 });
    const c = campaign({ priorityLevel: 3 });
    const d = decidePod(snapshot([a, b, c]), request({ pod: template() }), noCounters());
    expect(chosenIds(d)).toEqual([a.id, c.id]);
    expect(reasonOf(d, b.id)).toMatchObject({
      reason: 'separation',
      detail: 'the pod already has an ad of Acme',
    });
    const together = decidePod(
      snapshot([a, b, c]),
      request({ pod: template({ competitiveSeparation: false }) }),
      noCounters(),
    );
    expect(chosenIds(together)).toEqual([a.id, b.id, c.id]);
  });

  it('fills exactly or not at all with the exact fill policy', () => {
    const twenty = campaign({ priorityLevel: 1, creatives: [creative({ duration: 20 })] });
    const fifteenA = campaign({ priorityLevel: 2, creatives: [creative({ duration: 15 })] });
    const fifteenB = campaign({ priorityLevel: 3, creatives: [creative({ duration: 15 })] });
    const exact = template({ fillPolicy: 'exact' });
    const d = decidePod(
      snapshot([twenty, fifteenA, fifteenB]),
      request({ duration: 30, pod: exact }),
      noCounters(),
    );
    expect(chosenIds(d)).toEqual([fifteenA.id, fifteenB.id]);
    expect(d).toMatchObject({ filled: 30, remainder: 0 });
    expect(reasonOf(d, twenty.id)).toMatchObject({ reason: 'exact-fill' });
    // Best fit would have placed the 20 s ad first and left 10 s of slate.
    const bestFit = decidePod(
      snapshot([twenty, fifteenA, fifteenB]),
      request({ duration: 30, pod: template() }),
      noCounters(),
    );
    expect(bestFit.ads.map((a) => a.creative.duration)).toEqual([20]);
    const impossible = decidePod(
      snapshot([twenty, fifteenA]),
      request({ duration: 40, pod: exact }),
      noCounters(),
    );
    expect(impossible.ads).toEqual([]);
    expect(impossible.reason).toBe('exact-fill');
    expect(reasonOf(impossible, twenty.id)).toMatchObject({
      reason: 'exact-fill',
      detail: 'no pod with it fills 40s exactly',
    });
  });

  it('without a template, keeps to the stream’s pod length and the avail', () => {
    const ads = Array.from({ length: 4 }, (_, i) => campaign({ priorityLevel: i + 1 }));
    const d = decidePod(snapshot(ads), request({ podLength: 3, duration: 40 }), noCounters());
    expect(chosenIds(d)).toEqual([ads[0]!.id, ads[1]!.id]);
    expect(d.remainder).toBe(10);
    expect(reasonOf(d, ads[2]!.id)).toMatchObject({
      reason: 'duration',
      detail: '15s does not fit the 10s left',
    });
  });
});
