import { AUTH_TEXTS, accountStateErrorSchema, VALIDATION_MESSAGES } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, sessions, users, userTokens } from '../../../db/schema/index.ts';
import { lastLinkTo, loginAs, readOutbox, type TestApp, testApp } from '../../../test/helpers.ts';

const NEW_USER = {
  firstName: 'Nora',
  lastName: 'Newcomer',
  email: 'nora@broadcaster.example',
  mobilePhone: '+33 1 23 45 67 89',
  organizationType: 'Publisher',
  country: 'FR',
  password: 'Str0ng#Passw0rd',
  repeatPassword: 'Str0ng#Passw0rd',
} as const;

describe('sign-up, activation, review and login', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/${url}`, payload, headers });
  const userCount = async () => (await app.db.select({ id: users.id }).from(users)).length;
  /** The last activation link mailed to the address (a sign-up notice may have come after it). */
  const activationLinkTo = async (to: string) => {
    const links = (await readOutbox(app.dataDir)).filter((m) => m.to === to).flatMap((m) => m.links);
    const link = links.map((l) => new URL(l)).findLast((l) => l.pathname === '/app/user-activate');
    if (!link) throw new Error(`no activation link to ${to}`);
    return link;
  };

  it('refuses a bad sign-up naming each field with the spec message, and writes nothing', async () => {
    const before = await userCount();
    const res = await post('auth/signup', {
      ...NEW_USER,
      email: 'not-an-email',
      country: 'Atlantis',
      password: 'weakpassword',
      repeatPassword: 'different',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'email', message: VALIDATION_MESSAGES.invalidEmail },
      { field: 'country', message: VALIDATION_MESSAGES.thisFieldRequired },
      { field: 'password', message: VALIDATION_MESSAGES.passwordComplexity },
      { field: 'repeatPassword', message: VALIDATION_MESSAGES.repeatPassword },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('creates an inactive customer user and mails a single-use activation link', async () => {
    const res = await post('auth/signup', NEW_USER);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_TEXTS.signupDone });
    const [user] = await app.db.select().from(users).where(eq(users.email, NEW_USER.email));
    expect(user).toMatchObject({ isActive: false, isGmanaActive: false, isMainAdmin: false, country: 'FR' });
    const link = await lastLinkTo(app.dataDir, NEW_USER.email);
    expect(link.origin + link.pathname).toBe('http://console.test/app/user-activate');
    expect(link.searchParams.get('email')).toBe(NEW_USER.email);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes no second account for the same email, answering as for a new one (issue 46)', async () => {
    const before = await userCount();
    const res = await post('auth/signup', { ...NEW_USER, email: NEW_USER.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_TEXTS.signupDone });
    expect(await userCount()).toBe(before);
  });

  it('answers an inactive user’s correct login with what the console routes by (isActive false)', async () => {
    const res = await post('auth/login', { email: NEW_USER.email, password: NEW_USER.password });
    expect(res.statusCode).toBe(403);
    expect(accountStateErrorSchema.parse(res.json())).toMatchObject({
      isActive: false,
      isGmanaActive: false,
      email: NEW_USER.email,
    });
  });

  it('activates once with the mailed token; a wrong, reused or another address’s token is refused', async () => {
    const token = (await activationLinkTo(NEW_USER.email)).searchParams.get('token')!;
    const wrong = await post('auth/activate', { email: NEW_USER.email, token: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_TEXTS.activationInvalid);
    const otherEmail = await post('auth/activate', { email: 'demo@cuepoint.example', token });
    expect(otherEmail.statusCode).toBe(400);

    const ok = await post('auth/activate', { email: NEW_USER.email, token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: AUTH_TEXTS.activated });
    const again = await post('auth/activate', { email: NEW_USER.email, token });
    expect(again.statusCode).toBe(400);
  });

  it('refuses an expired activation link', async () => {
    await post('auth/signup', { ...NEW_USER, email: 'late@broadcaster.example' });
    const token = (await lastLinkTo(app.dataDir, 'late@broadcaster.example')).searchParams.get('token')!;
    await app.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post('auth/activate', { email: 'late@broadcaster.example', token });
    expect(res.statusCode).toBe(400);
  });

  it('mails a new activation link on request, answering the same for unknown addresses', async () => {
    const before = (await readOutbox(app.dataDir)).length;
    const known = await post('auth/resend-activation', { email: 'late@broadcaster.example' });
    const unknown = await post('auth/resend-activation', { email: 'nobody@nowhere.example' });
    expect(known.json()).toEqual(unknown.json());
    await app.settled();
    expect((await readOutbox(app.dataDir)).length).toBe(before + 1);
  });

  it('answers an activated but unreviewed user with isGmanaActive false and the first name', async () => {
    const res = await post('auth/login', { email: NEW_USER.email, password: NEW_USER.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isActive: true, isGmanaActive: false, firstName: NEW_USER.firstName });
  });

  it('lets only a main administrator approve the customer; then the user signs in', async () => {
    const [user] = await app.db.select().from(users).where(eq(users.email, NEW_USER.email));
    const customer = await loginAs(app, 'customer');
    const denied = await post(`customer/approve/${user!.customerId}`, {}, customer.headers);
    expect(denied.statusCode).toBe(403);

    const admin = await loginAs(app, 'admin');
    const pending = async (headers: Record<string, string>) =>
      app.inject({ url: '/api/customer/pending', headers });
    expect((await pending(customer.headers)).statusCode).toBe(403);
    expect((await pending({})).statusCode).toBe(401);
    const listed = (await pending(admin.headers)).json() as { _id: string; users: { email: string }[] }[];
    expect(listed.find((c) => c._id === user!.customerId)?.users).toEqual([
      { _id: user!.id, email: NEW_USER.email, isActive: true },
    ]);
    expect(listed.flatMap((c) => c.users.map((u) => u.email))).not.toContain('demo@cuepoint.example');

    expect((await post('customer/approve/not-a-uuid', {}, admin.headers)).statusCode).toBe(400);
    expect(
      (await post('customer/approve/00000000-0000-4000-8000-000000000000', {}, admin.headers)).statusCode,
    ).toBe(404);
    expect((await post(`customer/approve/${user!.customerId}`, {})).statusCode).toBe(401);
    const ok = await post(`customer/approve/${user!.customerId}`, {}, admin.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ _id: user!.customerId, approvedUsers: 1 });
    const [reviewed] = await app.db.select().from(customers).where(eq(customers.id, user!.customerId));
    expect(reviewed!.reviewedAt).toBeInstanceOf(Date);
    const after = (await pending(admin.headers)).json() as { _id: string }[];
    expect(after.some((c) => c._id === user!.customerId)).toBe(false);

    const login = await post('auth/login', { email: NEW_USER.email, password: NEW_USER.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email: NEW_USER.email, isActive: true, isGmanaActive: true });
  });

  it('stores the marketplace token of a marketplace sign-up on the customer', async () => {
    const res = await post('auth/mpsignup', {
      ...NEW_USER,
      email: 'market@broadcaster.example',
      marketplaceToken: 'mp-123',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db
      .select({ token: customers.marketplaceToken })
      .from(users)
      .innerJoin(customers, eq(users.customerId, customers.id))
      .where(eq(users.email, 'market@broadcaster.example'));
    expect(row!.token).toBe('mp-123');
    const missing = await post('auth/mpsignup', { ...NEW_USER, email: 'market2@broadcaster.example' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([
      { field: 'marketplaceToken', message: 'Marketplace token is required' },
    ]);
  });
});

describe('password reset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/${url}`, payload });
  const email = 'demo@cuepoint.example';

  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const unknown = await post('auth/reset-password', { email: 'ghost@nowhere.example' });
    const known = await post('auth/reset-password', { email });
    await app.settled();
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: AUTH_TEXTS.resetSent });
    const mails = await readOutbox(app.dataDir);
    expect(mails.map((m) => m.to)).toEqual([email]);
    expect(mails[0]!.links[0]).toMatch(/^http:\/\/console\.test\/app\/new-password\?email=.+&token=/);
  });

  it('sets a new password once, ends every session, and refuses the old password', async () => {
    const before = await loginAs(app, 'customer');
    const token = (await lastLinkTo(app.dataDir, email)).searchParams.get('token')!;
    const weak = await post('auth/new-password', {
      email,
      token,
      password: 'short',
      repeatPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields[0]).toEqual({
      field: 'password',
      message: 'Password should be more than 8 characters long',
    });

    const next = 'N3w#Password!';
    const ok = await post('auth/new-password', { email, token, password: next, repeatPassword: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: AUTH_TEXTS.passwordChanged });
    const reused = await post('auth/new-password', { email, token, password: next, repeatPassword: next });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(AUTH_TEXTS.resetInvalid);

    // The session from before the change is revoked, even though it was used (and cached) before.
    expect(
      (await app.inject({ url: `/api/user/getUser/${before.userId}`, headers: before.headers })).statusCode,
    ).toBe(401);
    expect((await post('auth/login', { email, password: 'Cuepoint#Demo1' })).statusCode).toBe(401);
    expect((await post('auth/login', { email, password: next })).statusCode).toBe(200);
  });

  it('refuses a reset link after an hour', async () => {
    await post('auth/reset-password', { email });
    await app.settled();
    const token = (await lastLinkTo(app.dataDir, email)).searchParams.get('token')!;
    await app.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1) });
    const res = await post('auth/new-password', {
      email,
      token,
      password: 'An0ther#Pass',
      repeatPassword: 'An0ther#Pass',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('token rotation and login-as', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('sends a fresh token on a 2xx once the token is old; the old one works through the grace only', async () => {
    const s = await loginAs(app, 'customer');
    const [row] = await app.db.select().from(sessions).where(eq(sessions.userId, s.userId));
    await app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(sessions.userId, s.userId));
    expect(row).toBeDefined();

    // Parallel requests with the old token all succeed; exactly one carries the new token.
    const answers = await Promise.all(
      [1, 2, 3].map(() => app.inject({ url: `/api/user/getUser/${s.userId}`, headers: s.headers })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const fresh = answers.map((a) => a.headers.usertoken).filter(Boolean) as string[];
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).not.toBe(s.token);

    const withFresh = await app.inject({
      url: `/api/user/getUser/${s.userId}`,
      headers: { authorization: `Bearer ${fresh[0]}` },
    });
    expect(withFresh.statusCode).toBe(200);
    expect(withFresh.headers.usertoken).toBeUndefined();
    // Within the grace the old token still works and is not rotated again.
    const old = await app.inject({ url: `/api/user/getUser/${s.userId}`, headers: s.headers });
    expect(old.statusCode).toBe(200);
    expect(old.headers.usertoken).toBeUndefined();
    // A 4xx answer never carries a token.
    const forbidden = await app.inject({
      url: '/api/user/getUser/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${fresh[0]}` },
    });
    expect(forbidden.headers.usertoken).toBeUndefined();
  });

  it('lets a main administrator act as a user, audit-logging each request with both identities', async () => {
    const customer = await loginAs(app, 'customer');
    const admin = await loginAs(app, 'admin');
    const res = await app.inject({
      url: `/api/user/getUser/${customer.userId}`,
      headers: { ...admin.headers, 'login-as': customer.userId, 'user-id': customer.userId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('demo@cuepoint.example');
    // Acting as the customer, the administrator has the customer's permissions only.
    const adminSelf = await app.inject({
      url: `/api/user/getUser/${admin.userId}`,
      headers: { ...admin.headers, 'login-as': customer.userId },
    });
    expect(adminSelf.statusCode).toBe(403);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'login-as.request'))
      .orderBy(auditLog.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actorUserId: admin.userId, effectiveUserId: customer.userId });
    expect(entries[0]!.target).toBe(`GET /api/user/getUser/${customer.userId}`);
  });

  it('refuses the Login-As header from anyone but a main administrator, and an unknown target', async () => {
    const customer = await loginAs(app, 'customer');
    const admin = await loginAs(app, 'admin');
    const byCustomer = await app.inject({
      url: `/api/user/getUser/${customer.userId}`,
      headers: { ...customer.headers, 'login-as': admin.userId },
    });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().message).toBe(AUTH_TEXTS.loginAsForbidden);
    const unknown = await app.inject({
      url: `/api/user/getUser/${admin.userId}`,
      headers: { ...admin.headers, 'login-as': '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(403);
  });
});
