import { OVERVIEW_RECENT_ALARMS, overviewResponseSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, customers, sessions, users } from '../../../db/schema/index.ts';
import { DEMO_ENCODERS, DEMO_LIVE_STREAMS, DEMO_SLATES, DEMO_VODS } from '../../../db/seed-resources.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { createSession } from '../../../repositories/sessions.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const HOUR = 3600_000;

/** Alarms of the last day (the seed has none: alarms come from rules), raised `minutesAgo`. */
const RECENT_ALARMS = [
  { severity: 'CRITICAL', name: 'Source stream unreachable', minutesAgo: 4, moduleObjectId: 'ch_news24' },
  { severity: 'ERROR', name: 'Ad decision server timeout', minutesAgo: 27, moduleObjectId: 'ch_sports1' },
  { severity: 'WARNING', name: 'Encoder frame drops', minutesAgo: 95, moduleObjectId: 'enc-lon-02' },
  { severity: 'NOTICE', name: 'CDN origin failover', minutesAgo: 210, moduleObjectId: 'ch_movies' },
  { severity: 'ALERT', name: 'Stitcher capacity above 90%', minutesAgo: 380, moduleObjectId: null },
  { severity: 'DEBUG', name: 'Certificate renewal check', minutesAgo: 1260, moduleObjectId: null },
] as const;

