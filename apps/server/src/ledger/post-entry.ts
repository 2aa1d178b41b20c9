import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { journalEntries, ledgerAccounts, postings } from '../db/schema/index.js';
import { TRANSACTION_MESSAGES } from '@holdfast/contracts';
import { appError } from '../lib/errors.js';
import { accountColumns, accountKey, mustStayNonNegative, type AccountRef } from './accounts.js';
import { rawRows } from './queries.js';

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
      if (ref.type === 'wallet') throw appError('INSUFFICIENT_FUNDS', TRANSACTION_MESSAGES.insufficientFunds);
      throw new LedgerError(`${key} would go negative (${balanceAfter})`);
    }
    return { account, amount, balanceAfter, version: account.version + 1 };
  });

  // The journal entry, its postings and the new balances in one statement (one round trip, which
  // counts on PGlite's single connection). The accounts are locked above, so each version check holds;
  // the count of updated accounts is still verified.
  const values = planned.map(
    (p) =>
      sql`(${p.account.id}::uuid, ${p.amount.toString()}::bigint, ${p.balanceAfter.toString()}::bigint, ${p.version}::integer, ${p.account.version}::integer)`,
  );
  const [written] = await rawRows<{ entry_id: string; updated: number }>(
    tx,
    sql`WITH v (account_id, amount, balance_after, version, previous_version) AS (VALUES ${sql.join(values, sql`, `)}),
        entry AS (
          INSERT INTO ${journalEntries} (kind, memo, transaction_id, payment_id, user_id)
          VALUES (${entry.kind}, ${entry.memo ?? null}, ${entry.transactionId ?? null}::uuid, ${entry.paymentId ?? null}, ${entry.userId ?? null})
          RETURNING id
        ),
        posted AS (
          INSERT INTO ${postings} (entry_id, account_id, amount, balance_after, version)
          SELECT entry.id, v.account_id, v.amount, v.balance_after, v.version FROM entry, v
        ),
        balances AS (
          UPDATE ${ledgerAccounts} AS a SET balance = v.balance_after, version = v.version, updated_at = now()
          FROM v WHERE a.id = v.account_id AND a.version = v.previous_version
          RETURNING a.id
        )
        SELECT (SELECT id FROM entry) AS entry_id, (SELECT count(*) FROM balances)::integer AS updated`,
  );
  if (!written || Number(written.updated) !== planned.length) {
    throw new LedgerError(`entry ${entry.kind} updated ${written?.updated ?? 0} of ${planned.length} accounts`);
  }
  return { entryId: written.entry_id };
}
