import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EMAIL_CATEGORIES, type TEmailCategory, type TNotification } from '@holdfast/contracts';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client.js';
import type { EmailContent } from '../../emails/index.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import {
  directMessages,
  disputeEvidence,
  disputeOffers,
  disputeStatements,
  disputes,
  jobs,
  notificationPreferences,
  notifications,
  supportChats,
  supportMessages,
  transactionMilestones,
  transactions,
  users,
  withdrawalHolds,
  withdrawals,
} from '../../db/schema/index.js';

/** Someone an event may be told to. */
export interface Person {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string;
}

const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  name: users.name,
};

export async function findPerson(db: DbOrTx, id: string): Promise<Person | null> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

export interface TransactionFacts {
  id: string;
  description: string;
  amount: bigint;
  fee: bigint;
  total: bigint;
  currency: string;
  status: string;
  paymentStatus: string;
  inspectionDays: number;
  autoReleaseAt: Date | null;
  trackingReference: string | null;
  deliveryMessage: string | null;
  sellerEmail: string;
  buyer: Person;
  /** Null while no account holds the seller email verified (an invitation). */
  seller: Person | null;
  /** Milestones an event of a deal paid in stages names (withStages), in order. */
  stages?: StageFacts[];
}

/** One milestone as a notification names it, with what it holds or held. */
export interface StageFacts {
  position: number;
  title: string;
  status: string;
  total: bigint;
}

const buyers = alias(users, 'b');
const sellers = alias(users, 's');

/** A transaction as it is now, with its parties (one statement). */
export async function transactionFacts(db: DbOrTx, id: string): Promise<TransactionFacts | null> {
  const [row] = await db
    .select({
      id: transactions.id,
      description: transactions.description,
      amount: transactions.amount,
      fee: transactions.fee,
      total: transactions.total,
      currency: transactions.currency,
      status: transactions.status,
      paymentStatus: transactions.paymentStatus,
      inspectionDays: transactions.inspectionDays,
      autoReleaseAt: transactions.autoReleaseAt,
      trackingReference: transactions.trackingReference,
      deliveryMessage: transactions.deliveryMessage,
      sellerEmail: transactions.sellerEmail,
      buyer: {
        id: buyers.id,
        email: buyers.email,
        firstName: buyers.firstName,
        lastName: buyers.lastName,
        name: buyers.name,
      },
      // The seller is the account that holds the seller email verified (seller_id): the only one that may hear of it.
      seller: {
        id: sellers.id,
        email: sellers.email,
        firstName: sellers.firstName,
        lastName: sellers.lastName,
        name: sellers.name,
      },
    })
    .from(transactions)
    .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
    .leftJoin(sellers, eq(sellers.id, transactions.sellerId))
    .where(eq(transactions.id, id));
  return row ?? null;
}

/**
 * The facts of one milestone of a deal paid in stages in place of the deal's (decision 033), so every text
 * of a milestone's event names it and speaks of its amount, its inspection period and its refund. The
 * deal's facts unchanged when there is no milestone (or it no longer exists).
 */
export async function milestoneFactsOf(
  db: DbOrTx,
  t: TransactionFacts,
  milestoneId: string | null | undefined,
): Promise<TransactionFacts> {
  if (!milestoneId) return t;
  const [m] = await db.select().from(transactionMilestones).where(eq(transactionMilestones.id, milestoneId));
  if (!m || m.transactionId !== t.id) return t;
  return {
    ...t,
    description: `${t.description}, milestone ${m.position} (${m.title})`,
    amount: m.amount,
    fee: m.fee,
    total: m.total,
    autoReleaseAt: m.autoReleaseAt,
    trackingReference: m.trackingReference,
    deliveryMessage: m.deliveryMessage,
    paymentStatus: m.status === 'refunded' ? 'refunded' : m.status === 'cancelled' ? 'unpaid' : t.paymentStatus,
  };
}

