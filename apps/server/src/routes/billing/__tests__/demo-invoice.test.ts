import { API_PATHS, invoiceSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { demoViewers, seedDemoUsage } from '../../../db/seed-billing.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

/** The demo customer's last month (what main.ts seeds on first start) makes an invoice with real lines. */
describe('the demo customer’s last-month invoice', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('bills its two active live streams, its three VOD assets and last month’s counters', async () => {
    const now = Date.now();
    const rows = await seedDemoUsage(app.db, now);
    const today = new Date(now);
    const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
    const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
    const month = new Date(start).toISOString().slice(0, 7);
    const days = Math.round((end - start) / 86_400_000) - 8;
    // 2 active live streams and 3 VOD assets, hourly.
    expect(rows).toBe(days * 24 * 5);
    let viewerMinutes = 0;
    let impressions = 0;
    for (let day = 0; day < days; day++)
      for (let hour = 0; hour < 24; hour++)
        for (let i = 0; i < 5; i++) {
          const viewers = demoViewers(i, day, hour, i >= 2);
          const avails = Math.round(viewers / 3);
          viewerMinutes += viewers;
          impressions += (avails - Math.round(avails / 10)) * 2;
        }

    const admin = await loginAs(app, 'admin');
    const [demo] = await app.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.subDomainName, DEMO_ACCOUNTS.customer.customer.subDomainName));
    const res = await app.inject({
      method: 'POST',
      url: `/api/${API_PATHS.billing.preview}`,
      headers: admin.headers,
      payload: { customerId: demo!.id, month },
    });
    expect(res.statusCode).toBe(200);
    const invoice = invoiceSchema.parse(res.json());
    expect(invoice.lines.map((l) => [l.metric, l.quantity])).toEqual([
      ['impressions', `${impressions}.000`],
      ['viewer_hours', (Math.round((viewerMinutes * 1000) / 60) / 1000).toFixed(3)],
      ['live_channels', '2.000'],
      // 60 + 1,800 + 2,640 seconds.
      ['vod_hours', '1.250'],
    ]);
    expect(invoice.lines.every((l) => l.amountMinor > 0)).toBe(true);
    expect(invoice.totalMinor).toBe(invoice.lines.reduce((sum, l) => sum + l.amountMinor, 0));
  });
});
