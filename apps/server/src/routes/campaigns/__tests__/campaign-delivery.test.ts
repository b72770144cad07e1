/**
 * GET /api/ssai/campaign-delivery: the campaign manager's figures, summed from the ad server's
 * counters (ad_delivery_days) per campaign, all days and today (UTC), with the reservations held
 * now (ad_servings), only the caller's account's
 * (a main administrator: the platform's, or one customer's).
 */
import { randomUUID } from 'node:crypto';
import { VALIDATION_MESSAGES } from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adDeliveryDays, adServings } from '../../../db/schema/index.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const URL_PATH = '/api/ssai/campaign-delivery';
const TODAY = new Date().toISOString().slice(0, 10);
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const NIL = '00000000-0000-0000-0000-000000000000';

describe('GET /api/ssai/campaign-delivery', () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let admin: Record<string, string>;
  let other: TestAccount;
  const spring = randomUUID();
  const summer = randomUUID();
  const theirs = randomUUID();

  beforeAll(async () => {
    app = await testApp();
    demo = (await loginAs(app, 'customer')).headers;
    admin = (await loginAs(app, 'admin')).headers;
    other = await createAccount(app);
    const demoId = await customerIdOf(app, 'demo-broadcasting');
    const stream = randomUUID();
    await app.db.insert(adDeliveryDays).values([
      // Two days and two streams of one campaign: summed.
      {
        campaignId: spring,
        day: YESTERDAY,
        resourceId: stream,
        customerId: demoId,
        served: 10,
        impressions: 8,
        revenueMillicents: 8 * 1250,
      },
      {
        campaignId: spring,
        day: TODAY,
        resourceId: stream,
        customerId: demoId,
        served: 5,
        impressions: 4,
        revenueMillicents: 4 * 1250,
      },
      {
        campaignId: spring,
        day: TODAY,
        resourceId: NIL,
        customerId: demoId,
        served: 2,
        impressions: 1,
        revenueMillicents: 1250,
      },
      // Nothing today.
      {
        campaignId: summer,
        day: YESTERDAY,
        resourceId: stream,
        customerId: demoId,
        served: 3,
        impressions: 3,
        revenueMillicents: 3 * 800,
      },
      // Another customer's.
      {
        campaignId: theirs,
        day: TODAY,
        resourceId: NIL,
        customerId: other.customer.id,
        served: 7,
        impressions: 7,
        revenueMillicents: 700,
      },
    ]);
    // Reservations of spring's ads: two held now, one expired, one counted (its impression).
    const decidedAt = new Date(Date.now() - 60_000);
    const serving = (expiresInMs: number, countedAt: Date | null = null) => ({
      servingId: randomUUID(),
      campaignId: spring,
      customerId: demoId,
      resourceId: stream,
      decidedAt,
      expiresAt: new Date(Date.now() + expiresInMs),
      countedAt,
    });
    await app.db
      .insert(adServings)
      .values([serving(600_000), serving(600_000), serving(-1_000), serving(600_000, new Date())]);
  });
  afterAll(() => app.close());

  const get = (headers: Record<string, string>, query = '') =>
    app.inject({ url: `${URL_PATH}${query}`, headers });
  const byCampaign = (body: { data: { campaignId: string }[] }) =>
    Object.fromEntries(body.data.map(({ campaignId, ...rest }) => [campaignId, rest]));

  it('sums the caller’s campaigns over every day and today, leaving out other customers’', async () => {
    const res = await get(demo);
    expect(res.statusCode).toBe(200);
    expect(byCampaign(res.json())).toEqual({
      [spring]: {
        served: 17,
        impressions: 13,
        revenueMillicents: 13 * 1250,
        servedToday: 7,
        impressionsToday: 5,
        held: 2,
      },
      [summer]: {
        served: 3,
        impressions: 3,
        revenueMillicents: 2400,
        servedToday: 0,
        impressionsToday: 0,
        held: 0,
      },
    });
  });

  it('answers the caller’s own customer id as if none were named', async () => {
    const demoId = await customerIdOf(app, 'demo-broadcasting');
    expect(byCampaign((await get(demo, `?customerId=${demoId}`)).json())).toEqual(
      byCampaign((await get(demo)).json()),
    );
  });

  it('answers a customer’s user its own account when it names another customer (as the lists do)', async () => {
    const res = await get(demo, `?customerId=${other.customer.id}`);
    expect(res.statusCode).toBe(200);
    expect(byCampaign(res.json())).toEqual(byCampaign((await get(demo)).json()));
    expect(Object.keys(byCampaign(res.json()))).not.toContain(theirs);
  });

  it('shows a main administrator the platform, or one customer', async () => {
    expect(Object.keys(byCampaign((await get(admin)).json())).sort()).toEqual(
      [spring, summer, theirs].sort(),
    );
    expect(byCampaign((await get(admin, `?customerId=${other.customer.id}`)).json())).toEqual({
      [theirs]: {
        served: 7,
        impressions: 7,
        revenueMillicents: 700,
        servedToday: 7,
        impressionsToday: 7,
        held: 0,
      },
    });
  });

  it('answers an account that delivered nothing with no rows', async () => {
    const fresh = await createAccount(app);
    expect((await get(fresh.headers)).json()).toEqual({ data: [] });
  });

  it('refuses a malformed customer id and unknown parameters', async () => {
    const bad = await get(admin, '?customerId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'customerId', message: VALIDATION_MESSAGES.invalidUuid }]);
    expect((await get(demo, '?campaign=x')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await get({})).statusCode).toBe(401);
    expect((await get({ authorization: 'Bearer nope' })).statusCode).toBe(401);
  });
});
