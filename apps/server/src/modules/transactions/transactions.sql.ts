import type { DbOrTx, Tx } from '../../db/client.js';
import type { transactions } from '../../db/schema/index.js';
import { runStatement, statement, toDate, type Statement } from '../../db/statements.js';
import type { TTransactionStatus } from '@holdfast/contracts';
import { jobsInsertText, jobsInsertValues, jobsInsertWhereText, jobsShape, type AnyNewJob } from '../../jobs/queue.js';
import {
  ENTRY_RESULT,
  ENTRY_SQL_RESULT,
  entrySqlCtes,
  entrySqlFailure,
  entrySqlGuard,
  entrySqlWritten,
  type EntryKind,
  type EntrySql,
  entryCtes,
  entryFailure,
  entryWritten,
  prepareEntry,
  type EntryInput,
  type EntryWritten,
} from '../../ledger/index.js';
import type { TransactionRow, TransactionWithParties } from './transactions.queries.js';
import { isUuid, nextStatus, statesAllowing, whoMay, type TransactionAction } from './transactions.rules.js';

/**
 * The release path's statements (lock, state change, create) as SQL text built once per shape and run
 * as named prepared statements (db/statements.ts): the same SQL the query builder made, without building
 * it on every request. The rows come back under TransactionRow's own names.
 */

/** Every column of a transaction row, named as TransactionRow names it. */
const COLUMNS: Record<keyof TransactionRow, string> = {
  id: 'id',
  buyerId: 'buyer_id',
  sellerEmail: 'seller_email',
  sellerId: 'seller_id',
  amount: 'amount',
  fee: 'fee',
  total: 'total',
  currency: 'currency',
  description: 'description',
  type: 'type',
  status: 'status',
  paymentStatus: 'payment_status',
  expectedDeliveryDate: 'expected_delivery_date',
  deliveryNotes: 'delivery_notes',
  inspectionDays: 'inspection_days',
  fundedAt: 'funded_at',
  deliveredAt: 'delivered_at',
  trackingReference: 'tracking_reference',
  deliveryMessage: 'delivery_message',
  autoReleaseAt: 'auto_release_at',
  acceptedAt: 'accepted_at',
  completedAt: 'completed_at',
  cancelledAt: 'cancelled_at',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  lastMessageAt: 'last_message_at',
};
const ROW = (prefix: string) =>
  Object.entries(COLUMNS)
    .map(([name, column]) => `${prefix}${column} as "${name}"`)
    .join(', ');

type RawRow = Omit<TransactionRow, 'amount' | 'fee' | 'total' | `${string}At`> & {
  amount: string | number | bigint;
  fee: string | number | bigint;
  total: string | number | bigint;
} & Record<`${string}At`, string | Date | null>;

/** A row as the driver returned it (text timestamps, int8 as text) as TransactionRow, in place. */
function toRow(r: RawRow): TransactionRow {
  const t = r as unknown as TransactionRow;
  t.amount = BigInt(r.amount);
  t.fee = BigInt(r.fee);
  t.total = BigInt(r.total);
  t.createdAt = toDate(r.createdAt)!;
  t.updatedAt = toDate(r.updatedAt)!;
  t.fundedAt = toDate(r.fundedAt);
  t.deliveredAt = toDate(r.deliveredAt);
  t.autoReleaseAt = toDate(r.autoReleaseAt);
  t.acceptedAt = toDate(r.acceptedAt);
  t.completedAt = toDate(r.completedAt);
  t.cancelledAt = toDate(r.cancelledAt);
  t.lastMessageAt = toDate(r.lastMessageAt);
  return t;
}

type PartyColumns = {
  bId: string;
  bFirstName: string;
  bLastName: string;
  bEmail: string;
  sId: string | null;
  sFirstName: string | null;
  sLastName: string | null;
};

function withParties(r: RawRow & PartyColumns): TransactionWithParties {
  const { bId, bFirstName, bLastName, bEmail, sId, sFirstName, sLastName, ...t } = r;
  return {
    t: toRow(t as RawRow),
    buyer: { id: bId, firstName: bFirstName, lastName: bLastName, email: bEmail },
    seller: sId ? { id: sId, firstName: sFirstName ?? '', lastName: sLastName ?? '' } : null,
  };
}

/** The seller's account by the row's seller id; `sellerId` is an SQL expression. */
const SELLER = (sellerId: string) =>
  `left join lateral (select id, first_name, last_name from users where id = ${sellerId} limit 1) s on true`;
const SELLER_COLUMNS = 's.id as "sId", s.first_name as "sFirstName", s.last_name as "sLastName"';

