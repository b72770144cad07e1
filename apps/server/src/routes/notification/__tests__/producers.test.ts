/**
 * The notifications' producers, through the real code paths: an alarm raised by the evaluator and
 * through the API, a plan change, a creative's conditioning done or failed (the Conditioner's job),
 * and the mails: only the kinds a user opted into, to its chosen addresses or its own email.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notificationListResponseSchema } from '@cuepoint/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alarms,
  conditionedCreatives,
  creatives,
  liveStreams,
  notifications,
  playbackMinutes,
} from '../../../db/schema/index.ts';
import { conditioningKey, ladderOf } from '../../../edge/conditioning/conditioner.ts';
import { mailNotifications, notifyCustomer } from '../../../services/notifications.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { loginAs, readOutbox, type TestApp, testApp } from '../../../test/helpers.ts';
import { addMember, type Member } from './members.ts';

const HAS_FFMPEG = spawnSync('ffmpeg', ['-version']).status === 0;
const MINUTE = 60_000;

/** A source of creatives' videos: /ad.mp4 (a real 2 s MP4 when ffmpeg is here), anything else 404. */
async function videoServer() {
  let mp4: Buffer | undefined;
  if (HAS_FFMPEG) {
    const out = join(mkdtempSync(join(tmpdir(), 'cuepoint-notify-')), 'ad.mp4');
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=25:duration=2',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      out,
    ]);
    mp4 = readFileSync(out);
  }
  const server: Server = createServer((request, response) => {
    if (request.url === '/ad.mp4' && mp4) {
      response.setHeader('content-type', 'video/mp4');
      response.end(mp4);
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base: `http://${hostPort}`, hostPort, close: () => new Promise((r) => server.close(r)) };
}

describe('notification producers', () => {
  let app: TestApp;
  let videos: Awaited<ReturnType<typeof videoServer>>;
  let owner: TestAccount;
  let editor: Member;

  beforeAll(async () => {
    videos = await videoServer();
    app = await testApp({ env: { PLAYBACK_ALLOW_HOSTS: videos.hostPort } });
    owner = await createAccount(app);
    editor = await addMember(app, owner.customer.id, { role: 'editor' });
  });
  afterAll(async () => {
    await app.close();
    await videos.close();
  });
  beforeEach(async () => {
    await app.db.delete(notifications);
  });

  const rowsOf = (userId: string) =>
    app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.createdAt);
  const setPreferences = async (
    headers: Record<string, string>,
    body: { mailKinds: string[]; emails: string[] },
  ) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/notification/preferences',
      headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The outbox's messages written since `before` messages. */
  const mailsSince = async (before: number) => (await readOutbox(app.dataDir)).slice(before);

  describe('notifyCustomer', () => {
    it('notifies every active user of the account (owners only when asked, some left out), no one else', async () => {
      const gone = await addMember(app, owner.customer.id, { role: 'editor', deactivatedAt: new Date() });
      const other = await createAccount(app);
      const all = await app.db.transaction((tx) =>
        notifyCustomer(tx, { customerId: owner.customer.id, kind: 'invite', title: 'Ann joined the team' }),
      );
      expect(all.notifications.map((n) => n.userId).sort()).toEqual([owner.userId, editor.userId].sort());
      expect(all.notifications[0]).toMatchObject({
        kind: 'invite',
        title: 'Ann joined the team',
        body: '',
        link: null,
      });
      expect(await rowsOf(gone.userId)).toEqual([]);
      expect(await rowsOf(other.userId)).toEqual([]);

      const owners = await app.db.transaction((tx) =>
        notifyCustomer(tx, { customerId: owner.customer.id, kind: 'invite', title: 'x', onlyOwners: true }),
      );
      expect(owners.notifications.map((n) => n.userId)).toEqual([owner.userId]);
      const except = await app.db.transaction((tx) =>
        notifyCustomer(tx, {
          customerId: owner.customer.id,
          kind: 'invite',
          title: 'x',
          exceptUserIds: [owner.userId],
        }),
      );
      expect(except.notifications.map((n) => n.userId)).toEqual([editor.userId]);
    });

    it('inserts nothing when the transaction rolls back', async () => {
      await expect(
        app.db.transaction(async (tx) => {
          await notifyCustomer(tx, { customerId: owner.customer.id, kind: 'plan', title: 'rolled back' });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await rowsOf(owner.userId)).toEqual([]);
    });

    it('mails the kinds a user opted into, to its chosen addresses or else its own email; no other kind', async () => {
      await setPreferences(owner.headers, {
        mailKinds: ['invite'],
        emails: ['ops@example.com', 'night@example.com'],
      });
      await setPreferences(editor.headers, { mailKinds: ['invite', 'alarm'], emails: [] });
      const before = (await readOutbox(app.dataDir)).length;

      const plan = await app.db.transaction((tx) =>
        notifyCustomer(tx, { customerId: owner.customer.id, kind: 'plan', title: 'Not mailed' }),
      );
      expect(plan.mails).toEqual([]);
      const invite = await app.db.transaction((tx) =>
        notifyCustomer(tx, {
          customerId: owner.customer.id,
          kind: 'invite',
          title: 'Ann joined the team',
          body: 'Ann is an editor.',
          link: '/user',
        }),
      );
      await mailNotifications(app, [plan, invite]);
      const mails = await mailsSince(before);
      expect(mails.map((m) => m.to).sort()).toEqual(
        ['night@example.com', 'ops@example.com', editor.email].sort(),
      );
      const mail = mails.find((m) => m.to === 'ops@example.com')!;
      expect(mail.subject).toBe('Cuepoint: Ann joined the team');
      expect(mail.text).toContain('Ann is an editor.');
      expect(mail.links).toEqual(['http://console.test/app/user', 'http://console.test/app/notification']);
      await setPreferences(owner.headers, { mailKinds: [], emails: [] });
      await setPreferences(editor.headers, { mailKinds: [], emails: [] });
    });
  });

  describe('alarms', () => {
    it('an alarm raised by a rule notifies the customer’s users, leading to the stream', async () => {
      const demoId = await customerIdOf(app, 'demo-broadcasting');
      const demo = await loginAs(app, 'customer');
      await setPreferences(demo.headers, { mailKinds: ['alarm'], emails: ['noc@example.com'] });
      const [stream] = await app.db
        .select({ id: liveStreams.id, data: liveStreams.data })
        .from(liveStreams)
        .where(eq(liveStreams.customerId, demoId))
        .limit(1);
      const T = Date.parse('2026-03-02T12:00:30Z');
      const minute = (offset: number) => new Date(Math.floor(T / MINUTE) * MINUTE + offset * MINUTE);
      await app.db.delete(alarms);
      for (const offset of [-1, 0])
        await app.db.insert(playbackMinutes).values({
          resourceId: stream!.id,
          customerId: demoId,
          kind: 'liveStream',
          minute: minute(offset),
          adLatencyMs: [],
          originLatencyMs: [],
          requests: 40,
          originRequests: 12,
          originErrors: 12,
        });
      const before = (await readOutbox(app.dataDir)).length;
      const result = await app.alarmEvaluator.evaluate(T);
      expect(result.raised).toHaveLength(1);

      const list = notificationListResponseSchema.parse(
        (await app.inject({ url: '/api/notification/notifications', headers: demo.headers })).json(),
      );
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({
        kind: 'alarm',
        title: `CRITICAL: ${result.raised[0]!.name}`,
        body: result.raised[0]!.message,
        link: `/streams-live/${stream!.id}`,
        readAt: null,
      });
      // Mailed to the chosen address (the administrators' alarm mails go as before).
      const mails = await mailsSince(before);
      expect(mails.filter((m) => m.to === 'noc@example.com')).toHaveLength(1);
      // Another account's users heard nothing.
      expect(await rowsOf(owner.userId)).toEqual([]);
      await setPreferences(demo.headers, { mailKinds: [], emails: [] });
      await app.db.delete(playbackMinutes);
      await app.db.delete(alarms);
    });

    it('an alarm raised through the API about a customer notifies its users; a platform alarm no one', async () => {
      const admin = await loginAs(app, 'admin');
      await setPreferences(editor.headers, { mailKinds: ['alarm'], emails: [] });
      const before = (await readOutbox(app.dataDir)).length;
      const res = await app.inject({
        method: 'POST',
        url: '/api/alarm/alarms',
        headers: admin.headers,
        payload: {
          severity: 'ERROR',
          type: 'encoder',
          name: 'Encoder down',
          message: 'The encoder stopped.',
          customerId: owner.customer.id,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      await app.settled();
      expect((await rowsOf(owner.userId)).map((n) => n.title)).toEqual(['ERROR: Encoder down']);
      expect((await rowsOf(editor.userId)).map((n) => n.body)).toEqual(['The encoder stopped.']);
      expect((await mailsSince(before)).map((m) => m.to)).toEqual([editor.email]);

      const platform = await app.inject({
        method: 'POST',
        url: '/api/alarm/alarms',
        headers: admin.headers,
        payload: { severity: 'ERROR', type: 'x', name: 'Platform', message: 'm' },
      });
      expect(platform.statusCode).toBe(201);
      expect(await app.db.select().from(notifications)).toHaveLength(2);
      await setPreferences(editor.headers, { mailKinds: [], emails: [] });
    });
  });

  describe('plan changes', () => {
    it('a plan change notifies the account’s users, mailed to those who opted in', async () => {
      const account = await createAccount(app);
      const colleague = await addMember(app, account.customer.id, { role: 'viewer' });
      await setPreferences(colleague.headers, { mailKinds: ['plan'], emails: ['billing@example.com'] });
      const before = (await readOutbox(app.dataDir)).length;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/customer/editCustomer/${account.customer.id}`,
        headers: account.headers,
        payload: { paymentPlan: 'enterprise' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await app.settled();
      for (const userId of [account.userId, colleague.userId]) {
        const rows = await rowsOf(userId);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ kind: 'plan', title: 'Your plan is now Enterprise' });
        expect(rows[0]!.body).toContain('from Standard to Enterprise');
      }
      const mails = await mailsSince(before);
      expect(mails.map((m) => m.to)).toEqual(['billing@example.com']);
      expect(mails[0]!.subject).toBe('Cuepoint: Your plan is now Enterprise');
      // A save that changes no plan notifies no one.
      await app.inject({
        method: 'PUT',
        url: `/api/customer/editCustomer/${account.customer.id}`,
        headers: account.headers,
        payload: { paymentPlan: 'enterprise' },
      });
      expect(await rowsOf(account.userId)).toHaveLength(1);
    });
  });

  describe('creative conditioning', () => {
    const ladder = ladderOf([]);
    const addCreative = async (customerId: string, name: string, videoUrl: string) => {
      const [row] = await app.db
        .insert(creatives)
        .values({ customerId, data: { name, videoUrl, duration: 2 } })
        .returning({ id: creatives.id });
      return row!.id;
    };
    const condition = async (sourceUrl: string, rungs = ladder) => {
      const key = conditioningKey(sourceUrl, rungs);
      await app.db
        .insert(conditionedCreatives)
        .values({ key, sourceUrl, ladder: rungs, status: 'queued' })
        .onConflictDoNothing();
      // The job's last attempt (a failure is then final).
      await app.conditioner.condition(key, 2);
      return key;
    };

    it('a creative whose video failed conditioning: its account is told, leading to the creative', async () => {
      const url = `${videos.base}/missing-${Date.now()}.mp4`;
      const id = await addCreative(owner.customer.id, 'Summer spot', url);
      const other = await createAccount(app);
      const otherId = await addCreative(other.customer.id, 'Same video', url);
      await setPreferences(owner.headers, { mailKinds: ['conditioning'], emails: [] });
      const before = (await readOutbox(app.dataDir)).length;
      const key = await condition(url);
      const [state] = await app.db
        .select()
        .from(conditionedCreatives)
        .where(eq(conditionedCreatives.key, key));
      expect(state!.status).toBe('failed');
      const rows = await rowsOf(owner.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'conditioning',
        title: 'Summer spot could not be conditioned',
        link: `/creatives/${id}`,
      });
      expect(rows[0]!.body).toContain('answered 404');
      expect(await rowsOf(editor.userId)).toHaveLength(1);
      // Each account with that video is told about its own creative.
      const others = await rowsOf(other.userId);
      expect(others.map((n) => n.link)).toEqual([`/creatives/${otherId}`]);
      const mails = await mailsSince(before);
      expect(mails.map((m) => m.to)).toEqual([
        (await app.db.query.users.findFirst({ where: (u) => eq(u.id, owner.userId) }))!.email,
      ]);
      await setPreferences(owner.headers, { mailKinds: [], emails: [] });
    });

    it('a creative tried again after failing, failing again: nobody is told twice', async () => {
      const url = `${videos.base}/missing-again-${Date.now()}.mp4`;
      await addCreative(owner.customer.id, 'Autumn spot', url);
      const key = await condition(url);
      expect((await rowsOf(owner.userId)).map((n) => n.title)).toEqual([
        'Autumn spot could not be conditioned',
      ]);
      // As the retry leaves it (conditioning.test.ts): queued again, the last failure's reason kept.
      await app.db
        .update(conditionedCreatives)
        .set({ status: 'queued' })
        .where(eq(conditionedCreatives.key, key));
      await app.conditioner.condition(key, 2);
      const [state] = await app.db
        .select()
        .from(conditionedCreatives)
        .where(eq(conditionedCreatives.key, key));
      expect(state).toMatchObject({ status: 'failed', reason: `${url} answered 404` });
      expect((await rowsOf(owner.userId)).map((n) => n.title)).toEqual([
        'Autumn spot could not be conditioned',
      ]);
    });

    it('a stream’s own ladder of the same video is not notified (the creative’s is)', async () => {
      const url = `${videos.base}/missing-ladder-${Date.now()}.mp4`;
      await addCreative(owner.customer.id, 'Ladder spot', url);
      await condition(url, ladderOf([{ resolution: '426x240', bandwidth: 500_000 }]));
      expect(await rowsOf(owner.userId)).toEqual([]);
    });

    it.skipIf(!HAS_FFMPEG)(
      'a creative whose video is conditioned: its account is told it is ready (needs ffmpeg)',
      async () => {
        const url = `${videos.base}/ad.mp4`;
        const id = await addCreative(owner.customer.id, 'Winter spot', url);
        const key = await condition(url);
        const [state] = await app.db
          .select()
          .from(conditionedCreatives)
          .where(and(eq(conditionedCreatives.key, key)));
        expect(state!.status).toBe('ready');
        const rows = await rowsOf(owner.userId);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          kind: 'conditioning',
          title: 'Winter spot is ready to play',
          link: `/creatives/${id}`,
        });
      },
      120_000,
    );
  });
});
