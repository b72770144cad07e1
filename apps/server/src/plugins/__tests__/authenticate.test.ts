import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { RequestProblem } from '../../lib/request-problem.ts';
import { hashToken } from '../../lib/tokens.ts';
import { loginAs, type TestApp, testApp } from '../../test/helpers.ts';

/**
 * The authentication hook's contract with the request pipeline (plugins/auth.ts): it answers
 * through its callback, synchronously when it needs nothing from the database (a cached session,
 * a malformed token), and only after the database when it does. The routes' own tests cover who
 * is let in; this covers when the hook answers, and that waiting work (the last-used write) is
 * still done. Sessions are cached only on the embedded database (one process owns it): on
 * PostgreSQL every session is looked up, so the hook always waits.
 */
const cachesSessions = process.env.CUEPOINT_TEST_DB !== 'postgres';
let app: TestApp;
let token: string;
let userId: string;

beforeAll(async () => {
  app = await testApp();
  ({ token, userId } = await loginAs(app, 'customer'));
});
afterAll(async () => {
  await app.close();
});

const request = (authorization: string) =>
  ({
    headers: { authorization, 'user-id': userId },
    method: 'GET',
    routeOptions: { url: '/api/user/getUser/:id' },
    auth: null,
  }) as unknown as FastifyRequest;

/** Runs the hook; answers its error and whether it answered before returning. */
function authenticate(req: FastifyRequest) {
  let returned = false;
  let synchronous = false;
  const outcome = new Promise<Error | undefined>((resolve) => {
    app.authenticate(req, {} as FastifyReply, (err) => {
      synchronous = !returned;
      resolve(err);
    });
    returned = true;
  });
  return outcome.then((err) => ({ err, synchronous }));
}

const lastUsed = async () =>
  (
    await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]!.lastUsedAt;

describe('app.authenticate', () => {
  it('waits for the database the first time a session is seen, then answers at once from the cache', async () => {
    expect(app.sessionCache !== null).toBe(cachesSessions);
    app.sessionCache?.deleteUser(userId);
    const first = request(`Bearer ${token}`);
    expect(await authenticate(first)).toEqual({ err: undefined, synchronous: false });
    expect(first.auth).toMatchObject({ kind: 'session', user: { id: userId }, signedInAdmin: null });

    const second = request(`Bearer ${token}`);
    expect(await authenticate(second)).toEqual({ err: undefined, synchronous: cachesSessions });
    expect(second.auth).toMatchObject({ kind: 'session', user: { id: userId } });
  });

  it('refuses a malformed token at once, and an unknown one after looking it up', async () => {
    const malformed = await authenticate(request('Bearer short'));
    expect(malformed.synchronous).toBe(true);
    expect(malformed.err).toBeInstanceOf(RequestProblem);
    expect(malformed.err).toMatchObject({ statusCode: 401, message: 'Authentication required' });

    const unknown = await authenticate(request(`Bearer ${'x'.repeat(43)}`));
    expect(unknown.synchronous).toBe(false);
    expect(unknown.err).toMatchObject({
      statusCode: 401,
      message: 'Your session has expired, please log in again',
    });
  });

  it('waits for the last-used write when it is due, and writes it', async () => {
    await authenticate(request(`Bearer ${token}`)); // cached, on the embedded database
    const cached = app.sessionCache?.get(hashToken(token));
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await app.db
      .update(sessions)
      .set({ lastUsedAt: longAgo })
      .where(eq(sessions.tokenHash, hashToken(token)));
    if (cached) cached.lastUsedAt = longAgo;

    const startedAt = Date.now();
    expect(await authenticate(request(`Bearer ${token}`))).toEqual({ err: undefined, synchronous: false });
    // Written by the time the hook answered, in the database and in the cached copy.
    expect((await lastUsed()).getTime()).toBeGreaterThanOrEqual(startedAt);
    if (cached) expect(cached.lastUsedAt.getTime()).toBeGreaterThanOrEqual(startedAt);
    // Touched: the next request answers at once again (from the cache).
    expect((await authenticate(request(`Bearer ${token}`))).synchronous).toBe(cachesSessions);
  });
});
