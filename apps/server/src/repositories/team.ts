/**
 * A customer's team (issue 18): its users with their roles, scoped by customer. Writes run inside
 * the caller's transaction, after it locked the customer's row (routes/team), so two owners'
 * changes apply one after the other and the last-owner rule holds.
 */
import type { TeamRole } from '@cuepoint/core';
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { type NewUserRow, type UserRow, users } from '../db/schema/index.ts';

const inviters = alias(users, 'inviters');

export interface TeamMemberRow {
  user: UserRow;
  inviter: { id: string; firstName: string; lastName: string; email: string } | null;
}

/** Every user of the customer with who invited it, oldest first. */
export async function listTeamMembers(db: DbOrTx, customerId: string): Promise<TeamMemberRow[]> {
  const rows = await db
    .select({
      user: users,
      inviter: {
        id: inviters.id,
        firstName: inviters.firstName,
        lastName: inviters.lastName,
        email: inviters.email,
      },
    })
    .from(users)
    .leftJoin(inviters, eq(users.invitedBy, inviters.id))
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => ({ user: row.user, inviter: row.inviter?.id ? row.inviter : null }));
}

/** One member of the customer's team, its row locked for update; undefined for anyone else's. */
export async function lockTeamMember(
  db: DbOrTx,
  customerId: string,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.customerId, customerId)))
    .for('update');
  return row;
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

export async function setMemberRole(db: DbOrTx, id: string, role: TeamRole): Promise<UserRow> {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, id)).returning();
  return row!;
}

export async function setMemberDeactivated(db: DbOrTx, id: string, at: Date | null): Promise<UserRow> {
  const [row] = await db.update(users).set({ deactivatedAt: at }).where(eq(users.id, id)).returning();
  return row!;
}

/** The invite is accepted: the member's own password, the email confirmed by the link. */
export async function acceptMemberInvite(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, isActive: true, isGmanaActive: true }).where(eq(users.id, id));
}
