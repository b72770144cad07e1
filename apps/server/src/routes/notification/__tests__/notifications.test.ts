import {
  LIMIT_TEXTS,
  NOTIFICATION_TEXTS,
  notificationListResponseSchema,
  notificationPreferencesSchema,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../../../db/schema/index.ts';
import { notifyCustomer } from '../../../services/notifications.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { addMember, type Member } from './members.ts';

const LIST = '/api/notification/notifications';
const READ_ALL = '/api/notification/notifications/read-all';
const UNREAD = '/api/notification/unread-count';
const PREFERENCES = '/api/notification/preferences';
const read = (id: string) => `/api/notification/notifications/${id}/read`;

describe('the notification routes', () => {
  let app: TestApp;
  let owner: TestAccount;
  let colleague: Member;
  let stranger: TestAccount;

  beforeAll(async () => {
    app = await testApp();
    owner = await createAccount(app);
    colleague = await addMember(app, owner.customer.id, { role: 'viewer' });
    stranger = await createAccount(app);
  });
  afterAll(() => app.close());

  /** Notifies the owner's account (both its users) `count` times; answers the owner's rows. */
  const notifyOwners = async (count: number, kind: 'alarm' | 'plan' = 'alarm') => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const { notifications: rows } = await app.db.transaction((tx) =>
        notifyCustomer(tx, {
          customerId: owner.customer.id,
          kind,
          title: `Event ${i}`,
          body: `Body ${i}`,
          link: '/overview',
        }),
      );
      ids.push(rows.find((r) => r.userId === owner.userId)!.id);
    }
    return ids;
  };
  const list = async (headers: Record<string, string>, query = '') => {
    const res = await app.inject({ method: 'GET', url: `${LIST}${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return notificationListResponseSchema.parse(res.json());
  };
  const clear = () => app.db.delete(notifications);

  it('answers 401 to every call without a session', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET', url: LIST },
      { method: 'GET', url: UNREAD },
      { method: 'PUT', url: read(id), payload: { read: true } },
      { method: 'POST', url: READ_ALL },
      { method: 'GET', url: PREFERENCES },
      { method: 'PUT', url: PREFERENCES, payload: { mailKinds: [], emails: [] } },
    ] as const;
    for (const call of calls) {
      const res = await app.inject({ ...call });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it('lists only the user’s own notifications, newest first, paged, with the unread count', async () => {
    await clear();
    const ids = await notifyOwners(3);
    const page = await list(owner.headers, '?pageSize=2');
    expect(page.data.map((n) => n._id)).toEqual([ids[2], ids[1]]);
    expect(page).toMatchObject({ total: 3, unread: 3, readOnly: false });
    expect(page.data[0]).toMatchObject({
      kind: 'alarm',
      title: 'Event 2',
      body: 'Body 2',
      link: '/overview',
      readAt: null,
    });
    expect((await list(owner.headers, '?pageSize=2&page=2')).data.map((n) => n._id)).toEqual([ids[0]]);
    // The colleague got its own copies; the other account nothing.
    expect((await list(colleague.headers)).total).toBe(3);
    expect((await list(colleague.headers)).data.map((n) => n._id)).not.toContain(ids[0]);
    expect((await list(stranger.headers)).total).toBe(0);
    const unread = await app.inject({ method: 'GET', url: UNREAD, headers: owner.headers });
    expect(unread.json()).toEqual({ unread: 3 });
  });

  it('marks one read and unread again, and filters the unread ones', async () => {
    await clear();
    const [first, second] = await notifyOwners(2);
    const res = await app.inject({
      method: 'PUT',
      url: read(first!),
      payload: { read: true },
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: first, readAt: expect.any(String) });
    const unreadOnly = await list(owner.headers, '?filter=unread');
    expect(unreadOnly.data.map((n) => n._id)).toEqual([second]);
    expect(unreadOnly).toMatchObject({ total: 1, unread: 1 });
    expect((await list(owner.headers, '?filter=all')).total).toBe(2);
    // Unread again.
    const back = await app.inject({
      method: 'PUT',
      url: read(first!),
      payload: { read: false },
      headers: owner.headers,
    });
    expect(back.json()).toMatchObject({ _id: first, readAt: null });
    expect((await list(owner.headers)).unread).toBe(2);
    // The colleague's copies are untouched.
    expect((await list(colleague.headers)).unread).toBe(2);
  });

  it('marks every unread notification read, the user’s own only', async () => {
    await clear();
    await notifyOwners(3);
    const res = await app.inject({ method: 'POST', url: READ_ALL, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3, unread: 0 });
    expect((await list(owner.headers)).unread).toBe(0);
    expect((await list(colleague.headers)).unread).toBe(3);
    expect((await app.inject({ method: 'POST', url: READ_ALL, headers: owner.headers })).json()).toEqual({
      updated: 0,
      unread: 0,
    });
  });

  it('answers 404 for another user’s notification, of the same account or another', async () => {
    await clear();
    const [mine] = await notifyOwners(1);
    for (const headers of [colleague.headers, stranger.headers]) {
      const res = await app.inject({ method: 'PUT', url: read(mine!), payload: { read: true }, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOTIFICATION_TEXTS.notFound);
    }
    const unknown = await app.inject({
      method: 'PUT',
      url: read('00000000-0000-4000-8000-000000000000'),
      payload: { read: true },
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const [row] = await app.db.select().from(notifications).where(eq(notifications.id, mine!));
    expect(row!.readAt).toBeNull();
  });

  it('refuses bad input naming the field, in the rules’ words', async () => {
    const bad = async (
      request: { method: 'GET' | 'PUT'; url: string; payload?: object },
      field: string,
      message: string,
    ) => {
      const res = await app.inject({ ...request, headers: owner.headers });
      expect(res.statusCode, `${request.url} ${JSON.stringify(request.payload)}`).toBe(400);
      expect(res.json().fields).toContainEqual({ field, message });
    };
    await bad({ method: 'GET', url: `${LIST}?filter=read` }, 'filter', NOTIFICATION_TEXTS.filter);
    await bad({ method: 'GET', url: `${LIST}?pageSize=0` }, 'pageSize', NOTIFICATION_TEXTS.pageSize);
    await bad({ method: 'GET', url: `${LIST}?pageSize=101` }, 'pageSize', NOTIFICATION_TEXTS.pageSize);
    await bad({ method: 'GET', url: `${LIST}?page=0` }, 'page', NOTIFICATION_TEXTS.page);
    await bad(
      { method: 'PUT', url: read('nope'), payload: { read: true } },
      'id',
      VALIDATION_MESSAGES.invalidUuid,
    );
    await bad(
      { method: 'PUT', url: read('00000000-0000-4000-8000-000000000000'), payload: { read: 'yes' } },
      'read',
      NOTIFICATION_TEXTS.read,
    );
    await bad(
      {
        method: 'PUT',
        url: PREFERENCES,
        payload: { mailKinds: [], emails: ['ok@example.com', 'not-an-address'] },
      },
      'emails.1',
      VALIDATION_MESSAGES.invalidEmail,
    );
    await bad(
      { method: 'PUT', url: PREFERENCES, payload: { mailKinds: [], emails: ['a@b'] } },
      'emails.0',
      VALIDATION_MESSAGES.invalidEmail,
    );
    await bad(
      {
        method: 'PUT',
        url: PREFERENCES,
        payload: { mailKinds: [], emails: Array.from({ length: 6 }, (_, i) => `a${i}@example.com`) },
      },
      'emails',
      LIMIT_TEXTS.tooMany(5),
    );
    await bad(
      { method: 'PUT', url: PREFERENCES, payload: { mailKinds: ['alarm', 'sms'], emails: [] } },
      'mailKinds.1',
      NOTIFICATION_TEXTS.mailKind,
    );
    await bad(
      { method: 'PUT', url: PREFERENCES, payload: { emails: [] } },
      'mailKinds',
      NOTIFICATION_TEXTS.mailKind,
    );
    // Nothing was saved.
    const prefs = await app.inject({ method: 'GET', url: PREFERENCES, headers: owner.headers });
    expect(prefs.json()).toMatchObject({ mailKinds: [], emails: [] });
  });

  it('saves the preferences and answers them back (kinds in order, addresses once, lower-cased)', async () => {
    const initial = await app.inject({ method: 'GET', url: PREFERENCES, headers: colleague.headers });
    expect(notificationPreferencesSchema.parse(initial.json())).toEqual({
      mailKinds: [],
      emails: [],
      accountEmail: colleague.email,
      readOnly: false,
    });
    // A viewer saves its own preferences: a self-service call.
    const put = await app.inject({
      method: 'PUT',
      url: PREFERENCES,
      headers: colleague.headers,
      payload: {
        mailKinds: ['plan', 'alarm', 'plan'],
        emails: [' Ops@Example.com ', 'ops@example.com', 'night@example.com'],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = { mailKinds: ['alarm', 'plan'], emails: ['ops@example.com', 'night@example.com'] };
    expect(put.json()).toMatchObject(saved);
    const again = await app.inject({ method: 'GET', url: PREFERENCES, headers: colleague.headers });
    expect(again.json()).toMatchObject(saved);
    // The owner's are its own.
    expect(
      (await app.inject({ method: 'GET', url: PREFERENCES, headers: owner.headers })).json(),
    ).toMatchObject({
      mailKinds: [],
      emails: [],
    });
    // Cleared again.
    const cleared = await app.inject({
      method: 'PUT',
      url: PREFERENCES,
      headers: colleague.headers,
      payload: { mailKinds: [], emails: [] },
    });
    expect(cleared.json()).toMatchObject({ mailKinds: [], emails: [] });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'notification.preferences'), eq(auditLog.actorUserId, colleague.userId)),
      );
    expect(audits).toHaveLength(2);
  });

  it('lets a viewer mark its own notifications read (self-service)', async () => {
    await clear();
    await notifyOwners(1);
    const [mine] = (await list(colleague.headers)).data;
    const res = await app.inject({
      method: 'PUT',
      url: read(mine!._id),
      payload: { read: true },
      headers: colleague.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await app.inject({ method: 'POST', url: READ_ALL, headers: colleague.headers })).statusCode).toBe(
      200,
    );
  });

  it('during login-as shows the user’s notifications and preferences, read-only', async () => {
    await clear();
    const [mine] = await notifyOwners(1);
    const admin = await loginAs(app, 'admin');
    const acting = { ...admin.headers, 'login-as': owner.userId };
    const seen = await list(acting);
    expect(seen.data.map((n) => n._id)).toEqual([mine]);
    expect(seen.readOnly).toBe(true);
    const prefs = await app.inject({ method: 'GET', url: PREFERENCES, headers: acting });
    expect(prefs.json()).toMatchObject({ readOnly: true, accountEmail: expect.any(String) });
    const writes = [
      { method: 'PUT', url: read(mine!), payload: { read: true } },
      { method: 'POST', url: READ_ALL },
      { method: 'PUT', url: PREFERENCES, payload: { mailKinds: ['alarm'], emails: [] } },
    ] as const;
    for (const write of writes) {
      const res = await app.inject({ ...write, headers: acting });
      expect(res.statusCode, `${write.method} ${write.url}`).toBe(409);
      expect(res.json().message).toBe(NOTIFICATION_TEXTS.readOnly);
    }
    expect((await list(owner.headers)).unread).toBe(1);
    // The administrator's own list is its own.
    expect((await list(admin.headers)).data.map((n) => n._id)).not.toContain(mine);
  });
});
