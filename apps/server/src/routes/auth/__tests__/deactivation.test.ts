import { ACCOUNT_TEXTS, deactivateAccountResponseSchema } from '@cuepoint/core';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alarms, auditLog, customers, sessions, users } from '../../../db/schema/index.ts';
import { countChannelsAndVods } from '../../../repositories/resources.ts';
import { addCustomer, addUser, bearer, customerIdOf, signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { DEACTIVATION_TEXTS } from '../deactivation.ts';

describe('GET /api/auth/canBeDeactivated and POST /api/auth/deactivateAccount', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let demo: Awaited<ReturnType<typeof loginAs>>;
  let acmeId: string;
  let owner: Awaited<ReturnType<typeof signIn>>;
  let colleague: Awaited<ReturnType<typeof signIn>>;
  let colleagueSecondSession: Awaited<ReturnType<typeof signIn>>;
  let apiToken: string;

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    demo = await loginAs(app, 'customer');
    acmeId = await addCustomer(app, {
      name: 'Acme Streams',
      subDomainName: 'acme',
      paymentPlan: 'enterprise',
    });
    await addUser(app, { customerId: acmeId, email: 'owner@acme.example', firstName: 'Olga' });
    await addUser(app, {
      customerId: acmeId,
      email: 'colleague@acme.example',
      createdAt: new Date(Date.now() + 1000),
    });
    owner = await signIn(app, 'owner@acme.example');
    colleague = await signIn(app, 'colleague@acme.example');
    colleagueSecondSession = await signIn(app, 'colleague@acme.example');
    await app.db.insert(alarms).values({
      severity: 'ERROR',
      type: 'SOURCE',
      name: 'Acme source down',
      message: 'No segments',
      uuid: 'acme-1',
      customerId: acmeId,
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/customer/generateToken/${acmeId}`,
      payload: { enableAPI: true, customerId: acmeId },
      headers: owner.headers,
    });
    apiToken = res.json().apiToken;
  });
  afterAll(() => app.close());
  afterEach(() => {
    app.resourceCounts.channelsAndVods = countChannelsAndVods;
  });

  const can = (headers: Record<string, string>) => app.inject({ url: '/api/auth/canBeDeactivated', headers });
  const deactivate = (headers: Record<string, string>, base = '/api') =>
    app.inject({ method: 'POST', url: `${base}/auth/deactivateAccount`, headers });
  const acme = async () => (await app.db.select().from(customers).where(eq(customers.id, acmeId)))[0]!;

  it('counts the live streams, streamer channels and VODs an account has, and refuses while there are any', async () => {
    // A fresh account of its own, so the account the tests below de-activate keeps nothing configured.
    const betaId = await addCustomer(app, { name: 'Beta Streams', subDomainName: 'beta' });
    await addUser(app, { customerId: betaId, email: 'owner@beta.example' });
    const beta = await signIn(app, 'owner@beta.example');
    expect(await countChannelsAndVods(app.db, betaId)).toBe(0);
    expect((await can(beta.headers)).json()).toBe(true);

    const stream = await app.inject({
      method: 'POST',
      url: '/api/ssai/ds',
      headers: beta.headers,
      payload: {
        name: 'Beta live',
        sourceStreamUrl: 'https://origin.beta.example/live/',
        bundles: [{ name: 'Default', percentage: 100 }],
      },
    });
    expect(stream.statusCode).toBe(201);
    expect(await countChannelsAndVods(app.db, betaId)).toBe(1);
    const no = await can(beta.headers);
    expect(no.statusCode).toBe(200);
    expect(no.json()).toBe(false);
    const refused = await deactivate(beta.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ACCOUNT_TEXTS.cannotDeactivate);

    // Slates and encoders are not channels: they do not count.
    const slate = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate',
      headers: beta.headers,
      payload: { name: 'Beta slate', videoUrl: 'https://cdn.beta.example/brb.mp4', duration: 5 },
    });
    expect(slate.statusCode).toBe(201);
    expect(await countChannelsAndVods(app.db, betaId)).toBe(1);

    // Once the stream is gone, the account may go too.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/ssai/ds/${stream.json()._id}`,
      headers: beta.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await countChannelsAndVods(app.db, betaId)).toBe(0);
    expect((await can(beta.headers)).json()).toBe(true);
    // Nothing of this account was counted for another.
    expect(await countChannelsAndVods(app.db, acmeId)).toBe(0);
  });

  it('refuses the seeded demo account: it has live streams, a streamer channel and VODs', async () => {
    const demoId = await customerIdOf(app, 'demo-broadcasting');
    // 3 live streams, 1 streamer channel, 3 VOD assets.
    expect(await countChannelsAndVods(app.db, demoId)).toBe(7);
    expect((await can(demo.headers)).json()).toBe(false);
    const res = await deactivate(demo.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOUNT_TEXTS.cannotDeactivate);
    const [row] = await app.db.select().from(customers).where(eq(customers.id, demoId));
    expect(row!.deactivatedAt).toBeNull();
  });

  it('answers true to a customer user with nothing configured, false to a main administrator', async () => {
    const yes = await can(owner.headers);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toBe(true);
    expect((await can(admin.headers)).json()).toBe(false);
    expect((await can({})).statusCode).toBe(401);
  });

  it('answers false during login-as and with an API token (both are refused)', async () => {
    expect((await can({ ...admin.headers, 'login-as': owner.userId })).json()).toBe(false);
    expect((await can(bearer(apiToken))).json()).toBe(false);
  });

  it('answers false while the account has channels or VODs, counted for the caller’s customer', async () => {
    const asked: string[] = [];
    app.resourceCounts.channelsAndVods = async (_db, customerId) => {
      asked.push(customerId);
      return 2;
    };
    expect((await can(owner.headers)).json()).toBe(false);
    expect(asked).toEqual([acmeId]);
  });

  it('refuses a main administrator (403)', async () => {
    const res = await deactivate(admin.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DEACTIVATION_TEXTS.mainAdmin);
  });

  it('refuses the other users of a main administrator’s account (403, and false)', async () => {
    await addUser(app, { customerId: await customerIdOf(app, 'platform'), email: 'ops@cuepoint.example' });
    const ops = await signIn(app, 'ops@cuepoint.example');
    expect((await can(ops.headers)).json()).toBe(false);
    const res = await deactivate(ops.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DEACTIVATION_TEXTS.adminAccount);
  });

  it('refuses during login-as (403): only the customer’s own users may', async () => {
    const res = await deactivate({ ...admin.headers, 'login-as': owner.userId });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DEACTIVATION_TEXTS.loginAs);
    expect((await acme()).deactivatedAt).toBeNull();
  });

  it('refuses an API token (403) and a caller without a token (401)', async () => {
    const res = await deactivate(bearer(apiToken));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DEACTIVATION_TEXTS.apiToken);
    expect((await deactivate({})).statusCode).toBe(401);
  });

  it('answers 409 with the spec’s text while channels or VODs exist, changing nothing', async () => {
    app.resourceCounts.channelsAndVods = async () => 1;
    const res = await deactivate(owner.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "You can't De-Activate the account while you have configured channels or VODs",
    );
    expect(res.json().message).toBe(ACCOUNT_TEXTS.cannotDeactivate);
    expect(await acme()).toMatchObject({ deactivatedAt: null, enableApi: true });
    expect((await can(colleague.headers)).statusCode).toBe(200);
  });

  it('de-activates: flag set, API access off, every session of every user revoked, data kept', async () => {
    // The colleague's sessions are in use (and cached on PGlite) before the de-activation.
    expect((await can(colleague.headers)).statusCode).toBe(200);
    expect((await can(colleagueSecondSession.headers)).statusCode).toBe(200);
    expect((await can(bearer(apiToken))).statusCode).toBe(200);

    const res = await deactivate(owner.headers, '/api_v1');
    expect(res.statusCode).toBe(200);
    expect(deactivateAccountResponseSchema.parse(res.json())).toEqual({
      message: 'Your account has been de-activated!!',
    });
    expect(res.headers.usertoken).toBeUndefined();

    const row = await acme();
    expect(row.deactivatedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({
      enableApi: false,
      apiTokenHash: null,
      apiTokenSealed: null,
      name: 'Acme Streams',
    });

    const acmeUsers = await app.db.select().from(users).where(eq(users.customerId, acmeId));
    expect(acmeUsers).toHaveLength(2);
    const live = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(users.customerId, acmeId), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    expect(await app.db.select().from(alarms).where(eq(alarms.customerId, acmeId))).toHaveLength(1);

    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'account.deactivate'));
    expect(audit).toMatchObject({ actorUserId: owner.userId, customerId: acmeId });

    for (const headers of [
      owner.headers,
      colleague.headers,
      colleagueSecondSession.headers,
      bearer(apiToken),
    ]) {
      const after = await can(headers);
      expect(after.statusCode).toBe(401);
    }
  });

  it('refuses the login of every user of the account with a plain 403 (the console shows the login page)', async () => {
    for (const email of ['owner@acme.example', 'colleague@acme.example']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      const body = res.json();
      expect(body).toMatchObject({ statusCode: 403, message: DEACTIVATION_TEXTS.loginRefused });
      // No isActive in the body: section 8 then clears the user and goes to /login.
      expect(body).not.toHaveProperty('isActive');
    }
    // A wrong password still gets the generic answer: the account's state is not revealed.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@acme.example', password: 'Wrong#Passw0rd1' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses login-as into the account, its token switch and leaves other accounts alone', async () => {
    const loginAsOwner = await can({ ...admin.headers, 'login-as': owner.userId });
    // 409, not 403: the console then leaves login-as instead of ending the administrator's session.
    expect(loginAsOwner.statusCode).toBe(409);
    const token = await app.inject({
      method: 'POST',
      url: `/api/customer/generateToken/${acmeId}`,
      payload: { enableAPI: true, customerId: acmeId },
      headers: admin.headers,
    });
    // Not the administrator's own account (tokens are managed through login-as).
    expect(token.statusCode).toBe(403);
    // The demo account is untouched; it has seeded streams and VODs, so it cannot be de-activated.
    expect((await can(demo.headers)).json()).toBe(false);
    expect((await can(admin.headers)).statusCode).toBe(200);
    expect(await customerIdOf(app, 'demo-broadcasting')).toBeDefined();
  });
});
