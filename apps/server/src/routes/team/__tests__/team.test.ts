import {
  AUTH_TEXTS,
  HEADERS,
  TEAM_TEXTS,
  type TeamMember,
  teamListResponseSchema,
  teamMemberSchema,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, sessions, users } from '../../../db/schema/index.ts';
import { INVITE_RESENDS_PER_HOUR } from '../../../repositories/auth-failures.ts';
import { addCustomer, addUser, customerIdOf, signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { lastLinkTo, loginAs, readOutbox, type TestApp, testApp } from '../../../test/helpers.ts';
import { countRows, minimalPayload } from '../../resources/__tests__/resource-fixtures.ts';

const NEW_PASSWORD = 'Joiner#Pass1';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('team routes (/api/team/*)', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof loginAs>>;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let demoId: string;
  let otherMemberId: string;

  beforeAll(async () => {
    app = await testApp();
    owner = await loginAs(app, 'customer');
    admin = await loginAs(app, 'admin');
    demoId = await customerIdOf(app, 'demo-broadcasting');
    const otherId = await addCustomer(app, { name: 'Other Co', subDomainName: 'other-co' });
    otherMemberId = await addUser(app, { customerId: otherId, email: 'someone@other.example' });
  });
  afterAll(() => app.close());

  const list = (headers: Record<string, string>) => app.inject({ url: '/api/team/members', headers });
  const invite = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/team/members', headers, payload });
  const act = (
    headers: Record<string, string>,
    id: string,
    action: 'role' | 'deactivate' | 'reactivate' | 'resend-invite',
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/team/members/${id}/${action}`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const accept = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/team/accept-invite', payload });
  const login = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const countUsers = async () => (await app.db.select({ n: count() }).from(users))[0]!.n;
  const inviteLink = async (email: string) => {
    const link = await lastLinkTo(app.dataDir, email);
    return {
      path: link.pathname,
      email: link.searchParams.get('email')!,
      token: link.searchParams.get('token')!,
      invite: link.searchParams.get('invite'),
    };
  };

  /** Invites through the route as the demo owner, accepts through the mailed link, signs in. */
  async function join(email: string, role: 'owner' | 'editor' | 'viewer') {
    const res = await invite(owner.headers, { email, firstName: 'Jo', lastName: role, role });
    expect(res.statusCode, res.body).toBe(201);
    const link = await inviteLink(email);
    const accepted = await accept({
      email: link.email,
      token: link.token,
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { id: (res.json() as TeamMember)._id, ...(await signIn(app, email, NEW_PASSWORD)) };
  }

  it('answers 401 to an anonymous caller on every signed-in team route', async () => {
    expect((await list({})).statusCode).toBe(401);
    expect(
      (await invite({}, { email: 'x@y.example', firstName: 'X', lastName: 'Y', role: 'viewer' })).statusCode,
    ).toBe(401);
    for (const action of ['role', 'deactivate', 'reactivate', 'resend-invite'] as const) {
      expect((await act({}, MISSING_ID, action, { role: 'viewer' })).statusCode).toBe(401);
    }
  });

  it('lists the caller’s own team only, with every existing user an active owner', async () => {
    const res = await list(owner.headers);
    expect(res.statusCode).toBe(200);
    const { data } = teamListResponseSchema.parse(res.json());
    expect(data.map((m) => m.email)).toEqual(['demo@cuepoint.example']);
    expect(data[0]).toMatchObject({ role: 'owner', status: 'active', invitedBy: null, isMainAdmin: false });
  });

  it('invite → mail → link → password rules → sign-in with the role → a viewer’s write refused', async () => {
    const email = 'Viewer.One@Example.com';
    const before = await countRows(app, 'slate', demoId);
    const res = await invite(owner.headers, { email, firstName: 'Vera', lastName: 'Viewer', role: 'viewer' });
    expect(res.statusCode, res.body).toBe(201);
    const member = teamMemberSchema.parse(res.json());
    expect(member).toMatchObject({
      email: 'viewer.one@example.com',
      role: 'viewer',
      status: 'invited',
      invitedBy: { _id: owner.userId, email: 'demo@cuepoint.example', name: 'Dana Demo' },
    });
    expect(member.invitedAt).not.toBeNull();

    // Not signed in yet: the invited user has no password of its own.
    expect((await login('viewer.one@example.com', NEW_PASSWORD)).statusCode).toBe(401);

    const mail = (await readOutbox(app.dataDir)).filter((m) => m.to === 'viewer.one@example.com').at(-1)!;
    expect(mail.subject).toContain('Demo Broadcasting');
    const link = await inviteLink('viewer.one@example.com');
    expect(link).toMatchObject({ path: '/app/user-activate', email: 'viewer.one@example.com', invite: '1' });

    // The spec's Password and Repeat password rules, verbatim.
    const cases: [Record<string, string>, string, string][] = [
      [{ password: '', repeatPassword: '' }, 'password', VALIDATION_MESSAGES.passwordEmpty],
      [
        { password: 'Ab#1', repeatPassword: 'Ab#1' },
        'password',
        'Password should be more than 8 characters long',
      ],
      [
        { password: 'alllowercase1#', repeatPassword: 'alllowercase1#' },
        'password',
        VALIDATION_MESSAGES.passwordComplexity,
      ],
      [
        { password: NEW_PASSWORD, repeatPassword: 'Other#Pass1' },
        'repeatPassword',
        VALIDATION_MESSAGES.repeatPassword,
      ],
    ];
    for (const [passwords, field, message] of cases) {
      const bad = await accept({ email: link.email, token: link.token, ...passwords });
      expect(bad.statusCode, JSON.stringify(passwords)).toBe(400);
      expect(bad.json().fields).toContainEqual({ field, message });
    }
    // A wrong token, or the right one for another address, activates nobody.
    const wrong = await accept({
      email: link.email,
      token: 'nope',
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TEAM_TEXTS.inviteInvalid);

    const ok = await accept({
      email: link.email,
      token: link.token,
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(TEAM_TEXTS.accepted);
    // Single use.
    const again = await accept({
      email: link.email,
      token: link.token,
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(again.statusCode).toBe(400);

    // The owners are told.
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.kind, 'invite')));
    expect(told.map((n) => n.title)).toContain(TEAM_TEXTS.joined('Vera Viewer'));

    const signedIn = await login('viewer.one@example.com', NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.role).toBe('viewer');
    const viewer = { authorization: `Bearer ${signedIn.json().token}` };

    // Reads work; writes are refused with the role the call needs, and nothing is written.
    expect((await app.inject({ url: '/api/ssai/slate', headers: viewer })).statusCode).toBe(200);
    expect((await list(viewer)).statusCode).toBe(200);
    const write = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate',
      headers: viewer,
      payload: minimalPayload('slate', 'Viewer slate'),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      message: TEAM_TEXTS.roleRefused('editor'),
      roleRequired: 'editor',
      showMessage: true,
    });
    expect(await countRows(app, 'slate', demoId)).toBe(before);
    // Owner-only calls too.
    const teamWrite = await invite(viewer, {
      email: 'x@example.com',
      firstName: 'X',
      lastName: 'Y',
      role: 'owner',
    });
    expect(teamWrite.statusCode).toBe(403);
    expect(teamWrite.json().roleRequired).toBe('owner');

    // Self-service stays open: its own profile, then logging out.
    const profile = await app.inject({
      method: 'PUT',
      url: `/api/user/editUser/${signedIn.json().user._id}`,
      headers: viewer,
      payload: { firstName: 'Vera', lastName: 'Viewer', mobilePhone: '+1 555 0100', country: 'US' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: viewer })).statusCode).toBe(
      200,
    );

    const listed = teamListResponseSchema.parse((await list(owner.headers)).json()).data;
    expect(listed.find((m) => m.email === 'viewer.one@example.com')).toMatchObject({ status: 'active' });
  });

  it('refuses a bad invite, naming the field, and writes nothing', async () => {
    const before = await countUsers();
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ email: 'not-an-email' }, 'email', VALIDATION_MESSAGES.invalidEmail],
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ lastName: '   ' }, 'lastName', 'Last name is required'],
      [{ role: 'admin' }, 'role', VALIDATION_MESSAGES.thisFieldRequired],
      [{ role: undefined }, 'role', VALIDATION_MESSAGES.thisFieldRequired],
      // Beyond the bound: zod's own wording names the limit.
      [{ firstName: 'x'.repeat(101) }, 'firstName', null],
    ];
    for (const [change, field, message] of cases) {
      const res = await invite(owner.headers, {
        email: 'fine@example.com',
        firstName: 'Fine',
        lastName: 'Person',
        role: 'viewer',
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const fields = res.json().fields as { field: string; message: string }[];
      expect(fields.map((f) => f.field)).toEqual([field]);
      if (message !== null) expect(fields).toContainEqual({ field, message });
    }
    // An address of this team already (whatever its case) is a field error too. Another
    // customer's address is answered as an invite (invite-taken-address.test.ts).
    for (const email of ['demo@cuepoint.example', 'DEMO@Cuepoint.example']) {
      const taken = await invite(owner.headers, { email, firstName: 'A', lastName: 'B', role: 'editor' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().fields).toEqual([{ field: 'email', message: AUTH_TEXTS.emailTaken }]);
    }
    expect(await countUsers()).toBe(before);
  });

  it('lets an editor write resources but refuses it the owner’s calls', async () => {
    const editor = await join('editor.one@example.com', 'editor');
    const created = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate',
      headers: editor.headers,
      payload: minimalPayload('slate', 'Editor slate'),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await list(editor.headers)).statusCode).toBe(200);
    const refused = [
      await invite(editor.headers, { email: 'x@example.com', firstName: 'X', lastName: 'Y', role: 'owner' }),
      await act(editor.headers, owner.userId, 'role', { role: 'viewer' }),
      await act(editor.headers, owner.userId, 'deactivate'),
      await act(editor.headers, owner.userId, 'reactivate'),
      await act(editor.headers, owner.userId, 'resend-invite'),
      await app.inject({
        method: 'POST',
        url: `/api/customer/generateToken/${demoId}`,
        headers: editor.headers,
        payload: { enableAPI: false, customerId: demoId },
      }),
      await app.inject({ method: 'POST', url: '/api/auth/deactivateAccount', headers: editor.headers }),
      await app.inject({
        method: 'PUT',
        url: `/api/customer/editCustomer/${demoId}`,
        headers: editor.headers,
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ roleRequired: 'owner', message: TEAM_TEXTS.roleRefused('owner') });
    }
    // The owner's role is untouched, and the editor never sees the API token.
    const team = teamListResponseSchema.parse((await list(owner.headers)).json()).data;
    expect(team.find((m) => m._id === owner.userId)?.role).toBe('owner');
    const account = await app.inject({ url: `/api/customer/getCustomer/${demoId}`, headers: editor.headers });
    expect(account.json().apiToken).toBeNull();
  });

  it('keeps the last active owner: no demotion, no de-activation', async () => {
    const demote = await act(owner.headers, owner.userId, 'role', { role: 'editor' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().fields).toEqual([{ field: 'role', message: TEAM_TEXTS.lastOwner }]);
    const self = await act(owner.headers, owner.userId, 'deactivate');
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(TEAM_TEXTS.notYourself);

    // An invited owner who has not accepted does not count.
    const pending = await invite(owner.headers, {
      email: 'pending.owner@example.com',
      firstName: 'Pat',
      lastName: 'Pending',
      role: 'owner',
    });
    expect(pending.statusCode).toBe(201);
    expect((await act(owner.headers, owner.userId, 'role', { role: 'viewer' })).statusCode).toBe(409);

    // With a second active owner, the first may step down; the second is then the last.
    const second = await join('second.owner@example.com', 'owner');
    const stepDown = await act(owner.headers, owner.userId, 'role', { role: 'editor' });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect(stepDown.json()).toMatchObject({ role: 'editor' });
    // The old owner's session now carries the editor role: the team's writes are refused to it.
    expect((await act(owner.headers, second.id, 'role', { role: 'viewer' })).json().roleRequired).toBe(
      'owner',
    );
    const last = await act(second.headers, second.id, 'role', { role: 'viewer' });
    expect(last.statusCode).toBe(409);
    expect(last.json().fields).toEqual([{ field: 'role', message: TEAM_TEXTS.lastOwner }]);
    // Back as it was.
    expect((await act(second.headers, owner.userId, 'role', { role: 'owner' })).statusCode).toBe(200);
    expect((await act(owner.headers, second.id, 'deactivate')).statusCode).toBe(200);
  });

  it('de-activates a member: its sessions end, it cannot sign in, and re-activation lets it back', async () => {
    const member = await join('editor.two@example.com', 'editor');
    const res = await act(owner.headers, member.id, 'deactivate');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'deactivated' });
    expect(res.json().deactivatedAt).not.toBeNull();
    // Its session ended at once.
    expect((await list(member.headers)).statusCode).toBe(401);
    const live = await app.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    // Signing in is refused with a clear message (a plain 403: the console shows the login page).
    const refused = await login('editor.two@example.com', NEW_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TEAM_TEXTS.userDeactivated);
    expect(refused.json().isActive).toBeUndefined();

    expect((await act(owner.headers, member.id, 'deactivate')).json().message).toBe(
      TEAM_TEXTS.alreadyDeactivated,
    );
    expect((await act(owner.headers, member.id, 'resend-invite')).statusCode).toBe(409);

    const back = await act(owner.headers, member.id, 'reactivate');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'active', deactivatedAt: null });
    expect((await login('editor.two@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    const again = await act(owner.headers, member.id, 'reactivate');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEAM_TEXTS.notDeactivated);

    const audit = await app.db.select().from(auditLog).where(eq(auditLog.target, member.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['team.invite', 'team.accept-invite', 'team.deactivate', 'team.reactivate']),
    );
  });

  it('resends an invite: the earlier link stops working; a de-activated invitee’s link too', async () => {
    const email = 'resend.me@example.com';
    const created = await invite(owner.headers, {
      email,
      firstName: 'Rae',
      lastName: 'Send',
      role: 'viewer',
    });
    const id = (created.json() as TeamMember)._id;
    const first = await inviteLink(email);
    const res = await act(owner.headers, id, 'resend-invite');
    expect(res.statusCode, res.body).toBe(200);
    const second = await inviteLink(email);
    expect(second.token).not.toBe(first.token);
    const old = await accept({
      email,
      token: first.token,
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(old.statusCode).toBe(400);

    // De-activated: the fresh link is revoked too, and the invite cannot be resent.
    expect((await act(owner.headers, id, 'deactivate')).statusCode).toBe(200);
    const revoked = await accept({
      email,
      token: second.token,
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(revoked.statusCode).toBe(400);
    expect((await act(owner.headers, id, 'resend-invite')).json().message).toBe(TEAM_TEXTS.deactivatedMember);
    // Re-activated: still invited, so a resend mails a link that works.
    expect((await act(owner.headers, id, 'reactivate')).json()).toMatchObject({ status: 'invited' });
    expect((await act(owner.headers, id, 'resend-invite')).statusCode).toBe(200);
    const third = await inviteLink(email);
    const ok = await accept({
      email,
      token: third.token,
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    // Accepted: nothing to resend.
    const done = await act(owner.headers, id, 'resend-invite');
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(TEAM_TEXTS.notInvited);
  });

  it(`re-sends one member’s invite ${INVITE_RESENDS_PER_HOUR} times an hour, then 429 with Retry-After; other members keep theirs`, async () => {
    const email = 'often.resent@example.com';
    const created = await invite(owner.headers, { email, firstName: 'Of', lastName: 'Ten', role: 'viewer' });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as TeamMember)._id;
    for (let i = 0; i < INVITE_RESENDS_PER_HOUR; i += 1) {
      const res = await act(owner.headers, id, 'resend-invite');
      expect(res.statusCode, res.body).toBe(200);
    }
    const mailed = (await readOutbox(app.dataDir)).filter((m) => m.to === email).length;
    const last = await inviteLink(email);
    const refused = await act(owner.headers, id, 'resend-invite');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: TEAM_TEXTS.resendLimit(60) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    // Refused whole: no mail, and the last link sent still works.
    expect((await readOutbox(app.dataDir)).filter((m) => m.to === email)).toHaveLength(mailed);
    expect(
      (
        await app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.target, id), eq(auditLog.action, 'team.resend-invite')))
      ).length,
    ).toBe(INVITE_RESENDS_PER_HOUR);
    // Another member's invite is its own count.
    const other = await invite(owner.headers, {
      email: 'other.resent@example.com',
      firstName: 'O',
      lastName: 'T',
      role: 'viewer',
    });
    expect((await act(owner.headers, (other.json() as TeamMember)._id, 'resend-invite')).statusCode).toBe(
      200,
    );
    // The member can still join with the last link it was sent.
    const accepted = await accept({
      email,
      token: last.token,
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('answers a resend-invite with a malformed id 400 naming the id, and a caller of no team role 403', async () => {
    const malformed = await act(owner.headers, 'nope', 'resend-invite');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
    const viewer = await join('viewer.resend@example.com', 'viewer');
    const pending = await invite(owner.headers, {
      email: 'pending.resend@example.com',
      firstName: 'P',
      lastName: 'R',
      role: 'viewer',
    });
    const refused = await act(viewer.headers, (pending.json() as TeamMember)._id, 'resend-invite');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TEAM_TEXTS.roleRefused('owner'));
  });

  it('answers 404 for another customer’s member or an unknown id, and 400 naming a malformed id', async () => {
    const adminUserId = admin.userId;
    for (const id of [otherMemberId, adminUserId, MISSING_ID]) {
      for (const action of ['role', 'deactivate', 'reactivate', 'resend-invite'] as const) {
        const res = await act(owner.headers, id, action, action === 'role' ? { role: 'viewer' } : undefined);
        expect(res.statusCode, `${action} ${id}`).toBe(404);
        expect(res.json().message).toBe(TEAM_TEXTS.notFound);
      }
    }
    const [other] = await app.db.select().from(users).where(eq(users.id, otherMemberId));
    expect(other).toMatchObject({ role: 'owner', deactivatedAt: null });
    const malformed = await act(owner.headers, 'nope', 'deactivate');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
    const badRole = await act(owner.headers, owner.userId, 'role', { role: 'boss' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().fields).toEqual([
      { field: 'role', message: VALIDATION_MESSAGES.thisFieldRequired },
    ]);
  });

  it('acts with the target’s role during login-as; a main administrator is held to none', async () => {
    const viewer = await join('viewer.two@example.com', 'viewer');
    const asViewer = { ...admin.headers, [HEADERS.loginAs]: viewer.userId };
    const refused = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate',
      headers: asViewer,
      payload: minimalPayload('slate', 'Login-as slate'),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().roleRequired).toBe('editor');
    const asOwner = { ...admin.headers, [HEADERS.loginAs]: owner.userId };
    const allowed = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate',
      headers: asOwner,
      payload: minimalPayload('slate', 'Login-as owner slate'),
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
    // The administrator's own team is the platform account's.
    const own = teamListResponseSchema.parse((await list(admin.headers)).json()).data;
    expect(own.map((m) => m.email)).toEqual(['admin@cuepoint.example']);
  });

  it('an invited user keeps the generic sign-in refusal; the right password of nobody else works', async () => {
    await invite(owner.headers, {
      email: 'quiet@example.com',
      firstName: 'Q',
      lastName: 'Uiet',
      role: 'editor',
    });
    const res = await login('quiet@example.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_TEXTS.invalidCredentials);
    const [row] = await app.db.select().from(users).where(eq(users.email, 'quiet@example.com'));
    expect(row).toMatchObject({ isActive: false, role: 'editor', customerId: demoId });
  });
});
