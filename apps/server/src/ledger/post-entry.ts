import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import type { journalEntries } from '../db/schema/index.js';
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
export interface EntryWritten {
  entryId: string;
  entryAccounts: number;
  /** The key of a debited account the statement had to create (an empty wallet), if any. */
  entryOverdrawn: string | null;
}

/**
 * A journal entry as parts of one SQL statement: `ctes` write it (its accounts, the entry, its postings) and
 * `report` selects what EntryWritten needs from them. postEntry runs them alone; a transaction's change
 * puts them in its own statement (transactions.queries.ts `writeChange`), so the entry and the state change
 * it belongs to are one statement. Either way `settleEntry` then checks the report. One fixed text: the
 * accounts go in as arrays, one element each, whatever the entry.
 *
 * The accounts are created or updated by an upsert in key order, which locks each one (an existing row as
 * by UPDATE; a concurrent creator of the same key waits), so concurrent entries never deadlock each other;
 * the new balances and versions come back from it and the journal entry and its postings are written from
 * them. The non-negative CHECK on ledger_accounts refuses an overdraft of an existing account inside the
 * statement. PostgreSQL checks the proposed new row before it finds the conflict, so a debit proposes 0
 * and the UPDATE adds the real amount; a debit that had to create its account (an empty wallet) is
 * reported back (`entryOverdrawn`) and refused by settleEntry. All CTEs of a statement see one snapshot
 * and none reads another's table, so the entry's parts behave the same beside a change's.
 */
export function entryStatement(db: DbOrTx, entry: EntryInput) {
  const lines = linesOf(entry);
  const accounts = lines.map(([, { ref }]) => accountColumns(ref));
  const column = <K extends keyof (typeof accounts)[number]>(name: K) => accounts.map((a) => a[name]);
  // Every value is a placeholder (`entry…`), so the text is the same for every entry (and can be prepared).
  const params = {
    entryKeys: column('key'),
    entryTypes: column('type'),
    entryCurrencies: column('currency'),
    entryUserIds: column('userId'),
    entryTransactionIds: column('transactionId'),
    entryProviders: column('provider'),
    entryAmounts: lines.map(([, { amount }]) => amount.toString()),
    entryKind: entry.kind,
    entryMemo: entry.memo ?? null,
    entryTransactionId: entry.transactionId ?? null,
    entryPaymentId: entry.paymentId ?? null,
    entryUserId: entry.userId ?? null,
  };
  const p = (name: keyof typeof params) => sql.placeholder(name);
  const ctes = [
    db.$with('entry_lines', {}).as(
      sql`SELECT * FROM unnest(${p('entryKeys')}::text[], ${p('entryTypes')}::text[], ${p('entryCurrencies')}::text[],
          ${p('entryUserIds')}::text[], ${p('entryTransactionIds')}::uuid[], ${p('entryProviders')}::text[],
          ${p('entryAmounts')}::bigint[]) AS v (key, type, currency, user_id, transaction_id, provider, amount)`,
    ),
    db.$with('entry_accounts', {}).as(
      sql`INSERT INTO ledger_accounts AS a (key, type, currency, user_id, transaction_id, provider, balance, version)
          SELECT key, type, currency, user_id, transaction_id, provider,
                 CASE WHEN amount < 0 AND type <> 'provider_clearing' THEN 0 ELSE amount END, 1
          FROM entry_lines ORDER BY key
          ON CONFLICT (key) DO UPDATE
            SET balance = a.balance + (SELECT v.amount FROM entry_lines v WHERE v.key = excluded.key),
                version = a.version + 1, updated_at = now()
          RETURNING a.id, a.key, a.balance, a.version, a.xmax = 0 AS created`,
    ),
    db.$with('entry', {}).as(
      sql`INSERT INTO journal_entries (kind, memo, transaction_id, payment_id, user_id)
          VALUES (${p('entryKind')}, ${p('entryMemo')}, ${p('entryTransactionId')}::uuid, ${p('entryPaymentId')},
            ${p('entryUserId')})
          RETURNING id`,
    ),
    db.$with('entry_postings', {}).as(
      sql`INSERT INTO postings (entry_id, account_id, amount, balance_after, version)
          SELECT entry.id, acc.id, v.amount, acc.balance, acc.version
          FROM entry, entry_accounts acc JOIN entry_lines v ON v.key = acc.key`,
    ),
  ];
  const report = {
    entryId: sql<string>`(SELECT id FROM entry)`,
    entryAccounts: sql<number>`(SELECT count(*) FROM entry_accounts)::integer`,
    entryOverdrawn: sql<
      string | null
    >`(SELECT min(acc.key) FROM entry_accounts acc JOIN entry_lines v ON v.key = acc.key
      WHERE acc.created AND v.amount < 0 AND v.type <> 'provider_clearing')`,
  };
  return { entry, lines, ctes, report, params };
}

export type EntryStatement = ReturnType<typeof entryStatement>;

/**
 * Runs the statement that holds the entry (`run` answers its report) and applies the entry's checks: a
 * wallet that would go negative is INSUFFICIENT_FUNDS (the caller's database transaction must then roll
 * back, as it does when the error propagates, with everything the statement wrote); escrow, fees or
 * payouts_pending going negative, or an account not written, is a bug (LedgerError).
 */
export async function settleEntry<R extends EntryWritten>(
  s: EntryStatement,
  run: () => Promise<R | undefined>,
): Promise<R> {
  let written: R | undefined;
  try {
    written = await run();
  } catch (error) {
    throw overdraft(error, s.lines) ?? error;
  }
  if (written?.entryOverdrawn) throw refusal(s.lines.find(([key]) => key === written.entryOverdrawn) ?? s.lines[0]!);
  if (!written || Number(written.entryAccounts) !== s.lines.length) {
    throw new LedgerError(`entry ${s.entry.kind} updated ${written?.entryAccounts ?? 0} of ${s.lines.length} accounts`);
  }
  return written;
}

/**
 * Writes one balanced journal entry inside the caller's database transaction, in one statement of its own
 * (entryStatement). Postings to the same account are merged; zero postings are dropped. A wallet that would
 * go negative raises INSUFFICIENT_FUNDS (settleEntry).
 */
export async function postEntry(tx: Tx, entry: EntryInput): Promise<{ entryId: string }> {
  const s = entryStatement(tx, entry);
  const written = await settleEntry(s, async () => {
    const [row] = await tx
      .with(...s.ctes)
      .select(s.report)
      .from(sql`entry`)
      .prepare('ledger_entry')
      .execute(s.params);
    return row;
  });
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