const LOCK = statement(
  'tx_lock',
  `select ${ROW('t.')},
     b.id as "bId", b.first_name as "bFirstName", b.last_name as "bLastName", b.email as "bEmail", ${SELLER_COLUMNS}
   from transactions t
   cross join lateral (select id, first_name, last_name, email from users where id = t.buyer_id limit 1) b
   ${SELLER('t.seller_id')}
   where t.id = $1
   for update of t`,
);

/**
 * Locks the transaction row (only that row) and reads it with its parties in one statement; null when it
 * does not exist. The parties give the seller's id (for a release) and the caller's view after a change,
 * so neither is read again.
 */
export async function lockTransactionWithParties(tx: Tx, id: string): Promise<TransactionWithParties | null> {
  if (!isUuid(id)) return null;
  const [row] = await runStatement<RawRow & PartyColumns>(tx, LOCK, [id]);
  return row ? withParties(row) : null;
}

export type Changes = Partial<typeof transactions.$inferInsert>;

export interface Change {
  transactionId: string;
  actorId: string | null;
  action: string;
  from: string;
  to: string;
  now: Date;
  set: Changes;
  jobs: readonly AnyNewJob[];
  /** The ledger entry the change causes (ledger/movements.ts), written by the same statement. */
  entry?: EntryInput;
}

const changeStatements = new Map<string, Statement>();

function changeStatement(setColumns: string[], jobs: readonly AnyNewJob[], entryAccounts: number): Statement {
  const shape = `${setColumns.join(',')}|${jobsShape(jobs)}|${entryAccounts}`;
  let found = changeStatements.get(shape);
  if (!found) {
    // $1 id, $2 status, $3 updated_at (and the history's time), $4 actor, $5 from, $6 action, then the set
    // columns, then the jobs, then the ledger entry's values (PreparedEntry.values).
    const sets = setColumns.map((name, i) => `, ${COLUMNS[name as keyof TransactionRow]} = $${7 + i}`).join('');
    const queued = jobs.length ? `, queued as (${jobsInsertText(jobs, 7 + setColumns.length)})` : '';
    const jobValues = jobs.reduce((n, job) => n + (job.maxAttempts ? 5 : 4), 0);
    // The entry's CTEs lock the accounts in key order as the entry's own statement does; the caller holds
    // the transaction row's lock already, so locks are still taken in the same order as before.
    const entry = entryAccounts ? `, ${entryCtes(entryAccounts, 7 + setColumns.length + jobValues)}` : '';
    found = statement(
      'tx_change',
      `with updated as (
         update transactions set status = $2, updated_at = $3${sets} where id = $1 returning ${ROW('')}
       ), history as (
         insert into transaction_events (transaction_id, actor_id, from_status, to_status, action, at)
         values ($1, $4, $5, $2, $6, $3)
       )${queued}${entry}
       select *${entryAccounts ? `, ${ENTRY_RESULT}` : ''} from updated`,
    );
    changeStatements.set(shape, found);
  }
  return found;
}

const driverValue = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v);

/**
 * The state change, its history row, its jobs and its ledger entry in one statement (an UPDATE and
 * INSERTs as writable CTEs, all or nothing). Returns the updated row, or null when there is no such row.
 * An overdraft is INSUFFICIENT_FUNDS as from postEntry; when it is found after the statement (an empty
 * wallet), the error must roll the caller's database transaction back, as it does when it propagates.
 */
export async function writeChange(tx: Tx, c: Change): Promise<TransactionRow | null> {
  // As the query builder did: a key whose value is undefined is not set.
  const setColumns = Object.keys(c.set).filter(
    (k) => k !== 'status' && k !== 'updatedAt' && c.set[k as keyof Changes] !== undefined,
  );
  for (const k of setColumns) if (!(k in COLUMNS)) throw new Error(`unknown transaction column ${k}`);
  const values: unknown[] = [c.transactionId, c.to, c.now.toISOString(), c.actorId, c.from, c.action];
  for (const k of setColumns) values.push(driverValue(c.set[k as keyof Changes] ?? null));
  values.push(...jobsInsertValues(c.jobs));
  const entry = c.entry ? prepareEntry(c.entry) : null;
  if (!entry) {
    const [row] = await runStatement<RawRow>(tx, changeStatement(setColumns, c.jobs, 0), values);
    return row ? toRow(row) : null;
  }
  values.push(...entry.values);
  let row: (RawRow & EntryWritten) | undefined;
  try {
    [row] = await runStatement<RawRow & EntryWritten>(
      tx,
      changeStatement(setColumns, c.jobs, entry.lines.length),
      values,
    );
  } catch (error) {
    throw entryFailure(error, entry);
  }
  if (!row) return null;
  const { entryId, entryAccounts, entryOverdrawn, ...t } = row;
  entryWritten(entry, { entryId, entryAccounts, entryOverdrawn });
  return toRow(t as RawRow);
}