/** The deal's facts with the named milestones (`milestoneIds`) of it, in order. */
export async function withStages(
  db: DbOrTx,
  t: TransactionFacts,
  milestoneIds: readonly string[],
): Promise<TransactionFacts> {
  if (!milestoneIds.length) return { ...t, stages: [] };
  const rows = await db
    .select({
      position: transactionMilestones.position,
      title: transactionMilestones.title,
      status: transactionMilestones.status,
      total: transactionMilestones.total,
    })
    .from(transactionMilestones)
    .where(and(eq(transactionMilestones.transactionId, t.id), inArray(transactionMilestones.id, [...milestoneIds])))
    .orderBy(transactionMilestones.position);
  return { ...t, stages: rows };
}

export async function findDisputeRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id));
  return row ?? null;
}

export async function findOfferRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(disputeOffers).where(eq(disputeOffers.id, id));
  return row ?? null;
}

export async function findEvidenceRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(disputeEvidence).where(eq(disputeEvidence.id, id));
  return row ?? null;
}

export async function findStatementRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(disputeStatements).where(eq(disputeStatements.id, id));
  return row ?? null;
}

export async function findDirectMessage(db: DbOrTx, id: string) {
  const [row] = await db.select().from(directMessages).where(eq(directMessages.id, id));
  return row ?? null;
}

export async function findSupportReply(db: DbOrTx, chatId: string, messageId: string) {
  const [row] = await db
    .select({ chat: supportChats, message: supportMessages })
    .from(supportMessages)
    .innerJoin(supportChats, eq(supportChats.id, supportMessages.chatId))
    .where(and(eq(supportMessages.id, messageId), eq(supportChats.id, chatId)));
  return row ?? null;
}

export async function findWithdrawal(db: DbOrTx, id: string) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row ?? null;
}

/** When staff decided a withdrawal's compliance hold (its payout's time counts from there); null if never held. */
export async function findHoldDecidedAt(db: DbOrTx, withdrawalId: string): Promise<Date | null> {
  const [row] = await db
    .select({ decidedAt: withdrawalHolds.decidedAt })
    .from(withdrawalHolds)
    .where(eq(withdrawalHolds.withdrawalId, withdrawalId));
  return row?.decidedAt ?? null;
}

/** Every administrator: who hears of a failed money job. */
export function findAdmins(db: DbOrTx): Promise<Person[]> {
  return db.select(personColumns).from(users).where(eq(users.role, 'admin')).orderBy(users.createdAt);
}

/** Every moderator: who is offered a new dispute and told of a silent one. */
export function findModerators(db: DbOrTx): Promise<Person[]> {
  return db.select(personColumns).from(users).where(eq(users.role, 'moderator')).orderBy(users.createdAt);
}

/** Moderators and admins (a decision waiting for a second review is offered to all of them). */
export function findReviewers(db: DbOrTx): Promise<Person[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(inArray(users.role, ['moderator', 'admin']))
    .orderBy(users.createdAt);
}

export async function findJob(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      state: jobs.state,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row ?? null;
}

// The bell.

type NotificationRow = typeof notifications.$inferSelect;

const toWire = (n: NotificationRow): TNotification => ({
  id: n.id,
  type: n.type,
  title: n.title,
  body: n.body,
  link: n.link,
  readAt: n.readAt?.toISOString() ?? null,
  createdAt: n.createdAt.toISOString(),
});

/** One page of the person's notifications, newest first, (created_at, id) descending after the cursor. */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<TNotification>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({
      n: notifications,
      cursorAt: sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (r) => ({ at: r.cursorAt, id: r.n.id }),
    (r) => toWire(r.n),
  );
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the person's own notifications read: the given ids among theirs, or all of them. */
export async function markNotificationsRead(db: DbOrTx, userId: string, ids: string[] | undefined, now: Date) {
  if (ids && ids.length === 0) return;
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}

// Email preferences: a category with no row is on.

export async function emailPreferences(db: DbOrTx, userId: string): Promise<Record<TEmailCategory, boolean>> {
  const rows = await db
    .select({ category: notificationPreferences.category, enabled: notificationPreferences.emailEnabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const prefs = Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, true])) as Record<TEmailCategory, boolean>;
  for (const r of rows)
    if ((EMAIL_CATEGORIES as readonly string[]).includes(r.category)) prefs[r.category as TEmailCategory] = r.enabled;
  return prefs;
}

