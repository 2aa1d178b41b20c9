import type { Tx } from '../db/client.js';
import type { journalEntries } from '../db/schema/index.js';
import { runStatement, statement, type Statement } from '../db/statements.js';
import { TRANSACTION_MESSAGES } from '@holdfast/contracts';
import { appError } from '../lib/errors.js';
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

type Line = [string, { ref: AccountRef; amount: bigint }];

/**
 * An entry checked (bigint amounts, balanced per currency, at least two accounts), postings to the same
 * account merged, zero postings dropped, in key order, with its statement values: ready to be written by
 * its own statement (postEntry) or by a state change's statement (entryCtes, entryWritten).
 */
export interface PreparedEntry {
  kind: EntryKind;
  lines: Line[];
  /** The entry's 5 values, then 7 per account, in the order entryCtes numbers them. */
  values: unknown[];
}

export function prepareEntry(entry: EntryInput): PreparedEntry {
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

  const values: unknown[] = [
    entry.kind,
    entry.memo ?? null,
    entry.transactionId ?? null,
    entry.paymentId ?? null,
    entry.userId ?? null,
  ];
  for (const [, { ref, amount }] of lines) {
    const a = accountColumns(ref);
    values.push(a.key, a.type, a.currency, a.userId, a.transactionId, a.provider, amount.toString());
  }
  return { kind: entry.kind, lines, values };
}

/**
 * Writes one balanced journal entry inside the caller's database transaction, in one SQL statement.
 * Postings to the same account are merged; zero postings are dropped. Accounts are created on demand
 * and locked in key order, so concurrent entries never deadlock each other. A wallet that would go
 * negative raises INSUFFICIENT_FUNDS (the caller's database transaction must then roll back, as it does
 * when the error propagates); escrow, fees or payouts_pending going negative is a bug (LedgerError).
 */
export async function postEntry(tx: Tx, entry: EntryInput): Promise<{ entryId: string }> {
  const prepared = prepareEntry(entry);
  let written: EntryWritten | undefined;
  try {
    [written] = await runStatement<EntryWritten>(tx, entryStatement(prepared.lines.length), prepared.values);
  } catch (error) {
    throw entryFailure(error, prepared);
  }
  return entryWritten(prepared, written);
}

/** What a statement with the entry's CTEs reports about it (ENTRY_RESULT's columns). */
export interface EntryWritten {
  entryId: string;
  entryAccounts: number;
  /** The key of a debited account the statement had to create (an empty wallet), if any. */
  entryOverdrawn: string | null;
}

/**
 * The entry's CTEs for `n` accounts (`v`, `acc`, `entry`, `posted`; to follow WITH, or a comma after
 * other CTEs), with parameters from `$first` on in PreparedEntry.values' order. The statement must select
 * ENTRY_RESULT and hand the row to entryWritten, and pass a failure to entryFailure.
 *
 * The accounts are created or updated by an upsert in key order, which locks each one (an existing row as
 * by UPDATE; a concurrent creator of the same key waits), so concurrent entries never deadlock each other;
 * the new balances and versions come back from it and the journal entry and its postings are written from
 * them. The non-negative CHECK on ledger_accounts refuses an overdraft of an existing account inside the
 * statement. PostgreSQL checks the proposed new row before it finds the conflict, so a debit proposes 0
 * and the UPDATE adds the real amount; a debit that had to create its account (an empty wallet) is
 * reported back (`entryOverdrawn`) and refused by entryWritten, which rolls the caller's database
 * transaction back with everything the statement wrote.
 */
export function entryCtes(n: number, first: number, onlyIf?: string): string {
  const $ = (i: number) => `$${first + i}`;
  // `onlyIf`: an SQL condition (e.g. that a guarded UPDATE in the same statement changed its row); when it
  // is false the statement writes no account, entry or posting.
  const where = onlyIf ? ` WHERE ${onlyIf}` : '';
  const rows = Array.from({ length: n }, (_, i) => {
    const p = 5 + i * 7;
    return `(${$(p)}, ${$(p + 1)}, ${$(p + 2)}, ${$(p + 3)}, ${$(p + 4)}::uuid, ${$(p + 5)}, ${$(p + 6)}::bigint)`;
  });
  return `v (key, type, currency, user_id, transaction_id, provider, amount) AS (VALUES ${rows.join(', ')}),
        acc AS (
          INSERT INTO ledger_accounts AS a (key, type, currency, user_id, transaction_id, provider, balance, version)
          SELECT key, type, currency, user_id, transaction_id, provider,
                 CASE WHEN amount < 0 AND type <> 'provider_clearing' THEN 0 ELSE amount END, 1
          FROM v${where} ORDER BY key
          ON CONFLICT (key) DO UPDATE
            SET balance = a.balance + (SELECT v.amount FROM v WHERE v.key = excluded.key),
                version = a.version + 1, updated_at = now()
          RETURNING a.id, a.key, a.balance, a.version, a.xmax = 0 AS created
        ),
        entry AS (
          INSERT INTO journal_entries (kind, memo, transaction_id, payment_id, user_id)
          SELECT ${$(0)}, ${$(1)}, ${$(2)}::uuid, ${$(3)}, ${$(4)}${where}
          RETURNING id
        ),
        posted AS (
          INSERT INTO postings (entry_id, account_id, amount, balance_after, version)
          SELECT entry.id, acc.id, v.amount, acc.balance, acc.version FROM entry, acc JOIN v ON v.key = acc.key
        )`;
}

/**
 * The accounts the entry takes money from that must not go below zero (wallets, escrow, fees): a
 * statement without a database transaction around it requires them to exist already, since the empty
 * account entryCtes would create for them can only be refused by rolling a transaction back.
 */
export function debitedKeys(p: PreparedEntry): string[] {
  return p.lines.filter(([, { ref, amount }]) => amount < 0n && mustStayNonNegative(ref.type)).map(([key]) => key);
}

/** The columns of EntryWritten, for the select list of a statement with entryCtes. */
export const ENTRY_RESULT = `(SELECT id FROM entry) AS "entryId", (SELECT count(*) FROM acc)::integer AS "entryAccounts",
        (SELECT min(acc.key) FROM acc JOIN v ON v.key = acc.key
          WHERE acc.created AND v.amount < 0 AND v.type <> 'provider_clearing') AS "entryOverdrawn"`;

/** Checks what the statement reported: an overdrawn empty wallet is INSUFFICIENT_FUNDS, a short write a LedgerError. */
export function entryWritten(p: PreparedEntry, written: EntryWritten | undefined): { entryId: string } {
  if (written?.entryOverdrawn) throw refusal(p.lines.find(([key]) => key === written.entryOverdrawn) ?? p.lines[0]!);
  if (!written || Number(written.entryAccounts) !== p.lines.length) {
    throw new LedgerError(`entry ${p.kind} updated ${written?.entryAccounts ?? 0} of ${p.lines.length} accounts`);
  }
  return { entryId: written.entryId };
}

/** The error to raise when a statement with the entry failed: INSUFFICIENT_FUNDS for an overdraft, else `error`. */
export function entryFailure(error: unknown, p: PreparedEntry): unknown {
  return overdraft(error, p.lines) ?? error;
}

const entryStatements = new Map<number, Statement>();

/** The entry's own statement for `n` accounts, built once per n: $1–$5 the entry, then 7 values per account. */
function entryStatement(n: number): Statement {
  let found = entryStatements.get(n);
  if (!found) {
    found = statement('ledger_entry', `WITH ${entryCtes(n, 1)}\n        SELECT ${ENTRY_RESULT}`);
    entryStatements.set(n, found);
  }
  return found;
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
