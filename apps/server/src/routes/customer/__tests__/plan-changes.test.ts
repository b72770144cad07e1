import { planChangesResponseSchema, VALIDATION_MESSAGES } from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

describe('plan changes are recorded for billing and shown to the main administrator', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  const edit = (id: string, payload: object, headers: Record<string, string>) =>
    app.inject({ method: 'PUT', url: `/api/customer/editCustomer/${id}`, payload, headers });
  const changes = async (query = '') => {
    const res = await app.inject({ url: `/api/customer/plan-changes${query}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return planChangesResponseSchema.parse(res.json());
  };

  it('records a self-service upgrade with who and when; an unchanged plan records nothing', async () => {
    const owner = await createAccount(app);
    const before = Date.now();
    expect((await edit(owner.customer.id, { paymentPlan: 'enterprise' }, owner.headers)).statusCode).toBe(
      200,
    );
    expect((await edit(owner.customer.id, { paymentPlan: 'enterprise' }, owner.headers)).statusCode).toBe(
      200,
    );
    const mine = await changes(`?customerId=${owner.customer.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      customerId: owner.customer.id,
      customerName: owner.customer.name,
      fromPlan: 'standard',
      toPlan: 'enterprise',
      changedBy: { _id: owner.userId },
      actingAs: { _id: owner.userId },
    });
    expect(Date.parse(mine[0]!.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('names the administrator who changed it during login-as, and the user it acted as', async () => {
    const owner = await createAccount(app);
    const asOwner = { ...admin.headers, 'login-as': owner.userId };
    expect((await edit(owner.customer.id, { paymentPlan: 'enterprise' }, asOwner)).statusCode).toBe(200);
    const [change] = await changes(`?customerId=${owner.customer.id}`);
    expect(change).toMatchObject({
      fromPlan: 'standard',
      toPlan: 'enterprise',
      changedBy: { _id: admin.userId, email: 'admin@cuepoint.example' },
      actingAs: { _id: owner.userId },
    });
    // The whole list holds both accounts' changes, newest first.
    const all = await changes();
    expect(all[0]!.customerId).toBe(owner.customer.id);
  });

  it('is for the main administrator only, and names a bad customer id', async () => {
    const owner = await createAccount(app);
    const refused = await app.inject({ url: '/api/customer/plan-changes', headers: owner.headers });
    expect(refused.statusCode).toBe(403);
    const inLoginAs = await app.inject({
      url: '/api/customer/plan-changes',
      headers: { ...admin.headers, 'login-as': owner.userId },
    });
    expect(inLoginAs.statusCode).toBe(403);
    const bad = await app.inject({
      url: '/api/customer/plan-changes?customerId=nope',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'customerId', message: VALIDATION_MESSAGES.invalidUuid }]);
    expect((await app.inject({ url: '/api/customer/plan-changes' })).statusCode).toBe(401);
  });
});
