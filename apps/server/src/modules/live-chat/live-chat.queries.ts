import { desc, eq, sql } from 'drizzle-orm';
import {
  LIVE_CHAT_HISTORY_LIMIT,
  LIVE_CHAT_MESSAGES,
  LIVE_CHAT_THREADS_LIMIT,
  type TLiveChatMessage,
  type TLiveChatThread,
} from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { liveChatMessages, users } from '../../db/schema/index.js';

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

export async function insertMessage(
  db: DbOrTx,
  values: { threadUserId: string; senderId: string; message: string; type: 'user' | 'support' },
): Promise<TLiveChatMessage> {
  const [row] = await db.insert(liveChatMessages).values(values).returning({ id: liveChatMessages.id });
  return findMessage(db, row!.id);
}

/**
 * Each thread's last message (DISTINCT ON the thread, through its (thread, created_at) index), with its
 * customer. `threadUserId` narrows it to one thread.
 */
function selectThreads(db: DbOrTx, threadUserId?: string) {
  const last = db
    .selectDistinctOn([liveChatMessages.threadUserId], {
      threadUserId: liveChatMessages.threadUserId,
      message: liveChatMessages.message,
      type: liveChatMessages.type,
      createdAt: liveChatMessages.createdAt,
    })
    .from(liveChatMessages)
    .where(threadUserId === undefined ? undefined : eq(liveChatMessages.threadUserId, threadUserId))
    .orderBy(liveChatMessages.threadUserId, desc(liveChatMessages.createdAt), desc(liveChatMessages.id))
    .as('last');
  const query = db
    .select({
      userId: last.threadUserId,
      message: last.message,
      type: last.type,
      createdAt: last.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      email: users.email,
      image: users.image,
    })
    .from(last)
    .innerJoin(users, eq(users.id, last.threadUserId))
    .$dynamic();
  return { last, query };
}

type ThreadRow = Awaited<ReturnType<typeof selectThreads>['query']>[number];

const toThread = (row: ThreadRow): TLiveChatThread => ({
  userId: row.userId,
  customerName: nameOf(row),
  customerEmail: row.email,
  customerProfileImage: row.image,
  lastMessage: row.message,
  lastMessageAt: row.createdAt.toISOString(),
  awaitingReply: row.type === 'user',
});

/** Every thread for the staff console: those awaiting a reply first, then the most recent first. */
export async function listThreads(db: DbOrTx): Promise<TLiveChatThread[]> {
  const { last, query } = selectThreads(db);
  const rows = await query
    .orderBy(sql`CASE WHEN ${last.type} = 'user' THEN 0 ELSE 1 END`, desc(last.createdAt))
    .limit(LIVE_CHAT_THREADS_LIMIT);
  return rows.map(toThread);
}

/** One customer's thread, or null when they have never written. */
export async function findThread(db: DbOrTx, threadUserId: string): Promise<TLiveChatThread | null> {
  const [row] = await selectThreads(db, threadUserId).query;
  return row ? toThread(row) : null;
}
