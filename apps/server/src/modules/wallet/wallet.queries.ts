import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_CURRENCY, toDecimal as decimal, type TWalletActivity, type TWalletBalance } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { journalEntries, ledgerAccounts, postings, transactions, users, withdrawals } from '../../db/schema/index.js';
import { getWalletBalance, getWalletBalances } from '../../ledger/index.js';
import { rawRows } from '../../ledger/queries.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';

/** The currency a user's wallet is shown in. */
export async function findWalletCurrency(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ walletCurrency: users.walletCurrency }).from(users).where(eq(users.id, userId));
  return row?.walletCurrency ?? DEFAULT_CURRENCY;
}

/** The user's wallet balance in their wallet currency as a decimal string (GET /api/auth/user). */
export async function walletBalanceText(db: DbOrTx, userId: string, walletCurrency: string): Promise<string> {
  return decimal(await getWalletBalance(db, userId, walletCurrency), walletCurrency);
}

/**
 * The user's money that is neither available nor gone, per currency, in one statement: what they paid
 * into escrow for deals still under way (the escrow accounts of their purchases), and withdrawals still on
 * their way to their bank (pending). Amounts in minor units.
 */
async function moneyInFlight(
  db: DbOrTx,
  userId: string,
): Promise<{ kind: 'escrow' | 'outgoing'; currency: string; amount: bigint }[]> {
  const rows = await rawRows<{ kind: 'escrow' | 'outgoing'; currency: string; amount: string }>(
    db,
    sql`select 'escrow' as kind, a.currency, sum(a.balance)::text as amount
        from ${transactions} t join ${ledgerAccounts} a on a.transaction_id = t.id and a.type = 'escrow'
        where t.buyer_id = ${userId} and a.balance > 0
        group by a.currency
      union all
      select 'outgoing' as kind, w.currency, sum(w.amount)::text as amount
        from ${withdrawals} w where w.user_id = ${userId} and w.status = 'pending'
        group by w.currency
      order by kind, currency`,
  );
  return rows.map((r) => ({ ...r, amount: BigInt(r.amount) }));
}

/** Balance in the wallet currency plus every currency the user holds money in, and what is in flight. */
export async function walletSummary(db: DbOrTx, userId: string, walletCurrency: string): Promise<TWalletBalance> {
  const [all, inFlight] = await Promise.all([getWalletBalances(db, userId), moneyInFlight(db, userId)]);
  const main = all.find((b) => b.currency === walletCurrency)?.balance ?? 0n;
  const balances = all.map((b) => ({ currency: b.currency, balance: decimal(b.balance, b.currency) }));
  if (!all.some((b) => b.currency === walletCurrency))
    balances.unshift({ currency: walletCurrency, balance: decimal(0n, walletCurrency) });
  const of = (kind: 'escrow' | 'outgoing') =>
    inFlight
      .filter((r) => r.kind === kind)
      .map((r) => ({ currency: r.currency, amount: decimal(r.amount, r.currency) }));
  return {
    balance: decimal(main, walletCurrency),
    currency: walletCurrency,
    balances,
    heldInEscrow: of('escrow'),
    onItsWayOut: of('outgoing'),
  };
}

type Kind = (typeof journalEntries.$inferSelect)['kind'];

/** The withdrawal behind a withdrawal entry (its id is the entry's paymentId). */
interface WithdrawalFacts {
  status: (typeof withdrawals.$inferSelect)['status'];
  accountLast4: string;
  failureReason: string | null;
}

/** A withdrawal held for a compliance review is still pending to the wallet's activity (the wallet page explains the hold). */
const WITHDRAWAL_ACTIVITY_STATUS = {
  pending: 'pending',
  held: 'pending',
  paid: 'completed',
  failed: 'failed',
} as const;

export function describeMovement(
  kind: Kind,
  amount: bigint,
  description: string | null,
  withdrawal: WithdrawalFacts | null,
): Pick<TWalletActivity, 'type' | 'description'> & { status?: TWalletActivity['status'] } {
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
    case 'withdrawal':
      // The debit carries the withdrawal's state: pending until paid (completed) or failed (returned).
      return {
        type: 'withdrawal',
        description: withdrawal ? `Withdrawal to account ending ${withdrawal.accountLast4}` : 'Withdrawal',
        status: withdrawal ? WITHDRAWAL_ACTIVITY_STATUS[withdrawal.status] : 'pending',
      };
    case 'payout_returned':
      return {
        type: 'withdrawal',
        description: `Withdrawal returned: ${withdrawal?.failureReason ?? 'the payout failed'}`,
      };
    default:
      return { type: 'adjustment', description: amount < 0n ? 'Wallet debit' : 'Wallet credit' };
  }
}

