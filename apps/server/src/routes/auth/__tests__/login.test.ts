import { INVALID_CREDENTIALS_MESSAGE, loginResponseSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

describe('POST /api/auth/login and /api/auth/logout', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('answers an opaque token and the user; stores only the token hash, with expiry', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: `  ${DEMO_ACCOUNTS.customer.email.toUpperCase()} `,
        password: DEMO_ACCOUNTS.customer.password,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user.email).toBe(DEMO_ACCOUNTS.customer.email);
    expect(body.user.profile.isMainAdmin).toBe(false);
    const [stored] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(stored).toBeDefined();
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const rows = await app.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === body.token)).toBe(false);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('gives one generic message for a wrong password and for an unknown email', async () => {
    const wrongPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_ACCOUNTS.customer.email, password: 'Wrong#Password1' },
    });
    const unknownEmail = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@cuepoint.example', password: 'Wrong#Password1' },
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
  });

  it('logout revokes the token: the next request with it is refused', async () => {
    const { headers, userId } = await loginAs(app, 'customer');
    expect((await app.inject({ url: `/api/user/getUser/${userId}`, headers })).statusCode).toBe(200);
    // The console's client sends Content-Type JSON on every request, bodiless ones too.
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await app.inject({ url: `/api/user/getUser/${userId}`, headers })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(401);
  });

  it('logout revokes the whole rotation chain: the predecessor in its grace stops working too', async () => {
    const old = await loginAs(app, 'customer');
    // Make the token due for rotation, then use it once: the answer carries its successor.
    await app.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(sessions.tokenHash, hashToken(old.token)));
    app.sessionCache?.deleteUser(old.userId);
    const rotated = await app.inject({ url: `/api/user/getUser/${old.userId}`, headers: old.headers });
    const fresh = rotated.headers.usertoken as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const freshHeaders = { authorization: `Bearer ${fresh}` };
    // Within the grace both work.
    expect(
      (await app.inject({ url: `/api/user/getUser/${old.userId}`, headers: old.headers })).statusCode,
    ).toBe(200);
    // Logging out with the new token ends the old one as well (and the other way round).
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/logout', headers: freshHeaders })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: `/api/user/getUser/${old.userId}`, headers: old.headers })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ url: `/api/user/getUser/${old.userId}`, headers: freshHeaders })).statusCode,
    ).toBe(401);
    // Another sign-in of the same user is a different chain and keeps working.
    const other = await loginAs(app, 'customer');
    expect(
      (await app.inject({ url: `/api/user/getUser/${other.userId}`, headers: other.headers })).statusCode,
    ).toBe(200);
  });

  it('logout without a token is refused', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});
