import { AUTH_TEXTS } from '@cuepoint/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { LOGIN_LIMITS } from '../../../repositories/auth-failures.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../../../services/device-cookie.ts';
import { type TestApp, testApp } from '../../../test/helpers.ts';

const demo = DEMO_ACCOUNTS.customer;
const admin = DEMO_ACCOUNTS.admin;
const WRONG = 'Wrong#Pass1';

describe('device cookies (a sprayer cannot lock the owner out of their own browser)', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await testApp();
  });
  afterEach(() => app.close());

  const login = (email: string, password: string, ip: string, cookie?: string, base = '/api') =>
    app.inject({
      method: 'POST',
      url: `${base}/auth/login`,
      payload: { email, password },
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  /** The device cookie a successful sign-in set, as a Cookie header sends it back. */
  const deviceCookieOf = (response: Awaited<ReturnType<typeof login>>) => {
    const header = response.headers['set-cookie'];
    const line = [header].flat().find((c) => c?.startsWith(`${DEVICE_COOKIE}=`));
    if (!line) throw new Error(`no device cookie: ${response.statusCode} ${response.body}`);
    return line.split(';')[0]!;
  };
  const spray = async (email: string) => {
    for (let i = 0; i < LOGIN_LIMITS.account; i++)
      expect((await login(email, WRONG, `10.7.${i}.1`)).statusCode).toBe(401);
  };

  it('is set on a successful sign-in only: signed, HttpOnly, SameSite=Lax, on the sign-in routes’ path, long-lived', async () => {
    const ok = await login(demo.email, demo.password, '10.0.0.50');
    expect(ok.statusCode).toBe(200);
    const line = [ok.headers['set-cookie']].flat()[0]!;
    expect(line).toMatch(
      new RegExp(
        `^${DEVICE_COOKIE}=[0-9a-f-]{36}\\.[\\w-]{22}\\.[\\w-]{43}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; Path=/api/auth; HttpOnly; SameSite=Lax$`,
      ),
    );
    expect(line).toContain(ok.json().user._id);
    // Not over plain HTTP to a console that is not on HTTPS (PUBLIC_URL is http:// here).
    expect(line).not.toContain('Secure');
    const second = await login(demo.email, demo.password, '10.0.0.50', undefined, '/api_v1');
    expect([second.headers['set-cookie']].flat()[0]).toContain('Path=/api_v1/auth;');
    // Each sign-in a fresh nonce.
    expect(deviceCookieOf(second)).not.toBe(deviceCookieOf(ok));
    expect((await login(demo.email, WRONG, '10.0.0.50')).headers['set-cookie']).toBeUndefined();
  });

  it('is Secure when the console is served over HTTPS', async () => {
    const secure = await testApp({ env: { PUBLIC_URL: 'https://console.example' } });
    try {
      const ok = await secure.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demo.email, password: demo.password },
      });
      expect(ok.statusCode).toBe(200);
      expect([ok.headers['set-cookie']].flat()[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it('lets the owner sign in with it from a new address while a sprayer has the account locked', async () => {
    const cookie = deviceCookieOf(await login(demo.email, demo.password, '10.0.0.50'));
    const adminCookie = deviceCookieOf(await login(admin.email, admin.password, '10.0.0.60'));
    await spray(demo.email);
    // Roaming, with the browser's cookie: in.
    const roaming = await login(demo.email, demo.password, '10.8.0.1', cookie);
    expect(roaming.statusCode, roaming.body).toBe(200);
    // Without it, from another new address: refused with the words of today's lock-out.
    const without = await login(demo.email, demo.password, '10.8.0.2');
    expect(without.statusCode).toBe(429);
    expect(without.json().message).toBe(AUTH_TEXTS.tooManyAttempts(15));
    // Another user's cookie (stolen from another browser) is no cookie of this account.
    const stolen = await login(demo.email, demo.password, '10.8.0.3', adminCookie);
    expect(stolen.statusCode).toBe(429);
    expect(stolen.json().message).toBe(AUTH_TEXTS.tooManyAttempts(15));
    // Nor is one rewritten for this account: the signature is the admin's user's.
    const [, adminValue] = adminCookie.split('=');
    const [, nonce, signature] = adminValue!.split('.');
    const forged = `${DEVICE_COOKIE}=${roaming.json().user._id}.${nonce}.${signature}`;
    expect((await login(demo.email, demo.password, '10.8.0.4', forged)).statusCode).toBe(429);
    const [user, ownNonce] = cookie.split('=')[1]!.split('.');
    const altered = `${DEVICE_COOKIE}=${user}.${ownNonce}.${'A'.repeat(43)}`;
    expect((await login(demo.email, demo.password, '10.8.0.5', altered)).statusCode).toBe(429);
  });

  it('locks a device that guesses wrong on its own, without spending the account’s allowance', async () => {
    const cookie = deviceCookieOf(await login(admin.email, admin.password, '10.0.0.60'));
    // Wrong guesses with the cookie, each from another address (no address pair fills up).
    for (let i = 0; i < LOGIN_LIMITS.device; i++)
      expect((await login(admin.email, WRONG, `10.9.${i}.1`, cookie)).statusCode).toBe(401);
    const locked = await login(admin.email, admin.password, '10.9.99.1', cookie);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AUTH_TEXTS.tooManyAttempts(15));
    // The account itself is not locked: a client without that cookie signs in from a new address.
    expect((await login(admin.email, admin.password, '10.9.99.2')).statusCode).toBe(200);
  });
});
