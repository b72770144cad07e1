import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alarmRuleBodySchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.ts';
import { openDatabase } from '../client.ts';
import { alarmRules, alarms, customers, users } from '../schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_ALARM_RULES, seedIfEmpty } from '../seed.ts';

describe('migrations and seed', () => {
  it('migrates idempotently and seeds the demo accounts once', async () => {
    const database = await freshDatabase();
    try {
      await database.migrate();
      expect(await seedIfEmpty(database.db)).toBe(false);
      const emails = (
        await database.db.select({ email: users.email, admin: users.isMainAdmin }).from(users)
      ).sort((a, b) => a.email.localeCompare(b.email));
      expect(emails).toEqual([
        { email: DEMO_ACCOUNTS.admin.email, admin: true },
        { email: DEMO_ACCOUNTS.customer.email, admin: false },
      ]);
      expect(await database.db.select().from(customers)).toHaveLength(2);
    } finally {
      await database.close();
    }
  });

  it('seeds no alarm but the demo customer’s alarm rules (alarms come from real conditions)', async () => {
    const database = await freshDatabase();
    try {
      expect(await database.db.select().from(alarms)).toEqual([]);
      const rules = await database.db.select().from(alarmRules);
      const [demo] = await database.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.subDomainName, DEMO_ACCOUNTS.customer.customer.subDomainName));
      expect(rules).toHaveLength(DEMO_ALARM_RULES.length);
      for (const rule of rules) {
        expect(rule).toMatchObject({ customerId: demo!.id, resourceId: null, enabled: true });
        expect(alarmRuleBodySchema.safeParse({ ...rule, customerId: demo!.id }).success).toBe(true);
      }
      expect(rules.map((r) => r.metric).sort()).toEqual(['ad-error-rate', 'fill-rate', 'origin-unreachable']);
    } finally {
      await database.close();
    }
  });

  it('keeps the data of a file-backed PGlite across a restart', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'cuepoint-db-')), 'db');
    const first = await openDatabase({ driver: 'pglite', dataDir });
    await first.migrate();
    expect(await seedIfEmpty(first.db)).toBe(true);
    await first.close();

    const second = await openDatabase({ driver: 'pglite', dataDir });
    try {
      await second.migrate();
      expect(await seedIfEmpty(second.db)).toBe(false);
      expect(await second.db.select().from(users)).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});
