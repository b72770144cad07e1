import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type CustomerRow, customers, type NewCustomerRow, users } from '../db/schema/index.ts';
import { createSession } from '../repositories/sessions.ts';
import type { TestApp } from './helpers.ts';

export interface TestAccount {
  customer: CustomerRow;
  userId: string;
  token: string;
  headers: Record<string, string>;
}

/**
 * A new customer with one active, approved user and a live session, written straight to the
 * database (no password hashing, no login round trip), so each test can own its account.
 */
export async function createAccount(
  app: TestApp,
  options: { customer?: Partial<NewCustomerRow>; isMainAdmin?: boolean } = {},
): Promise<TestAccount> {
  const suffix = randomBytes(4).toString('hex');
  const [customer] = await app.db
    .insert(customers)
    .values({
      name: `Test ${suffix}`,
      subDomainName: `test-${suffix}`,
      reviewedAt: new Date(),
      ...options.customer,
    })
    .returning();
  const [user] = await app.db
    .insert(users)
    .values({
      customerId: customer!.id,
      email: `user-${suffix}@cuepoint.test`,
      passwordHash: 'not-a-hash',
      firstName: 'Test',
      lastName: suffix,
      mobilePhone: '+1 555 0101',
      country: 'US',
      isMainAdmin: options.isMainAdmin ?? false,
      isActive: true,
      isGmanaActive: true,
    })
    .returning({ id: users.id });
  const { token } = await createSession(app.db, user!.id);
  return { customer: customer!, userId: user!.id, token, headers: { authorization: `Bearer ${token}` } };
}

/** The file names in DATA_DIR/blobs/<ns>, sorted (temporary files included: none may remain). */
export async function blobFiles(app: TestApp, ns: 'public' | 'private'): Promise<string[]> {
  return (await readdir(join(app.dataDir, 'blobs', ns))).sort();
}
