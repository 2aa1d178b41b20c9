import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  toDecimal,
  type TTransaction,
  type TTransactionStats,
  type TTransactionStatus,
  type TViewerRole,
} from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { transactionEvents, transactions, users } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import { isUuid, relationOf, sellerEmailOf, timersOf } from './transactions.rules.js';

export type TransactionRow = typeof transactions.$inferSelect;

/** Locks the transaction row for the rest of the database transaction; null when it does not exist. */
export async function lockTransaction(tx: Tx, id: string): Promise<TransactionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row ?? null;
}

export interface HistoryEvent {
  transactionId: string;
  actorId: string | null;
  from: string;
  to: string;
  action: string;
  at?: Date;
}

export async function recordEvent(tx: Tx, e: HistoryEvent) {
  await recordEventQuery(tx, e);
}

/** The history row's INSERT, not yet run: await it, or write it in the same statement as the change. */
export function recordEventQuery(tx: Tx, e: HistoryEvent) {
  return tx.insert(transactionEvents).values({
    transactionId: e.transactionId,
    actorId: e.actorId,
    fromStatus: e.from,
    toStatus: e.to,
    action: e.action,
    // The product's clock when the caller has it, so a history written under a moved clock stays in order.
    ...(e.at ? { at: e.at } : {}),
  });
}

/** The seller account: the user whose verified email is the seller email. */
export async function findSellerId(db: DbOrTx, sellerEmail: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${sellerEmail}`, eq(users.emailVerified, true)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Each party is fetched per row by index (primary key; users_email_lower_idx) through a
 * LATERAL subquery with LIMIT 1, which PostgreSQL memoizes per distinct buyer or seller email. A plain
 * join let the planner hash the whole users table on every call: cost grew with the number of users.
 */
function partySubqueries(db: DbOrTx) {
  const buyer = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, transactions.buyerId))
    .limit(1)
    .as('buyer');
  const seller = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${transactions.sellerEmail}`, eq(users.emailVerified, true)))
    .limit(1)
    .as('seller');
  return { buyer, seller };
}

function selectWithParties(db: DbOrTx) {
  const { buyer, seller } = partySubqueries(db);
  return db
    .select({
      t: transactions,
      buyer: { id: buyer.id, firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email },
      seller: { id: seller.id, firstName: seller.firstName, lastName: seller.lastName },
    })
    .from(transactions)
    .innerJoinLateral(buyer, sql`true`)
    .leftJoinLateral(seller, sql`true`);
}

type Joined = Awaited<ReturnType<typeof selectWithParties>>[number];

type Party = { id: string; firstName: string | null; lastName: string | null };

function toWire(r: Joined, viewerRole: TViewerRole): TTransaction {
  return wire(r.t, r.buyer, r.seller?.id ? r.seller : null, viewerRole);
}

/** The spec's Transaction object from the row and its parties (the seller once registered and verified). */
function wire(
  t: TransactionRow,
  buyer: Party & { email: string },
  seller: Party | null,
  viewerRole: TViewerRole,
): TTransaction {
  const timers = timersOf(t);
  return {
    id: t.id,
    amount: toDecimal(t.amount, t.currency),
    fee: toDecimal(t.fee, t.currency),
    total: toDecimal(t.total, t.currency),
    currency: t.currency,
    status: t.status,
    paymentStatus: t.paymentStatus,
    description: t.description,
    type: t.type,
    buyerId: t.buyerId,
    sellerId: seller?.id ?? null,
    sellerEmail: t.sellerEmail,
    buyer,
    seller: seller ? { id: seller.id, firstName: seller.firstName, lastName: seller.lastName } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    acceptedAt: t.acceptedAt?.toISOString() ?? null,
    completedAt: t.completedAt?.toISOString() ?? null,
    cancelledAt: t.cancelledAt?.toISOString() ?? null,
    expectedDeliveryDate: t.expectedDeliveryDate,
    deliveryNotes: t.deliveryNotes,
    inspectionDays: t.inspectionDays,
    fundedAt: t.fundedAt?.toISOString() ?? null,
    deliveredAt: t.deliveredAt?.toISOString() ?? null,
    trackingReference: t.trackingReference,
    deliveryMessage: t.deliveryMessage,
    autoReleaseAt: timers.autoReleaseAt?.toISOString() ?? null,
    cancelsAt: timers.cancelsAt?.toISOString() ?? null,
    lateCancelFrom: timers.lateCancelFrom?.toISOString() ?? null,
    viewerRole,
  };
}

/** A transaction row with the parties its view shows (the buyer; the seller once registered and verified). */
export type TransactionWithParties = Joined;

/** `user`'s view of a transaction row and its parties, or null when they may not see it. */
export function transactionView(row: TransactionWithParties, user: SessionUser): TTransaction | null {
  const role = relationOf(row.t, user).viewerRole;
  return role ? toWire(row, role) : null;
}

