import { and, desc, eq, or, sql } from 'drizzle-orm';
import { toDecimal, type TTransaction, type TViewerRole } from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { transactionEvents, transactions, users } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { isUuid, relationOf } from './transactions.rules.js';

export type TransactionRow = typeof transactions.$inferSelect;

/** Locks the transaction row for the rest of the database transaction; null when it does not exist. */
export async function lockTransaction(tx: Tx, id: string): Promise<TransactionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row ?? null;
}

export async function recordEvent(
  tx: Tx,
  e: { transactionId: string; actorId: string | null; from: string; to: string; action: string },
) {
  await tx.insert(transactionEvents).values({
    transactionId: e.transactionId,
    actorId: e.actorId,
    fromStatus: e.from,
    toStatus: e.to,
    action: e.action,
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
function selectWithParties(db: DbOrTx) {
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

function toWire(r: Joined, viewerRole: TViewerRole): TTransaction {
  const { t } = r;
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
    sellerId: r.seller?.id ?? null,
    sellerEmail: t.sellerEmail,
    buyer: r.buyer,
    seller: r.seller?.id ? { id: r.seller.id, firstName: r.seller.firstName, lastName: r.seller.lastName } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    acceptedAt: t.acceptedAt?.toISOString() ?? null,
    completedAt: t.completedAt?.toISOString() ?? null,
    cancelledAt: t.cancelledAt?.toISOString() ?? null,
    expectedDeliveryDate: t.expectedDeliveryDate,
    deliveryNotes: t.deliveryNotes,
    viewerRole,
  };
}

/** One transaction as `user` may see it, or null when they may not (not a party, not staff). */
export async function findTransactionView(db: DbOrTx, id: string, user: SessionUser): Promise<TTransaction | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectWithParties(db).where(eq(transactions.id, id));
  if (!row) return null;
  const role = relationOf(row.t, user).viewerRole;
  return role ? toWire(row, role) : null;
}

/** The caller's transactions as buyer, or as seller once their email is verified; newest first. */
export async function listTransactionViews(db: DbOrTx, user: SessionUser): Promise<TTransaction[]> {
  const asSeller = user.emailVerified ? eq(transactions.sellerEmail, user.email.toLowerCase()) : undefined;
  const rows = await selectWithParties(db)
    .where(asSeller ? or(eq(transactions.buyerId, user.id), asSeller) : eq(transactions.buyerId, user.id))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(500);
  return rows.map((r) => toWire(r, relationOf(r.t, user).viewerRole ?? 'buyer'));
}
