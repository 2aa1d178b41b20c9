import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY, toDecimal as decimal, type TWalletActivity, type TWalletBalance } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { journalEntries, ledgerAccounts, postings, transactions, users } from '../../db/schema/index.js';
import { getWalletBalance, getWalletBalances } from '../../ledger/index.js';

/** The currency a user's wallet is shown in. */
export async function findWalletCurrency(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ walletCurrency: users.walletCurrency }).from(users).where(eq(users.id, userId));
  return row?.walletCurrency ?? DEFAULT_CURRENCY;
}

/** The user's wallet balance in their wallet currency as a decimal string (GET /api/auth/user). */
export async function walletBalanceText(db: DbOrTx, userId: string, walletCurrency: string): Promise<string> {
  return decimal(await getWalletBalance(db, userId, walletCurrency), walletCurrency);
}

/** Balance in the wallet currency plus every currency the user holds money in. */
export async function walletSummary(db: DbOrTx, userId: string, walletCurrency: string): Promise<TWalletBalance> {
  const all = await getWalletBalances(db, userId);
  const main = all.find((b) => b.currency === walletCurrency)?.balance ?? 0n;
  const balances = all.map((b) => ({ currency: b.currency, balance: decimal(b.balance, b.currency) }));
  if (!all.some((b) => b.currency === walletCurrency))
    balances.unshift({ currency: walletCurrency, balance: decimal(0n, walletCurrency) });
  return { balance: decimal(main, walletCurrency), currency: walletCurrency, balances };
}

type Kind = (typeof journalEntries.$inferSelect)['kind'];

function describe(
  kind: Kind,
  amount: bigint,
  description: string | null,
): Pick<TWalletActivity, 'type' | 'description'> {
  const about = description
    ? `"${description.length > 80 ? description.slice(0, 77) + '...' : description}"`
    : 'a transaction';
  switch (kind) {
    case 'deposit':
      return { type: 'deposit', description: 'Deposit by card' };
    case 'wallet_funding':
      return { type: 'payment', description: `Payment for ${about}` };
    case 'release':
      return { type: 'release', description: `Released from ${about}` };
    case 'refund':
      return { type: 'refund', description: `Refund for ${about}` };
    case 'overpayment_refund':
      return { type: 'refund', description: `Card payment returned for ${about}` };
    case 'partial_resolution':
      return { type: 'resolution', description: `Dispute resolution for ${about}` };
    default:
      return { type: 'adjustment', description: amount < 0n ? 'Wallet debit' : 'Wallet credit' };
  }
}

/** Movements on the user's wallets, newest first, straight from the ledger's postings. */
export async function walletActivity(db: DbOrTx, userId: string, limit: number): Promise<TWalletActivity[]> {
  const rows = await db
    .select({
      id: postings.id,
      amount: postings.amount,
      createdAt: postings.createdAt,
      currency: ledgerAccounts.currency,
      kind: journalEntries.kind,
      transactionId: journalEntries.transactionId,
      description: transactions.description,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .leftJoin(transactions, eq(transactions.id, journalEntries.transactionId))
    .where(and(eq(ledgerAccounts.type, 'wallet'), eq(ledgerAccounts.userId, userId)))
    .orderBy(desc(postings.createdAt), desc(postings.version))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    ...describe(r.kind, r.amount, r.description),
    amount: decimal(r.amount, r.currency),
    currency: r.currency,
    status: 'completed' as const,
    transactionId: r.transactionId,
    createdAt: r.createdAt.toISOString(),
  }));
}
