import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.ts';
import { openDatabase } from '../client.ts';
import { alarms, customers, users } from '../schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_ALARMS, seedIfEmpty } from '../seed.ts';

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

  it('seeds a handful of demo alarms of varied severity, raised within the last day', async () => {
    const database = await freshDatabase();
    try {
      expect(await seedIfEmpty(database.db)).toBe(false);
      const rows = await database.db.select().from(alarms);
      expect(rows).toHaveLength(DEMO_ALARMS.length);
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(new Set(rows.map((r) => r.severity)).size).toBeGreaterThanOrEqual(5);
      const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
      for (const row of rows) {
        expect(row.timeOn.getTime()).toBeGreaterThan(dayAgo);
        expect(row.timeOn.getTime()).toBeLessThanOrEqual(Date.now());
      }
      const [demo] = await database.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.subDomainName, DEMO_ACCOUNTS.customer.customer.subDomainName));
      expect(rows.filter((r) => r.customerId === demo!.id).length).toBe(
        DEMO_ALARMS.filter((a) => a.customer === 'demo').length,
      );
      expect(rows.some((r) => r.customerId === null)).toBe(true);
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
