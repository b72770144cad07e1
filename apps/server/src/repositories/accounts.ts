import type { DbOrTx } from '../db/client.ts';
import { customers, type UserRow, users } from '../db/schema/index.ts';

export interface NewAccount {
  customer: { name: string; subDomainName: string; marketplaceToken: string | null };
  /** The first user: its email lower-cased, its password hashed; it is neither active nor reviewed yet. */
  user: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    mobilePhone: string;
    country: string;
    organizationType: string | null;
  };
}

/**
 * Creates a customer account and its first user in one transaction (sign-up). A taken email (or
 * sub-domain) fails on its unique index and writes nothing.
 */
export async function createCustomerAccount(db: DbOrTx, account: NewAccount): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [customer] = await tx.insert(customers).values(account.customer).returning({ id: customers.id });
    const [user] = await tx
      .insert(users)
      .values({ ...account.user, customerId: customer!.id, isActive: false, isGmanaActive: false })
      .returning();
    return user!;
  });
}
