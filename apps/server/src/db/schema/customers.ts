import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A customer account: owns users and every customer resource. */
export const customers = pgTable('customers', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  /** Read-only in the console; unique per platform. */
  subDomainName: text().notNull().unique(),
  paymentPlan: text().notNull().default('standard'),
  /** Numeric UTC offset in hours (spec section 3: "timezone (numeric offset)"). */
  timezone: real().notNull().default(0),
  paymentCustomerId: text(),
  marketplaceToken: text(),
  enableApi: boolean().notNull().default(false),
  /** The API token: SHA-256 for look-up on every call, AES-GCM sealed for showing it to its owner. */
  apiTokenHash: text().unique(),
  apiTokenSealed: text(),
  /** Blob-store keys of the uploaded files (spec section 3: logo, loginLogo, certificate, private key). */
  logo: text(),
  loginLogo: text(),
  /** portrait, landscape or square (spec section 3). */
  logoAspect: text(),
  loginLogoAspect: text(),
  addCustomDomain: boolean().notNull().default(false),
  /** Lower-cased; once saved it can no longer be edited (spec section 4). */
  customDomainName: text().unique(),
  certificate: text(),
  privateKey: text(),
  /** 'https://' or 'http://' (spec section 3). */
  cdnProtocol: text().notNull().default('https://'),
  cdnDomain: text(),
  /** Set when the account was de-activated; its users can no longer sign in, its data is kept. */
  deactivatedAt: timestamp({ withTimezone: true }),
  /** The main administrator's notes on the account (Customers screen; each at most 3000 characters). */
  adminNote: text().notNull().default(''),
  userNote: text().notNull().default(''),
  /** When a main administrator approved the account after sign-up review. */
  reviewedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
  /** Optimistic concurrency: every update carries the version it edited. */
  version: integer().notNull().default(1),
});

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
