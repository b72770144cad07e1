/** The main administrator's Customers screen: list, record, notes, review, activation. */
import {
  ADMIN_CUSTOMER_TEXTS,
  customerListResponseSchema,
  customerRecordSchema,
  NOTE_MAX_LENGTH,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../db/schema/index.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, readOutbox, type TestApp, testApp } from '../../../test/helpers.ts';

describe('the Customers screen’s calls (main administrator)', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = admin.headers) =>
    app.inject({ url: `/api/${url}`, headers });
  const post = (url: string, payload?: object, headers: Record<string, string> = admin.headers) =>
    app.inject({ method: 'POST', url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
  const list = async (query: string) => {
    const res = await get(`customer/customers?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return customerListResponseSchema.parse(res.json());
  };
  const record = async (id: string) => {
    const res = await get(`customer/customers/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return customerRecordSchema.parse(res.json());
  };
  /** An account that signed up and awaits review (its user not approved yet). */
  const pendingAccount = async (name: string): Promise<TestAccount> => {
    const account = await createAccount(app, { customer: { name, reviewedAt: null } });
    await app.db.update(users).set({ isGmanaActive: false }).where(eq(users.id, account.userId));
    return account;
  };
  const audited = (action: string, customerId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.customerId, customerId)));

  it('refuses a customer’s user, login-as and no session; names bad input', async () => {
    const owner = await createAccount(app);
    const id = owner.customer.id;
    const calls = [
      () => get('customer/customers', owner.headers),
      () => get(`customer/customers/${id}`, owner.headers),
      () => post(`customer/customers/${id}`, { version: 1, adminNote: 'x' }, owner.headers),
      () => post(`customer/reject/${id}`, { reason: 'no' }, owner.headers),
      () => post(`customer/activate/${id}`, undefined, owner.headers),
      () => post(`customer/deactivate/${id}`, undefined, owner.headers),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    const asOwner = { ...admin.headers, 'login-as': owner.userId };
    expect((await get('customer/customers', asOwner)).statusCode).toBe(403);
    expect((await post(`customer/deactivate/${id}`, undefined, asOwner)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/customer/customers' })).statusCode).toBe(401);

    const badPageSize = await get('customer/customers?pageSize=7');
    expect(badPageSize.statusCode).toBe(400);
    expect(badPageSize.json().fields.map((f: { field: string }) => f.field)).toEqual(['pageSize']);
    const badStatus = await get('customer/customers?status=gone');
    expect(badStatus.json().fields.map((f: { field: string }) => f.field)).toEqual(['status']);
    expect((await get('customer/customers?customerId=x')).statusCode).toBe(400);
    const badId = await get('customer/customers/nope');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
    expect((await get('customer/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lists every account with search (name, sub-domain, owner email), filters, sorting and paging', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made: TestAccount[] = [];
    for (let i = 0; i < 12; i++) {
      made.push(
        await createAccount(app, {
          customer: { name: `${tag} Broadcasting ${String(i).padStart(2, '0')}` },
        }),
      );
    }
    const enterprise = await createAccount(app, {
      customer: { name: `${tag} Enterprise`, paymentPlan: 'enterprise' },
    });
    const pending = await pendingAccount(`${tag} Pending`);

    const all = await list(`q=${tag}&pageSize=All`);
    expect(all.total).toBe(14);
    const firstPage = await list(`q=${tag}&sort=name&order=asc`);
    expect(firstPage.total).toBe(14);
    expect(firstPage.data).toHaveLength(10);
    expect(firstPage.data[0]!.name).toBe(`${tag} Broadcasting 00`);
    const secondPage = await list(`q=${tag}&sort=name&order=asc&page=2`);
    expect(secondPage.data.map((c) => c.name)).toEqual([
      `${tag} Broadcasting 10`,
      `${tag} Broadcasting 11`,
      `${tag} Enterprise`,
      `${tag} Pending`,
    ]);

    // The owner's email and the sub-domain are searched too (any case).
    const byEmail = await app.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, made[3]!.userId));
    const found = await list(`q=${encodeURIComponent(byEmail[0]!.email.toUpperCase())}`);
    expect(found.data.map((c) => c._id)).toEqual([made[3]!.customer.id]);
    expect(found.data[0]).toMatchObject({ owner: { _id: made[3]!.userId }, users: 1, status: 'active' });
    const bySubDomain = await list(`q=${made[5]!.customer.subDomainName}`);
    expect(bySubDomain.data.map((c) => c._id)).toEqual([made[5]!.customer.id]);
    // A wildcard is a literal character.
    expect((await list(`q=${tag}%25zz`)).total).toBe(0);

    expect((await list(`q=${tag}&plan=enterprise`)).data.map((c) => c._id)).toEqual([enterprise.customer.id]);
    const pendingOnly = await list(`q=${tag}&status=pending`);
    expect(pendingOnly.data.map((c) => c._id)).toEqual([pending.customer.id]);
    expect(pendingOnly.data[0]!.status).toBe('pending');
    expect((await list(`q=${tag}&status=active&plan=standard`)).total).toBe(12);
    expect((await list(`q=${tag}&status=deactivated`)).total).toBe(0);
    // The default order is newest first.
    expect((await list(`q=${tag}`)).data[0]!._id).toBe(pending.customer.id);
  });

  it('shows an account’s record and changes its payment customer id and notes', async () => {
    const owner = await createAccount(app);
    const id = owner.customer.id;
    const before = await record(id);
    expect(before).toMatchObject({
      _id: id,
      paymentCustomerId: null,
      adminNote: '',
      userNote: '',
      status: 'active',
      usage: { liveStreams: 0, vods: 0, campaigns: 0, impressionsThisMonth: 0 },
      userList: [{ _id: owner.userId, isActive: true, isGmanaActive: true, isMainAdmin: false }],
    });

    const tooLong = 'x'.repeat(NOTE_MAX_LENGTH + 1);
    for (const field of ['adminNote', 'userNote']) {
      const refused = await post(`customer/customers/${id}`, { version: before.version, [field]: tooLong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual([{ field, message: VALIDATION_MESSAGES.noteTooLong }]);
    }
    const badVersion = await post(`customer/customers/${id}`, { adminNote: 'x' });
    expect(badVersion.json().fields.map((f: { field: string }) => f.field)).toEqual(['version']);
    const unknown = await post(`customer/customers/${id}`, { version: before.version, name: 'Other' });
    expect(unknown.statusCode).toBe(400);

    const saved = await post(`customer/customers/${id}`, {
      version: before.version,
      paymentCustomerId: ' cus_123 ',
      adminNote: 'x'.repeat(NOTE_MAX_LENGTH),
      userNote: 'Welcome aboard',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      paymentCustomerId: 'cus_123',
      userNote: 'Welcome aboard',
      version: before.version + 1,
    });
    expect(saved.json().adminNote).toHaveLength(NOTE_MAX_LENGTH);
    const [entry] = await audited('customer.admin-edit', id);
    expect(entry).toMatchObject({
      actorUserId: admin.userId,
      details: { fields: ['adminNote', 'paymentCustomerId', 'userNote'] },
    });

    const stale = await post(`customer/customers/${id}`, { version: before.version, userNote: 'late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(before.version + 1);
    // An empty payment customer id clears it.
    const cleared = await post(`customer/customers/${id}`, {
      version: before.version + 1,
      paymentCustomerId: '',
    });
    expect(cleared.json().paymentCustomerId).toBeNull();
  });

  it('approves a sign-up (its users may sign in) or rejects it with a mailed reason', async () => {
    const approved = await pendingAccount('Approve me');
    expect((await record(approved.customer.id)).status).toBe('pending');
    expect((await post(`customer/approve/${approved.customer.id}`)).statusCode).toBe(200);
    const afterApproval = await record(approved.customer.id);
    expect(afterApproval.status).toBe('active');
    expect(afterApproval.userList[0]!.isGmanaActive).toBe(true);

    const rejected = await pendingAccount('Reject me');
    const id = rejected.customer.id;
    const noReason = await post(`customer/reject/${id}`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual([
      { field: 'reason', message: ADMIN_CUSTOMER_TEXTS.reasonRequired },
    ]);
    expect((await post(`customer/reject/${id}`, {})).json().fields[0].field).toBe('reason');

    const done = await post(`customer/reject/${id}`, { reason: 'We could not verify your company.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'deactivated' });
    expect(done.json().deactivatedAt).not.toBeNull();
    const email = done.json().userList[0].email as string;
    const mail = (await readOutbox(app.dataDir)).filter((m) => m.to === email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(ADMIN_CUSTOMER_TEXTS.rejectSubject);
    expect(mail[0]!.text).toContain('We could not verify your company.');
    expect(await audited('customer.reject', id)).toHaveLength(1);
    // Its session ended; a second refusal, or one of an active account, is a conflict.
    expect(
      (await app.inject({ url: `/api/user/getUser/${rejected.userId}`, headers: rejected.headers }))
        .statusCode,
    ).toBe(401);
    expect((await post(`customer/reject/${id}`, { reason: 'again' })).statusCode).toBe(409);
    expect((await post(`customer/reject/${approved.customer.id}`, { reason: 'late' })).statusCode).toBe(409);
    expect(
      (await post('customer/reject/00000000-0000-4000-8000-000000000000', { reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('de-activates an account as its own de-activation does, and activates it again', async () => {
    const owner = await createAccount(app, { customer: { enableApi: true } });
    const id = owner.customer.id;
    const off = await post(`customer/deactivate/${id}`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe('deactivated');
    expect(
      (await app.inject({ url: `/api/user/getUser/${owner.userId}`, headers: owner.headers })).statusCode,
    ).toBe(401);
    expect((await post(`customer/deactivate/${id}`)).statusCode).toBe(409);
    expect(await audited('customer.deactivate', id)).toHaveLength(1);
    expect((await list('status=deactivated&pageSize=All')).data.map((c) => c._id)).toContain(id);

    const on = await post(`customer/activate/${id}`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: 'active', deactivatedAt: null });
    expect((await post(`customer/activate/${id}`)).json().message).toBe(ADMIN_CUSTOMER_TEXTS.notDeactivated);
    expect(await audited('customer.activate', id)).toHaveLength(1);

    // A refused sign-up activated later is approved with it.
    const refused = await pendingAccount('Second chance');
    await post(`customer/reject/${refused.customer.id}`, { reason: 'Not now' });
    const back = await post(`customer/activate/${refused.customer.id}`);
    expect(back.json()).toMatchObject({ status: 'active', userList: [{ isGmanaActive: true }] });

    // The platform's own account (a main administrator's) cannot be de-activated.
    const platform = (await list('q=platform')).data.find((c) => c.subDomainName === 'platform')!;
    expect((await post(`customer/deactivate/${platform._id}`)).statusCode).toBe(409);
  });
});
