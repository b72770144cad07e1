import { AUTH_TEXTS } from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { ACCOUNT_MAILS_PER_HOUR } from '../../../repositories/auth-failures.ts';
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
