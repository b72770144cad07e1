import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_SWEEPS } from '../../app.ts';
import { authFailures } from '../../db/schema/index.ts';
import { applyRetention } from '../../edge/events/retention.ts';
import { type TestApp, testApp } from '../../test/helpers.ts';
import { LOGIN_LIMITS, LOGIN_WINDOW_MS, loginKeys, reserveLoginAttempt } from '../auth-failures.ts';

const MINUTE = 60 * 1000;

describe('sign-in attempt windows', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('never asks to wait longer than a window, when a concurrent attempt opened it after this one began', async () => {
    const keys = loginKeys('late@example.com', '10.20.30.40');
    const began = new Date('2026-11-29T10:00:00.000Z');
    // Attempts that took their time a second later reached the database first and opened the window.
    const later = new Date(began.getTime() + 1_000);
    for (let i = 0; i < LOGIN_LIMITS.pair; i++)
      expect((await reserveLoginAttempt(app.db, keys, { knownAddress: true }, later)).waitMs).toBe(0);
    const { waitMs } = await reserveLoginAttempt(app.db, keys, { knownAddress: true }, began);
    expect(waitMs).toBe(LOGIN_WINDOW_MS);
    // The next attempt within the window waits what is left of it.
    const next = await reserveLoginAttempt(
      app.db,
      keys,
      { knownAddress: true },
      new Date(later.getTime() + 60_000),
    );
    expect(next.waitMs).toBe(LOGIN_WINDOW_MS - 60_000);
  });

  it('the retention sweep deletes the counters whose window has ended, and keeps the running ones', async () => {
    const now = Date.parse('2026-11-30T12:00:00.000Z');
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
    const rows = [
      // Sign-in counters: a 15-minute window.
      { key: 'pair:gone@example.com|10.1.1.1', count: 3, windowStart: at(16) },
      { key: 'email:gone@example.com', count: 9, windowStart: at(15) },
      { key: 'ip:10.1.1.2', count: 2, windowStart: at(60 * 24) },
      { key: 'device:00000000-0000-4000-8000-000000000001|abc', count: 1, windowStart: at(20) },
      { key: 'pair:kept@example.com|10.1.1.1', count: 4, windowStart: at(14) },
      { key: 'email:kept@example.com', count: 7, windowStart: at(1) },
      // Mail, notice and invite re-send counters: an hour.
      { key: 'mail:gone@example.com', count: 5, windowStart: at(61) },
      { key: 'notice:gone@example.com', count: 5, windowStart: at(60) },
      { key: 'resend:00000000-0000-4000-8000-000000000002', count: 3, windowStart: at(90) },
      { key: 'mail:kept@example.com', count: 5, windowStart: at(30) },
      { key: 'notice:kept@example.com', count: 1, windowStart: at(59) },
      { key: 'resend:00000000-0000-4000-8000-000000000003', count: 3, windowStart: at(20) },
    ];
    await app.db.insert(authFailures).values(rows);
    // The sweeps app.ts gives the events plugin's retention.
    const swept = await applyRetention(app.db, { eventDays: 7, counterDays: 30 }, now, RETENTION_SWEEPS);
    expect(swept.authFailures).toBeGreaterThanOrEqual(7);
    const left = await app.db
      .select({ key: authFailures.key })
      .from(authFailures)
      .where(
        inArray(
          authFailures.key,
          rows.map((r) => r.key),
        ),
      );
    expect(left.map((r) => r.key).sort()).toEqual(
      [
        'pair:kept@example.com|10.1.1.1',
        'email:kept@example.com',
        'mail:kept@example.com',
        'notice:kept@example.com',
        'resend:00000000-0000-4000-8000-000000000003',
      ].sort(),
    );
  });
});
