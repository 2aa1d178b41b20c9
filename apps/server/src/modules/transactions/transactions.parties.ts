import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { transactions, users } from '../../db/schema/index.js';

/**
 * For a page of rows, each party is fetched per row by its primary key through a LATERAL subquery with
 * LIMIT 1. A plain join let the planner hash the whole users table on every call: cost grew with the
 * number of users.
 */
export function partySubqueries(db: DbOrTx) {
  const buyer = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, transactions.buyerId))
    .limit(1)
    .as('buyer');
  const seller = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, transactions.sellerId))
    .limit(1)
    .as('seller');
  return { buyer, seller };
}
