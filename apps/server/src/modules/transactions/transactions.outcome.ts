import { and, eq, inArray, sql } from 'drizzle-orm';
import { toDecimal, type TTransactionOutcome } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { disputes, journalEntries, ledgerAccounts, postings, type transactions } from '../../db/schema/index.js';

/** The transaction columns an outcome reads (the row type of the queries, which import this file). */
type TransactionRow = typeof transactions.$inferSelect;

/**
 * Where a deal's money went, per party, as the ledger recorded it: the postings of the entries that paid
 * escrow out (release, refund, split, and the undisputed part released when a partial dispute opened). The
 * card's copy is written from these figures, never from the status alone, so a refund never reads as a
 * release (issue 32).
 */

/** The journal entries that move a transaction's escrow out to the parties and the fee account. */
const PAYOUT_KINDS = ['release', 'refund', 'partial_resolution', 'partial_release'] as const;

/** Minor units paid out of escrow to each side, and who settled a dispute over it. */
export interface OutcomeFacts {
  buyer: bigint;
  seller: bigint;
  fees: bigint;
  decidedBy: 'moderator' | 'agreement' | null;
}

export const NO_PAYOUT: OutcomeFacts = { buyer: 0n, seller: 0n, fees: 0n, decidedBy: null };

type OutcomeRow = Pick<TransactionRow, 'status' | 'paymentStatus' | 'total' | 'currency'>;

/** Whether the ledger must be read for this row's outcome: only once money was paid in and the deal moved on. */
export const needsLedger = (t: OutcomeRow) =>
  t.paymentStatus !== 'unpaid' && (t.status === 'completed' || t.status === 'cancelled' || t.status === 'disputed');

/**
 * The outcome the wire shows: null while the deal is open and nothing has left escrow; `ending` null while
 * it is open with part paid out (a partial dispute). Pure: the figures come from outcomeFacts. `paidIn`: what
 * escrow received (a deal paid in stages: the totals of its funded milestones only).
 */
export function outcomeOf(t: OutcomeRow, f: OutcomeFacts, paidIn: bigint = t.total): TTransactionOutcome | null {
  const ended = t.status === 'completed' || t.status === 'cancelled';
  const paidOut = f.buyer + f.seller + f.fees;
  if (!ended && paidOut === 0n) return null;
  const funded = t.paymentStatus !== 'unpaid';
  let ending: TTransactionOutcome['ending'] = null;
  if (ended) {
    if (f.buyer > 0n && f.seller > 0n) ending = 'split';
    else if (f.seller > 0n) ending = 'released';
    else if (f.buyer > 0n) ending = 'refunded';
    else ending = 'cancelled';
  }
  const held = funded ? paidIn - paidOut : 0n;
  const d = (minor: bigint) => toDecimal(minor, t.currency);
  return {
    ending,
    buyerRefunded: d(f.buyer),
    sellerReceived: d(f.seller),
    feeKept: d(f.fees),
    heldInEscrow: d(held > 0n ? held : 0n),
    decidedBy: f.decidedBy,
  };
}

/**
 * The payout figures of `rows` from the ledger in one statement, for the rows that need them (needsLedger);
 * the others get NO_PAYOUT without a read.
 */
export async function outcomeFacts(
  db: DbOrTx,
  rows: readonly (OutcomeRow & Pick<TransactionRow, 'id' | 'buyerId'>)[],
): Promise<Map<string, OutcomeFacts>> {
  const facts = new Map<string, OutcomeFacts>();
  const wanted = rows.filter(needsLedger);
  if (wanted.length === 0) return facts;
  const ids = wanted.map((t) => t.id);
  // One statement: the payout postings summed per side, each group with who decided the deal's resolved
  // dispute, if any ('' for an agreement between the parties, null for no dispute decided).
  const sums = await db
    .select({
      transactionId: journalEntries.transactionId,
      type: ledgerAccounts.type,
      userId: ledgerAccounts.userId,
      amount: sql<string>`sum(${postings.amount})::text`,
      decidedBy: sql<string | null>`(select coalesce(max(${disputes.resolvedById}), '') from ${disputes}
        where ${disputes.transactionId} = ${journalEntries.transactionId} and ${disputes.status} = 'resolved'
        having count(*) > 0)`,
    })
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(
        inArray(journalEntries.transactionId, ids),
        inArray(journalEntries.kind, [...PAYOUT_KINDS]),
        inArray(ledgerAccounts.type, ['wallet', 'fees']),
      ),
    )
    .groupBy(journalEntries.transactionId, ledgerAccounts.type, ledgerAccounts.userId);
  const byId = new Map(wanted.map((t) => [t.id, t]));
  for (const t of wanted) facts.set(t.id, { ...NO_PAYOUT });
  for (const s of sums) {
    const t = s.transactionId ? byId.get(s.transactionId) : undefined;
    const f = t && facts.get(t.id);
    if (!t || !f) continue;
    const amount = BigInt(s.amount);
    if (s.decidedBy !== null) f.decidedBy = s.decidedBy ? 'moderator' : 'agreement';
    if (s.type === 'fees') f.fees += amount;
    else if (s.userId === t.buyerId) f.buyer += amount;
    // Escrow pays only the buyer, the seller and the fees: any other wallet is the seller's (also after their
    // address stopped being verified, when the row no longer names them).
    else f.seller += amount;
  }
  return facts;
}
