import { hashPassword } from '../lib/passwords.ts';
import { countUsers } from '../repositories/users.ts';
import type { Db } from './client.ts';
import { customers, users } from './schema/index.ts';

/**
 * Demo accounts created on the first start (an empty database) and printed in the start-up log.
 * Their passwords meet the password rules of spec section 5.
 */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@cuepoint.example',
    password: 'Cuepoint#Admin1',
    firstName: 'Ada',
    lastName: 'Admin',
    customer: { name: 'Cuepoint Platform', subDomainName: 'platform' },
  },
  customer: {
    email: 'demo@cuepoint.example',
    password: 'Cuepoint#Demo1',
    firstName: 'Dana',
    lastName: 'Demo',
    customer: { name: 'Demo Broadcasting', subDomainName: 'demo-broadcasting' },
  },
} as const;

/** Seeds the demo data when the database has no user yet; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const [adminHash, customerHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.customer.password),
  ]);
  await db.transaction(async (tx) => {
    const [platform, demo] = await tx
      .insert(customers)
      .values([
        { ...DEMO_ACCOUNTS.admin.customer, paymentPlan: 'enterprise', reviewedAt: new Date() },
        { ...DEMO_ACCOUNTS.customer.customer, paymentPlan: 'standard', reviewedAt: new Date() },
      ])
      .returning({ id: customers.id });
    await tx.insert(users).values([
      {
        customerId: platform!.id,
        email: DEMO_ACCOUNTS.admin.email,
        passwordHash: adminHash,
        firstName: DEMO_ACCOUNTS.admin.firstName,
        lastName: DEMO_ACCOUNTS.admin.lastName,
        mobilePhone: '+1 555 0100',
        country: 'US',
        organizationType: 'Publisher',
        isMainAdmin: true,
        isActive: true,
        isGmanaActive: true,
      },
      {
        customerId: demo!.id,
        email: DEMO_ACCOUNTS.customer.email,
        passwordHash: customerHash,
        firstName: DEMO_ACCOUNTS.customer.firstName,
        lastName: DEMO_ACCOUNTS.customer.lastName,
        mobilePhone: '+44 20 7946 0000',
        country: 'GB',
        organizationType: 'Publisher',
        isActive: true,
        isGmanaActive: true,
      },
    ]);
  });
  return true;
}
