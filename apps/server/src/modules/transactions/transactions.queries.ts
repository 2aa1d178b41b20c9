import { createHash } from 'node:crypto';
import { desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  toDecimal,
  type TTransaction,
  type TTransactionListQuery,
  type TTransactionStats,
  type TTransactionStatus,
} from '@holdfast/contracts';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client.js';
import { jobs, transactionEvents, transactions, users } from '../../db/schema/index.js';
import { enqueueJobsPlaceholders, type AnyNewJob } from '../../jobs/queue.js';
import type { EntryStatement, EntryWritten } from '../../ledger/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import { isUuid } from '../../lib/uuid.js';
import { NO_PAYOUT, outcomeFacts, outcomeOf, type OutcomeFacts } from './transactions.outcome.js';
import { cursorKeysOf, isRefinedListQuery, refinedPageRows } from './transactions.list-search.js';
import { pageRowsWithParties } from './transactions.parties.js';
import {
  allowedActions,
  allowedActionsChangeAt,
  relationOf,
  sellerEmailOf,
  timersOf,
  type Viewer,
} from './transactions.rules.js';
import { stagedDealActions, type MilestoneRow } from './transactions.milestone-rules.js';
import { milestonesActionsChangeAt, milestonesView } from './transactions.milestones.view.js';
import { listMilestones, milestonesOfDeals } from './transactions.milestones.queries.js';

/** A transaction as the escrow code reads it; the parties' archive marks belong to the conversations. */
export type TransactionRow = Omit<typeof transactions.$inferSelect, 'buyerArchivedAt' | 'sellerArchivedAt'>;
const {
  buyerArchivedAt: _buyerMark,
  sellerArchivedAt: _sellerMark,
  ...transactionColumns
} = getTableColumns(transactions);

/** Locks the transaction row for the rest of the database transaction; null when it does not exist. */
export async function lockTransaction(tx: Tx, id: string): Promise<TransactionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row ?? null;
}

export interface HistoryEvent {
  transactionId: string;
  actorId: string | null;
  from: string;
  to: string;
  action: string;
  at?: Date;
}

/** A history row of its own (a change that writes no state, e.g. a card payment credited to the wallet). */
export async function recordEvent(tx: Tx, e: HistoryEvent) {
  await tx.insert(transactionEvents).values({
    transactionId: e.transactionId,
    actorId: e.actorId,
    fromStatus: e.from,
    toStatus: e.to,
    action: e.action,
    // The product's clock when the caller has it, so a history written under a moved clock stays in order.
    ...(e.at ? { at: e.at } : {}),
  });
}

const buyerAccount = alias(users, 'buyer');
const sellerAccount = alias(users, 'seller');

/** One transaction, found by its id, with its parties (plain joins: one row, each party by primary key). */
function selectWithParties(db: DbOrTx) {
  const [buyer, seller] = [buyerAccount, sellerAccount];
  return db
    .select({
      t: transactionColumns,
      buyer: { id: buyer.id, firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email },
      seller: { id: seller.id, firstName: seller.firstName, lastName: seller.lastName },
    })
    .from(transactions)
    .innerJoin(buyer, eq(buyer.id, transactions.buyerId))
    .leftJoin(seller, eq(seller.id, transactions.sellerId));
}

type Joined = Awaited<ReturnType<typeof selectWithParties>>[number];

type Party = { id: string; firstName: string | null; lastName: string | null };

/**
 * `viewer`'s view at `now` of the row and its parties (the seller once registered and verified): the
 * spec's Transaction object, with what the viewer may do; null when they may not see it.
 */
