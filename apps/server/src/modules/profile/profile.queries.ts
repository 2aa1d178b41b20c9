import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { TProfileSettings } from '@holdfast/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { transactions, users } from '../../db/schema/index.js';
import { newestIds } from '../../lib/cursor.js';
import { sellerEmailOf } from '../transactions/index.js';

/** The account a public profile belongs to, with what the queries need to find its transactions. */
export interface ProfileOwner {
  id: string;
  /** Used only to find the owner's transactions as seller; never leaves the server. */
  email: string;
  emailVerified: boolean;
}

const settingsColumns = {
  publicHistoryEnabled: users.publicHistoryEnabled,
  publicProfileSlug: users.publicProfileSlug,
};

export async function findSettings(db: DbOrTx, userId: string): Promise<TProfileSettings | null> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function updateSettings(
  db: DbOrTx,
  userId: string,
  changes: Partial<Pick<typeof users.$inferInsert, 'publicHistoryEnabled' | 'publicProfileSlug'>>,
): Promise<TProfileSettings | null> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(settingsColumns);
  return row ?? null;
}

/** Who holds `slug`, if anyone. */
export async function findSlugHolder(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.publicProfileSlug, slug));
  return row?.id ?? null;
}

/**
 * Sets the user's picture URL and returns the one it replaces. The row lock orders two uploads of one
 * person, so each sees the picture the other set and no stored picture is left behind unreferenced.
 */
export async function replaceImage(db: Db, userId: string, url: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ image: url, updatedAt: new Date() }).where(eq(users.id, userId));
    return row?.image ?? null;
  });
}

export async function findProfileBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      publicProfileSlug: users.publicProfileSlug,
      publicHistoryEnabled: users.publicHistoryEnabled,
      phoneVerified: users.phoneVerified,
      kycStatus: users.kycStatus,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.publicProfileSlug, slug));
  return row ?? null;
}

/**
 * The owner's newest transactions: as buyer by id, as seller under their verified email (sellerEmailOf). Each party's newest `limit` come from its own index range (transactions_buyer_page_idx,
 * transactions_seller_page_idx; `newestIds`), so the page reads about `limit` rows whatever the owner's
 * history.
 */
export async function recentTransactions(db: DbOrTx, owner: ProfileOwner, limit: number) {
  const ranges = [sql`buyer_id = ${owner.id}`];
  const sellerEmail = sellerEmailOf(owner);
  // A deal is never its buyer's own sale; the guard keeps a row from appearing twice all the same.
  if (sellerEmail) ranges.push(sql`seller_email = ${sellerEmail} and buyer_id <> ${owner.id}`);
  return db
    .select({
      id: transactions.id,
      buyerId: transactions.buyerId,
      sellerId: transactions.sellerId,
      status: transactions.status,
      currency: transactions.currency,
      amount: transactions.amount,
      description: transactions.description,
      type: transactions.type,
      createdAt: transactions.createdAt,
      completedAt: transactions.completedAt,
    })
    .from(transactions)
    .where(sql`${transactions.id} = any(array(${newestIds(transactions, ranges, limit)}))`)
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

export interface Counterparty {
  firstName: string | null;
  lastName: string | null;
  /** They published their own history too: their side of a shared deal may be shown (their consent). */
  publicHistoryEnabled: boolean;
}

/** The names of the people with these ids, and whether they publish their own history. */
export async function counterpartiesById(db: DbOrTx, ids: string[]): Promise<Map<string, Counterparty>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      publicHistoryEnabled: users.publicHistoryEnabled,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