export interface NewTransaction {
  id: string;
  buyerId: string;
  sellerEmail: string;
  amount: bigint;
  fee: bigint;
  total: bigint;
  currency: string;
  description: string;
  type: 'product' | 'service';
  inspectionDays: number;
  now: Date;
}

const createStatements = new Map<string, Statement>();

function createStatement(jobs: readonly AnyNewJob[]): Statement {
  const shape = jobsShape(jobs);
  let found = createStatements.get(shape);
  if (!found) {
    found = statement(
      'tx_create',
      `with created as (
         insert into transactions (id, buyer_id, seller_email, amount, fee, total, currency, description, type,
                                   inspection_days, created_at, updated_at)
         values ($1, $2, $3, $4::bigint, $5::bigint, $6::bigint, $7, $8, $9, $10, $11, $11)
         returning ${ROW('')}
       ), history as (
         insert into transaction_events (transaction_id, actor_id, from_status, to_status, action, at)
         values ($1, $2, 'none', 'pending', 'create', $11)
       ), queued as (${jobsInsertText(jobs, 12)})
       select created.*, ${SELLER_COLUMNS} from created ${SELLER('created."sellerId"')}`,
    );
    createStatements.set(shape, found);
  }
  return found;
}

/**
 * A new transaction (status pending), its history row and its jobs in one statement, read back with the
 * seller's account (null until the seller email belongs to a verified account).
 */
export async function insertTransaction(
  db: DbOrTx,
  n: NewTransaction,
  jobs: readonly AnyNewJob[],
): Promise<{ t: TransactionRow; seller: { id: string; firstName: string; lastName: string } | null }> {
  const values = [
    n.id,
    n.buyerId,
    n.sellerEmail,
    n.amount.toString(),
    n.fee.toString(),
    n.total.toString(),
    n.currency,
    n.description,
    n.type,
    n.inspectionDays,
    n.now.toISOString(),
    ...jobsInsertValues(jobs),
  ];
  const [row] = await runStatement<RawRow & PartyColumns>(db, createStatement(jobs), values);
  if (!row) throw new Error('the new transaction was not returned');
  const { sId, sFirstName, sLastName, ...t } = row;
  return {
    t: toRow(t as RawRow),
    seller: sId ? { id: sId, firstName: sFirstName ?? '', lastName: sLastName ?? '' } : null,
  };
}

