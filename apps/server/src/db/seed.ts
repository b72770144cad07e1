import { hashPassword } from '../lib/passwords.ts';
import { countUsers } from '../repositories/users.ts';
import type { Db } from './client.ts';
import { alarms, customers, type NewAlarmRow, users } from './schema/index.ts';
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
 * Demo alarms so the overview and the alarm bell show something on a fresh start: raised
 * `minutesAgo` before seeding, about a channel of the demo customer (`customer: 'demo'`) or the
 * platform itself (`customer: null`).
 */
export const DEMO_ALARMS: readonly (Omit<NewAlarmRow, 'timeOn' | 'customerId'> & {
  minutesAgo: number;
  customer: 'demo' | null;
})[] = [
  {
    severity: 'CRITICAL',
    type: 'SOURCE',
    name: 'Source stream unreachable',
    message: 'No segments received from the origin of channel ch_news24 for 45 s; viewers see the slate.',
    uuid: 'a7c1e0f2-0b7d-4e58-9c41-2f8d3b6e1a01',
    moduleObjectId: 'ch_news24',
    minutesAgo: 4,
    customer: 'demo',
  },
  {
    severity: 'ERROR',
    type: 'ADS',
    name: 'Ad decision server timeout',
    message: 'The ad decision server answered after 2.4 s (limit 1.5 s); 3 of 12 breaks filled with slate.',
    uuid: 'b2d4f6a8-1c3e-4f5a-8b7c-9d0e1f2a3b02',
    moduleObjectId: 'ch_sports1',
    minutesAgo: 27,
    customer: 'demo',
  },
  {
    severity: 'WARNING',
    type: 'ENCODER',
    name: 'Encoder frame drops',
    message: 'Encoder enc-lon-02 dropped 1.8% of frames over the last 5 minutes.',
    uuid: 'c3e5a7b9-2d4f-4a6b-9c8d-0e1f2a3b4c03',
    moduleObjectId: 'enc-lon-02',
    minutesAgo: 95,
    customer: 'demo',
  },
  {
    severity: 'NOTICE',
    type: 'CDN',
    name: 'CDN origin failover',
    message: 'Traffic for ch_movies moved to the secondary origin after 3 failed health checks.',
    uuid: 'd4f6b8c0-3e5a-4b7c-8d9e-1f2a3b4c5d04',
    moduleObjectId: 'ch_movies',
    minutesAgo: 210,
    customer: 'demo',
  },
  {
    severity: 'ALERT',
    type: 'PLATFORM',
    name: 'Stitcher capacity above 90%',
    message: 'Manifest stitcher pool at 93% of its sessions; scale-out requested.',
    uuid: 'e5a7c9d1-4f6b-4c8d-9e0f-2a3b4c5d6e05',
    moduleObjectId: null,
    minutesAgo: 380,
    customer: null,
  },
  {
    severity: 'INFORMATIONAL',
    type: 'SCHEDULER',
    name: 'Event schedule published',
    message: 'The weekend schedule of ch_sports1 (14 events) is live.',
    uuid: 'f6b8d0e2-5a7c-4d9e-8f0a-3b4c5d6e7f06',
    moduleObjectId: 'ch_sports1',
    minutesAgo: 720,
    customer: 'demo',
  },
  {
    severity: 'DEBUG',
    type: 'PLATFORM',
    name: 'Certificate renewal check',
    message: 'Custom domain certificates checked: none expires within 30 days.',
    uuid: '07c9e1f3-6b8d-4e0f-9a1b-4c5d6e7f8a07',
    moduleObjectId: null,
    minutesAgo: 1260,
    customer: null,
  },
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
    const seededAt = Date.now();
    await tx.insert(alarms).values(
      DEMO_ALARMS.map(({ minutesAgo, customer, ...alarm }) => ({
        ...alarm,
        timeOn: new Date(seededAt - minutesAgo * 60_000),
        customerId: customer === 'demo' ? demo!.id : null,
      })),
    );
    await seedDemoResources(tx, demo!.id, DEMO_ACCOUNTS.customer.email, publicUrl);
  });
  return true;
}
