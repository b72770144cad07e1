/**
 * The customer's team (issue 18, the /user screen): list it (every role), invite by email, change
 * a member's role, de-activate and re-activate a member, resend an invite (owners: the role hook
 * in plugins/role-access.ts refuses the others before anything is read), and accept an invite
 * (public: the invite mail's link, a password twice). The team is the caller's customer's (during
 * login-as the target's); another customer's member answers 404. Every write locks the customer's
 * row, runs in one transaction and leaves an audit entry; mails go out after the commit. An invite
 * of an address that belongs to another customer's user is kept as an invited member of the team
 * (taken_address_invites) that never joins, and that user is mailed a notice instead (issue 46):
 * nothing the team is shown, now or later, tells whether an address has an account. Only a member
 * of the caller's own team is named (409).
 */
import {
  API_PATHS,
  acceptInviteRequestSchema,
  entryPath,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  routePattern,
  TEAM_TEXTS,
  type TeamInviteRequest,
  type TeamMember,
  teamInviteRequestSchema,
  teamListResponseSchema,
  teamMemberSchema,
  teamRoleRequestSchema,
} from '@cuepoint/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { badRequest, conflict, fieldProblem, notFound, RequestProblem } from '../../lib/request-problem.ts';
import { newToken } from '../../lib/tokens.ts';
import { recordAudit } from '../../repositories/audit-log.ts';
import {
  clearAccountLimits,
  takeInviteResendAllowance,
  takeNoticeAllowance,
} from '../../repositories/auth-failures.ts';
import { lockCustomer } from '../../repositories/customers.ts';
import { revokeUserSessions } from '../../repositories/sessions.ts';
import {
  acceptMemberInvite,
  countOtherActiveOwners,
  findTakenAddressInvite,
  insertInvitedUser,
  insertTakenAddressInvite,
  listTeamMembers,
  lockTeamMember,
  setMemberDeactivated,
  setMemberRole,
  type TeamMemberFields,
  type TeamMemberRow,
} from '../../repositories/team.ts';
import { consumeUserToken, issueUserToken, revokeUserTokens } from '../../repositories/user-tokens.ts';
import { findUserByEmail, type UserRow } from '../../repositories/users.ts';
import { auditRequest } from '../../services/audit.ts';
import { mailAfterReply, NOTHING_NOTIFIED, notifyCustomer } from '../../services/notifications.ts';
import { emailTaken } from '../../services/signup.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const memberStatusOf = (user: Pick<UserRow, 'deactivatedAt' | 'isActive'>): TeamMember['status'] =>
  user.deactivatedAt ? 'deactivated' : user.isActive ? 'active' : 'invited';

const memberDto = ({ user, inviter }: TeamMemberRow): TeamMember => ({
  _id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  status: memberStatusOf(user),
  isMainAdmin: user.isMainAdmin,
  invitedAt: iso(user.invitedAt),
  invitedBy: inviter
    ? { _id: inviter.id, name: `${inviter.firstName} ${inviter.lastName}`, email: inviter.email }
    : null,
  deactivatedAt: iso(user.deactivatedAt),
  createdAt: user.createdAt.toISOString(),
});

/** One member as the list shows it (read after the write committed). */
async function readMember(db: DbOrTx, customerId: string, id: string): Promise<TeamMember> {
  const row = (await listTeamMembers(db, customerId)).find((member) => member.user.id === id);
  if (!row) throw notFound(TEAM_TEXTS.notFound);
  return memberDto(row);
}

/** Whether the member counts towards the last-owner rule (an owner that may sign in). */
const isActiveOwner = (user: TeamMemberFields) =>
  user.role === 'owner' && user.isActive && !user.deactivatedAt;

/** Mails the invite link (a fresh token was issued in the write's transaction). */
async function mailInvite(
  app: FastifyInstance,
  request: FastifyRequest,
  member: Pick<UserRow, 'email' | 'firstName'>,
  token: string,
) {
  const auth = request.auth!;
  const link = app.consoleLink('/user-activate', { email: member.email, token, invite: '1' });
  const inviter = `${auth.user.firstName} ${auth.user.lastName}`;
  try {
    await app.mailer.send({
      to: member.email,
      subject: `${inviter} invited you to ${auth.customer.name} on Cuepoint`,
      text: `Hello ${member.firstName},\n\n${inviter} invited you to join the team of ${auth.customer.name} on Cuepoint. Choose your password here to activate your user:\n\n${link}\n\nThe link works once and expires in 7 days. If you did not expect this, ignore this email.\n`,
      links: [link],
    });
  } catch (err) {
    // The member exists; an owner can send the invite again from the team screen.
    request.log.error({ err }, 'could not send the invite email');
  }
}

