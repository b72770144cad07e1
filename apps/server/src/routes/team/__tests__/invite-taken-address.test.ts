/**
 * Issue 46 (a security probe): adding a team member answered 409 "An account with this email
 * already exists" for other customers' users, so a team owner could learn which addresses have
 * accounts anywhere on the platform. Such an address is now answered as an invite (201, an invited
 * member) and stays in the team as an invited member that never joins (listed, its role changed,
 * de-activated, its invite sent again); the other user is not changed and is mailed a notice
 * instead. A member of the owner's own team may still be named (team.test.ts).
 */
import {
  AUTH_TEXTS,
  TEAM_TEXTS,
  type TeamMember,
  teamListResponseSchema,
  teamMemberSchema,
} from '@cuepoint/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, takenAddressInvites, users, userTokens } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { ACCOUNT_NOTICES_PER_HOUR, INVITE_RESENDS_PER_HOUR } from '../../../repositories/auth-failures.ts';
import { addCustomer, addUser, signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { loginAs, readOutbox, type TestApp, testApp } from '../../../test/helpers.ts';

const TAKEN = 'taken@other.example';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('inviting another customer’s user to a team (issue 46)', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof loginAs>>;
  let otherCustomerId: string;
  let takenId: string;

  beforeAll(async () => {
    app = await testApp();
    owner = await loginAs(app, 'customer');
    otherCustomerId = await addCustomer(app, { name: 'Other Co', subDomainName: 'other-co' });
    takenId = await addUser(app, {
      customerId: otherCustomerId,
      email: TAKEN,
      firstName: 'Tess',
      lastName: 'Taken',
      role: 'owner',
    });
  });
  afterAll(() => app.close());

  const invite = (payload: Record<string, unknown>, headers = owner.headers) =>
    app.inject({ method: 'POST', url: '/api/team/members', headers, payload });
  const countUsers = async () => (await app.db.select({ n: count() }).from(users))[0]!.n;
  const mailsTo = async (to: string) => (await readOutbox(app.dataDir)).filter((m) => m.to === to);
  const userRow = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0];
  /** An invite answer without what differs per address and per moment (email, id and times). */
  const shape = (res: Awaited<ReturnType<typeof invite>>) => {
    const member = teamMemberSchema.parse(res.json());
    const { _id, invitedAt, createdAt, email: _email, ...rest } = member;
    return {
      httpStatus: res.statusCode,
      // In the order the body has them.
      keys: Object.keys(res.json()),
      idIsUuid: UUID.test(_id),
      // Created at the transaction's start, invited after the customer's lock: never the other way.
      timesInOrder: Date.parse(createdAt) <= Date.parse(invitedAt!),
      ...rest,
    };
  };

  it('answers as for a new address: 201 and an invited member, with nothing written to either team', async () => {
    const fresh = await invite({
      email: 'brand.new@example.com',
      firstName: 'Bea',
      lastName: 'New',
      role: 'editor',
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const usersBefore = await countUsers();
    const takenBefore = await userRow(takenId);

    const taken = await invite({
      email: TAKEN.toUpperCase(),
      firstName: 'Bea',
      lastName: 'New',
      role: 'editor',
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(shape(taken)).toEqual(shape(fresh));
    const member = taken.json() as TeamMember;
    expect(member).toMatchObject({
      email: TAKEN,
      firstName: 'Bea',
      lastName: 'New',
      role: 'editor',
      status: 'invited',
      invitedBy: { _id: owner.userId },
    });
    expect(member._id).not.toBe(takenId);

    // No user was made, and the other customer's user is exactly as it was, with no invite token.
    expect(await countUsers()).toBe(usersBefore);
    expect(await userRow(takenId)).toEqual(takenBefore);
    expect(await app.db.select().from(userTokens).where(eq(userTokens.userId, takenId))).toEqual([]);
    // The team lists both invites alike: the answer's member, by its id, invited, newest last.
    const team = teamListResponseSchema.parse(
      (await app.inject({ url: '/api/team/members', headers: owner.headers })).json(),
    ).data;
    expect(team.at(-1)).toEqual(member);
    expect(team.at(-2)).toEqual(fresh.json());
    // The other customer's team does not have it.
    const other = await app.db.select().from(users).where(eq(users.customerId, otherCustomerId));
    expect(other.map((u) => u.email)).toEqual([TAKEN]);
    // It still signs in to its own account, with its own role.
    const own = await signIn(app, TAKEN, TEST_PASSWORD);
    const profile = await app.inject({ url: `/api/user/getUser/${takenId}`, headers: own.headers });
    expect(profile.json()).toMatchObject({ role: 'owner' });
  });

  it('mails that user a notice instead of an invite (no link that joins a team)', async () => {
    const mails = await mailsTo(TAKEN);
    expect(mails).toHaveLength(1);
    const [notice] = mails;
    const inviter = `${DEMO_ACCOUNTS.customer.firstName} ${DEMO_ACCOUNTS.customer.lastName}`;
    const team = DEMO_ACCOUNTS.customer.customer.name;
    expect(notice!.subject).toBe(`${inviter} tried to add you to ${team} on Cuepoint`);
    expect(notice!.text).toContain('Hello Tess,');
    expect(notice!.text).toContain('it was not added to that team');
    expect(notice!.links).toEqual(['http://console.test/app/login']);
    expect(notice!.text).not.toContain('token=');
    // The new address got its real invite.
    const [real] = await mailsTo('brand.new@example.com');
    expect(new URL(real!.links[0]!).searchParams.get('invite')).toBe('1');
  });

  it('audits the attempt on the inviting customer, not as an invite', async () => {
    const entries = await app.db.select().from(auditLog).where(eq(auditLog.target, takenId));
    expect(entries.map((e) => e.action)).toEqual(['team.invite-existing']);
    expect(entries[0]).toMatchObject({
      actorUserId: owner.userId,
      details: { email: TAKEN, role: 'editor' },
    });
  });

  it('changes its role, de-activates and re-activates it as any invited member', async () => {
    const team = teamListResponseSchema.parse(
      (await app.inject({ url: '/api/team/members', headers: owner.headers })).json(),
    ).data;
    const id = team.find((m) => m.email === TAKEN)!._id;
    const post = (path: string, payload?: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/team/members/${id}/${path}`, headers: owner.headers, payload });

    const role = await post('role', { role: 'viewer' });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json()).toMatchObject({ _id: id, role: 'viewer', status: 'invited' });
    const off = await post('deactivate');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ _id: id, status: 'deactivated' });
    expect((await post('resend-invite')).statusCode).toBe(409);
    const on = await post('reactivate');
    expect(on.json()).toMatchObject({ _id: id, status: 'invited', role: 'viewer' });
    // None of it touched the other customer's user.
    expect(await userRow(takenId)).toMatchObject({ role: 'owner', deactivatedAt: null, isActive: true });
  });

  it('sends its invite again as a notice, never a link that joins the team', async () => {
    const team = teamListResponseSchema.parse(
      (await app.inject({ url: '/api/team/members', headers: owner.headers })).json(),
    ).data;
    const id = team.find((m) => m.email === TAKEN)!._id;
    const before = (await mailsTo(TAKEN)).length;
    const res = await app.inject({
      method: 'POST',
      url: `/api/team/members/${id}/resend-invite`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, status: 'invited' });
    const mails = await mailsTo(TAKEN);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.links).toEqual(['http://console.test/app/login']);
    expect(await app.db.select().from(userTokens).where(eq(userTokens.userId, takenId))).toEqual([]);
  });

  it('answers a second invite of the address 409 on email, as for any invited member', async () => {
    const res = await invite({ email: TAKEN, firstName: 'Bea', lastName: 'New', role: 'viewer' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual([{ field: 'email', message: AUTH_TEXTS.emailTaken }]);
    expect(
      await app.db.select().from(takenAddressInvites).where(eq(takenAddressInvites.email, TAKEN)),
    ).toHaveLength(1);
  });

  it('is another customer’s team’s to see: its id answers 404 there', async () => {
    const team = teamListResponseSchema.parse(
      (await app.inject({ url: '/api/team/members', headers: owner.headers })).json(),
    ).data;
    const id = team.find((m) => m.email === TAKEN)!._id;
    const own = await signIn(app, TAKEN, TEST_PASSWORD);
    const res = await app.inject({
      method: 'POST',
      url: `/api/team/members/${id}/role`,
      headers: own.headers,
      payload: { role: 'owner' },
    });
    expect(res.statusCode).toBe(404);
    const list = teamListResponseSchema.parse(
      (await app.inject({ url: '/api/team/members', headers: own.headers })).json(),
    ).data;
    expect(list.map((m) => m._id)).not.toContain(id);
  });

  it('answers a main administrator’s address the same way', async () => {
    const before = await countUsers();
    const res = await invite({
      email: DEMO_ACCOUNTS.admin.email,
      firstName: 'A',
      lastName: 'B',
      role: 'viewer',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'invited', isMainAdmin: false, role: 'viewer' });
    expect(await countUsers()).toBe(before);
  });

  it('still names an address of the owner’s own team (409 on email)', async () => {
    const res = await invite({
      email: 'BRAND.NEW@example.com',
      firstName: 'Bea',
      lastName: 'New',
      role: 'viewer',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual([{ field: 'email', message: AUTH_TEXTS.emailTaken }]);
  });

  it(`mails at most ${ACCOUNT_NOTICES_PER_HOUR} notices an hour to one address, answering the same`, async () => {
    const email = 'flooded@other.example';
    await addUser(app, { customerId: otherCustomerId, email });
    const resend = (id: string, headers: Record<string, string> = owner.headers) =>
      app.inject({ method: 'POST', url: `/api/team/members/${id}/resend-invite`, headers });
    // This team: the invite and its re-sends, as many as a member's invite may be sent again.
    const first = await invite({ email, firstName: 'F', lastName: 'L', role: 'viewer' });
    const answers = [first];
    for (let i = 0; i < INVITE_RESENDS_PER_HOUR; i += 1) answers.push(await resend(first.json()._id));
    expect(answers.map((a) => a.statusCode)).toEqual([201, ...Array(INVITE_RESENDS_PER_HOUR).fill(200)]);
    // Another team invites the address too, until the address's notices for the hour are used up:
    // the same answers, no more mail.
    const thirdId = await addCustomer(app, { name: 'Third Co', subDomainName: 'third-co' });
    await addUser(app, { customerId: thirdId, email: 'owner@third.example', role: 'owner' });
    const third = { authorization: `Bearer ${(await signIn(app, 'owner@third.example')).token}` };
    const again = await invite({ email, firstName: 'F', lastName: 'L', role: 'viewer' }, third);
    expect(again.statusCode, again.body).toBe(201);
    const more = [];
    for (let i = 0; i < INVITE_RESENDS_PER_HOUR; i += 1) more.push(await resend(again.json()._id, third));
    expect(more.map((a) => a.statusCode)).toEqual(Array(INVITE_RESENDS_PER_HOUR).fill(200));
    expect(1 + INVITE_RESENDS_PER_HOUR + 1 + INVITE_RESENDS_PER_HOUR).toBeGreaterThan(
      ACCOUNT_NOTICES_PER_HOUR,
    );
    expect(await mailsTo(email)).toHaveLength(ACCOUNT_NOTICES_PER_HOUR);
  });

  it(`re-sends its invite ${INVITE_RESENDS_PER_HOUR} times an hour, then answers 429 as for any invited member`, async () => {
    const email = 'limited@other.example';
    await addUser(app, { customerId: otherCustomerId, email });
    const created = await invite({ email, firstName: 'L', lastName: 'Imit', role: 'viewer' });
    const id = created.json()._id;
    const resend = () =>
      app.inject({ method: 'POST', url: `/api/team/members/${id}/resend-invite`, headers: owner.headers });
    for (let i = 0; i < INVITE_RESENDS_PER_HOUR; i += 1) expect((await resend()).statusCode).toBe(200);
    const before = (await mailsTo(email)).length;
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TEAM_TEXTS.resendLimit(60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await mailsTo(email)).toHaveLength(before);
  });
});
