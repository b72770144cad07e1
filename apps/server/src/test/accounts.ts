import { eq } from 'drizzle-orm';
import { customers, type NewCustomerRow, type NewUserRow, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { TestApp } from './helpers.ts';

/**
 * Accounts made straight in the database for tests. (Rebuilt from its uses after an accidental
 * overwrite; its original author may adjust it.)
 */

/** The password of every user `addUser` creates; it meets the password rules of spec section 5. */
export const TEST_PASSWORD = 'Cuepoint#Test1';

let testPasswordHash: Promise<string> | undefined;
const passwordHash = () => {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
};

/** The Authorization header for a bearer token (a session token or an API token). */
export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** The id of the customer with that sub-domain (the seed's: 'platform', 'demo-broadcasting'). */
export async function customerIdOf(app: TestApp, subDomainName: string): Promise<string> {
  const [row] = await app.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.subDomainName, subDomainName))
    .limit(1);
  if (!row) throw new Error(`no customer with the sub-domain ${subDomainName}`);
  return row.id;
}

/** A reviewed customer account; answers its id. */
export async function addCustomer(
  app: TestApp,
  values: Partial<NewCustomerRow> & Pick<NewCustomerRow, 'name' | 'subDomainName'>,
): Promise<string> {
  const [row] = await app.db
    .insert(customers)
    .values({ reviewedAt: new Date(), ...values })
    .returning({ id: customers.id });
  return row!.id;
}

/** An active, approved user (password TEST_PASSWORD) of a customer; answers its id. */
export async function addUser(
  app: TestApp,
  values: Partial<NewUserRow> & Pick<NewUserRow, 'customerId' | 'email'>,
): Promise<string> {
  const [row] = await app.db
    .insert(users)
    .values({
      passwordHash: await passwordHash(),
      firstName: 'Test',
      lastName: 'User',
      mobilePhone: '+1 555 0199',
      country: 'US',
      isActive: true,
      isGmanaActive: true,
      ...values,
      email: values.email.trim().toLowerCase(),
    })
    .returning({ id: users.id });
  return row!.id;
}

/** Logs a user in through the real route; answers the token, the user's id and the header. */
export async function signIn(app: TestApp, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; user: { _id: string } };
  return { token: body.token, userId: body.user._id, headers: bearer(body.token) };
}
