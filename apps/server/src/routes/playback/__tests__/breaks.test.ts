/**
 * GET /playback/breaks and /playback/breaks/:availId: the ad-break timeline and one break's
 * diagnostics of a stream, from the data plane's events (written here through the real
 * pipeline into the real database); who may see which stream's breaks; bad input.
 */
import { type AdCandidate, API_PATHS, apiPath, breakListQuerySchema, toFieldIssues } from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSink } from '../../../edge/events/database-sink.ts';
import { EventPipeline, type EventSubject } from '../../../edge/events/pipeline.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const MINUTE = 60_000;

let app: TestApp;
let demo: Awaited<ReturnType<typeof loginAs>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let other: TestAccount;
let stream: { _id: string; name: string };
let vodId: string;
const now = Date.now();

const candidates: Record<'filled' | 'empty', AdCandidate[]> = {
  filled: [
    { id: 'ad-1', title: 'Ad one', duration: 15, chosen: true, reason: null, detail: null },
    {
      id: 'ad-2',
      title: 'Ad two',
      duration: 30,
      chosen: false,
      reason: 'duration',
      detail: '30s does not fit the 15s avail after 15s of ads',
    },
  ],
  empty: [],
};

function decision(subject: EventSubject, availId: string, sessionId: string, kind: 'filled' | 'empty') {
  const filled = kind === 'filled';
  return {
    subject,
    action: 'ad-decision' as const,
    level: filled ? ('info' as const) : ('warning' as const),
    message: filled ? 'Ad break filled' : 'Ad break with no ads (slate)',
    sessionId,
    availId,
    data: {
      requestUrl: `http://ads.test/vast?sid=${sessionId}`,
      latencyMs: 40,
      availSeconds: 15,
      adSeconds: filled ? 15 : 0,
      outcome: filled ? ('filled' as const) : ('slate' as const),
      reason: filled ? null : ('empty' as const),
      candidates: candidates[kind],
      notes: filled ? [] : ['the ad server answered no ads'],
    },
  };
}

beforeAll(async () => {
  app = await testApp();
  demo = await loginAs(app, 'customer');
  admin = await loginAs(app, 'admin');
  other = await createAccount(app);
  const streams = await app.inject({ url: '/api/ssai/ds?pageSize=All', headers: demo.headers });
  stream = (streams.json() as { data: { _id: string; name: string }[] }).data[0]!;
  const vods = await app.inject({ url: '/api/ssai/vod?pageSize=All', headers: demo.headers });
  vodId = (vods.json() as { data: { _id: string }[] }).data[0]!._id;
  const [row] = await app.db.query.liveStreams.findMany({ limit: 1 });
  const subject: EventSubject = {
    kind: 'liveStream',
    resourceId: stream._id,
    customerId: row!.customerId,
    resourceName: stream.name,
  };
  // A break 10 minutes ago (three viewers, one of them filled), one 5 hours ago.
  let at = now - 10 * MINUTE;
  const pipeline = new EventPipeline({ sink: new DatabaseSink(app.db), now: () => at });
  pipeline.record(decision(subject, 'break-new', 'viewer-1', 'filled'));
  at += 1_000;
  pipeline.record(decision(subject, 'break-new', 'viewer-2', 'empty'));
  pipeline.record({
    subject,
    action: 'ad-server-error',
    level: 'error',
    message: 'Ad server: the ad server answered no ads',
    sessionId: 'viewer-2',
    availId: 'break-new',
    data: { requestUrl: 'http://ads.test/vast?sid=viewer-2', latencyMs: 40, reason: 'empty' },
  });
  at += 1_000;
  pipeline.record(decision(subject, 'break-new', 'viewer-3', 'empty'));
  for (const [event, failed] of [
    ['impression', 0],
    ['complete', 1],
  ] as const) {
    pipeline.record({
      subject,
      action: 'beacon',
      level: 'info',
      message: `Beacon ${event}`,
      sessionId: 'viewer-1',
      availId: 'break-new',
      data: { adId: '1-ad-1', event, urls: 2, failed },
    });
  }
  at = now - 5 * 60 * MINUTE;
  pipeline.record(decision(subject, 'break-old', 'viewer-1', 'filled'));
  await pipeline.close();
});
afterAll(async () => {
  await app?.close();
});

type Query = Record<string, string>;
const breaks = (query: Query, headers: Record<string, string>) =>
  app.inject({ url: `/api/${apiPath(API_PATHS.playback.breaks, undefined, query)}`, headers });
const detail = (availId: string, query: Query, headers: Record<string, string>) =>
  app.inject({ url: `/api/${apiPath(API_PATHS.playback.break, { availId }, query)}`, headers });

