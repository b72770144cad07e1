import { timeZonesResponseSchema } from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { cachedTimeZones, formatOffset, listTimeZones, offsetMinutes } from '../time-zones.ts';

describe('time zone list', () => {
  const january = new Date('2025-01-15T12:00:00Z');
  const july = new Date('2025-07-15T12:00:00Z');

  it('labels each zone with its offset and gives the offset in hours', () => {
    const zones = listTimeZones(january);
    expect(zones).toContainEqual({ value: '(UTC+05:30) Asia/Kolkata', numerical_value: 5.5 });
    expect(zones).toContainEqual({ value: '(UTC+05:45) Asia/Kathmandu', numerical_value: 5.75 });
    expect(zones).toContainEqual({ value: '(UTC-03:30) America/St_Johns', numerical_value: -3.5 });
    expect(zones).toContainEqual({ value: '(UTC+00:00) UTC', numerical_value: 0 });
    expect(zones.length).toBeGreaterThan(300);
    expect(new Set(zones.map((z) => z.value)).size).toBe(zones.length);
  });

  it('follows daylight saving time', () => {
    expect(listTimeZones(january)).toContainEqual({ value: '(UTC+01:00) Europe/Berlin', numerical_value: 1 });
    expect(listTimeZones(july)).toContainEqual({ value: '(UTC+02:00) Europe/Berlin', numerical_value: 2 });
    expect(offsetMinutes('America/New_York', july)).toBe(-240);
    expect(offsetMinutes('Not/AZone', july)).toBeNull();
  });

  it('sorts by offset, then by name', () => {
    const zones = listTimeZones(january);
    for (let i = 1; i < zones.length; i++) {
      const [a, b] = [zones[i - 1]!, zones[i]!];
      expect(a.numerical_value <= b.numerical_value).toBe(true);
      if (a.numerical_value === b.numerical_value) expect(a.value < b.value).toBe(true);
    }
    expect(zones[0]!.numerical_value).toBeGreaterThanOrEqual(-12);
    expect(zones.at(-1)!.numerical_value).toBeLessThanOrEqual(14);
  });

  it('formats offsets', () => {
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(765)).toBe('+12:45');
  });

  it('reuses the list within a quarter hour and recomputes after', () => {
    const a = cachedTimeZones(new Date('2025-07-15T12:01:00Z'));
    expect(cachedTimeZones(new Date('2025-07-15T12:14:59Z'))).toBe(a);
    expect(cachedTimeZones(new Date('2025-07-15T12:15:00Z'))).not.toBe(a);
  });
});

describe('GET /api/country/getTimeZones and /api/billing/getPaymentPlans', () => {
  let app: TestApp;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    app = await testApp();
    customer = await loginAs(app, 'customer');
  });
  afterAll(() => app.close());

  it('answers any signed-in user the time zones (on /api and /api_v1)', async () => {
    for (const prefix of ['/api', '/api_v1']) {
      const res = await app.inject({ url: `${prefix}/country/getTimeZones`, headers: customer.headers });
      expect(res.statusCode).toBe(200);
      const zones = timeZonesResponseSchema.parse(res.json());
      expect(zones.find((z) => z.value.endsWith(' Asia/Kolkata'))?.numerical_value).toBe(5.5);
    }
  });

  it('answers the payment plans as data.data', async () => {
    const res = await app.inject({ url: '/api/billing/getPaymentPlans', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { text: 'Standard', value: 'standard' },
        { text: 'Enterprise - Contact us (Min 10M Impressions)', value: 'enterprise' },
      ],
    });
  });

  it('refuses both without a token (401)', async () => {
    expect((await app.inject({ url: '/api/country/getTimeZones' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/billing/getPaymentPlans' })).statusCode).toBe(401);
  });
});