/**
 * Tells another customer's user that a team owner tried to add its address (issue 46): it is not
 * added anywhere, and it may ask for an invite of another address. At most
 * ACCOUNT_NOTICES_PER_HOUR an hour to one address.
 */
async function mailTakenAddressNotice(
  app: FastifyInstance,
  request: FastifyRequest,
  user: Pick<UserRow, 'email' | 'firstName'>,
) {
  if (!(await takeNoticeAllowance(app.db, user.email))) return;
  const auth = request.auth!;
  const inviter = `${auth.user.firstName} ${auth.user.lastName}`;
  const signIn = app.consoleLink('/login', {});
  try {
    await app.mailer.send({
      to: user.email,
      subject: `${inviter} tried to add you to ${auth.customer.name} on Cuepoint`,
      text: `Hello ${user.firstName},\n\n${inviter} tried to add this email address to the team of ${auth.customer.name} on Cuepoint. The address has a Cuepoint account already, so it was not added to that team, and nothing changed for your account. They were not told that the address has an account.\n\nIf you want to join that team, ask ${inviter} to invite another email address of yours. If you did not expect this, ignore this email.\n\nYour own account is here:\n\n${signIn}\n`,
      links: [signIn],
    });
  } catch (err) {
    request.log.error({ err }, 'could not send the taken-address notice email');
  }
}

/** Public: accepting an invite (the invite mail's link). */
export const teamPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    routePattern(API_PATHS.team.acceptInvite),
    {
      schema: {
        tags: ['team'],
        summary:
          'Accept a team invite with the single-use token of its link: sets the password (Password, Repeat password) and activates the user, who then signs in',
        body: acceptInviteRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      const accepted = await app.db.transaction(async (tx) => {
        const found = await consumeUserToken(tx, { ...request.body, purpose: 'invite' });
        // A de-activated member's invite was revoked with it; this is the backstop.
        if (!found || found.deactivatedAt) return { user: undefined, notified: NOTHING_NOTIFIED };
        await acceptMemberInvite(tx, found.id, passwordHash);
        await revokeUserSessions(tx, found.id);
        await recordAudit(tx, {
          action: 'team.accept-invite',
          actorUserId: found.id,
          effectiveUserId: found.id,
          customerId: found.customerId,
          target: found.id,
          requestId: request.id,
          ip: request.ip,
        });
        // The team's owners are told (a notification, mailed to those who chose to have it mailed).
        const notified = await notifyCustomer(tx, {
          customerId: found.customerId,
          kind: 'invite',
          title: TEAM_TEXTS.joined(`${found.firstName} ${found.lastName}`),
          link: entryPath('user'),
          onlyOwners: true,
          exceptUserIds: [found.id],
        });
        return { user: found, notified };
      });
      const { user, notified } = accepted;
      if (!user) throw badRequest(TEAM_TEXTS.inviteInvalid);
      app.sessionCache?.deleteUser(user.id);
      await clearAccountLimits(app.db, user);
      mailAfterReply(app, notified);
      return { message: TEAM_TEXTS.accepted };
    },
  );
};

