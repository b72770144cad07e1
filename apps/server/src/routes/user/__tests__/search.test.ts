import { userSearchResponseSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.ts';
import { escapeLike } from '../../../repositories/user-search.ts';
import { addCustomer, addUser, bearer } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

describe('GET /api/user/search (login-as picker)', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let zebraId: string;

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    const northwind = await addCustomer(app, { name: 'Northwind TV', subDomainName: 'northwind' });
    zebraId = await addUser(app, {
      customerId: northwind,
      email: 'zoe@northwind.example',
      firstName: 'Zoë',
      lastName: 'Zebra',
    });
    await addUser(app, {
      customerId: northwind,
      email: 'bob@northwind.example',
      firstName: 'Bob',
      lastName: 'Builder',
    });
    await addUser(app, { customerId: northwind, email: 'under_score@northwind.example', lastName: '100%' });
    await addUser(app, { customerId: northwind, email: 'underxscore@northwind.example' });
    // Users who cannot sign in are not offered.
    await addUser(app, { customerId: northwind, email: 'inactive@northwind.example', isActive: false });
    await addUser(app, { customerId: northwind, email: 'review@northwind.example', isGmanaActive: false });
    const gone = await addCustomer(app, { name: 'Gone Media', subDomainName: 'gone' });
    await addUser(app, { customerId: gone, email: 'gone@gone.example' });
    await app.db.update(customers).set({ deactivatedAt: new Date() }).where(eq(customers.id, gone));
  });
  afterAll(() => app.close());

  const search = async (query: string, headers: Record<string, string> = admin.headers) => {
    const res = await app.inject({ url: `/api/user/search${query}`, headers });
    return res;
  };
  const emails = async (query: string) => {
    const res = await search(query);
    expect(res.statusCode).toBe(200);
    return userSearchResponseSchema.parse(res.json()).map((u) => u.email);
  };

  it('lists every user who may sign in, by email, without the caller', async () => {
    expect(await emails('')).toEqual([
      'bob@northwind.example',
      'demo@cuepoint.example',
      'under_score@northwind.example',
      'underxscore@northwind.example',
      'zoe@northwind.example',
    ]);
  });

  it('answers the picker’s shape', async () => {
    const res = await search('?q=zebra');
    expect(res.json()).toEqual([
      {
        _id: zebraId,
        email: 'zoe@northwind.example',
        firstName: 'Zoë',
        lastName: 'Zebra',
        customerName: 'Northwind TV',
        isMainAdmin: false,
      },
    ]);
  });

  it('matches email, first name, last name and customer name, case-insensitively', async () => {
    expect(await emails('?q=DEMO')).toEqual(['demo@cuepoint.example']);
    expect(await emails('?q=bOb')).toEqual(['bob@northwind.example']);
    expect(await emails('?q=builder')).toEqual(['bob@northwind.example']);
    expect(await emails('?q=broadcasting')).toEqual(['demo@cuepoint.example']);
    expect(await emails(`?q=${encodeURIComponent('  northwind tv ')}&limit=2`)).toEqual([
      'bob@northwind.example',
      'under_score@northwind.example',
    ]);
    expect(await emails('?q=nobody-matches')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(escapeLike('a_b%c\\d')).toBe('a\\_b\\%c\\\\d');
    expect(await emails('?q=under_score')).toEqual(['under_score@northwind.example']);
    expect(await emails(`?q=${encodeURIComponent('100%')}`)).toEqual(['under_score@northwind.example']);
    expect(await emails(`?q=${encodeURIComponent('%')}`)).toEqual(['under_score@northwind.example']);
    expect(await emails(`?q=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('leaves out the caller, users who cannot sign in and de-activated accounts', async () => {
    expect(await emails('?q=admin')).toEqual([]);
    expect(await emails('?q=inactive')).toEqual([]);
    expect(await emails('?q=review')).toEqual([]);
    expect(await emails('?q=gone')).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=many', 'limit'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await search(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual([field]);
  });

  it('refuses a customer user and a login-as session (403) before reading the query; 401 without a valid token', async () => {
    const refused = await search('?limit=0', customer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only a main administrator may search users');
    expect((await search('', { ...admin.headers, 'login-as': customer.userId })).statusCode).toBe(403);
    expect((await search('', {})).statusCode).toBe(401);
    expect((await search('', bearer(`cpk_${'a'.repeat(43)}`))).statusCode).toBe(401);
  });

  it('answers on /api_v1 too', async () => {
    const res = await app.inject({ url: '/api_v1/user/search?q=zoe', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });
});
