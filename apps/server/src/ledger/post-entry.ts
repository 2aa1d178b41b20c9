import type { Tx } from '../db/client.js';
import type { journalEntries } from '../db/schema/index.js';
import { runStatement, statement, type Statement } from '../db/statements.js';
import { TRANSACTION_MESSAGES } from '@holdfast/contracts';
import { appError } from '../lib/errors.js';
import {
  accountColumns,
  accountKey,
  accountKeySql,
  mustStayNonNegative,
  type AccountRef,
  type AccountRefSql,
} from './accounts.js';

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
export function entryCtes(n: number, first: number): string {
  const $ = (i: number) => `$${first + i}`;
  const rows = Array.from({ length: n }, (_, i) => {
    const p = 5 + i * 7;
    return `(${$(p)}, ${$(p + 1)}, ${$(p + 2)}, ${$(p + 3)}, ${$(p + 4)}::uuid, ${$(p + 5)}, ${$(p + 6)}::bigint)`;
  });
  return `v (key, type, currency, user_id, transaction_id, provider, amount) AS (VALUES ${rows.join(', ')}),
        ${accountsCte()},
        entry AS (
          INSERT INTO journal_entries (kind, memo, transaction_id, payment_id, user_id)
          VALUES (${$(0)}, ${$(1)}, ${$(2)}::uuid, ${$(3)}, ${$(4)})
          RETURNING id
        ),
        ${POSTED_CTE}`;
}

/** The upsert of the entry's accounts from `v`, in key order (see entryCtes). */
function accountsCte(): string {
  return `acc AS (
          INSERT INTO ledger_accounts AS a (key, type, currency, user_id, transaction_id, provider, balance, version)
          SELECT key, type, currency, user_id, transaction_id, provider,
                 CASE WHEN amount < 0 AND type <> 'provider_clearing' THEN 0 ELSE amount END, 1
          FROM v ORDER BY key
          ON CONFLICT (key) DO UPDATE
            SET balance = a.balance + (SELECT v.amount FROM v WHERE v.key = excluded.key),
                version = a.version + 1, updated_at = now()
          RETURNING a.id, a.key, a.balance, a.version, a.xmax = 0 AS created
        )`;
}

const POSTED_CTE = `posted AS (
          INSERT INTO postings (entry_id, account_id, amount, balance_after, version)
          SELECT entry.id, acc.id, v.amount, acc.balance, acc.version FROM entry, acc JOIN v ON v.key = acc.key
        )`;