describe('GET /api/overview/summary', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  /** A user of a second, reviewed customer ("Other Media"), signed in through a session of its own. */
  let olive: { userId: string; headers: Record<string, string> };

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');

    const user = (customerId: string, email: string, isActive: boolean, isGmanaActive: boolean) => ({
      customerId,
      email,
      passwordHash: 'not-used',
      firstName: email.split('@')[0]!,
      lastName: 'Test',
      isActive,
      isGmanaActive,
    });
    const [other, newcomer] = await app.db
      .insert(customers)
      .values([
        { name: 'Other Media', subDomainName: 'other-media', reviewedAt: new Date() },
        { name: 'Newcomer TV', subDomainName: 'newcomer-tv' },
      ])
      .returning({ id: customers.id });
    const [oliveRow] = await app.db
      .insert(users)
      .values([
        user(other!.id, 'olive@other.example', true, true),
        user(other!.id, 'oscar@other.example', false, false),
        user(newcomer!.id, 'nina@newcomer.example', true, false),
      ])
      .returning({ id: users.id });

    // Olive: one live session, plus a revoked, an expired and a replaced one that do not count.
    const { token } = await createSession(app.db, oliveRow!.id);
    olive = { userId: oliveRow!.id, headers: { authorization: `Bearer ${token}` } };
    const ended = await Promise.all([1, 2, 3].map(() => createSession(app.db, oliveRow!.id)));
    const byToken = (t: string) => eq(sessions.tokenHash, hashToken(t));
    await app.db.update(sessions).set({ revokedAt: new Date() }).where(byToken(ended[0]!.token));
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(byToken(ended[1]!.token));
    await app.db.update(sessions).set({ replacedAt: new Date() }).where(byToken(ended[2]!.token));

    const now = Date.now();
    await app.db.insert(alarms).values(
      RECENT_ALARMS.map(({ minutesAgo, ...alarm }, i) => ({
        ...alarm,
        type: 'TEST',
        message: `Test alarm ${i}`,
        uuid: `recent-${i}`,
        timeOn: new Date(now - minutesAgo * 60_000),
      })),
    );
    // An alarm older than a day: listed nowhere on the overview, not counted in alarms24h.
    await app.db.insert(alarms).values({
      severity: 'CRITICAL',
      type: 'SOURCE',
      name: 'Yesterday’s outage',
      message: 'Resolved',
      uuid: 'old-outage',
      timeOn: new Date(Date.now() - 25 * HOUR),
    });
  });
  afterAll(() => app.close());

  // The demo customer's seeded resources (db/seed-resources.ts); the platform has no others.
  const DEMO_RESOURCES = {
    liveStreams: DEMO_LIVE_STREAMS.length,
    vodAssets: DEMO_VODS.length,
    streamerChannels: 1,
    slates: DEMO_SLATES.length,
    encoders: DEMO_ENCODERS.length,
  };
  const NO_RESOURCES = { liveStreams: 0, vodAssets: 0, streamerChannels: 0, slates: 0, encoders: 0 };

  const summary = async (headers: Record<string, string>) => {
    const res = await app.inject({ url: '/api/overview/summary', headers });
    expect(res.statusCode).toBe(200);
    return overviewResponseSchema.parse(res.json());
  };

  it('gives a main administrator the platform: every customer, review queue, alarms of the day, newest alarms', async () => {
    const body = await summary(admin.headers);
    expect(body.scope).toBe('platform');
    expect(body.counts).toEqual({
      users: 5,
      activeUsers: 3,
      activeSessions: 3,
      customers: 4,
      pendingReview: 1,
      alarms24h: RECENT_ALARMS.length,
      ...DEMO_RESOURCES,
    });
    const newest = [...RECENT_ALARMS]
      .sort((a, b) => a.minutesAgo - b.minutesAgo)
      .slice(0, OVERVIEW_RECENT_ALARMS)
      .map((a) => a.name);
    expect(body.recentAlarms.map((a) => a.name)).toEqual(newest);
    expect(body.recentAlarms[0]).toMatchObject({
      name: 'Source stream unreachable',
      severity: 'CRITICAL',
      module_object_id: 'ch_news24',
    });
  });

  it('gives a customer user its own customer only, without the platform counts or alarms', async () => {
    const res = await app.inject({ url: '/api/overview/summary', headers: customer.headers });
    expect(res.json()).toEqual({
      scope: 'customer',
      counts: { users: 1, activeUsers: 1, activeSessions: 1, ...DEMO_RESOURCES },
      recentAlarms: [],
    });
  });

  it('keeps customers apart: another customer’s user sees its own users and live sessions', async () => {
    expect(await summary(olive.headers)).toEqual({
      scope: 'customer',
      counts: { users: 2, activeUsers: 1, activeSessions: 1, ...NO_RESOURCES },
      recentAlarms: [],
    });
  });

  it('shows a main administrator in login-as what the user acted as sees', async () => {
    expect(await summary({ ...admin.headers, 'login-as': customer.userId })).toEqual({
      scope: 'customer',
      counts: { users: 1, activeUsers: 1, activeSessions: 1, ...DEMO_RESOURCES },
      recentAlarms: [],
    });
    expect((await summary({ ...admin.headers, 'login-as': olive.userId })).counts).toEqual({
      users: 2,
      activeUsers: 1,
      activeSessions: 1,
      ...NO_RESOURCES,
    });
  });

  it('counts a sign-in when it happens and stops counting it at logout', async () => {
    const second = await loginAs(app, 'customer');
    expect((await summary(customer.headers)).counts.activeSessions).toBe(2);
    expect((await summary(admin.headers)).counts.activeSessions).toBe(4);
    await app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(second.token)));
    expect((await summary(customer.headers)).counts.activeSessions).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ url: '/api/overview/summary' });
    expect(res.statusCode).toBe(401);
  });

  it('counts encoders only for whoever sees the Encoder entry (ENCODER=1)', async () => {
    const off = await testApp({ env: { ENCODER: '0' } });
    try {
      const demo = await loginAs(off, 'customer');
      const res = await off.inject({ url: '/api/overview/summary', headers: demo.headers });
      expect(res.json().counts).toEqual({
        users: 1,
        activeUsers: 1,
        activeSessions: 1,
        ...DEMO_RESOURCES,
        encoders: undefined,
      });
      expect(Object.keys(res.json().counts)).not.toContain('encoders');
    } finally {
      await off.close();
    }
  });
});