function wire(
  t: TransactionRow,
  buyer: Party & { email: string },
  seller: Party | null,
  viewer: Viewer,
  now: Date,
  payout: OutcomeFacts = NO_PAYOUT,
  milestones: readonly MilestoneRow[] = [],
): TTransaction | null {
  const viewerRole = relationOf(t, viewer).viewerRole;
  if (!viewerRole) return null;
  const timers = timersOf(t);
  return {
    id: t.id,
    amount: toDecimal(t.amount, t.currency),
    fee: toDecimal(t.fee, t.currency),
    total: toDecimal(t.total, t.currency),
    currency: t.currency,
    status: t.status,
    paymentStatus: t.paymentStatus,
    description: t.description,
    type: t.type,
    buyerId: t.buyerId,
    sellerId: seller?.id ?? null,
    sellerEmail: t.sellerEmail,
    buyer,
    seller: seller ? { id: seller.id, firstName: seller.firstName, lastName: seller.lastName } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    acceptedAt: t.acceptedAt?.toISOString() ?? null,
    completedAt: t.completedAt?.toISOString() ?? null,
    cancelledAt: t.cancelledAt?.toISOString() ?? null,
    expectedDeliveryDate: t.expectedDeliveryDate,
    deliveryNotes: t.deliveryNotes,
    inspectionDays: t.inspectionDays,
    fundedAt: t.fundedAt?.toISOString() ?? null,
    deliveredAt: t.deliveredAt?.toISOString() ?? null,
    trackingReference: t.trackingReference,
    deliveryMessage: t.deliveryMessage,
    autoReleaseAt: timers.autoReleaseAt?.toISOString() ?? null,
    cancelsAt: timers.cancelsAt?.toISOString() ?? null,
    lateCancelFrom: timers.lateCancelFrom?.toISOString() ?? null,
    viewerRole,
    invitationSentAt: seller ? null : (t.invitationSentAt ?? t.createdAt).toISOString(),
    outcome: outcomeOf(t, payout, milestones.length ? paidInStages(milestones) : t.total),
    allowedActions: milestones.length
      ? stagedDealActions({ ...t, sellerId: seller?.id ?? null }, milestones, viewer, now)
      : allowedActions({ ...t, sellerId: seller?.id ?? null }, viewer, now),
    milestones: milestonesView({ ...t, sellerId: seller?.id ?? null }, milestones, viewer, now),
  };
}

/** What escrow received for a deal paid in stages: the totals of the milestones that were funded. */
const paidInStages = (milestones: readonly MilestoneRow[]) =>
  milestones.reduce((sum, m) => (m.fundedAt ? sum + m.total : sum), 0n);

/** A transaction row with the parties its view shows (the buyer; the seller once registered and verified). */
export type TransactionWithParties = Joined;

/**
 * `user`'s view at `now` of a transaction row and its parties, or null when they may not see it. `payout`:
 * the row's outcome figures from the ledger (outcomeFacts), when money may have left escrow.
 */
export function transactionView(
  row: TransactionWithParties,
  user: SessionUser,
  now: Date,
  payout?: OutcomeFacts,
  milestones: readonly MilestoneRow[] = [],
): TTransaction | null {
  return wire(row.t, row.buyer, row.seller?.id ? row.seller : null, user, now, payout, milestones);
}

/** As transactionView, reading the outcome's figures from the ledger first (inside `db`'s transaction, if any). */
export async function transactionViewWithOutcome(
  db: DbOrTx,
  row: TransactionWithParties,
  user: SessionUser,
  now: Date,
  milestones: readonly MilestoneRow[] = [],
): Promise<TTransaction | null> {
  const facts = await outcomeFacts(db, [row.t]);
  return transactionView(row, user, now, facts.get(row.t.id), milestones);
}

/**
 * Locks the transaction row (only that row) and reads it with its parties in the same statement; null when
 * it does not exist. The parties give the caller's view after a change, so nothing is read again.
 */
export async function lockTransactionWithParties(tx: Tx, id: string): Promise<TransactionWithParties | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectWithParties(tx)
    .where(eq(transactions.id, sql.placeholder('id')))
    .for('update', { of: transactions })
    .prepare('transaction_lock')
    .execute({ id });
  return row ?? null;
}

/** Columns a state change sets besides the status. */
export type Changes = Partial<Omit<typeof transactions.$inferInsert, 'status'>>;

/** A state change as the history records it, with the columns it sets and the jobs it queues. */
export interface Change {
  transactionId: string;
  actorId: string | null;
  action: string;
  from: TTransactionStatus;
  to: TTransactionStatus;
  now: Date;
  set: Changes;
  jobs: readonly AnyNewJob[];
}

