/** What the data plane reads of a customer (db/schema customers): whether it serves, and its CDN. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';

export interface StoredCustomer {
  id: string;
  /** De-activated accounts' streams do not play and get no ads. */
  active: boolean;
  cdnDomain: string | null;
  cdnProtocol: string | null;
}

/** The customer; undefined when there is none. */
export async function findStoredCustomer(db: DbOrTx, id: string): Promise<StoredCustomer | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      deactivatedAt: customers.deactivatedAt,
      cdnDomain: customers.cdnDomain,
      cdnProtocol: customers.cdnProtocol,
    })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return (
    row && {
      id: row.id,
      active: row.deactivatedAt === null,
      cdnDomain: row.cdnDomain,
      cdnProtocol: row.cdnProtocol,
    }
  );
}
