import { sql, type SQL } from 'drizzle-orm';
import { toMinor, type TTransactionListQuery, type TTransactionSort } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { decodeCursor, type Cursor } from '../../lib/cursor.js';
import { containsPattern } from '../../lib/search.js';
import { pageRowsWithParties } from './transactions.parties.js';
import { sellerEmailOf } from './transactions.rules.js';

/**
 * Whether a list query asks for more than the spec's list (a page, one status): a search, another order,
 * an amount or date range. The spec's calls keep their prepared statement (transactions.queries.ts); these
 * take the statement below.
 */
export function isRefinedListQuery(q: TTransactionListQuery): boolean {
  return !!(q.q || (q.sort && q.sort !== 'newest') || q.minAmount || q.maxAmount || q.from || q.to);
}

/** Each order's key column and direction; the id breaks ties, so the keyset is total. */
const ORDERS: Record<TTransactionSort, { key: 'created_at' | 'amount'; desc: boolean }> = {
  newest: { key: 'created_at', desc: true },
  oldest: { key: 'created_at', desc: false },
  amount_desc: { key: 'amount', desc: true },
  amount_asc: { key: 'amount', desc: false },
};

/** The key of a row for the next page's cursor: its creation time (to the microsecond) or its amount. */
export function cursorKeysOf(sort: TTransactionSort | undefined) {
  const amount = ORDERS[sort ?? 'newest'].key === 'amount';
  return (r: { id: string; cursorAt: string; amount: bigint }): Cursor => ({
    at: amount ? r.amount.toString() : r.cursorAt,
    id: r.id,
  });
}

/**
 * One page of the caller's transactions, searched, filtered and sorted as asked: the same two keyset
 * range scans as the spec's list (as buyer, as verified seller; a deal both bought and sold counts once,
 * as bought), each with the filters and LIMIT n+1 in the order asked, merged and cut to n+1, the parties
 * joined for those rows only. By date an index on (party, created_at, id) gives the order, by amount one on
 * (party, amount, id) (migration 0034): the filters are checked on the rows the scan passes. Only a
 * search reads down the person's history (a description or a name anywhere in it cannot be indexed by a
 * b-tree); it is bounded by that person's deals, never by anyone else's. Every value is a parameter.
 */
export async function refinedPageRows(db: DbOrTx, user: SessionUser, q: TTransactionListQuery) {
  const order = ORDERS[q.sort ?? 'newest'];
  const dir = order.desc ? sql`desc` : sql`asc`;
  const orderBy = order.key === 'amount' ? sql`amount ${dir}, id ${dir}` : sql`created_at ${dir}, id ${dir}`;
  const take = q.limit + 1;

  const filters: SQL[] = [];
  if (q.status) filters.push(sql`and status = ${q.status}`);
  // Minor units: every supported currency has two decimal places (money.ts), so one conversion serves all.
  if (q.minAmount) filters.push(sql`and amount >= ${toMinor(q.minAmount, 2)!}`);
  if (q.maxAmount) filters.push(sql`and amount <= ${toMinor(q.maxAmount, 2)!}`);
  if (q.from) filters.push(sql`and created_at >= ${q.from}::timestamptz`);
  if (q.to) filters.push(sql`and created_at < ${q.to}::timestamptz`);
  if (q.cursor) {
    const after = decodeCursor(q.cursor, 'uuid', order.key === 'amount' ? 'minorUnits' : 'at');
    const keys = order.key === 'amount' ? sql`(amount, id)` : sql`(created_at, id)`;
    const value =
      order.key === 'amount'
        ? sql`(${after.at}::bigint, ${after.id}::uuid)`
        : sql`(${after.at}::timestamptz, ${after.id}::uuid)`;
    filters.push(order.desc ? sql`and ${keys} < ${value}` : sql`and ${keys} > ${value}`);
  }

  // The search: the description, or the counterparty's name or email (the seller's address as typed by
  // the buyer; their names once a verified account holds it; the buyer's names and address).
  const pattern = q.q ? containsPattern(q.q) : null;
  const names = (account: SQL) =>
    sql`exists (select 1 from users u where u.id = ${account} and (u.first_name ilike ${pattern}
      or u.last_name ilike ${pattern} or concat_ws(' ', u.first_name, u.last_name) ilike ${pattern}
      or u.email ilike ${pattern}))`;
  const asBuyerSearch = pattern
    ? sql`and (description ilike ${pattern} or seller_email ilike ${pattern} or ${names(sql`transactions.seller_id`)})`
    : sql``;
  const asSellerSearch = pattern
    ? sql`and (description ilike ${pattern} or ${names(sql`transactions.buyer_id`)})`
    : sql``;

  const range = (party: SQL, search: SQL) =>
    sql`(select id, created_at, amount from transactions where ${party} ${search} ${sql.join(filters, sql` `)}
      order by ${orderBy} limit ${take})`;
  const email = sellerEmailOf(user);
  const pageIds = sql`(select id from (
      ${range(sql`buyer_id = ${user.id}`, asBuyerSearch)}
      union all
      ${range(sql`seller_email = ${email} and buyer_id <> ${user.id}`, asSellerSearch)}
      order by ${orderBy} limit ${take}) page)`;

  return pageRowsWithParties(db, pageIds).orderBy(
    order.key === 'amount'
      ? sql`${transactions.amount} ${dir}, ${transactions.id} ${dir}`
      : sql`${transactions.createdAt} ${dir}, ${transactions.id} ${dir}`,
  );
}