describe('GET /playback/breaks', () => {
  it('lists the breaks of the last 3 hours, each summed over its viewers', async () => {
    const res = await breaks({ kind: 'liveStream', resourceId: stream._id }, demo.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        availId: 'break-new',
        at: new Date(now - 10 * MINUTE).toISOString(),
        availSeconds: 15,
        viewers: 3,
        filled: 1,
        partial: 0,
        slate: 2,
        content: 0,
        adSeconds: 5,
        errors: 1,
        topReason: 'empty',
      },
    ]);
  });

  it('takes a period; the newest break first', async () => {
    const from = new Date(now - 6 * 60 * MINUTE).toISOString();
    const res = await breaks({ kind: 'liveStream', resourceId: stream._id, from }, demo.headers);
    expect(res.json().data.map((b: { availId: string }) => b.availId)).toEqual(['break-new', 'break-old']);
  });

  it('gives a main administrator any customer’s stream, and another customer none', async () => {
    expect(
      (await breaks({ kind: 'liveStream', resourceId: stream._id }, admin.headers)).json().data,
    ).toHaveLength(1);
    const res = await breaks({ kind: 'liveStream', resourceId: stream._id }, other.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Live stream not found');
    // The id of a live stream is no VOD asset.
    expect((await breaks({ kind: 'vod', resourceId: stream._id }, demo.headers)).statusCode).toBe(404);
    // A VOD asset of its own, with no breaks yet.
    expect((await breaks({ kind: 'vod', resourceId: vodId }, demo.headers)).json()).toEqual({ data: [] });
    expect((await app.inject({ url: `/api/playback/breaks?kind=vod&resourceId=${vodId}` })).statusCode).toBe(
      401,
    );
  });

  it.each<Query>([
    { kind: 'slate', resourceId: '11111111-1111-4111-8111-111111111111' },
    { kind: 'liveStream', resourceId: 'not-a-uuid' },
    { kind: 'liveStream', resourceId: '11111111-1111-4111-8111-111111111111', from: 'yesterday' },
  ])('refuses %o with 400 naming the field', async (query) => {
    const parsed = breakListQuerySchema.safeParse(query);
    expect(parsed.success).toBe(false);
    const res = await breaks(query, demo.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(toFieldIssues(parsed.error!));
  });

  it('refuses a period that ends before it starts, and unknown parameters', async () => {
    const res = await breaks(
      {
        kind: 'liveStream',
        resourceId: stream._id,
        from: new Date(now).toISOString(),
        to: new Date(now - MINUTE).toISOString(),
      },
      demo.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'from', message: 'from must be before to' }]);
    const unknown = await breaks({ kind: 'liveStream', resourceId: stream._id, sort: 'at' }, demo.headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('sort');
  });
});

describe('GET /playback/breaks/:availId', () => {
  it('answers the break’s summary, its viewers’ decisions newest first, and its beacons', async () => {
    const res = await detail('break-new', { kind: 'liveStream', resourceId: stream._id }, demo.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.summary).toMatchObject({ availId: 'break-new', viewers: 3, slate: 2, topReason: 'empty' });
    expect(body.decisions.map((d: { sessionId: string }) => d.sessionId)).toEqual([
      'viewer-3',
      'viewer-2',
      'viewer-1',
    ]);
    expect(body.decisions[2]).toEqual({
      at: new Date(now - 10 * MINUTE).toISOString(),
      sessionId: 'viewer-1',
      requestUrl: 'http://ads.test/vast?sid=viewer-1',
      latencyMs: 40,
      availSeconds: 15,
      adSeconds: 15,
      outcome: 'filled',
      reason: null,
      candidates: candidates.filled,
      notes: [],
    });
    expect(body.beacons).toEqual([
      { event: 'complete', sent: 1, failed: 1 },
      { event: 'impression', sent: 2, failed: 0 },
    ]);
  });

  it('answers 404 for a break the period has not, and for another customer', async () => {
    const query = { kind: 'liveStream', resourceId: stream._id };
    expect((await detail('break-old', query, demo.headers)).statusCode).toBe(404);
    expect((await detail('no-such-break', query, demo.headers)).json().message).toBe(
      'No ad break with this id in the period',
    );
    expect((await detail('break-new', query, other.headers)).statusCode).toBe(404);
    expect((await detail('break-new', query, admin.headers)).statusCode).toBe(200);
    expect((await detail('x'.repeat(100), query, demo.headers)).statusCode).toBe(404);
    expect((await detail('x'.repeat(101), query, demo.headers)).statusCode).toBe(414);
  });
});
