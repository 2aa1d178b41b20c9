import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { journalEntries } from '../db/schema/index.js';
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

type Line = [string, { ref: AccountRef; amount: bigint }];

/**
 * The entry's postings checked (bigint amounts, balanced per currency, at least two accounts), postings to
 * the same account merged, zero postings dropped, in key order: the order the accounts are locked in.
 */
function linesOf(entry: EntryInput): Line[] {
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
  return lines;
}

/** What the entry's statement reports about it. */
interface EntryWritten {
  entryId: string;
  entryAccounts: number;
  /** The key of a debited account the statement had to create (an empty wallet), if any. */
  entryOverdrawn: string | null;
}

/**
 * Writes one balanced journal entry inside the caller's database transaction, in one fixed SQL statement
 * (the accounts as arrays, one element each). Postings to the same account are merged; zero postings are
 * dropped. A wallet that would go negative raises INSUFFICIENT_FUNDS (the caller's database transaction
 * must then roll back, as it does when the error propagates); escrow, fees or payouts_pending going
 * negative is a bug (LedgerError).
 *
 * The accounts are created or updated by an upsert in key order, which locks each one (an existing row as
 * by UPDATE; a concurrent creator of the same key waits), so concurrent entries never deadlock each other;
 * the new balances and versions come back from it and the journal entry and its postings are written from
 * them. The non-negative CHECK on ledger_accounts refuses an overdraft of an existing account inside the
 * statement. PostgreSQL checks the proposed new row before it finds the conflict, so a debit proposes 0
 * and the UPDATE adds the real amount; a debit that had to create its account (an empty wallet) is
 * reported back (`entryOverdrawn`) and refused here, which rolls the caller's database transaction back
 * with everything the statement wrote.
 */
export async function postEntry(tx: Tx, entry: EntryInput): Promise<{ entryId: string }> {
  const lines = linesOf(entry);
  const accounts = lines.map(([, { ref }]) => accountColumns(ref));
  const column = <K extends keyof (typeof accounts)[number]>(name: K) => sql.param(accounts.map((a) => a[name]));
  const amounts = sql.param(lines.map(([, { amount }]) => amount.toString()));
  let written: EntryWritten | undefined;
  try {
    [written] = await rawRows<EntryWritten>(
      tx,
      sql`WITH v (key, type, currency, user_id, transaction_id, provider, amount) AS (
          SELECT * FROM unnest(${column('key')}::text[], ${column('type')}::text[], ${column('currency')}::text[],
            ${column('userId')}::text[], ${column('transactionId')}::uuid[], ${column('provider')}::text[],
            ${amounts}::bigint[])
        ),
        acc AS (
          INSERT INTO ledger_accounts AS a (key, type, currency, user_id, transaction_id, provider, balance, version)
          SELECT key, type, currency, user_id, transaction_id, provider,
                 CASE WHEN amount < 0 AND type <> 'provider_clearing' THEN 0 ELSE amount END, 1
          FROM v ORDER BY key
          ON CONFLICT (key) DO UPDATE
            SET balance = a.balance + (SELECT v.amount FROM v WHERE v.key = excluded.key),
                version = a.version + 1, updated_at = now()
          RETURNING a.id, a.key, a.balance, a.version, a.xmax = 0 AS created
        ),
        entry AS (
          INSERT INTO journal_entries (kind, memo, transaction_id, payment_id, user_id)
          VALUES (${entry.kind}, ${entry.memo ?? null}, ${entry.transactionId ?? null}::uuid,
            ${entry.paymentId ?? null}, ${entry.userId ?? null})
          RETURNING id
        ),
        posted AS (
          INSERT INTO postings (entry_id, account_id, amount, balance_after, version)
          SELECT entry.id, acc.id, v.amount, acc.balance, acc.version FROM entry, acc JOIN v ON v.key = acc.key
        )
        SELECT (SELECT id FROM entry) AS "entryId", (SELECT count(*) FROM acc)::integer AS "entryAccounts",
          (SELECT min(acc.key) FROM acc JOIN v ON v.key = acc.key
            WHERE acc.created AND v.amount < 0 AND v.type <> 'provider_clearing') AS "entryOverdrawn"`,
    );
  } catch (error) {
    throw overdraft(error, lines) ?? error;
  }
  if (written?.entryOverdrawn) throw refusal(lines.find(([key]) => key === written.entryOverdrawn) ?? lines[0]!);
  if (!written || Number(written.entryAccounts) !== lines.length) {
    throw new LedgerError(`entry ${entry.kind} updated ${written?.entryAccounts ?? 0} of ${lines.length} accounts`);
  }
  return { entryId: written.entryId };
}

/** A debit that would take `line`'s account below zero: the customer's INSUFFICIENT_FUNDS for a wallet, else a bug. */
function refusal([key, { ref }]: Line): Error {
  if (ref.type === 'wallet') return appError('INSUFFICIENT_FUNDS', TRANSACTION_MESSAGES.insufficientFunds);
  return new LedgerError(`${key} would go negative`);
}

/** The refusal when the statement failed on ledger_accounts_non_negative; null for any other failure. */
function overdraft(error: unknown, lines: Line[]): Error | null {
  let e: unknown = error;
  while (e && typeof e === 'object' && (e as { code?: string }).code !== '23514') e = (e as { cause?: unknown }).cause;
  const pgError = e as { constraint?: string; detail?: string } | undefined;
  if (!pgError) return null;
  if (pgError.constraint !== undefined && pgError.constraint !== 'ledger_accounts_non_negative') return null;
  const debited = lines.filter(([, { ref, amount }]) => amount < 0n && mustStayNonNegative(ref.type));
  // The failing row (the error's detail) names the account; with one debited account it is that one.
  const line = debited.find(([key]) => pgError.detail?.includes(key)) ?? debited[0];
  return line ? refusal(line) : null;
}
