import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Stored lower-cased; unique across the platform. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    mobilePhone: text().notNull().default(''),
    jobTitle: text(),
    country: text().notNull().default(''),
    organizationType: text(),
    isMainAdmin: boolean().notNull().default(false),
    /**
     * The user's role in its customer's team: an owner manages the team and everything else, an
     * editor changes the account's resources, a viewer only reads. Enforced by the server.
     */
    role: text({ enum: ['owner', 'editor', 'viewer'] })
      .notNull()
      .default('owner'),
    /** Invited by a team owner and not yet signed in with a password of its own. */
    invitedBy: uuid(),
    invitedAt: timestamp({ withTimezone: true }),
    /** De-activated by a team owner: cannot sign in; its sessions end. */
    deactivatedAt: timestamp({ withTimezone: true }),
    /** Email address confirmed through the activation link. */
    isActive: boolean().notNull().default(false),
    /** Account reviewed and approved by a main administrator. */
    isGmanaActive: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_customer_id_idx').on(t.customerId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * A team owner's invite of an address that is another customer's user (issue 46). A user belongs
 * to one customer, so the address cannot join; but the inviting team sees an invited member like
 * any other (listed, its role changed, de-activated, its invite sent again), so that nothing it is
 * shown tells whether the address has an account. The address's user is mailed a notice instead
 * of an invite. Keyed by the address, not the user: the row says what the owner asked for.
 */
export const takenAddressInvites = pgTable(
  'taken_address_invites',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Stored lower-cased, as users.email. */
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text({ enum: ['owner', 'editor', 'viewer'] }).notNull(),
    invitedBy: uuid(),
    invitedAt: timestamp({ withTimezone: true }).notNull(),
    deactivatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('taken_address_invites_customer_email_key').on(t.customerId, t.email)],
);

export type TakenAddressInviteRow = typeof takenAddressInvites.$inferSelect;
