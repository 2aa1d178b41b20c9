import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { journalEntries, ledgerAccounts, postings } from '../db/schema/index.js';
import { insufficientFunds } from '../lib/errors.js';
import { accountColumns, accountKey, mustStayNonNegative, type AccountRef } from './accounts.js';

export type EntryKind = (typeof journalEntries.$inferInsert)['kind'];

export interface EntryInput {
  kind: EntryKind;
  memo?: string;
  transactionId?: string;
  paymentId?: string;
  userId?: string;
  postings: { account: AccountRef; amount: bigint }[];
}

/** A broken ledger rule in the caller's code (not the customer's fault): surfaces as a 500. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(`ledger: ${message}`);
    this.name = 'LedgerError';
  }
}

/**
 * Writes one balanced journal entry inside the caller's database transaction.
 * Postings to the same account are merged; zero postings are dropped. Accounts are created on demand
 * and locked (SELECT ... FOR UPDATE) in key order, so concurrent entries never deadlock each other.
 * A wallet that would go negative raises InsufficientFunds; escrow or fees going negative is a bug.
 */
export async function postEntry(tx: Tx, entry: EntryInput): Promise<{ entryId: string }> {
  const merged = new Map<string, { ref: AccountRef; amount: bigint }>();
  for (const p of entry.postings) {
    if (typeof p.amount !== 'bigint') throw new LedgerError('posting amounts must be bigint minor units');
    const key = accountKey(p.account);
    const prev = merged.get(key);
    merged.set(key, { ref: p.account, amount: (prev?.amount ?? 0n) + p.amount });
  }
  const lines = [...merged.entries()].filter(([, v]) => v.amount !== 0n).sort(([a], [b]) => (a < b ? -1 : 1));
  if (lines.length < 2) throw new LedgerError(`entry ${entry.kind} needs at least two non-zero postings`);

  const sums = new Map<string, bigint>();
  for (const [, { ref, amount }] of lines) sums.set(ref.currency, (sums.get(ref.currency) ?? 0n) + amount);
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new LedgerError(`entry ${entry.kind} does not balance in ${currency} (${sum})`);
  }

  const keys = lines.map(([key]) => key);
  // Create missing accounts in key order (concurrent creators of the same key wait, then skip).
  await tx
    .insert(ledgerAccounts)
    .values(lines.map(([, { ref }]) => accountColumns(ref)))
    .onConflictDoNothing({ target: ledgerAccounts.key });
  const locked = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.key, keys))
    .orderBy(asc(ledgerAccounts.key))
    .for('update');
  const byKey = new Map(locked.map((a) => [a.key, a]));

  const planned = lines.map(([key, { ref, amount }]) => {
    const account = byKey.get(key);
    if (!account) throw new LedgerError(`account ${key} could not be created`);
    const balanceAfter = account.balance + amount;
    if (balanceAfter < 0n && mustStayNonNegative(ref.type)) {
      if (ref.type === 'wallet') throw insufficientFunds();
      throw new LedgerError(`${key} would go negative (${balanceAfter})`);
    }
    return { account, amount, balanceAfter, version: account.version + 1 };
  });

  const [journal] = await tx
    .insert(journalEntries)
    .values({
      kind: entry.kind,
      memo: entry.memo ?? null,
      transactionId: entry.transactionId ?? null,
      paymentId: entry.paymentId ?? null,
      userId: entry.userId ?? null,
    })
    .returning({ id: journalEntries.id });

  await tx.insert(postings).values(
    planned.map((p) => ({
      entryId: journal.id,
      accountId: p.account.id,
      amount: p.amount,
      balanceAfter: p.balanceAfter,
      version: p.version,
    })),
  );
  for (const p of planned) {
    await tx
      .update(ledgerAccounts)
      .set({ balance: p.balanceAfter, version: p.version, updatedAt: sql`now()` })
      .where(sql`${ledgerAccounts.id} = ${p.account.id} AND ${ledgerAccounts.version} = ${p.account.version}`);
  }
  return { entryId: journal.id };
}