/**
 * One page of movements on the user's wallets, newest first, straight from the ledger's postings, in
 * (created_at, account, version) descending order: unique per posting, so a cursor (`<account>:<version>`)
 * continues exactly after the last row shown, also among postings of one database transaction.
 *
 * The page's postings are found first, each wallet's newest `limit + 1` after the cursor on
 * postings_account_created_idx (one short index range per currency), then merged; only those rows are
 * joined to their entries. So a page costs the same for a wallet with 50 movements and one with 50,000.
 * Per wallet, the three-part cursor becomes a two-part one on (created_at, version): at the cursor's own
 * time, a wallet whose id is below the cursor's still has postings to come (ids descend), one above it has
 * none left, and the cursor's own wallet continues below its version.
 */
export async function walletActivity(
  db: DbOrTx,
  userId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<TWalletActivity>> {
  const after = query.cursor ? decodeCursor(query.cursor, 'accountVersion') : null;
  const [afterAccount, afterVersion] = after ? after.id.split(':') : [];
  // Versions start at 1 and are int4: 0 and the largest int4 lie outside every real version.
  const keyset = after
    ? sql`and (p.created_at, p.version) < (${after.at}::timestamptz,
        case when a.id < ${afterAccount}::uuid then 2147483647
             when a.id = ${afterAccount}::uuid then ${Number(afterVersion)}::int else 0 end)`
    : sql``;
  // Sent as one array (an InitPlan), so the join starts from the page's rows whatever the planner makes
  // of the table's size (as a subquery it chose a scan of every row on small tables).
  const pagePostings = sql`select p.id from ${ledgerAccounts} a
    cross join lateral (
      select id, account_id, version, created_at from ${postings} p
      where p.account_id = a.id ${keyset}
      order by p.created_at desc, p.version desc limit ${query.limit + 1}) p
    where a.user_id = ${userId} and a.type = 'wallet'
    order by p.created_at desc, p.account_id desc, p.version desc limit ${query.limit + 1}`;
  const rows = await db
    .select({
      cursorAt: sql<string>`to_char(${postings.createdAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
      accountId: postings.accountId,
      version: postings.version,
      id: postings.id,
      amount: postings.amount,
      createdAt: postings.createdAt,
      currency: ledgerAccounts.currency,
      kind: journalEntries.kind,
      transactionId: journalEntries.transactionId,
      description: transactions.description,
      withdrawalStatus: withdrawals.status,
      withdrawalLast4: withdrawals.accountLast4,
      withdrawalFailure: withdrawals.failureReason,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .leftJoin(transactions, eq(transactions.id, journalEntries.transactionId))
    .leftJoin(
      withdrawals,
      and(
        inArray(journalEntries.kind, ['withdrawal', 'payout_returned']),
        eq(sql`${withdrawals.id}::text`, journalEntries.paymentId),
      ),
    )
    .where(
      and(
        eq(ledgerAccounts.type, 'wallet'),
        eq(ledgerAccounts.userId, userId),
        sql`${postings.id} = any(array(${pagePostings}))`,
      ),
    )
    .orderBy(desc(postings.createdAt), desc(postings.accountId), desc(postings.version))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (r) => ({ at: r.cursorAt, id: `${r.accountId}:${r.version}` }),
    (r) => {
      const withdrawal = r.withdrawalStatus
        ? { status: r.withdrawalStatus, accountLast4: r.withdrawalLast4 ?? '', failureReason: r.withdrawalFailure }
        : null;
      const { status = 'completed', ...what } = describeMovement(r.kind, r.amount, r.description, withdrawal);
      return {
        id: r.id,
        ...what,
        amount: decimal(r.amount, r.currency),
        currency: r.currency,
        status,
        transactionId: r.transactionId,
        createdAt: r.createdAt.toISOString(),
      };
    },
  );
}
