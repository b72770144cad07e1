import { hashPassword } from '../lib/passwords.ts';
import { countUsers } from '../repositories/users.ts';
import type { Db } from './client.ts';
import { alarmRules, customers, users } from './schema/index.ts';
import { DEMO_PUBLIC_URL, seedDemoResources } from './seed-resources.ts';

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

/**
 * Alarm rules of the demo customer (every stream and VOD asset of it), evaluated from the data
 * plane's counters: alarms come only from real conditions (alarms/evaluator.ts).
 */
export const DEMO_ALARM_RULES: readonly Omit<typeof alarmRules.$inferInsert, 'customerId'>[] = [
  { metric: 'origin-unreachable', threshold: 60, windowMinutes: 5, severity: 'CRITICAL' },
  { metric: 'fill-rate', threshold: 50, windowMinutes: 15, severity: 'WARNING' },
  { metric: 'ad-error-rate', threshold: 20, windowMinutes: 10, severity: 'ERROR' },
];

/**
 * Seeds the demo data when the database has no user yet; returns whether it did. `publicUrl` is
 * where this server is reached: the demo streams play from its built-in demo origin and ad server.
 */
export async function seedIfEmpty(db: Db, publicUrl = DEMO_PUBLIC_URL): Promise<boolean> {
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
    await tx.insert(alarmRules).values(
      DEMO_ALARM_RULES.map((rule) => ({
        ...rule,
        customerId: demo!.id,
        updatedBy: DEMO_ACCOUNTS.admin.email,
      })),
    );
    await seedDemoResources(tx, demo!.id, DEMO_ACCOUNTS.customer.email, publicUrl);
  });
  return true;
}
