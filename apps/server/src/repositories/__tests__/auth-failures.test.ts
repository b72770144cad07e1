import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/helpers.ts';
import { LOGIN_LIMITS, LOGIN_WINDOW_MS, loginKeys, reserveLoginAttempt } from '../auth-failures.ts';

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
});