/** The caller, as the guard of a guarded change needs them. */
export interface Actor {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** A column of the row being changed, as an SQL expression. */
export type RowColumn = (name: keyof TransactionRow) => string;

/** The money a guarded change moves, built over the changed row's columns (ledger/movements.ts `…EntrySql`). */
export interface RowEntry {
  /** The entry's kind; also names the statement's shape (one entry function each). */
  kind: EntryKind;
  build: (column: RowColumn) => EntrySql;
}

export interface GuardedChange {
  action: TransactionAction;
  /** The history's action. */
  recorded: string;
  now: Date;
  set: Changes;
  jobs: readonly AnyNewJob[];
  /** Only from this status (when the jobs or the entry hold for it alone, e.g. funding before acceptance). */
  from?: TTransactionStatus;
  /** The ledger entry, written by the same statement from the row it changes. */
  entry?: RowEntry;
}

const guardedStatements = new Map<string, { statement: Statement; from: TTransactionStatus | null }>();

const updatedColumn: RowColumn = (name) => `u."${name}"`;
const tableColumn: RowColumn = (name) => `transactions.${COLUMNS[name]}`;

function guardedStatement(
  action: TransactionAction,
  setColumns: string[],
  jobs: readonly AnyNewJob[],
  only?: TTransactionStatus,
  money?: RowEntry,
) {
  const shape = `${action}|${setColumns.join(',')}|${jobs.length}|${only ?? ''}|${money?.kind ?? ''}`;
  let found = guardedStatements.get(shape);
  if (!found) {
    const states = statesAllowing(action)?.filter(([status]) => !only || status === only);
    if (!states?.length) throw new Error(`no guarded change for ${action}`);
    const froms = [...new Set(states.map(([status]) => status))];
    // The status after the action; an action that keeps it (funding) writes the row's own.
    const keeps = nextStatus(action, froms[0]!) === froms[0];
    if (!keeps && froms.length !== 1) throw new Error(`${action} changes the status from several: not guarded`);
    const pairs = states.map(([s, p]) => `('${s}', '${p}')`).join(', ');
    const who = whoMay(action);

    // IS TRUE keeps the buyer indexes out of it: the row is found by its primary key, never by scanning a
    // buyer's deals (with stale statistics the planner preferred transactions_buyer_inbox_idx).
    const buyer = '(buyer_id = $5) is true';
    const seller = '(seller_id = $5) is true';
    const guard = who === 'buyer' ? buyer : who === 'seller' ? seller : `(${buyer} or ${seller})`;
    // $1 id, $2 the new status (null when kept), $3 now, $4 the history's action, $5 caller id; then the
    // set columns, the jobs.
    const first = 6;
    const sets = setColumns.map((name, i) => `, ${COLUMNS[name as keyof TransactionRow]} = $${first + i}`).join('');
    const queued = jobs.length
      ? `, queued as (${jobsInsertWhereText(jobs, first + setColumns.length, 'exists (select 1 from updated)')})`
      : '';
    // The entry: its accounts and amounts from the updated row, only when the UPDATE changed it; and the
    // UPDATE only when the entry can be written (entrySqlGuard), so the statement never has to take one back.
    const entry = money ? `, ${entrySqlCtes(money.build(updatedColumn), 'updated u')}` : '';
    const entryGuard = money ? ` and ${entrySqlGuard(money.build(tableColumn))}` : '';
    const statement_ = statement(
      'tx_guarded',
      `with updated as (
         update transactions set status = coalesce($2::text, status), updated_at = $3${sets}
         where id = $1 and (status, payment_status) in (${pairs}) and ${guard}${entryGuard}
         returning ${ROW('')}
       ), history as (
         insert into transaction_events (transaction_id, actor_id, from_status, to_status, action, at)
         select id, $5, ${keeps ? 'status' : `'${froms[0]}'`}, status, $4, $3 from updated
       )${queued}${entry}
       select u.*, b.id as "bId", b.first_name as "bFirstName", b.last_name as "bLastName", b.email as "bEmail",
              ${SELLER_COLUMNS}${money ? `, ${ENTRY_SQL_RESULT}` : ''}
       from updated u
       cross join lateral (select id, first_name, last_name, email from users where id = u."buyerId" limit 1) b
       ${SELLER('u."sellerId"')}`,
    );
    found = { statement: statement_, from: keeps ? null : froms[0]! };
    guardedStatements.set(shape, found);
  }
  return found;
}

/**
 * A state change in one statement with no explicit database transaction around it: the UPDATE happens
 * only when the row's statuses are ones where the rules allow `action` (statesAllowing) and the caller is
 * who may take it (whoMay), checked on the row's latest version under its row lock; the history row and
 * the jobs are written by the same statement, only when the row changed. Null when nothing changed: the
 * caller then takes the locked path, which gives the exact answer (404, 403, 409, …). Accept; and funding
 * from the wallet and confirming, whose ledger entry (`c.entry`) is written by the same statement from the
 * changed row, the UPDATE applying only while that entry can be written (decision 016).
 */
export async function guardedChange(
  db: DbOrTx,
  id: string,
  actor: Actor,
  c: GuardedChange,
): Promise<TransactionWithParties | null> {
  if (!isUuid(id)) return null;
  const setColumns = Object.keys(c.set).filter((k) => c.set[k as keyof Changes] !== undefined);
  for (const k of setColumns) if (!(k in COLUMNS) || k === 'status') throw new Error(`cannot set ${k} here`);
  const { statement: s, from } = guardedStatement(c.action, setColumns, c.jobs, c.from, c.entry);
  const values: unknown[] = [
    id,
    from === null ? null : nextStatus(c.action, from),
    c.now.toISOString(),
    c.recorded,
    actor.id,
  ];
  for (const k of setColumns) values.push(driverValue(c.set[k as keyof Changes] ?? null));
  values.push(...jobsInsertValues(c.jobs));
  if (!c.entry) {
    const [row] = await runStatement<RawRow & PartyColumns>(db, s, values);
    return row ? withParties(row) : null;
  }
  let row: (RawRow & PartyColumns & EntryWritten & { entryLines: number }) | undefined;
  try {
    [row] = await runStatement<RawRow & PartyColumns & EntryWritten & { entryLines: number }>(db, s, values);
  } catch (error) {
    throw entrySqlFailure(error);
  }
  if (!row) return null;
  const { entryId, entryAccounts, entryOverdrawn, entryLines, ...rest } = row;
  entrySqlWritten(c.entry.kind, { entryId, entryAccounts, entryOverdrawn, entryLines });
  return withParties(rest as RawRow & PartyColumns);
}
