/**
 * Issue 46 (a security probe): adding a team member answered 409 "An account with this email
 * already exists" for other customers' users, so a team owner could learn which addresses have
 * accounts anywhere on the platform. Such an address is now answered as an invite (201, an invited
 * member), nothing is written to either team, and its user is mailed a notice instead. A member
 * of the owner's own team may still be named (team.test.ts).
 */
import { AUTH_TEXTS, type TeamMember, teamListResponseSchema, teamMemberSchema } from '@cuepoint/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, userTokens } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { ACCOUNT_NOTICES_PER_HOUR } from '../../../repositories/auth-failures.ts';
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
    const team = teamListResponseSchema.parse(
      (await app.inject({ url: '/api/team/members', headers: owner.headers })).json(),
    ).data;
    expect(team.map((m) => m.email)).not.toContain(TAKEN);
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
    const answers = [];
    for (let i = 0; i < ACCOUNT_NOTICES_PER_HOUR + 2; i += 1) {
      answers.push(await invite({ email, firstName: 'F', lastName: 'L', role: 'viewer' }));
    }
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    expect(await mailsTo(email)).toHaveLength(ACCOUNT_NOTICES_PER_HOUR);
  });
});
