/**
 * Issue 46 (a security probe): sign-up answered 409 "An account with this email already exists"
 * in 3 ms against 24 ms for a new address, so anyone could learn which addresses have accounts.
 * A taken address now gets exactly what a new one gets (status, body, the password hash's time),
 * makes no account, and its owner is mailed instead.
 */
import { AUTH_TEXTS } from '@cuepoint/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, users } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { ACCOUNT_NOTICES_PER_HOUR } from '../../../repositories/auth-failures.ts';
import { addCustomer, addUser, TEST_PASSWORD } from '../../../test/accounts.ts';
import { readOutbox, type TestApp, testApp } from '../../../test/helpers.ts';

const SIGNUP = {
  firstName: 'Mallory',
  lastName: 'Prober',
  mobilePhone: '+1 555 0146',
  organizationType: 'Publisher',
  country: 'US',
  password: 'Pr0be#Passw0rd',
  repeatPassword: 'Pr0be#Passw0rd',
} as const;

const owner = DEMO_ACCOUNTS.customer;
/** Headers that differ from one request to the next whatever the address. */
const PER_REQUEST_HEADERS = /^(date|x-request-id|x-ratelimit-.*)$/;

describe('sign-up with an address that has an account (issue 46)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  const signup = (email: string, extra: Record<string, string> = {}, url = 'auth/signup') =>
    app.inject({ method: 'POST', url: `/api/${url}`, payload: { ...SIGNUP, email, ...extra } });
  const rows = async () => ({
    users: (await app.db.select({ n: count() }).from(users))[0]!.n,
    customers: (await app.db.select({ n: count() }).from(customers))[0]!.n,
  });
  const mailsTo = async (to: string) => (await readOutbox(app.dataDir)).filter((m) => m.to === to);
  const userByEmail = async (email: string) =>
    (await app.db.select().from(users).where(eq(users.email, email)))[0];
  /** What an answer shows a caller: status, body and headers, without those that differ per request. */
  const visible = (res: Awaited<ReturnType<typeof signup>>) => {
    const headers = Object.fromEntries(
      Object.entries(res.headers).filter(([name]) => !PER_REQUEST_HEADERS.test(name)),
    );
    return { status: res.statusCode, body: res.json(), headers };
  };

  it('answers a taken address exactly as a new one, and makes no second account', async () => {
    const fresh = await signup('first.timer@broadcaster.example');
    const before = await rows();
    const storedBefore = await userByEmail(owner.email);
    const taken = await signup(owner.email.toUpperCase());

    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toEqual({ message: AUTH_TEXTS.signupDone });
    expect(visible(taken)).toEqual(visible(fresh));
    expect(await rows()).toEqual(before);
    // The owner's user is untouched: same customer, password, names and state.
    expect(await userByEmail(owner.email)).toEqual(storedBefore);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
    const probe = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: SIGNUP.password },
    });
    expect(probe.statusCode).toBe(401);
  });

  it('mails the owner that someone tried, with the sign-in and reset links, and no activation link', async () => {
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const [notice] = mails;
    expect(notice!.subject).toBe('Someone tried to sign up to Cuepoint with your email address');
    expect(notice!.text).toContain(`Hello ${owner.firstName},`);
    expect(notice!.text).toContain('no new account was created');
    expect(notice!.links).toEqual([
      'http://console.test/app/login',
      'http://console.test/app/reset-password',
    ]);
    for (const link of notice!.links) expect(notice!.text).toContain(link);
    // Nothing the stranger typed reaches the owner's mailbox.
    expect(notice!.text).not.toContain(SIGNUP.firstName);
    expect(notice!.text).not.toContain(SIGNUP.password);
    // The new address got its activation link, as before.
    const [activation] = await mailsTo('first.timer@broadcaster.example');
    expect(activation!.subject).toBe('Activate your Cuepoint account');
    expect(new URL(activation!.links[0]!).pathname).toBe('/app/user-activate');
  });

  it('audits the attempt on the existing user’s account', async () => {
    const stored = await userByEmail(owner.email);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.signup-existing'), eq(auditLog.target, stored!.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ customerId: stored!.customerId, actorUserId: null });
  });

  it('answers the marketplace sign-up the same way, leaving the existing customer’s token alone', async () => {
    const fresh = await signup(
      'market.new@broadcaster.example',
      { marketplaceToken: 'mp-new' },
      'auth/mpsignup',
    );
    const before = await rows();
    const stored = await userByEmail(owner.email);
    const [customerBefore] = await app.db
      .select()
      .from(customers)
      .where(eq(customers.id, stored!.customerId));
    const taken = await signup(owner.email, { marketplaceToken: 'mp-probe' }, 'auth/mpsignup');
    expect(visible(taken)).toEqual(visible(fresh));
    expect(await rows()).toEqual(before);
    const [customerAfter] = await app.db.select().from(customers).where(eq(customers.id, stored!.customerId));
    expect(customerAfter).toEqual(customerBefore);
    expect(await mailsTo(owner.email)).toHaveLength(2);
  });

  it('treats two sign-ups of one new address at once as one account and one taken address', async () => {
    const email = 'twice@broadcaster.example';
    const before = await rows();
    const answers = await Promise.all([signup(email), signup(email)]);
    expect(answers.map(visible)).toEqual([visible(answers[0]!), visible(answers[0]!)]);
    expect(answers[0]!.statusCode).toBe(201);
    expect(await rows()).toEqual({ users: before.users + 1, customers: before.customers + 1 });
    // One activation link for the account; the other sign-up, whichever lost, mailed a notice.
    const subjects = (await mailsTo(email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Activate your Cuepoint account',
      'Someone tried to sign up to Cuepoint with your email address',
    ]);
  });

  it(`mails at most ${ACCOUNT_NOTICES_PER_HOUR} notices an hour to one address, without using up its reset mails`, async () => {
    const otherId = await addCustomer(app, { name: 'Flooded Co', subDomainName: 'flooded-co' });
    const email = 'flooded@other.example';
    await addUser(app, { customerId: otherId, email });
    const answers = [];
    for (let i = 0; i < ACCOUNT_NOTICES_PER_HOUR + 3; i += 1) answers.push(await signup(email));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(
      new Set([`201 ${JSON.stringify({ message: AUTH_TEXTS.signupDone })}`]),
    );
    expect(await mailsTo(email)).toHaveLength(ACCOUNT_NOTICES_PER_HOUR);
    // The owner can still reset the password: the notices count apart from account mails.
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
    expect(reset.statusCode).toBe(200);
    await app.settled();
    const resets = (await mailsTo(email)).filter((m) => m.subject === 'Reset your Cuepoint password');
    expect(resets).toHaveLength(1);
    // Their own password still works.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});