/** An entry whose values are SQL expressions over a row (movements.ts `walletFundingEntrySql`, `releaseEntrySql`). */
export interface EntrySql {
  kind: EntryKind;
  memo: string;
  transactionId: string;
  userId: string;
  /** `debit`: the posting takes money from its account (its amount is negative). */
  postings: { account: AccountRefSql; amount: string; debit?: true }[];
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The CTEs of an entry read from `from` (e.g. `updated u`; no row there, no entry): `v` from the row, zero
 * postings dropped as prepareEntry drops them, then the same upsert of the accounts in key order and the
 * same journal entry and postings as entryCtes. The statement selects ENTRY_SQL_RESULT and hands the row
 * to entrySqlWritten, a failure to entrySqlFailure; its UPDATE carries entrySqlGuard.
 */
export function entrySqlCtes(e: EntrySql, from: string): string {
  const rows = e.postings.map(({ account: a, amount }) => {
    const userId = a.type === 'wallet' ? a.userId : 'null';
    const transactionId = a.type === 'escrow' ? a.transactionId : 'null';
    return `(${accountKeySql(a)}, ${literal(a.type)}, ${a.currency}, (${userId})::text, (${transactionId})::uuid, null::text, (${amount})::bigint)`;
  });
  return `v (key, type, currency, user_id, transaction_id, provider, amount) AS (
          SELECT p.* FROM ${from}
          CROSS JOIN LATERAL (VALUES ${rows.join(', ')}) AS p (key, type, currency, user_id, transaction_id, provider, amount)
          WHERE p.amount <> 0
        ),
        ${accountsCte()},
        entry AS (
          INSERT INTO journal_entries (kind, memo, transaction_id, payment_id, user_id)
          SELECT ${literal(e.kind)}, ${literal(e.memo)}, (${e.transactionId})::uuid, null, ${e.userId} FROM ${from}
          RETURNING id
        ),
        ${POSTED_CTE}`;
}

/**
 * The condition for the UPDATE whose row an EntrySql reads (`e` built over that UPDATE's columns): every
 * account has a key (no owner is missing, e.g. a seller without an account), and every account the entry
 * takes money from that must stay non-negative exists already. The statement can then fail only on an
 * overdraft (the CHECK, all of it undone), never create an empty account it would have to take back.
 */
export function entrySqlGuard(e: EntrySql): string {
  const keyed = e.postings.map(({ account }) => `${accountKeySql(account)} is not null`);
  // One primary-key probe each (a plain EXISTS on the unique key, never a scan of the accounts).
  const debited = e.postings
    .filter((p) => p.debit && mustStayNonNegative(p.account.type))
    .map(({ account }) => `exists (select 1 from ledger_accounts a where a.key = ${accountKeySql(account)})`);
  return [...keyed, ...debited].join(' and ');
}

/** Checks what an EntrySql statement reported; nothing here can fail while entrySqlGuard held. */
export function entrySqlWritten(kind: EntryKind, written: EntryWritten & { entryLines: number }): void {
  if (written.entryOverdrawn)
    throw new LedgerError(`entry ${kind} created the debited account ${written.entryOverdrawn}`);
  const lines = Number(written.entryLines);
  if (lines < 2 || Number(written.entryAccounts) !== lines) {
    throw new LedgerError(`entry ${kind} updated ${written.entryAccounts} of ${lines} accounts`);
  }
}

/** The error to raise when an EntrySql statement failed: INSUFFICIENT_FUNDS for a wallet's overdraft, as entryFailure. */
export function entrySqlFailure(error: unknown): unknown {
  const pgError = nonNegativeViolation(error);
  if (!pgError) return error;
  // The failing row (the error's detail) names the account; its key starts with its type.
  const key = /(wallet|escrow|fees|payouts_pending):[^,)]*/.exec(pgError.detail ?? '')?.[0] ?? 'an account';
  return refusalOf(key.split(':')[0] as AccountRef['type'], key);
}

/** The columns of EntryWritten, for the select list of a statement with entryCtes. */
export const ENTRY_RESULT = `(SELECT id FROM entry) AS "entryId", (SELECT count(*) FROM acc)::integer AS "entryAccounts",
        (SELECT min(acc.key) FROM acc JOIN v ON v.key = acc.key
          WHERE acc.created AND v.amount < 0 AND v.type <> 'provider_clearing') AS "entryOverdrawn"`;

/** ENTRY_RESULT and the number of postings the entry had (entrySqlWritten compares). */
export const ENTRY_SQL_RESULT = `${ENTRY_RESULT}, (SELECT count(*) FROM v)::integer AS "entryLines"`;

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
  return refusalOf(ref.type, key);
}

function refusalOf(type: AccountRef['type'], key: string): Error {
  if (type === 'wallet') return appError('INSUFFICIENT_FUNDS', TRANSACTION_MESSAGES.insufficientFunds);
  return new LedgerError(`${key} would go negative`);
}

/** The failure of ledger_accounts_non_negative inside `error` (or its causes); null for any other failure. */
function nonNegativeViolation(error: unknown): { detail?: string } | null {
  let e: unknown = error;
  while (e && typeof e === 'object' && (e as { code?: string }).code !== '23514') e = (e as { cause?: unknown }).cause;
  const pgError = e as { constraint?: string; detail?: string } | undefined;
  if (!pgError) return null;
  if (pgError.constraint !== undefined && pgError.constraint !== 'ledger_accounts_non_negative') return null;
  return pgError;
}

/** The refusal when the statement failed on ledger_accounts_non_negative; null for any other failure. */
function overdraft(error: unknown, lines: Line[]): Error | null {
  const pgError = nonNegativeViolation(error);
  if (!pgError) return null;
  const debited = lines.filter(([, { ref, amount }]) => amount < 0n && mustStayNonNegative(ref.type));
  // The failing row (the error's detail) names the account; with one debited account it is that one.
  const line = debited.find(([key]) => pgError.detail?.includes(key)) ?? debited[0];
  return line ? refusal(line) : null;
}