/** The team calls of a signed-in caller (the owner-only ones are refused to others by the role hook). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = requireNavigationEntry('user', app.runtimeConfig, 'You may not see the team');
  const common = { tags: ['team'], security: [{ bearer: [] }] };
  const memberResponses = {
    200: teamMemberSchema,
    400: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };

  const audit = (
    tx: DbOrTx,
    request: FastifyRequest,
    action: string,
    target: string,
    details?: Record<string, unknown>,
  ) =>
    auditRequest(tx, request, {
      action,
      customerId: request.auth!.customer.id,
      target,
      ...(details ? { details } : {}),
    });

  /** In `tx`: locks the customer's row (team writes apply one at a time), then the member's; 404 for another customer's. */
  const lockMember = async (tx: DbOrTx, request: FastifyRequest, id: string) => {
    const auth = request.auth!;
    await lockCustomer(tx, auth.customer.id);
    const member = await lockTeamMember(tx, auth.customer.id, id);
    if (!member) throw notFound(TEAM_TEXTS.notFound);
    // A main administrator's access is the platform's, not a team's.
    if (member.isMainAdmin && !auth.user.isMainAdmin) throw conflict(TEAM_TEXTS.mainAdmin);
    return member;
  };

  /**
   * An invite of an address that belongs to another customer's user (issue 46). The other user
   * is not changed and gets no invite token; the team keeps an invited member for the address
   * (listed, its role changed, de-activated and its invite sent again like any other, and never
   * able to sign in), the attempt is audited on the caller's account, and that user is mailed a
   * notice instead of an invite. So neither the answer nor the team list tells whether the
   * address has an account. A second invite of it is a 409, as for any invited member.
   */
  const inviteTakenAddress = async (
    request: FastifyRequest,
    existing: UserRow,
    body: TeamInviteRequest,
  ): Promise<TeamMember> => {
    const auth = request.auth!;
    let id: string;
    try {
      id = await app.db.transaction(async (tx) => {
        await lockCustomer(tx, auth.customer.id);
        if (await findTakenAddressInvite(tx, auth.customer.id, existing.email)) throw emailTaken();
        const invite = await insertTakenAddressInvite(tx, {
          customerId: auth.customer.id,
          email: existing.email,
          firstName: body.firstName,
          lastName: body.lastName,
          role: body.role,
          invitedBy: auth.user.id,
          invitedAt: new Date(),
        });
        await audit(tx, request, 'team.invite-existing', existing.id, {
          email: existing.email,
          role: body.role,
          invite: invite.id,
        });
        return invite.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    await mailTakenAddressNotice(app, request, existing);
    return readMember(app.db, auth.customer.id, id);
  };

  app.get(
    routePattern(API_PATHS.team.members),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'The caller’s team: every user of its customer account with role, status (active, invited, de-activated) and who invited them',
        response: { 200: teamListResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const rows = await listTeamMembers(app.db, request.auth!.customer.id);
      return { data: rows.map(memberDto) };
    },
  );

  app.post(
    routePattern(API_PATHS.team.members),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Owner: invite someone to the team by email with a role; they get a mail with a link to choose their password',
        body: teamInviteRequestSchema,
        response: { ...memberResponses, 201: teamMemberSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const body = request.body;
      const email = body.email.trim().toLowerCase();
      // Nobody knows this password: the member signs in once it chose its own from the link. Hashed
      // before the look-up, so an address that has an account takes as long as a new one.
      const passwordHash = await hashPassword(newToken());
      const existing = await findUserByEmail(app.db, email);
      // The owner sees its own team: a member of it may be named.
      if (existing?.customerId === auth.customer.id) throw emailTaken();
      if (!existing && (await findTakenAddressInvite(app.db, auth.customer.id, email))) {
        // The address's account has gone since this team invited it: the invite stays as it was.
        throw emailTaken();
      }
      if (existing) return reply.code(201).send(await inviteTakenAddress(request, existing, body));
      let invited: { member: UserRow; token: string };
      try {
        invited = await app.db.transaction(async (tx) => {
          await lockCustomer(tx, auth.customer.id);
          const created = await insertInvitedUser(tx, {
            customerId: auth.customer.id,
            email,
            firstName: body.firstName,
            lastName: body.lastName,
            role: body.role,
            passwordHash,
            invitedBy: auth.user.id,
            invitedAt: new Date(),
          });
          const issued = await issueUserToken(tx, created.id, 'invite');
          await audit(tx, request, 'team.invite', created.id, { email: created.email, role: created.role });
          return { member: created, token: issued };
        });
      } catch (error) {
        // The address was taken meanwhile (a sign-up, or an invite of this team or another's).
        const winner = isUniqueViolation(error) ? await findUserByEmail(app.db, email) : undefined;
        if (!winner) throw error;
        if (winner.customerId === auth.customer.id) throw emailTaken();
        return reply.code(201).send(await inviteTakenAddress(request, winner, body));
      }
      await mailInvite(app, request, invited.member, invited.token);
      return reply.code(201).send(await readMember(app.db, auth.customer.id, invited.member.id));
    },
  );

  app.post(
    routePattern(API_PATHS.team.role),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Owner: change a member’s role (the team keeps at least one active owner)',
        params: idParamsSchema,
        body: teamRoleRequestSchema,
        response: memberResponses,
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { role } = request.body;
      await app.db.transaction(async (tx) => {
        const member = await lockMember(tx, request, request.params.id);
        if (member.role === role) return;
        if (
          isActiveOwner(member) &&
          role !== 'owner' &&
          (await countOtherActiveOwners(tx, auth.customer.id, member.id)) === 0
        ) {
          throw fieldProblem('role', TEAM_TEXTS.lastOwner, 409);
        }
        await setMemberRole(tx, member, role);
        await audit(tx, request, 'team.role', member.id, { from: member.role, to: role });
      });
      // Its cached session carries the role it had.
      app.sessionCache?.deleteUser(request.params.id);
      return readMember(app.db, auth.customer.id, request.params.id);
    },
  );

  app.post(
    routePattern(API_PATHS.team.deactivate),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Owner: de-activate a member: it can no longer sign in, its sessions end and its invite stops working',
        params: idParamsSchema,
        response: memberResponses,
      },
    },
    async (request) => {
      const auth = request.auth!;
      await app.db.transaction(async (tx) => {
        const member = await lockMember(tx, request, request.params.id);
        if (member.id === auth.user.id) throw conflict(TEAM_TEXTS.notYourself);
        if (member.deactivatedAt) throw conflict(TEAM_TEXTS.alreadyDeactivated);
        if (isActiveOwner(member) && (await countOtherActiveOwners(tx, auth.customer.id, member.id)) === 0) {
          throw conflict(TEAM_TEXTS.lastOwner);
        }
        const now = new Date();
        await setMemberDeactivated(tx, member, now);
        if (!member.takenAddress) {
          await revokeUserSessions(tx, member.id, now);
          await revokeUserTokens(tx, member.id, 'invite', now);
        }
        await audit(tx, request, 'team.deactivate', member.id);
      });
      app.sessionCache?.deleteUser(request.params.id);
      return readMember(app.db, auth.customer.id, request.params.id);
    },
  );

  app.post(
    routePattern(API_PATHS.team.reactivate),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Owner: re-activate a de-activated member (it signs in again; an invited one needs its invite sent again)',
        params: idParamsSchema,
        response: memberResponses,
      },
    },
    async (request) => {
      const auth = request.auth!;
      await app.db.transaction(async (tx) => {
        const member = await lockMember(tx, request, request.params.id);
        if (!member.deactivatedAt) throw conflict(TEAM_TEXTS.notDeactivated);
        await setMemberDeactivated(tx, member, null);
        await audit(tx, request, 'team.reactivate', member.id);
      });
      return readMember(app.db, auth.customer.id, request.params.id);
    },
  );

  app.post(
    routePattern(API_PATHS.team.resendInvite),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Owner: mail an invited member a new invite link (earlier links stop working); a few times an hour per member at most (429 with Retry-After after)',
        params: idParamsSchema,
        response: { ...memberResponses, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { member, token } = await app.db.transaction(async (tx) => {
        const found = await lockMember(tx, request, request.params.id);
        if (found.isActive) throw conflict(TEAM_TEXTS.notInvited);
        if (found.deactivatedAt) throw conflict(TEAM_TEXTS.deactivatedMember);
        // INVITE_RESENDS_PER_HOUR per member, counted in this transaction (a refused one rolls
        // back and does not count); an invite of a taken address alike, so the answer never tells
        // the two apart (its notices keep their own hourly allowance per address too).
        const waitMs = await takeInviteResendAllowance(tx, found.id);
        if (waitMs > 0) {
          const minutes = Math.ceil(waitMs / 60_000);
          throw new RequestProblem(429, TEAM_TEXTS.resendLimit(minutes), {
            headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
          });
        }
        // An address that is another customer's user gets its notice again, never a token.
        const issued = found.takenAddress ? null : await issueUserToken(tx, found.id, 'invite');
        await audit(tx, request, 'team.resend-invite', found.id);
        return { member: found, token: issued };
      });
      if (token) {
        await mailInvite(app, request, member, token);
      } else {
        const owner = await findUserByEmail(app.db, member.email);
        if (owner && owner.customerId !== auth.customer.id) await mailTakenAddressNotice(app, request, owner);
      }
      return readMember(app.db, auth.customer.id, member.id);
    },
  );
};
