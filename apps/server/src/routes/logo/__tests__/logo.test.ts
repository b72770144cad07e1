import { LOGO_TEXTS } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { makePng } from '../../../test/images.ts';
import { normalizeHost } from '../index.ts';

describe('logo calls', () => {
  let app: TestApp;
  let branded: TestAccount;
  let plain: TestAccount;
  let loginLogoKey: string;
  beforeAll(async () => {
    app = await testApp();
    loginLogoKey = await app.blobs.put('public', 'png', makePng(300, 240));
    const logoKey = await app.blobs.put('public', 'png', makePng(300, 240));
    branded = await createAccount(app, {
      customer: {
        subDomainName: 'northwind',
        logo: logoKey,
        loginLogo: loginLogoKey,
        addCustomDomain: true,
        customDomainName: 'tv.northwind.example',
      },
    });
    plain = await createAccount(app, { customer: { subDomainName: 'plain-media' } });
  });
  afterAll(() => app.close());

  describe('GET /api/logo/updateLogo', () => {
    it('answers the caller’s customer logo as [{ url }]', async () => {
      const res = await app.inject({ url: '/api/logo/updateLogo', headers: branded.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ url: `/files/${branded.customer.logo}` }]);
      expect((await app.inject({ url: res.json()[0].url })).statusCode).toBe(200);
    });

    it('answers [] without a logo, and 401 without a token', async () => {
      expect((await app.inject({ url: '/api/logo/updateLogo', headers: plain.headers })).json()).toEqual([]);
      expect((await app.inject({ url: '/api/logo/updateLogo' })).statusCode).toBe(401);
    });

    it('follows login-as', async () => {
      const admin = await loginAs(app, 'admin');
      const res = await app.inject({
        url: '/api/logo/updateLogo',
        headers: { ...admin.headers, 'login-as': branded.userId },
      });
      expect(res.json()).toEqual([{ url: `/files/${branded.customer.logo}` }]);
    });

    it('gives a main administrator another customer’s logo (the LIVE Demo’s), and nobody else', async () => {
      const admin = await loginAs(app, 'admin');
      const url = `/api/logo/updateLogo?customerId=${branded.customer.id}`;
      expect((await app.inject({ url, headers: admin.headers })).json()).toEqual([
        { url: `/files/${branded.customer.logo}` },
      ]);
      expect((await app.inject({ url, headers: branded.headers })).statusCode).toBe(200);
      const refused = await app.inject({ url, headers: plain.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(LOGO_TEXTS.otherCustomer);
      // During login-as the administrator is the customer's user: no other customer's logo.
      const acting = await app.inject({ url, headers: { ...admin.headers, 'login-as': plain.userId } });
      expect(acting.statusCode).toBe(403);
      const bad = await app.inject({ url: '/api/logo/updateLogo?customerId=nope', headers: admin.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual([{ field: 'customerId', message: 'Invalid UUID' }]);
    });
  });

  describe('GET /api/logo/login?host= (public)', () => {
    const lookup = (host: string, base = '/api') =>
      app.inject({ url: `${base}/logo/login?host=${encodeURIComponent(host)}` });

    it('finds the login logo by custom domain, without a token', async () => {
      const res = await lookup('tv.northwind.example');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ url: `/files/${loginLogoKey}` });
      expect((await lookup('TV.Northwind.Example:443', '/api_v1')).json()).toEqual({
        url: `/files/${loginLogoKey}`,
      });
    });

    it('finds it by sub-domain: the first label of the host', async () => {
      expect((await lookup('northwind.cuepoint.example')).json()).toEqual({ url: `/files/${loginLogoKey}` });
    });

    it('answers { url: null } for an unknown host, a customer without one, and a de-activated customer', async () => {
      expect((await lookup('nobody.example.com')).json()).toEqual({ url: null });
      expect((await lookup('plain-media.cuepoint.example')).json()).toEqual({ url: null });
      await app.db
        .update(customers)
        .set({ deactivatedAt: new Date() })
        .where(eq(customers.id, branded.customer.id));
      expect((await lookup('tv.northwind.example')).json()).toEqual({ url: null });
      await app.db
        .update(customers)
        .set({ deactivatedAt: null })
        .where(eq(customers.id, branded.customer.id));
    });

    it('prefers the custom domain over a sub-domain match', async () => {
      // Another account whose sub-domain equals the custom domain's first label.
      await createAccount(app, { customer: { subDomainName: 'tv' } });
      expect((await lookup('tv.northwind.example')).json()).toEqual({ url: `/files/${loginLogoKey}` });
    });

    it('answers 400 naming host without one', async () => {
      const res = await app.inject({ url: '/api/logo/login' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0].field).toBe('host');
    });

    it('normalises hosts', () => {
      expect(normalizeHost(' Video.Example.COM:8443 ')).toBe('video.example.com');
      expect(normalizeHost('video.example.com.')).toBe('video.example.com');
    });
  });
});

describe('GET /api/logo/login: rate limited like every public route', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ env: { RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => app.close());

  it('answers 429 past the per-minute limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await app.inject({ url: '/api/logo/login?host=x.example.com' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
