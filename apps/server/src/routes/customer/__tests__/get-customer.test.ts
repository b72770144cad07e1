import { accountCustomerSchema, PLAN_FEATURES } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

describe('GET /api/customer/getCustomer/:id', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let owner: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    owner = await createAccount(app, { customer: { paymentPlan: 'enterprise', timezone: 5.5 } });
    stranger = await createAccount(app);
  });
  afterAll(() => app.close());

  const get = (id: string, headers: Record<string, string> = {}, base = '/api') =>
    app.inject({ url: `${base}/customer/getCustomer/${id}`, headers });

  it('answers a user its own account in the account dialog shape, plans included', async () => {
    const res = await get(owner.customer.id, owner.headers);
    expect(res.statusCode).toBe(200);
    const body = accountCustomerSchema.parse(res.json());
    expect(body).toMatchObject({
      _id: owner.customer.id,
      subDomainName: owner.customer.subDomainName,
      paymentPlan: 'enterprise',
      timezone: 5.5,
      logoUrl: null,
      loginLogoUrl: null,
      logoAspect: null,
      addCustomDomain: false,
      customDomainName: null,
      certificateUrl: null,
      privateKeyUrl: null,
      cdnProtocol: 'https://',
      cdnDomain: null,
      enableAPI: false,
      apiToken: null,
    });
    expect(body.plans).toEqual(PLAN_FEATURES);
    expect((await get(owner.customer.id, owner.headers, '/api_v1')).statusCode).toBe(200);
  });

  it('shows the stored file URLs and names, and opens the sealed API token', async () => {
    await app.db
      .update(customers)
      .set({
        logo: '11111111-1111-4111-8111-111111111111.png',
        logoAspect: 'square',
        loginLogo: '22222222-2222-4222-8222-222222222222.gif',
        certificate: '33333333-3333-4333-8333-333333333333.crt/domain.crt',
        privateKey: '44444444-4444-4444-8444-444444444444.key/domain.key',
        enableApi: true,
        apiTokenSealed: app.secretBox.seal('cpk_plain-token-value'),
      })
      .where(eq(customers.id, owner.customer.id));
    const body = (await get(owner.customer.id, owner.headers)).json();
    expect(body).toMatchObject({
      logoUrl: '/files/11111111-1111-4111-8111-111111111111.png',
      loginLogoUrl: '/files/22222222-2222-4222-8222-222222222222.gif',
      logoAspect: 'square',
      certificateUrl: 'domain.crt',
      privateKeyUrl: 'domain.key',
      enableAPI: true,
      apiToken: 'cpk_plain-token-value',
    });
  });

  it('refuses another customer’s account to a user (403) and lets a main administrator read any', async () => {
    const refused = await get(owner.customer.id, stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You may only read your own customer account');
    expect((await get(owner.customer.id, admin.headers)).json()._id).toBe(owner.customer.id);
  });

  it('follows login-as: the administrator acting as a user reads that user’s account only', async () => {
    const asOwner = { ...admin.headers, 'login-as': owner.userId };
    expect((await get(owner.customer.id, asOwner)).statusCode).toBe(200);
    expect((await get(stranger.customer.id, asOwner)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown account, 400 naming id for a malformed one, 401 without a token', async () => {
    expect((await get('00000000-0000-4000-8000-000000000000', admin.headers)).statusCode).toBe(404);
    const bad = await get('not-a-uuid', owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
    expect((await get(owner.customer.id)).statusCode).toBe(401);
  });
});
