import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.ts';
import { openDatabase } from '../client.ts';
import { customers, users } from '../schema/index.ts';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../seed.ts';

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
