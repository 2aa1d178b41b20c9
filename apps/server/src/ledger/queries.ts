import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { ledgerAccounts } from '../db/schema/index.js';
import { accountKey } from './accounts.js';

/** Rows of a raw query, whichever driver ran it (pg and PGlite both answer with `rows`). */
export async function rawRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A wallet's balance in minor units (0 when the wallet has never been used). */
export async function getWalletBalance(db: DbOrTx, userId: string, currency: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey({ type: 'wallet', userId, currency })));
  return row?.balance ?? 0n;
}

/** Every wallet of a user, by currency. */
export async function getWalletBalances(db: DbOrTx, userId: string): Promise<{ currency: string; balance: bigint }[]> {
  return db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.type, 'wallet'), eq(ledgerAccounts.userId, userId)))
    .orderBy(ledgerAccounts.currency);
}

/** Balance of any account by its ref-derived key; 0 when it does not exist yet. */
export async function getAccountBalance(db: DbOrTx, key: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, key));
  return row?.balance ?? 0n;
}
