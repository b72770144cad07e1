import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { bearer } from '../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../test/helpers.ts';
import { createSession, revokeSessionFamily, rotateSession, SESSION_ROTATE_AFTER_MS } from '../sessions.ts';

const ROUNDS = 30;

describe('logout racing a token rotation', () => {
  let app: TestApp;
  let userId: string;
  beforeAll(async () => {
    app = await testApp();
    userId = (await loginAs(app, 'customer')).userId;
  });
  afterAll(() => app.close());

  const sessionOf = async (token: string) => {
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row!;
  };
  /** The family's sessions a token could still use (neither revoked nor expired). */
  const liveInFamily = (familyId: string) =>
    app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
      );

  it(`leaves no live session of the family, ${ROUNDS} rounds of both at once`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { token } = await createSession(app.db, userId, { ip: '10.3.0.1' });
      const row = await sessionOf(token);
      const session = { sessionId: row.id, familyId: row.familyId };
      const [fresh] = await Promise.all([
        rotateSession(app.db, { ...session, userId }, { ip: '10.3.0.1' }),
        revokeSessionFamily(app.db, session),
      ]);
      expect(await liveInFamily(row.familyId!), `round ${round}`).toEqual([]);
      // A successor made before the logout was revoked with the family.
      if (fresh) expect((await sessionOf(fresh.token)).revokedAt).not.toBeNull();
    }
  });

  it(`through the routes too: a request whose token is due and a logout, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { token } = await createSession(app.db, userId, { ip: '10.3.0.2' });
      const row = await sessionOf(token);
      // Due for rotation on its next 2xx answer.
      await app.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - SESSION_ROTATE_AFTER_MS - 60_000) })
        .where(eq(sessions.id, row.id));
      const [read, logout] = await Promise.all([
        app.inject({ url: '/api/team/members', headers: bearer(token) }),
        app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) }),
      ]);
      expect(logout.statusCode, logout.body).toBe(200);
      expect([200, 401]).toContain(read.statusCode);
      expect(await liveInFamily(row.familyId!), `round ${round}`).toEqual([]);
      const successor = read.headers.usertoken;
      if (typeof successor === 'string') {
        const after = await app.inject({ url: '/api/team/members', headers: bearer(successor) });
        expect(after.statusCode).toBe(401);
      }
    }
  });
});
