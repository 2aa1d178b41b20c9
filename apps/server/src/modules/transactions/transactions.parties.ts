import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { CURSOR_AT_FORMAT } from '../../lib/cursor.js';
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

/**
 * The rows of a list page (`pageIds`: a subquery of their ids) with their cursor and their parties: the
 * one row shape both the spec's page and the searched page read. The caller orders it.
 */
export function pageRowsWithParties(db: DbOrTx, pageIds: SQL) {
  const { buyer, seller } = partySubqueries(db);
  return db
    .select({
      ...getTableColumns(transactions),
      cursorAt: sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
      buyerFirstName: buyer.firstName,
      buyerLastName: buyer.lastName,
      buyerEmail: buyer.email,
      sellerUserId: seller.id,
      sellerFirstName: seller.firstName,
      sellerLastName: seller.lastName,
    })
    .from(transactions)
    .innerJoinLateral(buyer, sql`true`)
    .leftJoinLateral(seller, sql`true`)
    .where(sql`${transactions.id} in ${pageIds}`);
}
