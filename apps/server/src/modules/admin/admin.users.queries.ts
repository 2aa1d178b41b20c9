import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_USER_RECENT,
  ADMIN_USERS_PAGE_SIZE,
  toDecimal,
  type TAdminUserDetail,
  type TAdminUserList,
  type TAdminUserSummary,
} from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { disputes, transactions, users } from '../../db/schema/index.js';
import { getWalletBalances } from '../../ledger/index.js';
import { rawRows } from '../../ledger/queries.js';
import { containsPattern } from '../../lib/search.js';

export type UserRow = typeof users.$inferSelect;

export function userSummary(row: UserRow): TAdminUserSummary {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    suspension: row.suspendedAt ? { at: row.suspendedAt.toISOString(), reason: row.suspendedReason ?? '' } : null,
  };
}

/**
 * One page of the accounts whose email, display name or first and last name contain `q` (any case), newest
 * first. Numbered pages with a total rather than the keyset cursors of the product's other lists: an admin
 * searching wants "page 2 of 7", and a search that matches anywhere in a name reads every account whatever
 * the page, so the offset adds little (pages stop at ADMIN_USERS_MAX_PAGE).
 */
export async function searchUsers(db: DbOrTx, q: string, page: number): Promise<TAdminUserList> {
  const pattern = containsPattern(q);
  const where: SQL | undefined = q
    ? or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_USERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(userSummary), page, pageSize: ADMIN_USERS_PAGE_SIZE, total: Number(total?.n ?? 0) };
}

export async function findUser(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The account's row, locked for an admin's change of it (the first lock such a change takes). */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Per currency: the wallet's balance, and the escrow of the deals the account is buying, in decimals. */
async function balances(db: DbOrTx, userId: string): Promise<TAdminUserDetail['balances']> {
  const [wallets, escrow] = await Promise.all([
    getWalletBalances(db, userId),
    // Each deal's escrow account by its key (the unique index), from the buyer's own deals (their index).
    rawRows<{ currency: string; held: string }>(
      db,
      sql`select t.currency, sum(a.balance)::text as held
          from transactions t
          join ledger_accounts a on a.key = 'escrow:' || t.id::text || ':' || t.currency
          where t.buyer_id = ${userId} and a.balance <> 0
          group by t.currency`,
    ),
  ]);
  const byCurrency = new Map<string, { available: bigint; inEscrow: bigint }>();
  const entry = (currency: string) => {
    let e = byCurrency.get(currency);
    if (!e) byCurrency.set(currency, (e = { available: 0n, inEscrow: 0n }));
    return e;
  };
  for (const w of wallets) entry(w.currency).available = w.balance;
  for (const e of escrow) entry(e.currency).inEscrow = BigInt(e.held);
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, e]) => ({
      currency,
      available: toDecimal(e.available, currency),
      inEscrow: toDecimal(e.inEscrow, currency),
    }));
}

const OPEN_DEAL = sql`${transactions.status} in ('pending', 'active', 'disputed')`;

/** The deals the account is the buyer or the (verified) seller of: counts and the latest few. */
async function deals(db: DbOrTx, userId: string): Promise<TAdminUserDetail['deals']> {
  const theirs = or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId));
  const [[counts], recent] = await Promise.all([
    db
      .select({ total: count(), open: sql<number>`count(*) filter (where ${OPEN_DEAL})`.mapWith(Number) })
      .from(transactions)
      .where(theirs),
    db
      .select()
      .from(transactions)
      .where(theirs)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(ADMIN_USER_RECENT),
  ]);
  return {
    total: Number(counts?.total ?? 0),
    open: Number(counts?.open ?? 0),
    recent: recent.map((t) => ({
      id: t.id,
      description: t.description,
      amount: toDecimal(t.amount, t.currency),
      currency: t.currency,
      status: t.status,
      role: t.buyerId === userId ? 'buyer' : 'seller',
      createdAt: t.createdAt.toISOString(),
    })),
  };
}

/** The disputes of those deals: counts and the latest few. */
async function disputesOf(db: DbOrTx, userId: string): Promise<TAdminUserDetail['disputes']> {
  const theirs = or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId));
  const [[counts], recent] = await Promise.all([
    db
      .select({
        total: count(),
        open: sql<number>`count(*) filter (where ${disputes.status} <> 'resolved')`.mapWith(Number),
      })
      .from(disputes)
      .innerJoin(transactions, eq(transactions.id, disputes.transactionId))
      .where(theirs),
    db
      .select({ d: disputes, buyerId: transactions.buyerId })
      .from(disputes)
      .innerJoin(transactions, eq(transactions.id, disputes.transactionId))
      .where(theirs)
      .orderBy(desc(disputes.createdAt), desc(disputes.id))
      .limit(ADMIN_USER_RECENT),
  ]);
  return {
    total: Number(counts?.total ?? 0),
    open: Number(counts?.open ?? 0),
    recent: recent.map(({ d, buyerId }) => ({
      id: d.id,
      transactionId: d.transactionId,
      description: d.description,
      status: d.status,
      role: buyerId === userId ? 'buyer' : 'seller',
      createdAt: d.createdAt.toISOString(),
    })),
  };
}

/** A moderator's cases in review. */
async function assignedCases(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputes)
    .where(and(eq(disputes.moderatorId, userId), eq(disputes.status, 'in_review')));
  return Number(row?.n ?? 0);
}

/** Everything of the account page but its sessions (the accounts module lists those). */
export async function userFacts(db: DbOrTx, userId: string) {
  const [b, d, x, a] = await Promise.all([
    balances(db, userId),
    deals(db, userId),
    disputesOf(db, userId),
    assignedCases(db, userId),
  ]);
  return { balances: b, deals: d, disputes: x, assignedCases: a };
}
