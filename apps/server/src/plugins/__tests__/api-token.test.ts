import { HEADERS, overviewResponseSchema, userSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, users } from '../../db/schema/index.ts';
import { isApiToken, newApiToken } from '../../repositories/api-tokens.ts';
import { addUser, bearer, customerIdOf } from '../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../test/helpers.ts';
import { API_TOKEN_TEXTS } from '../auth.ts';

describe('API token authentication (Authorization: Bearer cpk_…)', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let demoId: string;
  let token: string;

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    demoId = await customerIdOf(app, 'demo-broadcasting');
    await app.db.update(customers).set({ paymentPlan: 'enterprise' }).where(eq(customers.id, demoId));
    token = await switchOn();
  });
  afterAll(() => app.close());

  const switchOn = async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/customer/generateToken/${demoId}`,
      payload: { enableAPI: true, customerId: demoId },
      headers: customer.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().apiToken as string;
  };
  const getUser = (id: string, headers: Record<string, string>, base = '/api') =>
    app.inject({ url: `${base}/user/getUser/${id}`, headers });

  it('tells API tokens and session tokens apart by prefix and length', () => {
    expect(isApiToken(newApiToken())).toBe(true);
    expect(isApiToken(customer.token)).toBe(false);
    // A session token that happens to begin with cpk_ is still 43 characters long.
    expect(isApiToken(`cpk_${customer.token.slice(4)}`)).toBe(false);
  });

  it('authenticates as the customer’s earliest active user on /api and /api_v1, with no rotation header', async () => {
    for (const base of ['/api', '/api_v1']) {
      const res = await getUser(customer.userId, bearer(token), base);
      expect(res.statusCode).toBe(200);
      const user = userSchema.parse(res.json());
      expect(user).toMatchObject({ _id: customer.userId, customerId: { _id: demoId, enableAPI: true } });
      expect(res.headers[HEADERS.userToken]).toBeUndefined();
    }
  });

  it('answers the overview of the customer, never the platform', async () => {
    const res = await app.inject({ url: '/api/overview/summary', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(overviewResponseSchema.parse(res.json()).scope).toBe('customer');
  });

  it('applies the same permission checks as the user: no other user, no administrator call', async () => {
    expect((await getUser(admin.userId, bearer(token))).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/alarm/alarms', headers: bearer(token) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/user/search', headers: bearer(token) })).statusCode).toBe(403);
  });

  it('refuses Login-As with a token (403); a User-ID header must name the token’s user (else 401)', async () => {
    const loginAs = await getUser(customer.userId, { ...bearer(token), [HEADERS.loginAs]: admin.userId });
    expect(loginAs.statusCode).toBe(403);
    expect(loginAs.json().message).toBe(API_TOKEN_TEXTS.noLoginAs);
    const self = await getUser(customer.userId, { ...bearer(token), [HEADERS.loginAs]: customer.userId });
    expect(self.statusCode).toBe(200);

    const wrongId = await getUser(customer.userId, { ...bearer(token), [HEADERS.userId]: admin.userId });
    expect(wrongId.statusCode).toBe(401);
    expect(wrongId.json().message).toBe(API_TOKEN_TEXTS.userIdMismatch);
    const rightId = await getUser(customer.userId, { ...bearer(token), [HEADERS.userId]: customer.userId });
    expect(rightId.statusCode).toBe(200);
    const badType = await getUser(customer.userId, { ...bearer(token), [HEADERS.authType]: 'saml' });
    expect(badType.statusCode).toBe(401);
  });

  it('cannot log out (400, clear message) and keeps working afterwards', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/API token has no session/);
    expect((await getUser(customer.userId, bearer(token))).statusCode).toBe(200);
  });

  it('answers 401 for an unknown or malformed cpk_ token', async () => {
    for (const unknown of [newApiToken(), `cpk_${'A'.repeat(42)}`]) {
      const res = await getUser(customer.userId, bearer(unknown));
      expect(res.statusCode).toBe(401);
    }
    expect((await getUser(customer.userId, bearer(newApiToken()))).json().message).toBe(
      API_TOKEN_TEXTS.invalid,
    );
  });

  it('acts as the next active user when the earliest can no longer sign in; 401 when none can', async () => {
    const laterId = await addUser(app, {
      customerId: demoId,
      email: 'later@demo.example',
      createdAt: new Date(Date.now() + 60_000),
    });
    await app.db.update(users).set({ isActive: false }).where(eq(users.id, customer.userId));
    const asLater = await getUser(laterId, bearer(token));
    expect(asLater.statusCode).toBe(200);
    expect(asLater.json()._id).toBe(laterId);

    await app.db.update(users).set({ isGmanaActive: false }).where(eq(users.id, laterId));
    expect((await getUser(laterId, bearer(token))).statusCode).toBe(401);

    await app.db.update(users).set({ isActive: true }).where(eq(users.id, customer.userId));
    expect((await getUser(customer.userId, bearer(token))).statusCode).toBe(200);
  });

  it('stops working when the plan loses API access, and again on the enterprise plan', async () => {
    await app.db.update(customers).set({ paymentPlan: 'standard' }).where(eq(customers.id, demoId));
    expect((await getUser(customer.userId, bearer(token))).statusCode).toBe(401);
    await app.db.update(customers).set({ paymentPlan: 'enterprise' }).where(eq(customers.id, demoId));
    expect((await getUser(customer.userId, bearer(token))).statusCode).toBe(200);
  });

  it('stops working at once when switched off, or when the account is de-activated', async () => {
    const off = await app.inject({
      method: 'POST',
      url: `/api/customer/generateToken/${demoId}`,
      payload: { enableAPI: false, customerId: demoId },
      headers: customer.headers,
    });
    expect(off.statusCode).toBe(200);
    expect((await getUser(customer.userId, bearer(token))).statusCode).toBe(401);

    token = await switchOn();
    expect((await getUser(customer.userId, bearer(token))).statusCode).toBe(200);
    // De-activated behind the routes' back: the token is refused even with its columns still set.
    await app.db.update(customers).set({ deactivatedAt: new Date() }).where(eq(customers.id, demoId));
    expect((await getUser(customer.userId, bearer(token))).statusCode).toBe(401);
  });
});