export async function saveEmailPreferences(
  db: DbOrTx,
  userId: string,
  changes: Partial<Record<TEmailCategory, boolean>>,
  now: Date,
) {
  const values = Object.entries(changes)
    .filter((e): e is [TEmailCategory, boolean] => typeof e[1] === 'boolean')
    .map(([category, emailEnabled]) => ({ userId, category, emailEnabled, updatedAt: now }));
  if (!values.length) return;
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: { emailEnabled: sql`excluded.email_enabled`, updatedAt: sql`excluded.updated_at` },
    });
}

/** What one person is told: the bell (when they have an account) and the email, as `notify` decided. */
export interface Telling {
  userId: string | null;
  to: string;
  title: string;
  body: string;
  link: string;
  /** The email's optional category (its preference decides), or null: always sent. */
  category: TEmailCategory | null;
  email: EmailContent;
  /** At most one email per key per `throttleMs` (new private messages). */
  throttleKey: string | null;
  /** The bell only, never an email (moderators offered a new case). */
  bellOnly?: boolean;
}

/** What TELL wrote and decided: the bell notifications, and the emails that are to go. */
export interface Told {
  bells: Array<{ userId: string; notificationId: string }>;
  emails: Array<{ userId: string | null; to: string; email: EmailContent }>;
}

/**
 * The notify job's writes in one statement: each account's bell notification, and which emails go: those
 * whose category the person has not turned off (a category with no row is on) and whose throttle key, if
 * any, takes its slot: the key was never used or last used at least `throttleMs` ago. A disabled category
 * never takes a slot. Two workers racing for one key: the upsert's row lock makes the second see the
 * first's time and send nothing. The job queues the emails (jobs/) in the same database transaction.
 */
export async function tell(
  tx: Tx,
  event: { now: Date; type: string; throttleMs: number },
  tellings: Telling[],
): Promise<Told> {
  const now = event.now.toISOString();
  const [told] = await rowsOf<Told>(
    tx,
    sql`with d as (
       select * from jsonb_to_recordset(${JSON.stringify(tellings)}::jsonb) as d(
         "userId" text, "to" text, title text, body text, link text, category text, email jsonb, "throttleKey" text,
         "bellOnly" boolean)
     ), told as (
       insert into notifications (user_id, type, title, body, link, created_at)
       select "userId", ${event.type}, title, body, link, ${now}::timestamptz from d where "userId" is not null
       returning id, user_id
     ), wanted as (
       select * from d where not coalesce("bellOnly", false) and (category is null or "userId" is null or
         coalesce((select p.email_enabled from notification_preferences p
           where p.user_id = d."userId" and p.category = d.category), true))
     ), slot as (
       insert into email_throttle (key, last_sent_at)
       select distinct "throttleKey", ${now}::timestamptz from wanted where "throttleKey" is not null
       on conflict (key) do update set last_sent_at = excluded.last_sent_at
       where email_throttle.last_sent_at <= ${now}::timestamptz - ${event.throttleMs}::integer * interval '1 millisecond'
       returning key
     )
     select
       (select coalesce(json_agg(json_build_object('userId', user_id, 'notificationId', id)), '[]') from told) as bells,
       (select coalesce(json_agg(json_build_object('userId', w."userId", 'to', w."to", 'email', w.email)), '[]')
          from wanted w where w."throttleKey" is null or w."throttleKey" in (select key from slot)) as emails`,
  );
  return told!;
}
