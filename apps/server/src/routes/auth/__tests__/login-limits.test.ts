import { AUTH_TEXTS } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authFailures } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { LOGIN_LIMITS, loginKeys } from '../../../repositories/auth-failures.ts';
import { lastLinkTo, type TestApp, testApp } from '../../../test/helpers.ts';

const demo = DEMO_ACCOUNTS.customer;
const admin = DEMO_ACCOUNTS.admin;
const WRONG = 'Wrong#Pass1';

describe('sign-in limits', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await testApp();
  });
  afterEach(() => app.close());

  const login = (email: string, password: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('evaluates at most the limit of 100 parallel guesses, the right password at position 73 included', async () => {
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 72 ? demo.password : `${WRONG}${i}`));
    const answers = await Promise.all(guesses.map((password) => login(demo.email, password, '10.1.1.1')));
    const evaluated = answers.filter((a) => a.statusCode !== 429);
    expect(evaluated.length).toBeLessThanOrEqual(LOGIN_LIMITS.pair);
    // The right password can only have won if it was among the evaluated few.
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(
      100 - LOGIN_LIMITS.pair,
    );
    expect(answers.find((a) => a.statusCode === 429)!.json().message).toBe(AUTH_TEXTS.tooManyAttempts(15));
  });

  it('locks a guessing address out of the account, never the owner at their own address', async () => {
    // The owner signed in before from their usual address.
    expect((await login(demo.email, demo.password, '10.0.0.50')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.pair; i++)
      expect((await login(demo.email, WRONG, '10.6.6.6')).statusCode).toBe(401);
    // That address is out, even with the right password ...
    const locked = await login(demo.email, demo.password, '10.6.6.6');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AUTH_TEXTS.tooManyAttempts(15));
    // ... the owner is not, and neither is another address nor another account.
    expect((await login(demo.email, demo.password, '10.0.0.50')).statusCode).toBe(200);
    expect((await login(demo.email, demo.password, '10.0.0.51')).statusCode).toBe(200);
    expect((await login(admin.email, admin.password, '10.6.6.6')).statusCode).toBe(200);
  });

  it('slows guesses spread over many addresses per account, while the owner’s known address still signs in', async () => {
    expect((await login(admin.email, admin.password, '10.0.0.50')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.account; i++) await login(admin.email, WRONG, `10.7.${i}.1`);
    // A new address is held back now, whatever the password ...
    expect((await login(admin.email, admin.password, '10.8.0.1')).statusCode).toBe(429);
    // ... the owner's own address is not.
    expect((await login(admin.email, admin.password, '10.0.0.50')).statusCode).toBe(200);
  });

  it('limits one address trying many accounts, but not for an account that signed in from it before', async () => {
    expect((await login(demo.email, demo.password, '10.9.9.9')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.address; i++)
      await login(`probe${i}@nowhere.example`, WRONG, '10.9.9.9');
    expect((await login(admin.email, admin.password, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(demo.email, demo.password, '10.9.9.9')).statusCode).toBe(200);
  });

  it('a password reset clears every limit on the account', async () => {
    for (let i = 0; i < LOGIN_LIMITS.account; i++) await login(demo.email, WRONG, `10.7.${i}.1`);
    expect((await login(demo.email, demo.password, '10.8.0.1')).statusCode).toBe(429);
    await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: demo.email } });
    await app.settled();
    const token = (await lastLinkTo(app.dataDir, demo.email)).searchParams.get('token')!;
    const password = 'Fresh#Pass42';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/new-password',
      payload: { email: demo.email, token, password, repeatPassword: password },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(demo.email, password, '10.7.0.1')).statusCode).toBe(200);
    expect((await login(demo.email, password, '10.8.0.1')).statusCode).toBe(200);
  });

  it('an owner’s sign-in gives back only its own attempt: a guesser at the same address keeps its count', async () => {
    const office = '10.44.0.1';
    // A guesser behind the owner's address uses all but one of the pair's allowance ...
    for (let i = 0; i < LOGIN_LIMITS.pair - 1; i++)
      expect((await login(demo.email, WRONG, office)).statusCode).toBe(401);
    // ... the owner signs in from there, more than once ...
    expect((await login(demo.email, demo.password, office)).statusCode).toBe(200);
    expect((await login(demo.email, demo.password, office)).statusCode).toBe(200);
    // ... and the guesser has one guess left, not a fresh allowance.
    expect((await login(demo.email, WRONG, office)).statusCode).toBe(401);
    const locked = await login(demo.email, WRONG, office);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AUTH_TEXTS.tooManyAttempts(15));
    const [row] = await app.db
      .select({ count: authFailures.count })
      .from(authFailures)
      .where(eq(authFailures.key, loginKeys(demo.email, office).pair));
    expect(row?.count).toBe(LOGIN_LIMITS.pair + 1);
  });
});
