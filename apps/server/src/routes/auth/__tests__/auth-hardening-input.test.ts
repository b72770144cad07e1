/**
 * The reported ReDoS: POST /api/auth/reset-password with the email 'a@' + 80,000 dots + '@' took
 * 12.6 s to answer 400, the event loop blocked all along, because the email pattern backtracked.
 * Every auth call that takes an email now refuses it at once, as an invalid email on `email`
 * (the timing itself is asserted in packages/core's redos.test.ts).
 */
import { VALIDATION_MESSAGES } from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/helpers.ts';

const HOSTILE_EMAIL = `a@${'.'.repeat(80_000)}@`;
const PASSWORD = 'Str0ng#Passw0rd';
const SIGNUP = {
  firstName: 'Eve',
  lastName: 'Hostile',
  mobilePhone: '+1 555 0100',
  organizationType: 'Other',
  country: 'US',
  password: PASSWORD,
  repeatPassword: PASSWORD,
};

/** Each call that takes an email, with an otherwise complete body. */
const CALLS: { url: string; body: Record<string, unknown> }[] = [
  { url: '/api/auth/reset-password', body: {} },
  { url: '/api/auth/resend-activation', body: {} },
  { url: '/api/auth/activate', body: { token: 'token' } },
  { url: '/api/auth/new-password', body: { token: 'token', password: PASSWORD, repeatPassword: PASSWORD } },
  { url: '/api/auth/signup', body: SIGNUP },
  { url: '/api/auth/mpsignup', body: { ...SIGNUP, marketplaceToken: 'marketplace-token' } },
  { url: '/api/auth/login', body: { password: PASSWORD } },
];

describe('auth calls refuse the 80,000-dot address as an invalid email', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it.each(CALLS)('POST $url answers 400 naming email', async ({ url, body }) => {
    const res = await app.inject({ method: 'POST', url, payload: { ...body, email: HOSTILE_EMAIL } });
    expect(res.statusCode).toBe(400);
    const answer = res.json() as { error: string; fields: { field: string; message: string }[] };
    expect(answer.error).toBe('Bad Request');
    expect(answer.fields).toContainEqual({ field: 'email', message: VALIDATION_MESSAGES.invalidEmail });
  });

  it('still accepts an address of 320 characters (the cap) where a pattern applies', async () => {
    const longest = `${'a'.repeat(300)}@${'b'.repeat(9)}.${'c'.repeat(9)}`;
    expect(longest).toHaveLength(320);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: longest },
    });
    expect(res.statusCode).toBe(200);
    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: `a${longest}` },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual([{ field: 'email', message: VALIDATION_MESSAGES.invalidEmail }]);
  });
});
