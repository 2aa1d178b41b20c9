import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { EMAIL_CATEGORIES, type TEmailCategory, type TNotification } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { runStatement, statement, toDate } from '../../db/statements.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import {
  directMessages,
  disputeOffers,
  disputes,
  notificationPreferences,
  notifications,
  supportChats,
  supportMessages,
  users,
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
}

/** A person's columns under a prefix (`b` the buyer, `s` the seller), for TRANSACTION_FACTS. */
const personSql = (alias: string) =>
  `${alias}.id as "${alias}Id", ${alias}.email as "${alias}Email", ${alias}.first_name as "${alias}FirstName",
   ${alias}.last_name as "${alias}LastName", ${alias}.name as "${alias}Name"`;

// The seller is the account that holds the seller email verified: the only one that may hear of it.
const TRANSACTION_FACTS = statement(
  'notify_transaction_facts',
  `select t.id, t.description, t.amount, t.fee, t.total, t.currency, t.status, t.payment_status as "paymentStatus",
     t.inspection_days as "inspectionDays", t.auto_release_at as "autoReleaseAt",
     t.tracking_reference as "trackingReference", t.delivery_message as "deliveryMessage",
     t.seller_email as "sellerEmail", ${personSql('b')}, ${personSql('s')}
   from transactions t
   join users b on b.id = t.buyer_id
   left join users s on s.id = t.seller_id
   where t.id = $1`,
);

type PersonColumns<A extends string> = {
  [K in 'Id' | 'Email' | 'FirstName' | 'LastName' | 'Name' as `${A}${K}`]: string | null;
};
type FactsRow = Omit<TransactionFacts, 'amount' | 'fee' | 'total' | 'autoReleaseAt' | 'buyer' | 'seller'> & {
  amount: string;
  fee: string;
  total: string;
  autoReleaseAt: string | null;
} & PersonColumns<'b'> &
  PersonColumns<'s'>;

function personOf(r: FactsRow, a: 'b' | 's'): Person | null {
  const id = r[`${a}Id`];
  if (!id) return null;
  return {
    id,
    email: r[`${a}Email`]!,
    firstName: r[`${a}FirstName`],
    lastName: r[`${a}LastName`],
    name: r[`${a}Name`]!,
  };
}

/** A transaction as it is now, with its parties (one statement). */
export async function transactionFacts(db: DbOrTx, id: string): Promise<TransactionFacts | null> {
  const [r] = await runStatement<FactsRow>(db, TRANSACTION_FACTS, [id]);
  const buyer = r && personOf(r, 'b');
  if (!r || !buyer) return null;
  return {
    id: r.id,
    description: r.description,
    amount: BigInt(r.amount),
    fee: BigInt(r.fee),
    total: BigInt(r.total),
    currency: r.currency,
    status: r.status,
    paymentStatus: r.paymentStatus,
    inspectionDays: Number(r.inspectionDays),
    autoReleaseAt: toDate(r.autoReleaseAt),
    trackingReference: r.trackingReference,
    deliveryMessage: r.deliveryMessage,
    sellerEmail: r.sellerEmail,
    buyer,
    seller: personOf(r, 's'),
  };
}

export async function findDisputeRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id));
  return row ?? null;
}

export async function findOfferRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(disputeOffers).where(eq(disputeOffers.id, id));
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
  email: unknown;
  /** At most one email per key per `throttleMs` (new private messages). */
  throttleKey: string | null;
}

/**
 * The notify job's writes in one statement, all or nothing: it completes the job as the worker's `finish`
 * would (only while it is still queued, so a job that runs twice tells nobody twice), writes each account's bell notification, and
 * queues an `email.send` (key `email:<job>:<account or address>`) for each email whose category the person
 * has not turned off (a category with no row is on) and whose throttle key, if any, takes its slot: the
 * key was never used or last used at least `throttleMs` ago. A disabled category never takes a slot. Two
 * workers racing for one key: the upsert's row lock makes the second see the first's time and send nothing.
 */
const TELL = statement(
  'notify_tell',
  `with done as (
     update jobs set state = 'done', finished_at = $2::timestamptz, locked_until = null, last_error = null
     where id = $1::uuid and state = 'queued' returning id
   ), d as (
     select d.* from done cross join jsonb_to_recordset($4::jsonb) as d(
       "userId" text, "to" text, title text, body text, link text, category text, email jsonb, "throttleKey" text)
   ), told as (
     insert into notifications (user_id, type, title, body, link, created_at)
     select "userId", $3, title, body, link, $2::timestamptz from d where "userId" is not null
     returning id, user_id
   ), wanted as (
     select * from d where category is null or "userId" is null or coalesce((select p.email_enabled
       from notification_preferences p where p.user_id = d."userId" and p.category = d.category), true)
   ), slot as (
     insert into email_throttle (key, last_sent_at)
     select distinct "throttleKey", $2::timestamptz from wanted where "throttleKey" is not null
     on conflict (key) do update set last_sent_at = excluded.last_sent_at
     where email_throttle.last_sent_at <= $2::timestamptz - $5::integer * interval '1 millisecond'
     returning key
   ), queued as (
     insert into jobs (kind, payload, run_at, key)
     select 'email.send', jsonb_build_object('to', w."to", 'email', w.email), $2::timestamptz,
            'email:' || $1::text || ':' || coalesce(w."userId", w."to")
     from wanted w where w."throttleKey" is null or w."throttleKey" in (select key from slot)
     on conflict (key) do nothing
   )
   select id as "notificationId", user_id as "userId" from told`,
);

/** Runs TELL; the bell notifications written (none when the job was done already). */
export async function tell(
  db: DbOrTx,
  job: { jobId: string; now: Date; type: string; throttleMs: number },
  tellings: Telling[],
): Promise<Array<{ userId: string; notificationId: string }>> {
  return runStatement(db, TELL, [job.jobId, job.now.toISOString(), job.type, JSON.stringify(tellings), job.throttleMs]);
}
