import { userSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema/index.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

describe('GET /api/user/getUser/:id', () => {
  let app: TestApp;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    app = await testApp();
    customer = await loginAs(app, 'customer');
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  it('returns the caller with profile, populated customerId and customerObj (spec section 3)', async () => {
    const res = await app.inject({ url: `/api/user/getUser/${customer.userId}`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json());
    expect(user._id).toBe(customer.userId);
    expect(user.profile).toEqual({ isMainAdmin: false });
    expect(user.customerId.name).toBe('Demo Broadcasting');
    expect(user.customerObj).toEqual([{ _id: user.customerId._id, paymentCustomerId: null }]);
    expect(res.body).not.toContain('passwordHash');
  });

  it('refuses another customer’s user to a non-admin (403)', async () => {
    const res = await app.inject({ url: `/api/user/getUser/${admin.userId}`, headers: customer.headers });
    expect(res.statusCode).toBe(403);
  });

  it('lets a main administrator read any user', async () => {
    const res = await app.inject({ url: `/api/user/getUser/${customer.userId}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()._id).toBe(customer.userId);
  });

  it('answers 404 for an unknown user (admin) and 400 naming the field for a malformed id', async () => {
    const missing = await app.inject({
      url: '/api/user/getUser/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({ url: '/api/user/getUser/not-a-uuid', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
  });

  it.each([
    ['no token', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['an unknown token', { authorization: `Bearer ${'x'.repeat(43)}` }],
  ])('answers 401 with %s', async (_label, headers) => {
    const res = await app.inject({ url: `/api/user/getUser/${customer.userId}`, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('answers 401 for an expired session', async () => {
    const session = await loginAs(app, 'customer');
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(session.token)));
    const res = await app.inject({ url: `/api/user/getUser/${session.userId}`, headers: session.headers });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 when the User-ID header names someone else, or Auth-Type is not reg/ad', async () => {
    const wrongUser = await app.inject({
      url: `/api/user/getUser/${customer.userId}`,
      headers: { ...customer.headers, 'user-id': admin.userId },
    });
    expect(wrongUser.statusCode).toBe(401);
    const wrongType = await app.inject({
      url: `/api/user/getUser/${customer.userId}`,
      headers: { ...customer.headers, 'auth-type': 'saml' },
    });
    expect(wrongType.statusCode).toBe(401);
    const right = await app.inject({
      url: `/api/user/getUser/${customer.userId}`,
      headers: { ...customer.headers, 'user-id': customer.userId, 'auth-type': 'reg' },
    });
    expect(right.statusCode).toBe(200);
  });
});
