import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { toDecimal as decimal, type TStatement, type TStatementEntry } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { journalEntries, ledgerAccounts, postings, transactions, withdrawals } from '../../db/schema/index.js';
import { accountKey } from '../../ledger/index.js';
import { describeMovement } from './wallet.queries.js';

/** A statement's range: calendar days in UTC, both included. */
export interface StatementRange {
  currency: string;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const endOf = (day: string) => new Date(startOf(day).getTime() + DAY_MS);

/** The statement's totals, without its rows. */
export type StatementSummary = Omit<TStatement, 'page' | 'pageSize' | 'totalPages' | 'entries'>;

/**
 * One wallet (user, currency) over a range, read from the ledger's own postings: each row's balance is the
 * posting's balance-after, so the statement's running balance is the ledger's, never recomputed. Rows are
 * in the account's version order (the order its balance moved in). The opening balance is the balance
 * before the range's first movement, the closing one the balance after its last (with no movement in the
 * range, the balance the wallet had at its end).
 */
export async function statementSummary(
  db: DbOrTx,
  userId: string,
  range: StatementRange,
): Promise<{ summary: StatementSummary; accountId: string | null }> {
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey({ type: 'wallet', userId, currency: range.currency })));
  const zero = decimal(0n, range.currency);
  const empty = {
    ...range,
    openingBalance: zero,
    closingBalance: zero,
    totalIn: zero,
    totalOut: zero,
    totalEntries: 0,
  };
  if (!account) return { summary: empty, accountId: null };

  const from = startOf(range.from);
  const to = endOf(range.to);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      totalIn: sql<string>`coalesce(sum(${postings.amount}) filter (where ${postings.amount} > 0), 0)::text`,
      totalOut: sql<string>`coalesce(sum(${postings.amount}) filter (where ${postings.amount} < 0), 0)::text`,
      first: sql<
        string | null
      >`(array_agg(${postings.balanceAfter} - ${postings.amount} order by ${postings.version}))[1]::text`,
      last: sql<string | null>`(array_agg(${postings.balanceAfter} order by ${postings.version} desc))[1]::text`,
    })
    .from(postings)
    .where(and(eq(postings.accountId, account.id), gte(postings.createdAt, from), lt(postings.createdAt, to)));
  let opening = row?.first ? BigInt(row.first) : null;
  let closing = row?.last ? BigInt(row.last) : null;
  if (opening === null || closing === null) {
    // Nothing moved in the range: the balance stood where the last movement before its end left it.
    const [before] = await db
      .select({ balance: postings.balanceAfter })
      .from(postings)
      .where(and(eq(postings.accountId, account.id), lt(postings.createdAt, from)))
      .orderBy(sql`${postings.version} desc`)
      .limit(1);
    opening = closing = before?.balance ?? 0n;
  }
  return {
    accountId: account.id,
    summary: {
      ...range,
      openingBalance: decimal(opening, range.currency),
      closingBalance: decimal(closing, range.currency),
      totalIn: decimal(BigInt(row?.totalIn ?? '0'), range.currency),
      totalOut: decimal(BigInt(row?.totalOut ?? '0'), range.currency),
      totalEntries: row?.count ?? 0,
    },
  };
}

/** The range's rows, oldest first: `limit` of them after `offset`, or all of them without a limit. */
export async function statementEntries(
  db: DbOrTx,
  accountId: string,
  range: StatementRange,
  page: { offset: number; limit?: number },
): Promise<TStatementEntry[]> {
  const query = db
    .select({
      id: postings.id,
      amount: postings.amount,
      balanceAfter: postings.balanceAfter,
      createdAt: postings.createdAt,
      kind: journalEntries.kind,
      transactionId: journalEntries.transactionId,
      description: transactions.description,
      withdrawalStatus: withdrawals.status,
      withdrawalLast4: withdrawals.accountLast4,
      withdrawalFailure: withdrawals.failureReason,
    })
    .from(postings)
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
        eq(postings.accountId, accountId),
        gte(postings.createdAt, startOf(range.from)),
        lt(postings.createdAt, endOf(range.to)),
      ),
    )
    .orderBy(asc(postings.version))
    .offset(page.offset);
  const rows = await (page.limit === undefined ? query : query.limit(page.limit));
  return rows.map((r) => {
    const withdrawal = r.withdrawalStatus
      ? { status: r.withdrawalStatus, accountLast4: r.withdrawalLast4 ?? '', failureReason: r.withdrawalFailure }
      : null;
    return {
      id: r.id,
      date: r.createdAt.toISOString(),
      description: describeMovement(r.kind, r.amount, r.description, withdrawal).description,
      amount: decimal(r.amount, range.currency),
      balance: decimal(r.balanceAfter, range.currency),
      transactionId: r.transactionId,
    };
  });
}

/** The default range: the `days` days up to and including today (UTC). */
export function defaultRange(now: Date, days: number, to?: string, from?: string): { from: string; to: string } {
  const end = to ?? now.toISOString().slice(0, 10);
  const start = from ?? new Date(startOf(end).getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from: start, to: end };
}
