/**
 * Playout's API on the real database through real HTTP: who may call it, bad input, start (its
 * live stream, made once), start twice, stop, and the origin's answers for a stopped channel.
 */
import { PLAYOUT_TEXTS, type PlayoutChannelAnswer, type PlayoutChannels } from '@cuepoint/core';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  liveStreams,
  playoutChannels,
  resourceEvents,
  streamerChannels,
} from '../../../db/schema/index.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('playout routes', () => {
  let app: TestApp;
  let off: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let channelId: string;

  const rows = async () => {
    const [playout] = await app.db.select({ n: count() }).from(playoutChannels);
    const [streams] = await app.db.select({ n: count() }).from(liveStreams);
    const [events] = await app.db.select({ n: count() }).from(resourceEvents);
    const [audits] = await app.db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'playout.%'`);
    return { playout: playout!.n, streams: streams!.n, events: events!.n, audits: audits!.n };
  };
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, target = app) =>
    target.inject({ method, url, headers });

  beforeAll(async () => {
    app = await testApp();
    off = await testApp({ env: { PLAYOUT: '0' } });
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    const [seeded] = await app.db
      .select({ id: streamerChannels.id })
      .from(streamerChannels)
      .where(sql`${streamerChannels.data} ->> 'name' = 'Highlights loop'`);
    channelId = seeded!.id;
  });

  afterAll(async () => {
    await app?.close();
    await off?.close();
  });

  it('refuses a customer’s user (403) before reading the input, and writes nothing', async () => {
    const before = await rows();
    for (const [method, url] of [
      ['GET', '/api/playout/channels'],
      ['POST', `/api/playout/channels/${channelId}/start`],
      ['POST', `/api/playout/channels/${channelId}/stop`],
      ['POST', '/api/playout/channels/not-a-uuid/start'],
    ] as const) {
      const response = await call(method, url, customer.headers);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(PLAYOUT_TEXTS.forbidden);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses a main administrator when PLAYOUT=0 (403), and anyone signed out (401)', async () => {
    const offAdmin = await loginAs(off, 'admin');
    const list = await call('GET', '/api/playout/channels', offAdmin.headers, off);
    expect(list.statusCode).toBe(403);
    const start = await call('POST', `/api/playout/channels/${channelId}/start`, offAdmin.headers, off);
    expect(start.statusCode).toBe(403);
    expect((await call('GET', '/api/playout/channels', {})).statusCode).toBe(401);
  });

  it('answers 400 naming the id for a bad id, 404 for an unknown channel, and writes nothing', async () => {
    const before = await rows();
    const bad = await call('POST', '/api/playout/channels/not-a-uuid/start', admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
    for (const action of ['start', 'stop']) {
      const unknown = await call('POST', `/api/playout/channels/${UNKNOWN}/${action}`, admin.headers);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(PLAYOUT_TEXTS.notFound);
    }
    expect(await rows()).toEqual(before);
  });

  it('lists every customer’s streamer channels, stopped, with their origin URL', async () => {
    const response = await call('GET', '/api/playout/channels', admin.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json() as PlayoutChannels;
    const channel = body.data.find((c) => c._id === channelId)!;
    expect(channel).toMatchObject({
      name: 'Highlights loop',
      customerName: expect.any(String),
      running: false,
      onAir: false,
      now: null,
      next: null,
      liveStreamId: null,
      playbackPath: null,
      originUrl: `http://console.test/playout/${channelId}/master.m3u8`,
    });
  });

  it('the origin answers 404 for a stopped, unknown or malformed channel', async () => {
    for (const url of [
      `/playout/${channelId}/master.m3u8`,
      `/playout/${channelId}/0.m3u8`,
      `/playout/${UNKNOWN}/master.m3u8`,
      '/playout/nope/master.m3u8',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(PLAYOUT_TEXTS.notRunning);
    }
  });

  let started: PlayoutChannelAnswer['channel'];

  it('starts a channel: records it, creates its live stream once (logged), and audits', async () => {
    const before = await rows();
    const response = await call('POST', `/api/playout/channels/${channelId}/start`, admin.headers);
    expect(response.statusCode).toBe(200);
    started = (response.json() as PlayoutChannelAnswer).channel;
    expect(started).toMatchObject({ running: true, onAir: true, startedBy: 'admin@cuepoint.example' });
    expect(started.now).toMatchObject({ kind: 'item', name: 'Match highlights' });
    expect(started.next).toMatchObject({ kind: 'item', name: 'Evening news' });
    expect(started.playbackPath).toBe(`/play/live/${started.liveStreamId}/master.m3u8`);
    const [stream] = await app.db.select().from(liveStreams).where(eq(liveStreams.id, started.liveStreamId!));
    expect(stream!.data).toMatchObject({
      name: 'Highlights loop (playout)',
      sourceStreamUrl: `http://console.test/playout/${channelId}/`,
      status: 'active',
    });
    const [channel] = await app.db.select().from(streamerChannels).where(eq(streamerChannels.id, channelId));
    expect(stream!.customerId).toBe(channel!.customerId);
    expect(await rows()).toEqual({
      playout: before.playout + 1,
      streams: before.streams + 1,
      events: before.events + 1,
      audits: before.audits + 1,
    });
    const [event] = await app.db
      .select()
      .from(resourceEvents)
      .where(eq(resourceEvents.resourceId, started.liveStreamId!));
    expect(event).toMatchObject({ action: 'created', actor: 'admin@cuepoint.example' });
  });

  it('starting a running channel changes nothing but the audit trail', async () => {
    const before = await rows();
    const again = await call('POST', `/api/playout/channels/${channelId}/start`, admin.headers);
    expect(again.statusCode).toBe(200);
    const channel = (again.json() as PlayoutChannelAnswer).channel;
    expect(channel.startedAt).toBe(started.startedAt);
    expect(channel.liveStreamId).toBe(started.liveStreamId);
    expect(await rows()).toEqual({ ...before, audits: before.audits + 1 });
  });

  it('lists the running channel with what plays now and next', async () => {
    const body = (await call('GET', '/api/playout/channels', admin.headers)).json() as PlayoutChannels;
    const channel = body.data.find((c) => c._id === channelId)!;
    expect(channel).toMatchObject({
      running: true,
      now: { name: 'Match highlights' },
      next: { name: 'Evening news' },
    });
    expect(Date.parse(channel.now!.startsAt)).toBe(Date.parse(started.startedAt!));
    expect(Date.parse(channel.now!.endsAt) - Date.parse(channel.now!.startsAt)).toBe(60_000);
  });

  it('stops a channel: its origin answers 404, its live stream stays; a restart reuses it', async () => {
    const stop = await call('POST', `/api/playout/channels/${channelId}/stop`, admin.headers);
    expect(stop.statusCode).toBe(200);
    expect((stop.json() as PlayoutChannelAnswer).channel).toMatchObject({
      running: false,
      startedAt: null,
      now: null,
      liveStreamId: started.liveStreamId,
    });
    const origin = await app.inject({ url: `/playout/${channelId}/master.m3u8` });
    expect(origin.statusCode).toBe(404);
    expect(origin.json().message).toBe(PLAYOUT_TEXTS.notRunning);
    const before = await rows();
    const restart = await call('POST', `/api/playout/channels/${channelId}/start`, admin.headers);
    expect((restart.json() as PlayoutChannelAnswer).channel.liveStreamId).toBe(started.liveStreamId);
    expect(await rows()).toEqual({ ...before, audits: before.audits + 1 });
    await call('POST', `/api/playout/channels/${channelId}/stop`, admin.headers);
  });

  it('makes a new live stream when the customer deleted the channel’s one', async () => {
    const [stream] = await app.db.select().from(liveStreams).where(eq(liveStreams.id, started.liveStreamId!));
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/ssai/ds/${started.liveStreamId}`,
      headers: customer.headers,
      payload: { version: stream!.version },
    });
    expect(removed.statusCode).toBe(200);
    const restart = await call('POST', `/api/playout/channels/${channelId}/start`, admin.headers);
    const channel = (restart.json() as PlayoutChannelAnswer).channel;
    expect(channel.liveStreamId).not.toBe(started.liveStreamId);
    expect(channel.liveStreamId).toEqual(expect.any(String));
  });
});