/**
 * The history row's INSERT for a prepared statement: its values are the placeholders `id` (the
 * transaction), `actorId`, `from`, `to`, `action` and `now`.
 */
function historyQuery(db: DbOrTx) {
  const p = sql.placeholder;
  return db
    .insert(transactionEvents)
    .values({
      transactionId: p('id'),
      actorId: p('actorId'),
      fromStatus: p('from'),
      toStatus: p('to'),
      action: p('action'),
      at: p('now'),
    })
    .returning({ id: transactionEvents.id });
}

/**
 * A prepared statement's name: what it does and a digest of its shape (what its text depends on; the
 * values are placeholders). PostgreSQL keeps only 63 characters of a name.
 */
function preparedName(kind: string, shape: string): string {
  return `${kind}_${createHash('sha1').update(shape).digest('hex').slice(0, 20)}`;
}

/**
 * The state change, its history row and its jobs in one statement (an UPDATE with the INSERTs as writable
 * CTEs: all or nothing), and when the change moves money, its ledger entry's CTEs too (entryStatement):
 * the statement then answers the entry's report for settleEntry. The caller holds the row's lock.
 *
 * Every value is a placeholder, so the text depends only on the change's shape (the columns it sets, its
 * jobs' columns, an entry or not; a transition has one or two shapes): the statement is prepared under a
 * name made from that shape, and PostgreSQL parses and plans each shape once per connection.
 */
export async function writeChange(tx: Tx, c: Change, entry?: EntryStatement): Promise<EntryWritten | undefined> {
  const p = sql.placeholder;
  const history = tx.$with('history').as(historyQuery(tx));
  const queued = c.jobs.length ? enqueueJobsPlaceholders(tx, c.jobs) : null;
  const setColumns = Object.keys(c.set).filter((column) => c.set[column as keyof Changes] !== undefined);
  const values: Record<string, unknown> = {
    id: c.transactionId,
    actorId: c.actorId,
    from: c.from,
    to: c.to,
    action: c.action,
    now: c.now,
    ...Object.fromEntries(setColumns.map((column) => [`set${column}`, c.set[column as keyof Changes]])),
    ...queued?.params,
    ...entry?.params,
  };
  const shape = [setColumns.sort().join(','), queued?.shape ?? '', entry ? 'entry' : ''].join('|');
  const update = tx
    .with(
      ...(entry?.ctes ?? []),
      history,
      ...(queued ? [tx.$with('queued').as(queued.query.returning({ id: jobs.id }))] : []),
    )
    .update(transactions)
    // Placeholders in SET are bound with each column's encoder, as in an INSERT's values (drizzle's
    // mapUpdateSet); its types only admit values, hence the cast.
    .set({
      ...Object.fromEntries(setColumns.map((column) => [column, p(`set${column}`)])),
      status: p('to'),
      updatedAt: p('now'),
    } as unknown as Changes)
    .where(eq(transactions.id, p('id')));
  const name = preparedName('transaction_change', shape);
  if (!entry) {
    await update.prepare(name).execute(values);
    return undefined;
  }
  const [written] = await update.returning(entry.report).prepare(name).execute(values);
  return written;
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
  /** Milestones of a deal paid in stages (decision 033); 0: one amount. */
  milestoneCount: number;
  now: Date;
}

/**
 * A new transaction (status pending), its history row and its jobs in one statement, read back with the
 * seller's account (the database names it, migration 0020; null until an account holds the address verified).
 */
