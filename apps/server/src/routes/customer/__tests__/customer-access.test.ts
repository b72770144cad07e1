import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

/** The customer routes sit behind the sidebar entry Customers: main administrator only. */
describe('customer routes: who may call them', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let demoCustomerId: string;
  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    const [demo] = await app.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.subDomainName, 'demo-broadcasting'));
    demoCustomerId = demo!.id;
  });
  afterAll(() => app.close());

  const pending = (headers: Record<string, string>) => app.inject({ url: '/api/customer/pending', headers });
  const approve = (id: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/customer/approve/${id}`, headers });

  it('answers a main administrator', async () => {
    expect((await pending(admin.headers)).statusCode).toBe(200);
  });

  it('refuses a customer user with a message saying who may', async () => {
    const review = await pending(customer.headers);
    expect(review.statusCode).toBe(403);
    expect(review.json().message).toBe('Only a main administrator may review customers');
    const approval = await approve(demoCustomerId, customer.headers);
    expect(approval.statusCode).toBe(403);
    expect(approval.json().message).toBe('Only a main administrator may approve customers');
  });

  it('refuses a customer user before validating its input (403, not 400)', async () => {
    expect((await approve('not-a-uuid', customer.headers)).statusCode).toBe(403);
  });

  it('refuses a main administrator acting as a customer user', async () => {
    const asCustomer = { ...admin.headers, 'login-as': customer.userId };
    expect((await pending(asCustomer)).statusCode).toBe(403);
    expect((await approve(demoCustomerId, asCustomer)).statusCode).toBe(403);
  });
});
