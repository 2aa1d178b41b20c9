import { count, desc, eq, or } from 'drizzle-orm';
import { CUSTOMER_CONTEXT_RECENT, toDecimal, type TSupportCustomerContext } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { disputes, transactions, users } from '../../db/schema/index.js';

/**
 * Who a support customer is and what they are in the middle of, for the staff beside their chat: the
 * account as stored, and their latest transactions (as buyer, or as the seller account) and the disputes
 * on them, each list its first few and its count. Null when no account has the id.
 */
export async function customerContext(db: DbOrTx, userId: string): Promise<TSupportCustomerContext | null> {
  const [customer] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
      phoneVerified: users.phoneVerified,
      kycStatus: users.kycStatus,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!customer) return null;

  const theirs = or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId));
  const roleIn = (buyerId: string) => (buyerId === userId ? 'buyer' : 'seller') as 'buyer' | 'seller';
  const [deals, [dealCount], cases, [caseCount]] = await Promise.all([
    db
      .select({
        id: transactions.id,
        description: transactions.description,
        buyerId: transactions.buyerId,
        amount: transactions.amount,
        currency: transactions.currency,
        status: transactions.status,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(theirs)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(CUSTOMER_CONTEXT_RECENT),
    db.select({ n: count() }).from(transactions).where(theirs),
    db
      .select({
        id: disputes.id,
        transactionId: disputes.transactionId,
        description: transactions.description,
        buyerId: transactions.buyerId,
        status: disputes.status,
        resolution: disputes.resolution,
        createdAt: disputes.createdAt,
      })
      .from(disputes)
      .innerJoin(transactions, eq(transactions.id, disputes.transactionId))
      .where(theirs)
      .orderBy(desc(disputes.createdAt), desc(disputes.id))
      .limit(CUSTOMER_CONTEXT_RECENT),
    db
      .select({ n: count() })
      .from(disputes)
      .innerJoin(transactions, eq(transactions.id, disputes.transactionId))
      .where(theirs),
  ]);

  return {
    customer: { ...customer, createdAt: customer.createdAt.toISOString() },
    transactions: {
      count: dealCount?.n ?? 0,
      recent: deals.map(({ buyerId, amount, createdAt, ...t }) => ({
        ...t,
        role: roleIn(buyerId),
        amount: toDecimal(amount, t.currency),
        createdAt: createdAt.toISOString(),
      })),
    },
    disputes: {
      count: caseCount?.n ?? 0,
      recent: cases.map(({ buyerId, createdAt, ...d }) => ({
        ...d,
        role: roleIn(buyerId),
        createdAt: createdAt.toISOString(),
      })),
    },
  };
}
