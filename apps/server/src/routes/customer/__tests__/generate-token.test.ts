import { ACCOUNT_TEXTS, accountCustomerSchema, generateTokenResponseSchema } from '@cuepoint/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers } from '../../../db/schema/index.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { addCustomer, addUser, bearer, customerIdOf, signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { TOKEN_TEXTS } from '../token.ts';

const TOKEN = /^cpk_[A-Za-z0-9_-]{43}$/;

describe('POST /api/customer/generateToken/:id', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let demoId: string;
  let platformId: string;
  let otherId: string;

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    demoId = await customerIdOf(app, 'demo-broadcasting');
    platformId = await customerIdOf(app, 'platform');
    otherId = await addCustomer(app, {
      name: 'Other Media',
      subDomainName: 'other-media',
      paymentPlan: 'enterprise',
    });
  });
  afterAll(() => app.close());

  const generate = (id: string, body: object, headers: Record<string, string>, base = '/api') =>
    app.inject({ method: 'POST', url: `${base}/customer/generateToken/${id}`, payload: body, headers });
  const customerRow = async (id: string) =>
    (await app.db.select().from(customers).where(eq(customers.id, id)))[0]!;
  const setPlan = (id: string, paymentPlan: string) =>
    app.db.update(customers).set({ paymentPlan }).where(eq(customers.id, id));
  const whoAmI = (token: string, userId: string) =>
    app.inject({ url: `/api/user/getUser/${userId}`, headers: bearer(token) });

  it('refuses to switch API access on without the enterprise entitlement (403 with the upgrade text), storing nothing', async () => {
    const res = await generate(demoId, { enableAPI: true, customerId: demoId }, customer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      statusCode: 403,
      message: ACCOUNT_TEXTS.upgradePrompt,
      planFeature: 'enhanced_api',
      showMessage: true,
    });
    expect(await customerRow(demoId)).toMatchObject({
      enableApi: false,
      apiTokenHash: null,
      apiTokenSealed: null,
    });
  });

  it('on the enterprise plan, answers a cpk_ token once in plain text and stores only its hash and a sealed copy', async () => {
    await setPlan(demoId, 'enterprise');
    const res = await generate(demoId, { enableAPI: true, customerId: demoId }, customer.headers);
    expect(res.statusCode).toBe(200);
    const body = generateTokenResponseSchema.parse(res.json());
    expect(body.apiToken).toMatch(TOKEN);
    expect(body.enableAPI).toBe(true);
    const account = accountCustomerSchema.parse(body.customer);
    expect(account).toMatchObject({
      _id: demoId,
      enableAPI: true,
      apiToken: body.apiToken,
      paymentPlan: 'enterprise',
    });
    expect(account.plans.map((p) => p.key)).toContain('enhanced_api');

    const row = await customerRow(demoId);
    expect(row.enableApi).toBe(true);
    expect(row.apiTokenHash).toBe(hashToken(body.apiToken!));
    expect(app.secretBox.open(row.apiTokenSealed!)).toBe(body.apiToken);
    // The plain token is in no column of the row.
    const plainToken = body.apiToken!;
    const secretPart = plainToken.slice(4);
    for (const value of Object.values(row)) {
      expect(String(value)).not.toContain(secretPart);
    }

    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.api-token.generate'), eq(auditLog.customerId, demoId)));
    expect(audit).toMatchObject({
      actorUserId: customer.userId,
      effectiveUserId: customer.userId,
      target: demoId,
    });
    expect(audit!.details).toEqual({ replacedToken: false });
    expect(JSON.stringify(audit)).not.toContain(secretPart);

    expect((await whoAmI(plainToken, customer.userId)).statusCode).toBe(200);
  });

  it('replaces the token when generated again: the old one stops working at once', async () => {
    const first = (await generate(demoId, { enableAPI: true, customerId: demoId }, customer.headers)).json();
    const second = (await generate(demoId, { enableAPI: true, customerId: demoId }, customer.headers)).json();
    expect(second.apiToken).toMatch(TOKEN);
    expect(second.apiToken).not.toBe(first.apiToken);
    expect((await whoAmI(first.apiToken, customer.userId)).statusCode).toBe(401);
    expect((await whoAmI(second.apiToken, customer.userId)).statusCode).toBe(200);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.api-token.generate'), eq(auditLog.customerId, demoId)));
    expect(audits.at(-1)!.details).toEqual({ replacedToken: true });
  });

  it('switches API access off: both columns cleared, and the token answers 401 at once', async () => {
    const on = (await generate(demoId, { enableAPI: true, customerId: demoId }, customer.headers)).json();
    expect((await whoAmI(on.apiToken, customer.userId)).statusCode).toBe(200);

    const res = await generate(demoId, { enableAPI: false, customerId: demoId }, customer.headers);
    expect(res.statusCode).toBe(200);
    const body = generateTokenResponseSchema.parse(res.json());
    expect(body).toMatchObject({ apiToken: null, enableAPI: false });
    expect(body.customer).toMatchObject({ enableAPI: false, apiToken: null });
    expect(await customerRow(demoId)).toMatchObject({
      enableApi: false,
      apiTokenHash: null,
      apiTokenSealed: null,
    });
    expect((await whoAmI(on.apiToken, customer.userId)).statusCode).toBe(401);

    const deleted = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.api-token.delete'), eq(auditLog.customerId, demoId)));
    expect(deleted).toHaveLength(1);
  });

  it('answers 400 naming customerId when it differs from the path’s id, and writes nothing', async () => {
    const res = await generate(demoId, { enableAPI: true, customerId: otherId }, customer.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'customerId', message: TOKEN_TEXTS.customerIdMismatch }]);
    expect((await customerRow(demoId)).enableApi).toBe(false);
  });

  it.each([
    ['enableAPI missing', { customerId: 'ID' }, 'enableAPI', 'enableAPI must be true or false'],
    [
      'enableAPI not a boolean',
      { enableAPI: 'yes', customerId: 'ID' },
      'enableAPI',
      'enableAPI must be true or false',
    ],
    [
      'customerId not an id',
      { enableAPI: true, customerId: 'demo' },
      'customerId',
      'customerId must be a customer id',
    ],
  ])('answers 400 naming the field: %s', async (_label, payload, field, message) => {
    const body = JSON.parse(JSON.stringify(payload).replace('"ID"', JSON.stringify(demoId)));
    const res = await generate(demoId, body, customer.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field, message }]);
  });

  it('answers 400 naming id for a malformed path id', async () => {
    const res = await generate('not-a-uuid', { enableAPI: true, customerId: demoId }, customer.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
  });

  it('refuses another customer’s account to a non-admin user (403) and a caller without a token (401)', async () => {
    const res = await generate(otherId, { enableAPI: true, customerId: otherId }, customer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TOKEN_TEXTS.notYourCustomer);
    expect((await customerRow(otherId)).enableApi).toBe(false);
    expect((await generate(demoId, { enableAPI: true, customerId: demoId }, {})).statusCode).toBe(401);
  });

  it('refuses a main administrator outside login-as another customer’s token (it would receive it in plain text)', async () => {
    const res = await generate(otherId, { enableAPI: true, customerId: otherId }, admin.headers, '/api_v1');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TOKEN_TEXTS.notYourCustomer);
    expect((await customerRow(otherId)).enableApi).toBe(false);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await generate(unknown, { enableAPI: true, customerId: unknown }, admin.headers)).statusCode,
    ).toBe(403);
  });

  it('during login-as acts for the impersonated user’s customer, audited with both identities', async () => {
    const headers = { ...admin.headers, 'login-as': customer.userId };
    const res = await generate(demoId, { enableAPI: true, customerId: demoId }, headers);
    expect(res.statusCode).toBe(200);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.api-token.generate'), eq(auditLog.customerId, demoId)));
    expect(audits.at(-1)).toMatchObject({ actorUserId: admin.userId, effectiveUserId: customer.userId });
    // Acting as the customer user, the administrator may not touch another customer.
    const other = await generate(otherId, { enableAPI: true, customerId: otherId }, headers);
    expect(other.statusCode).toBe(403);
    await generate(demoId, { enableAPI: false, customerId: demoId }, customer.headers);
  });

  it('refuses to manage tokens with an API token (403)', async () => {
    const { apiToken } = (
      await generate(demoId, { enableAPI: true, customerId: demoId }, customer.headers)
    ).json();
    const res = await generate(demoId, { enableAPI: false, customerId: demoId }, bearer(apiToken));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TOKEN_TEXTS.withApiToken);
    expect((await customerRow(demoId)).enableApi).toBe(true);
    await generate(demoId, { enableAPI: false, customerId: demoId }, customer.headers);
  });

  it('never lets a token act as a main administrator', async () => {
    // The platform account has only its main administrator: no user for API calls to act as (409).
    const refused = await generate(platformId, { enableAPI: true, customerId: platformId }, admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TOKEN_TEXTS.noActingUser);
    expect((await customerRow(platformId)).enableApi).toBe(false);
    // With a customer user in the account, the token acts as that user, not as the administrator.
    const opsId = await addUser(app, { customerId: platformId, email: 'ops@cuepoint.example' });
    const ops = await signIn(app, 'ops@cuepoint.example', TEST_PASSWORD);
    const on = await generate(platformId, { enableAPI: true, customerId: platformId }, ops.headers);
    expect(on.statusCode).toBe(200);
    const token = on.json().apiToken as string;
    expect((await whoAmI(token, opsId)).statusCode).toBe(200);
    expect((await whoAmI(token, admin.userId)).statusCode).toBe(403);
    await generate(platformId, { enableAPI: false, customerId: platformId }, ops.headers);
  });
});
