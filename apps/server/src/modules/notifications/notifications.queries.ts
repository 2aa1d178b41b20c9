import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { EMAIL_CATEGORIES, type TEmailCategory, type TNotification } from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import {
  directMessages,
  disputeOffers,
  disputes,
  notificationPreferences,
  notifications,
  supportChats,
  supportMessages,
  transactions,
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

/** The account that holds `email` verified: the only one that may hear of a transaction sent to it. */
async function verifiedHolderOf(db: DbOrTx, email: string): Promise<Person | null> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.emailVerified, true)))
    .limit(1);
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

/** A transaction as it is now, with its parties. */
export async function transactionFacts(db: DbOrTx, id: string): Promise<TransactionFacts | null> {
  const [t] = await db.select().from(transactions).where(eq(transactions.id, id));
  if (!t) return null;
  const [buyer, seller] = await Promise.all([findPerson(db, t.buyerId), verifiedHolderOf(db, t.sellerEmail)]);
  if (!buyer) return null;
  return {
    id: t.id,
    description: t.description,
    amount: t.amount,
    fee: t.fee,
    total: t.total,
    currency: t.currency,
    status: t.status,
    paymentStatus: t.paymentStatus,
    inspectionDays: t.inspectionDays,
    autoReleaseAt: t.autoReleaseAt,
    trackingReference: t.trackingReference,
    deliveryMessage: t.deliveryMessage,
    sellerEmail: t.sellerEmail,
    buyer,
    seller,
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

export async function insertNotification(
  tx: Tx,
  row: { userId: string; type: string; title: string; body: string; link: string; createdAt: Date },
): Promise<string> {
  const [inserted] = await tx.insert(notifications).values(row).returning({ id: notifications.id });
  return inserted.id;
}

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

/**
 * The hourly cap, atomically: claims `key` when it was never used or last used at least `windowMs` ago.
 * Two workers racing for the same key: the row lock of the upsert makes one of them see the other's
 * fresh time and get nothing back.
 */
export async function takeEmailSlot(tx: DbOrTx, key: string, now: Date, windowMs: number): Promise<boolean> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const result = await tx.execute(sql`
    INSERT INTO email_throttle (key, last_sent_at) VALUES (${key}, ${now.toISOString()})
    ON CONFLICT (key) DO UPDATE SET last_sent_at = excluded.last_sent_at
    WHERE email_throttle.last_sent_at <= ${since}
    RETURNING key`);
  return rowsOf(result).length > 0;
}

function rowsOf(result: unknown): unknown[] {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as unknown[];
}
