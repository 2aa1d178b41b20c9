import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { journalEntries, ledgerAccounts, postings, transactions, users, withdrawals } from '../../db/schema/index.js';
import { isUuid } from '../../lib/uuid.js';

type EntryKind = (typeof journalEntries.$inferSelect)['kind'];

/** One posting of an entry, with the account it touched: what receipts add up. */
export interface PostingFact {
  entryId: string;
  kind: EntryKind;
  at: Date;
  accountType: (typeof ledgerAccounts.$inferSelect)['type'];
  accountUserId: string | null;
  amount: bigint;
  balanceAfter: bigint;
}

const seller = alias(users, 'seller');
const buyer = alias(users, 'buyer');

const person = (u: typeof buyer | typeof seller) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
});

/** A transaction with its buyer's and (registered) seller's names, for its receipt. */
export async function findTransactionForReceipt(db: DbOrTx, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ t: transactions, buyer: person(buyer), seller: person(seller) })
    .from(transactions)
    .innerJoin(buyer, eq(buyer.id, transactions.buyerId))
    .leftJoin(seller, eq(seller.id, transactions.sellerId))
    .where(eq(transactions.id, id));
  return row ?? null;
}

export type ReceiptTransaction = NonNullable<Awaited<ReturnType<typeof findTransactionForReceipt>>>;

/** Every posting of the entries a transaction caused, oldest first. */
export async function transactionPostings(db: DbOrTx, transactionId: string): Promise<PostingFact[]> {
  return db
    .select({
      entryId: journalEntries.id,
      kind: journalEntries.kind,
      at: journalEntries.createdAt,
      accountType: ledgerAccounts.type,
      accountUserId: ledgerAccounts.userId,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
    })
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(journalEntries.transactionId, transactionId))
    .orderBy(asc(journalEntries.createdAt), asc(postings.id));
}

/**
 * A card deposit by our payment id: its wallet posting (amount, balance after, currency) and the wallet's
 * owner. Null when there is no such deposit.
 */
export async function findDepositPosting(db: DbOrTx, paymentId: string) {
  const [row] = await db
    .select({
      entryId: journalEntries.id,
      at: journalEntries.createdAt,
      userId: ledgerAccounts.userId,
      currency: ledgerAccounts.currency,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, postings.accountId), eq(ledgerAccounts.type, 'wallet')))
    .innerJoin(users, eq(users.id, ledgerAccounts.userId))
    .where(and(eq(journalEntries.kind, 'deposit'), eq(journalEntries.paymentId, paymentId)));
  return row ?? null;
}

/** A withdrawal with its owner, and the wallet postings of its entries (the debit, and a return if it failed). */
export async function findWithdrawalForReceipt(db: DbOrTx, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      w: withdrawals,
      owner: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  if (!row) return null;
  const moves = await db
    .select({ kind: journalEntries.kind, at: journalEntries.createdAt, amount: postings.amount })
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, postings.accountId), eq(ledgerAccounts.type, 'wallet')))
    .where(eq(journalEntries.paymentId, id))
    .orderBy(asc(journalEntries.createdAt));
  return { ...row, moves };
}
