import { AUTH_TEXTS } from '@cuepoint/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import {
  ACCOUNT_MAILS_PER_HOUR,
  ACCOUNT_MAILS_PER_HOUR_ANY_REQUESTER,
} from '../../../repositories/auth-failures.ts';
import { DEVICE_COOKIE } from '../../../services/device-cookie.ts';
import { readOutbox, type TestApp, testApp } from '../../../test/helpers.ts';

const email = DEMO_ACCOUNTS.customer.email;

describe('reset and activation mails', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/${url}`, payload });

  it('answers before any account work is done, so its timing cannot reveal that the account exists', async () => {
    // Hold every mail until released: the answer must not wait for it.
    const send = app.mailer.send;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let attempted = 0;
    app.mailer.send = async (mail) => {
      attempted += 1;
      await held;
      return send.call(app.mailer, mail);
    };
    try {
      const answer = await Promise.race([
        post('auth/reset-password', { email }),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000)),
      ]);
      expect(answer).not.toBe('waited');
      expect(answer === 'waited' ? undefined : answer.json()).toEqual({ message: AUTH_TEXTS.resetSent });
      expect((await readOutbox(app.dataDir)).filter((m) => m.to === email)).toHaveLength(0);
    } finally {
      release();
      await app.settled();
      app.mailer.send = send;
    }
    expect(attempted).toBe(1);
    expect((await readOutbox(app.dataDir)).filter((m) => m.to === email)).toHaveLength(1);
  });

  it(`sends at most ${ACCOUNT_MAILS_PER_HOUR} account mails to one address per hour, answering the same`, async () => {
    const before = (await readOutbox(app.dataDir)).filter((m) => m.to === email).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('auth/reset-password', { email: email.toUpperCase() })),
    );
    expect(new Set(answers.map((a) => a.body))).toEqual(
      new Set([JSON.stringify({ message: AUTH_TEXTS.resetSent })]),
    );
    await app.settled();
    const sent = (await readOutbox(app.dataDir)).filter((m) => m.to === email).length - before;
    // The first test's mail counts against the same hour.
    expect(sent).toBe(ACCOUNT_MAILS_PER_HOUR - 1);
  });
});

describe('the reset allowance is the requester’s, not the recipient’s', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await testApp();
  });
  afterEach(() => app.close());

  const owner = DEMO_ACCOUNTS.customer;
  const reset = (ip: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: owner.email },
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const mailsToOwner = async () => {
    await app.settled();
    return (await readOutbox(app.dataDir)).filter((m) => m.to === owner.email).length;
  };
  const expectSameAnswer = (answer: Awaited<ReturnType<typeof reset>>) => {
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: AUTH_TEXTS.resetSent });
  };

  it('a stranger who spends their allowance does not stop the owner’s mail from another address', async () => {
    for (let i = 0; i < ACCOUNT_MAILS_PER_HOUR * 2; i++) expectSameAnswer(await reset('10.5.0.1'));
    expect(await mailsToOwner()).toBe(ACCOUNT_MAILS_PER_HOUR);
    expectSameAnswer(await reset('10.5.0.2'));
    expect(await mailsToOwner()).toBe(ACCOUNT_MAILS_PER_HOUR + 1);
  });

  it(`holds many addresses together to ${ACCOUNT_MAILS_PER_HOUR_ANY_REQUESTER} an hour, but not the owner’s own browser`, async () => {
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: '10.5.9.9',
    });
    const cookie = [signedIn.headers['set-cookie']].flat()[0]!.split(';')[0]!;
    expect(cookie.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);
    for (let i = 0; i < ACCOUNT_MAILS_PER_HOUR_ANY_REQUESTER; i++)
      expectSameAnswer(await reset(`10.6.${i}.1`));
    expect(await mailsToOwner()).toBe(ACCOUNT_MAILS_PER_HOUR_ANY_REQUESTER);
    // One more address: the ceiling holds (the same answer, no mail) ...
    expectSameAnswer(await reset('10.6.200.1'));
    expect(await mailsToOwner()).toBe(ACCOUNT_MAILS_PER_HOUR_ANY_REQUESTER);
    // ... and the owner's browser, from anywhere, still gets its link.
    expectSameAnswer(await reset('10.6.201.1', cookie));
    expect(await mailsToOwner()).toBe(ACCOUNT_MAILS_PER_HOUR_ANY_REQUESTER + 1);
  });
});
