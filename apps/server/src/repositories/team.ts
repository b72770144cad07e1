/**
 * A customer's team (issue 18): its users with their roles, scoped by customer. Writes run inside
 * the caller's transaction, after it locked the customer's row (routes/team), so two owners'
 * changes apply one after the other and the last-owner rule holds.
 */
import type { TeamRole } from '@cuepoint/core';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import {
  type NewUserRow,
  type TakenAddressInviteRow,
  takenAddressInvites,
  type UserRow,
  users,
} from '../db/schema/index.ts';

const inviters = alias(users, 'inviters');

/**
 * A member as the team sees it: one of the customer's users, or an invite of an address that is
 * another customer's user (`takenAddress`, issue 46), which stays invited and can never sign in.
 */
export type TeamMemberFields = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'role'
  | 'isActive'
  | 'isMainAdmin'
  | 'invitedAt'
  | 'deactivatedAt'
  | 'createdAt'
> & { takenAddress: boolean };

export interface TeamMemberRow {
  user: TeamMemberFields;
  inviter: { id: string; firstName: string; lastName: string; email: string } | null;
}

const userMember = (user: UserRow): TeamMemberFields => ({ ...user, takenAddress: false });
const takenAddressMember = (invite: TakenAddressInviteRow): TeamMemberFields => ({
  id: invite.id,
  email: invite.email,
  firstName: invite.firstName,
  lastName: invite.lastName,
  role: invite.role,
  isActive: false,
  isMainAdmin: false,
  invitedAt: invite.invitedAt,
  deactivatedAt: invite.deactivatedAt,
  createdAt: invite.createdAt,
  takenAddress: true,
});

const inviterColumns = {
  id: inviters.id,
  firstName: inviters.firstName,
  lastName: inviters.lastName,
  email: inviters.email,
};

/** Every member of the customer's team with who invited it, oldest first. */
export async function listTeamMembers(db: DbOrTx, customerId: string): Promise<TeamMemberRow[]> {
  const [userRows, inviteRows] = await Promise.all([
    db
      .select({ user: users, inviter: inviterColumns })
      .from(users)
      .leftJoin(inviters, eq(users.invitedBy, inviters.id))
      .where(eq(users.customerId, customerId)),
    db
      .select({ invite: takenAddressInvites, inviter: inviterColumns })
      .from(takenAddressInvites)
      .leftJoin(inviters, eq(takenAddressInvites.invitedBy, inviters.id))
      .where(eq(takenAddressInvites.customerId, customerId)),
  ]);
  const inviterOf = (inviter: TeamMemberRow['inviter']) => (inviter?.id ? inviter : null);
  return [
    ...userRows.map((row) => ({ user: userMember(row.user), inviter: inviterOf(row.inviter) })),
    ...inviteRows.map((row) => ({ user: takenAddressMember(row.invite), inviter: inviterOf(row.inviter) })),
  ].sort(
    (a, b) =>
      a.user.createdAt.getTime() - b.user.createdAt.getTime() ||
      (a.user.id < b.user.id ? -1 : a.user.id > b.user.id ? 1 : 0),
  );
}

/** One member of the customer's team, its row locked for update; undefined for anyone else's. */
export async function lockTeamMember(
  db: DbOrTx,
  customerId: string,
  id: string,
): Promise<TeamMemberFields | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.customerId, customerId)))
    .for('update');
  if (user) return userMember(user);
  const [invite] = await db
    .select()
    .from(takenAddressInvites)
    .where(and(eq(takenAddressInvites.id, id), eq(takenAddressInvites.customerId, customerId)))
    .for('update');
  return invite ? takenAddressMember(invite) : undefined;
}

/** The team's invite of an address that is another customer's user, if it has one. */
export async function findTakenAddressInvite(
  db: DbOrTx,
  customerId: string,
  email: string,
): Promise<TakenAddressInviteRow | undefined> {
  const [row] = await db
    .select()
    .from(takenAddressInvites)
    .where(
      and(
        eq(takenAddressInvites.customerId, customerId),
        eq(takenAddressInvites.email, email.trim().toLowerCase()),
      ),
    );
  return row;
}

/** Records an invite of an address that is another customer's user (issue 46). */
export async function insertTakenAddressInvite(
  db: DbOrTx,
  values: Pick<
    TakenAddressInviteRow,
    'customerId' | 'email' | 'firstName' | 'lastName' | 'role' | 'invitedBy' | 'invitedAt'
  >,
): Promise<TakenAddressInviteRow> {
  const [row] = await db
    .insert(takenAddressInvites)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .returning();
  return row!;
}

/**
 * How many active owners (signed in with a password of their own, not de-activated) the team has
 * besides `exceptId`.
 */
export async function countOtherActiveOwners(db: DbOrTx, customerId: string, exceptId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.customerId, customerId),
        eq(users.role, 'owner'),
        eq(users.isActive, true),
        isNull(users.deactivatedAt),
        ne(users.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

/** An invited user: no password of its own yet (an unusable hash), the email not confirmed. */
export async function insertInvitedUser(
  db: DbOrTx,
  values: Pick<NewUserRow, 'customerId' | 'email' | 'firstName' | 'lastName' | 'role' | 'passwordHash'> & {
    invitedBy: string;
    invitedAt: Date;
  },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      email: values.email.trim().toLowerCase(),
      isActive: false,
      // The account was reviewed already (its owner signs in): the member needs no review of its own.
      isGmanaActive: true,
    })
    .returning();
  return row!;
}

export async function setMemberRole(db: DbOrTx, member: TeamMemberFields, role: TeamRole): Promise<void> {
  if (member.takenAddress) {
    await db.update(takenAddressInvites).set({ role }).where(eq(takenAddressInvites.id, member.id));
  } else {
    await db.update(users).set({ role }).where(eq(users.id, member.id));
  }
}

export async function setMemberDeactivated(
  db: DbOrTx,
  member: TeamMemberFields,
  at: Date | null,
): Promise<void> {
  if (member.takenAddress) {
    await db
      .update(takenAddressInvites)
      .set({ deactivatedAt: at })
      .where(eq(takenAddressInvites.id, member.id));
  } else {
    await db.update(users).set({ deactivatedAt: at }).where(eq(users.id, member.id));
  }
}

/** The invite is accepted: the member's own password, the email confirmed by the link. */
export async function acceptMemberInvite(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, isActive: true, isGmanaActive: true }).where(eq(users.id, id));
}
