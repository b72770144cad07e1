import { randomBytes } from 'node:crypto';
import { users } from '../../../db/schema/index.ts';
import { createSession } from '../../../repositories/sessions.ts';
import type { TestApp } from '../../../test/helpers.ts';

export interface Member {
  userId: string;
  email: string;
  headers: Record<string, string>;
}

/** Another user of a customer (straight in the database) with a live session. */
export async function addMember(
  app: TestApp,
  customerId: string,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<Member> {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await app.db
    .insert(users)
    .values({
      customerId,
      email: `member-${suffix}@cuepoint.test`,
      passwordHash: 'not-a-hash',
      firstName: 'Member',
      lastName: suffix,
      isActive: true,
      isGmanaActive: true,
      ...values,
    })
    .returning({ id: users.id, email: users.email });
  const { token } = await createSession(app.db, user!.id);
  return { userId: user!.id, email: user!.email, headers: { authorization: `Bearer ${token}` } };
}
