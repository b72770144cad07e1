import { userSchema } from '@cuepoint/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../db/schema/index.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const PROFILE = {
  firstName: 'Grace',
  lastName: 'Hopper',
  mobilePhone: '+1 555 0142',
  country: 'US',
  jobTitle: 'Head of Streaming',
  organizationType: 'Publisher',
};

describe('PUT /api/user/editUser/:id', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let owner: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    owner = await createAccount(app);
    stranger = await createAccount(app);
  });
  afterAll(() => app.close());

  const edit = (id: string, payload: unknown, headers: Record<string, string> = {}, base = '/api') =>
    app.inject({ method: 'PUT', url: `${base}/user/editUser/${id}`, payload: payload as object, headers });
  const stored = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('saves the caller’s own profile and answers the user (spec section 3 shape)', async () => {
    const res = await edit(owner.userId, { ...PROFILE, firstName: '  Grace  ' }, owner.headers);
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json());
    expect(user).toMatchObject({ _id: owner.userId, ...PROFILE });
    expect(user.customerId._id).toBe(owner.customer.id);
    expect(await stored(owner.userId)).toMatchObject(PROFILE);
    const me = await app.inject({ url: `/api/user/getUser/${owner.userId}`, headers: owner.headers });
    expect(me.json().firstName).toBe('Grace');
    expect((await edit(owner.userId, PROFILE, owner.headers, '/api_v1')).statusCode).toBe(200);
  });

  it('clears the optional fields when sent empty, keeps them when left out', async () => {
    const kept = await edit(
      owner.userId,
      { ...PROFILE, jobTitle: undefined, organizationType: undefined },
      owner.headers,
    );
    expect(kept.json()).toMatchObject({ jobTitle: 'Head of Streaming', organizationType: 'Publisher' });
    const cleared = await edit(
      owner.userId,
      { ...PROFILE, jobTitle: '', organizationType: '' },
      owner.headers,
    );
    expect(cleared.json()).toMatchObject({ jobTitle: null, organizationType: null });
  });

  it('answers 400 naming each field with the profile rules’ messages', async () => {
    const res = await edit(
      owner.userId,
      { firstName: '', lastName: 'x', mobilePhone: ' ', country: '', organizationType: 'Broadcaster' },
      owner.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'mobilePhone', message: 'Mobile phone is required' },
      { field: 'country', message: 'Country is required' },
      { field: 'organizationType', message: 'This field is required' },
    ]);
    const nothing = await edit(owner.userId, undefined, owner.headers);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().fields).toEqual([{ field: 'body', message: 'Please fill the required fields' }]);
    expect((await stored(owner.userId)).mobilePhone).toBe(PROFILE.mobilePhone);
  });

  it('refuses another user’s profile to a non-admin (403), whatever the payload', async () => {
    const res = await edit(owner.userId, PROFILE, stranger.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You may only edit your own profile');
  });

  it('lets a main administrator edit anyone; during login-as it acts as the target', async () => {
    const byAdmin = await edit(stranger.userId, { ...PROFILE, firstName: 'Edited' }, admin.headers);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().firstName).toBe('Edited');

    const asOwner = { ...admin.headers, 'login-as': owner.userId };
    const self = await edit(owner.userId, { ...PROFILE, lastName: 'Acted' }, asOwner);
    expect(self.statusCode).toBe(200);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.edit'), eq(auditLog.target, owner.userId)))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({ actorUserId: admin.userId, effectiveUserId: owner.userId });
    expect((await edit(stranger.userId, PROFILE, asOwner)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown user, 400 naming id for a malformed one, 401 without a token', async () => {
    expect((await edit('00000000-0000-4000-8000-000000000000', PROFILE, admin.headers)).statusCode).toBe(404);
    const bad = await edit('not-a-uuid', PROFILE, owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
    expect((await edit(owner.userId, PROFILE)).statusCode).toBe(401);
  });
});