export async function insertTransaction(
  db: DbOrTx,
  n: NewTransaction,
  jobList: readonly AnyNewJob[],
): Promise<{ t: TransactionRow; seller: { id: string; firstName: string | null; lastName: string | null } | null }> {
  // Every value a placeholder, so the statement is prepared (its shape is the jobs' columns).
  const p = sql.placeholder;
  const { now, ...columns } = n;
  const created = db.$with('created').as(
    db
      .insert(transactions)
      .values({
        ...(Object.fromEntries(Object.keys(columns).map((column) => [column, p(column)])) as unknown as typeof columns),
        createdAt: p('now'),
        updatedAt: p('now'),
      })
      .returning(transactionColumns),
  );
  const queued = enqueueJobsPlaceholders(db, jobList);
  const [row] = await db
    .with(created, db.$with('history').as(historyQuery(db)), db.$with('queued').as(queued.query))
    .select({
      t: created._.selectedFields,
      seller: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(created)
    .leftJoin(users, eq(users.id, created.sellerId))
    .prepare(preparedName('transaction_create', queued.shape))
    .execute({
      ...columns,
      now,
      actorId: n.buyerId,
      from: 'none',
      to: 'pending',
      action: 'create',
      ...queued.params,
    });
  if (!row) throw new Error('the new transaction was not returned');
  return row;
}

/** One transaction as `user` may see it at `now`, or null when they may not (not a party, not staff). */
export async function findTransactionView(
  db: DbOrTx,
  id: string,
  user: SessionUser,
  now: Date,
): Promise<TTransaction | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectWithParties(db).where(eq(transactions.id, id));
  if (!row) return null;
  const milestones = row.t.milestoneCount > 0 ? await listMilestones(db, id) : [];
  return transactionViewWithOutcome(db, row, user, now, milestones);
}

/** The largest possible (created_at, id): the first page's "cursor", so one statement serves every page. */
const BEFORE_EVERYTHING = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

/**
 * The page statement, built once per database and status filter and named, so neither drizzle's query
 * building nor PostgreSQL's parse and plan is paid per call. Every varying part is a parameter: the
 * first page passes BEFORE_EVERYTHING as its cursor, and a caller who is not a verified seller passes a
 * null seller email (`seller_email = null` matches nothing: that index scan ends at once). The rows are
 * flat (no nested party objects for drizzle to build) and go straight to the wire shape.
 */
function pageStatement(db: DbOrTx, withStatus: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const keyset = sql`and (created_at, id) < (${p('at')}::timestamptz, ${p('afterId')}::uuid)`;
  // The status as a sub-select: a plan made for one value would see from the statistics that a rare status
  // has few rows and read them all with a bitmap and sort, which defeats the early stop below.
  const status = withStatus ? sql`and status = (select ${p('status')}::text)` : sql``;
  // With a status filter on the first page, each party's scan also stops at that party key's count of the
  // status (migration 0021's transaction_status_counts), read in the same statement, same snapshot: it ends
  // at the last match instead of reading the rest of the history to prove there is none, so a rare status
  // (the few open deals among thousands completed) costs what its matches cost. The count's LIMIT sits
  // outside the scan's own `limit take`, which keeps the plan an ordered index scan that can stop early.
  // LEAST ignores the NULL of a later page or a key with no row: those scan as before.
  const range = (party: SQL, key: SQL) => {
    const scan = sql`(select id, created_at from transactions where ${party} ${status} ${keyset}
      order by created_at desc, id desc limit ${p('take')})`;
    if (!withStatus) return scan;
    return sql`(select id, created_at from ${scan} s order by created_at desc, id desc
      limit least(${p('take')}, (select case ${p('status')} when 'pending' then pending when 'active' then active
        when 'completed' then completed when 'disputed' then disputed when 'cancelled' then cancelled end
        from transaction_status_counts where key = ${key} and ${p('firstPage')})))`;
  };
  // A deal a person both buys and sells appears once, as the buyer's.
  const pageIds = sql`(select id from (
      ${range(sql`buyer_id = ${p('userId')}`, sql`'b:' || ${p('userId')}`)}
      union all
      ${range(sql`seller_email = ${p('sellerEmail')} and buyer_id <> ${p('userId')}`, sql`'s:' || ${p('sellerEmail')}`)}
      order by created_at desc, id desc limit ${p('take')}) page)`;
  return pageRowsWithParties(db, pageIds)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .prepare(withStatus ? 'transactions_page_by_status' : 'transactions_page');
}

type PageStatement = ReturnType<typeof pageStatement>;
const pageStatements = new WeakMap<DbOrTx, { all?: PageStatement; byStatus?: PageStatement }>();

function pageStatementFor(db: DbOrTx, withStatus: boolean): PageStatement {
  let built = pageStatements.get(db);
  if (!built) pageStatements.set(db, (built = {}));
  return withStatus ? (built.byStatus ??= pageStatement(db, true)) : (built.all ??= pageStatement(db, false));
}

/**
 * One page of the caller's transactions as buyer, or as seller once their email is verified, as they
 * see them at `now`; newest first, (created_at, id) descending. Two keyset scans, each LIMIT n+1 on its
 * own index (transactions_buyer_page_idx, transactions_seller_page_idx), merged and cut to n+1; the
 * parties are joined for those rows only. A page costs the same with 50 or 5,000 transactions behind it.
 * A search, another order or a range (refinedPageRows) takes the same scans with its filters.
 * `actionsChangeAt`: when the clock alone changes an allowed action on the page (allowedActionsChangeAt).
 */
export async function listTransactionViews(
  db: DbOrTx,
  user: SessionUser,
  query: TTransactionListQuery,
  now: Date,
): Promise<Page<TTransaction> & { actionsChangeAt: Date | null }> {
  const rows = isRefinedListQuery(query) ? await refinedPageRows(db, user, query) : await spec(query);
  async function spec(q: TTransactionListQuery) {
    const after = q.cursor ? decodeCursor(q.cursor) : BEFORE_EVERYTHING;
    return pageStatementFor(db, q.status !== undefined).execute({
      userId: user.id,
      sellerEmail: sellerEmailOf(user),
      at: after.at,
      afterId: after.id,
      take: q.limit + 1,
      status: q.status,
      firstPage: !q.cursor,
    });
  }
  const payouts = await outcomeFacts(db, rows.slice(0, query.limit));
  // The milestones of the page's deals paid in stages: one more query, only when the page has any.
  const staged = await milestonesOfDeals(
    db,
    rows.filter((r) => r.milestoneCount > 0).map((r) => r.id),
  );
  const page = toPage(
    rows,
    query.limit,
    cursorKeysOf(query.sort),
    // Every row is the caller's, as its buyer or its verified seller: always theirs to see.
    (r) =>
      wire(
        r,
        { id: r.buyerId, firstName: r.buyerFirstName, lastName: r.buyerLastName, email: r.buyerEmail },
        r.sellerUserId ? { id: r.sellerUserId, firstName: r.sellerFirstName, lastName: r.sellerLastName } : null,
        user,
        now,
        payouts.get(r.id),
        staged.get(r.id) ?? [],
      )!,
  );
  let actionsChangeAt: Date | null = null;
  for (const r of rows) {
    const ms = staged.get(r.id);
    const at = ms ? milestonesActionsChangeAt(r, ms, now) : allowedActionsChangeAt(r, now);
    if (at && (!actionsChangeAt || at < actionsChangeAt)) actionsChangeAt = at;
  }
  return { ...page, actionsChangeAt };
}

/**
 * The counts by status of the caller's party keys (transaction_status_counts, migration 0021): as buyer,
 * and as seller once their address is verified. A trigger keeps them in the same database transaction as
 * every change of a transaction's status or parties, so this reads two rows whatever the person's history.
 */
/** How many of a person's transactions (as buyer, or seller once verified) are in each status. */
export async function countTransactionsByStatus(
  db: DbOrTx,
  user: Pick<SessionUser, 'id' | 'email' | 'emailVerified'>,
): Promise<Omit<TTransactionStats, 'successRate'>> {
  const email = sellerEmailOf(user);
  const [row] = await rowsOf<Omit<TTransactionStats, 'total' | 'successRate'>>(
    db,
    sql`select coalesce(sum(pending), 0)::int as pending, coalesce(sum(active), 0)::int as active,
          coalesce(sum(completed), 0)::int as completed, coalesce(sum(disputed), 0)::int as disputed,
          coalesce(sum(cancelled), 0)::int as cancelled
        from transaction_status_counts where key = ${`b:${user.id}`} or key = ${email && `s:${email}`}`,
  );
  const counts = { pending: 0, active: 0, completed: 0, disputed: 0, cancelled: 0 };
  for (const status of Object.keys(counts) as (keyof typeof counts)[]) counts[status] = Number(row?.[status] ?? 0);
  return { total: Object.values(counts).reduce((sum, n) => sum + n, 0), ...counts };
}
