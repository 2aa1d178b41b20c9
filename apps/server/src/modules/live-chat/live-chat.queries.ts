import { desc, eq, sql } from 'drizzle-orm';
import {
  LIVE_CHAT_HISTORY_LIMIT,
  LIVE_CHAT_MESSAGES,
  type TLiveChatMessage,
  type TLiveChatThread,
  type TPageQuery,
} from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { liveChatMessages, liveChatThreads, users } from '../../db/schema/index.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';

type Person = { firstName: string | null; lastName: string | null; name: string; email: string };

/** Full name, else the account's display name, else the part of the email before @. */
function nameOf(p: Person): string {
  const full = [p.firstName?.trim(), p.lastName?.trim()].filter(Boolean).join(' ');
  return full || p.name.trim() || p.email.split('@')[0] || 'User';
}

function selectMessages(db: DbOrTx) {
  return db
    .select({
      m: liveChatMessages,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      email: users.email,
      image: users.image,
    })
    .from(liveChatMessages)
    .innerJoin(users, eq(users.id, liveChatMessages.senderId));
}

type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/**
 * The spec's Live chat message. Staff are named by their first name only (customers need not learn
 * a moderator's full name), falling back to 'Support Team'.
 */
function toMessage(row: MessageRow): TLiveChatMessage {
  const senderName = row.m.type === 'support' ? row.firstName?.trim() || LIVE_CHAT_MESSAGES.supportTeam : nameOf(row);
  return {
    id: row.m.id,
    senderId: row.m.senderId,
    senderName,
    senderProfileImage: row.image,
    message: row.m.message,
    type: row.m.type,
    timestamp: row.m.createdAt.toISOString(),
  };
}

/** The latest messages of a customer's thread, oldest first. */
export async function threadMessages(db: DbOrTx, threadUserId: string): Promise<TLiveChatMessage[]> {
  const rows = await selectMessages(db)
    .where(eq(liveChatMessages.threadUserId, threadUserId))
    .orderBy(desc(liveChatMessages.createdAt), desc(liveChatMessages.id))
    .limit(LIVE_CHAT_HISTORY_LIMIT);
  return rows.reverse().map(toMessage);
}

export async function findMessage(db: DbOrTx, id: string): Promise<TLiveChatMessage> {
  const [row] = await selectMessages(db).where(eq(liveChatMessages.id, id));
  return toMessage(row!);
}

/**
 * Stores a message and, in the same statement, makes it its thread's newest in live_chat_threads (the
 * staff console's queue): the row only moves forward, by (created_at, id) as the thread orders its
 * messages, so of two messages written at once the newer wins whichever commits last.
 */
export async function insertMessage(
  db: DbOrTx,
  values: { threadUserId: string; senderId: string; message: string; type: 'user' | 'support' },
): Promise<TLiveChatMessage> {
  const result = (await db.execute(sql`
    with m as (
      insert into ${liveChatMessages} (thread_user_id, sender_id, message, type)
      values (${values.threadUserId}, ${values.senderId}, ${values.message}, ${values.type})
      returning id, thread_user_id, created_at, type
    ), thread as (
      insert into ${liveChatThreads} as t (user_id, last_message_id, last_message_at, awaiting_reply)
      select thread_user_id, id, created_at, type = 'user' from m
      on conflict (user_id) do update set last_message_id = excluded.last_message_id,
        last_message_at = excluded.last_message_at, awaiting_reply = excluded.awaiting_reply
      where (t.last_message_at, t.last_message_id) < (excluded.last_message_at, excluded.last_message_id)
    )
    select id from m`)) as unknown as { rows: { id: string }[] };
  return findMessage(db, result.rows[0]!.id);
}

/** The threads as the console lists them: each with its newest message and its customer. */
function selectThreads(db: DbOrTx) {
  return db
    .select({
      userId: liveChatThreads.userId,
      awaitingReply: liveChatThreads.awaitingReply,
      at: sql<string>`to_char(${liveChatThreads.lastMessageAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
      message: liveChatMessages.message,
      createdAt: liveChatMessages.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      email: users.email,
      image: users.image,
    })
    .from(liveChatThreads)
    .innerJoin(liveChatMessages, eq(liveChatMessages.id, liveChatThreads.lastMessageId))
    .innerJoin(users, eq(users.id, liveChatThreads.userId))
    .$dynamic();
}

type ThreadRow = Awaited<ReturnType<typeof selectThreads>>[number];

const toThread = (row: ThreadRow): TLiveChatThread => ({
  userId: row.userId,
  customerName: nameOf(row),
  customerEmail: row.email,
  customerProfileImage: row.image,
  lastMessage: row.message,
  lastMessageAt: row.createdAt.toISOString(),
  awaitingReply: row.awaitingReply,
});

/**
 * A page of the staff console's threads: those awaiting a reply first, then the newest, from the queue
 * index (awaiting_reply, last_message_at, user_id) read backwards after the cursor's keys; a page reads
 * its own n+1 rows however many threads and messages the platform has. The cursor's id half is
 * `<1 awaiting | 0>:<user id>`.
 */
export async function listThreads(db: DbOrTx, query: TPageQuery): Promise<Page<TLiveChatThread>> {
  const after = query.cursor ? decodeCursor(query.cursor, 'flagText') : null;
  const keyset = after
    ? sql`(${liveChatThreads.awaitingReply}, ${liveChatThreads.lastMessageAt}, ${liveChatThreads.userId}) <
        (${after.id.startsWith('1')}, ${after.at}::timestamptz, ${after.id.slice(2)})`
    : undefined;
  const rows = await selectThreads(db)
    .where(keyset)
    .orderBy(desc(liveChatThreads.awaitingReply), desc(liveChatThreads.lastMessageAt), desc(liveChatThreads.userId))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (r) => ({ at: r.at, id: `${r.awaitingReply ? 1 : 0}:${r.userId}` }), toThread);
}

/** One customer's thread, or null when they have never written. */
export async function findThread(db: DbOrTx, threadUserId: string): Promise<TLiveChatThread | null> {
  const [row] = await selectThreads(db).where(eq(liveChatThreads.userId, threadUserId));
  return row ? toThread(row) : null;
}
