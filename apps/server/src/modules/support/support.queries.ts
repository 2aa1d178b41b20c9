import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  SUPPORT_CONSOLE_LIMIT,
  type TSupportChat,
  type TSupportConsoleChat,
  type TSupportConsoleQuery,
  type TSupportMessage,
} from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { supportChats, supportMessages, users } from '../../db/schema/index.js';

export type SupportChatRow = typeof supportChats.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function chatView(c: SupportChatRow): TSupportChat {
  return {
    id: c.id,
    subject: c.subject,
    priority: c.priority,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function findChat(db: DbOrTx, id: string): Promise<SupportChatRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(supportChats).where(eq(supportChats.id, id));
  return row ?? null;
}

/**
 * Locks the chat row for the rest of the database transaction: a message and a status change of the
 * same chat take turns, so nothing is added to a chat after it was closed.
 */
export async function lockChat(tx: Tx, id: string): Promise<SupportChatRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await tx.select().from(supportChats).where(eq(supportChats.id, id)).for('update');
  return row ?? null;
}

/** A customer's own chats, newest first. */
export async function listOwnChats(db: DbOrTx, userId: string): Promise<TSupportChat[]> {
  const rows = await db
    .select()
    .from(supportChats)
    .where(eq(supportChats.userId, userId))
    .orderBy(desc(supportChats.createdAt), desc(supportChats.id));
  return rows.map(chatView);
}

/** A chat's messages, oldest first, with the sender's first name. */
export async function listMessages(db: DbOrTx, chatId: string): Promise<TSupportMessage[]> {
  const rows = await db
    .select({ m: supportMessages, firstName: users.firstName })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.senderId))
    .where(eq(supportMessages.chatId, chatId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return rows.map(({ m, firstName }) => messageView(m, firstName));
}

export function messageView(m: typeof supportMessages.$inferSelect, firstName: string | null): TSupportMessage {
  return {
    id: m.id,
    chatId: m.chatId,
    senderId: m.senderId,
    message: m.message,
    isFromSupport: m.isFromSupport,
    createdAt: m.createdAt.toISOString(),
    sender: { firstName },
  };
}

/** Most urgent first. */
const priorityRank = sql`CASE ${supportChats.priority} WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END`;

/**
 * Every chat for the staff console, filtered by status and priority: most urgent first, then the one
 * waiting longest. Counts and the last message come from correlated subqueries over the chat index.
 */
export async function listConsoleChats(
  db: DbOrTx,
  filter: TSupportConsoleQuery & { id?: string },
): Promise<TSupportConsoleChat[]> {
  const where: SQL[] = [];
  if (filter.id !== undefined) {
    if (!UUID.test(filter.id)) return [];
    where.push(eq(supportChats.id, filter.id));
  }
  if (filter.status) where.push(eq(supportChats.status, filter.status));
  if (filter.priority) where.push(eq(supportChats.priority, filter.priority));
  const rows = await db
    .select({
      c: supportChats,
      customer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      messageCount:
        sql<number>`(SELECT count(*) FROM ${supportMessages} WHERE ${supportMessages.chatId} = ${supportChats.id})`.mapWith(
          Number,
        ),
      // Epoch milliseconds: the same plain number from both drivers, whatever their timestamp parsing.
      lastMessageMs: sql<
        number | null
      >`(SELECT floor(extract(epoch FROM max(${supportMessages.createdAt})) * 1000) FROM ${supportMessages} WHERE ${supportMessages.chatId} = ${supportChats.id})`.mapWith(
        (v: unknown) => (v === null || v === undefined ? null : Number(v)),
      ),
      lastMessageFromSupport: sql<
        boolean | null
      >`(SELECT ${supportMessages.isFromSupport} FROM ${supportMessages} WHERE ${supportMessages.chatId} = ${supportChats.id} ORDER BY ${supportMessages.createdAt} DESC, ${supportMessages.id} DESC LIMIT 1)`,
    })
    .from(supportChats)
    .innerJoin(users, eq(users.id, supportChats.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(priorityRank, asc(supportChats.createdAt), asc(supportChats.id))
    .limit(SUPPORT_CONSOLE_LIMIT);
  return rows.map((r) => ({
    ...chatView(r.c),
    customer: r.customer,
    messageCount: r.messageCount,
    lastMessageAt: r.lastMessageMs === null ? null : new Date(r.lastMessageMs).toISOString(),
    lastMessageFromSupport: r.lastMessageFromSupport ?? null,
  }));
}