/** One transaction as `user` may see it, or null when they may not (not a party, not staff). */
export async function findTransactionView(db: DbOrTx, id: string, user: SessionUser): Promise<TTransaction | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectWithParties(db).where(eq(transactions.id, id));
  if (!row) return null;
  const role = relationOf(row.t, user).viewerRole;
  return role ? toWire(row, role) : null;
}

/** The largest possible (created_at, id): the first page's "cursor", so one statement serves every page. */
const BEFORE_EVERYTHING = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

/**
 * The page statement, built once per database and status filter and named, so neither drizzle's query
 * building nor PostgreSQL's parse and plan is paid per call. Every varying part is a parameter: the
 * first page passes BEFORE_EVERYTHING as its cursor, and a caller who is not a verified seller passes a
 * null seller email (`seller_email = null` matches nothing: that index scan ends at once). The rows are
 * flat (no nested party objects for drizzle to build) and go straight to the wire shape.
 */
function pageStatement(db: DbOrTx, withStatus: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const keyset = sql`and (created_at, id) < (${p('at')}::timestamptz, ${p('afterId')}::uuid)`;
  const status = withStatus ? sql`and status = ${p('status')}` : sql``;
  // A deal a person both buys and sells appears once, as the buyer's.
  const pageIds = sql`(select id from (
      (select id, created_at from transactions
        where buyer_id = ${p('userId')} ${status} ${keyset}
        order by created_at desc, id desc limit ${p('take')})
      union all
      (select id, created_at from transactions
        where seller_email = ${p('sellerEmail')} and buyer_id <> ${p('userId')} ${status} ${keyset}
        order by created_at desc, id desc limit ${p('take')})
      order by created_at desc, id desc limit ${p('take')}) page)`;
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
    .where(sql`${transactions.id} in ${pageIds}`)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .prepare(withStatus ? 'transactions_page_by_status' : 'transactions_page');
}

type PageStatement = ReturnType<typeof pageStatement>;
const pageStatements = new WeakMap<DbOrTx, { all?: PageStatement; byStatus?: PageStatement }>();

function pageStatementFor(db: DbOrTx, withStatus: boolean): PageStatement {
  let built = pageStatements.get(db);
  if (!built) pageStatements.set(db, (built = {}));
  return withStatus ? (built.byStatus ??= pageStatement(db, true)) : (built.all ??= pageStatement(db, false));
}

/**
 * One page of the caller's transactions as buyer, or as seller once their email is verified; newest
 * first, (created_at, id) descending. Two keyset scans, each LIMIT n+1 on its own index
 * (transactions_buyer_page_idx, transactions_seller_page_idx), merged and cut to n+1; the parties are
 * joined for those rows only. A page costs the same with 50 or 5,000 transactions behind it.
 */
export async function listTransactionViews(
  db: DbOrTx,
  user: SessionUser,
  query: { limit: number; cursor?: string | undefined; status?: TTransactionStatus | undefined },
): Promise<Page<TTransaction>> {
  const after = query.cursor ? decodeCursor(query.cursor) : BEFORE_EVERYTHING;
  const rows = await pageStatementFor(db, query.status !== undefined).execute({
    userId: user.id,
    sellerEmail: sellerEmailOf(user),
    at: after.at,
    afterId: after.id,
    take: query.limit + 1,
    status: query.status,
  });
  return toPage(
    rows,
    query.limit,
    (r) => ({ at: r.cursorAt, id: r.id }),
    (r) =>
      wire(
        r,
        { id: r.buyerId, firstName: r.buyerFirstName, lastName: r.buyerLastName, email: r.buyerEmail },
        r.sellerUserId ? { id: r.sellerUserId, firstName: r.sellerFirstName, lastName: r.sellerLastName } : null,
        relationOf(r, user).viewerRole ?? 'buyer',
      ),
  );
}

/** How many of the caller's transactions (as buyer or verified seller) are in each status. */
export async function countTransactionsByStatus(db: DbOrTx, user: SessionUser): Promise<TTransactionStats> {
  const asSeller = user.emailVerified
    ? sql` union all select status from transactions
      where seller_email = ${user.email.toLowerCase()} and buyer_id <> ${user.id}`
    : sql``;
  const result = (await db.execute(sql`select status, count(*)::int as n from (
      select status from transactions where buyer_id = ${user.id}${asSeller}) mine group by status`)) as unknown as {
    rows: { status: string; n: number }[];
  };
  const stats: TTransactionStats = { total: 0, pending: 0, active: 0, completed: 0, disputed: 0, cancelled: 0 };
  for (const { status, n } of result.rows) {
    const count = Number(n);
    stats.total += count;
    if (status in stats && status !== 'total') stats[status as TTransactionStatus] = count;
  }
  return stats;
}
