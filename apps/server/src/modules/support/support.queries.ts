import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  SUPPORT_CONSOLE_LIMIT,
  type TSupportChat,
  type TSupportConsoleChat,
  type TSupportConsoleQuery,
  type TSupportMessage,
} from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import { isUuid } from '../../lib/uuid.js';
import { supportChats, supportMessages, supportPriorityRank, users } from '../../db/schema/index.js';

export type SupportChatRow = typeof supportChats.$inferSelect;

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
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(supportChats).where(eq(supportChats.id, id));
  return row ?? null;
}

/**
 * Locks the chat row for the rest of the database transaction: a message and a status change of the
 * same chat take turns, so nothing is added to a chat after it was closed.
 */
export async function lockChat(tx: Tx, id: string): Promise<SupportChatRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(supportChats).where(eq(supportChats.id, id)).for('update');
  return row ?? null;
}

/** A page of a customer's own chats, newest first, (created_at, id) descending. */
export async function listOwnChats(
  db: DbOrTx,
  userId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<TSupportChat>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({ c: supportChats, at: CURSOR_AT })
    .from(supportChats)
    .where(
      and(
        eq(supportChats.userId, userId),
        after
          ? sql`(${supportChats.createdAt}, ${supportChats.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(supportChats.createdAt), desc(supportChats.id))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (r) => ({ at: r.at, id: r.c.id }),
    (r) => chatView(r.c),
  );
}

const CURSOR_AT = sql<string>`to_char(${supportChats.createdAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`;

/**
 * A page of a chat's messages going back in time, with the sender's first name: the latest `limit`
 * before the cursor (none: the newest), answered oldest first; the next cursor leads to older ones.
 * The same rule as a conversation's messages (messages.queries conversationMessages).
 */
export async function listMessages(
  db: DbOrTx,
  chatId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<TSupportMessage>> {
  const before = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({
      m: supportMessages,
      firstName: users.firstName,
      at: sql<string>`to_char(${supportMessages.createdAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.senderId))
    .where(
      and(
        eq(supportMessages.chatId, chatId),
        before
          ? sql`(${supportMessages.createdAt}, ${supportMessages.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(query.limit + 1);
  const page = toPage(
    rows,
    query.limit,
    (r) => ({ at: r.at, id: r.m.id }),
    (r) => messageView(r.m, r.firstName),
  );
  return { ...page, items: page.items.reverse() };
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

/** Most urgent first: the expression the console's two queue indexes hold, so a page is a range of one. */
const priorityRank = supportPriorityRank(supportChats.priority);

/**
 * Every chat for the staff console, filtered by status and priority: most urgent first, then the one
 * waiting longest. Counts and the last message come from correlated subqueries over the chat index.
 */
export async function listConsoleChats(
  db: DbOrTx,
  filter: TSupportConsoleQuery & { id?: string; limit?: number; cursor?: string | undefined },
): Promise<Page<TSupportConsoleChat>> {
  const limit = filter.limit ?? SUPPORT_CONSOLE_LIMIT;
  const where: SQL[] = [];
  if (filter.id !== undefined) {
    if (!isUuid(filter.id)) return { items: [], nextCursor: null };
    where.push(eq(supportChats.id, filter.id));
  }
  if (filter.status) where.push(eq(supportChats.status, filter.status));
  if (filter.priority) where.push(eq(supportChats.priority, filter.priority));
  if (filter.cursor) {
    // Most urgent, then oldest: continue after (rank, created_at, id) of the last chat shown.
    const after = decodeCursor(filter.cursor, 'rankUuid');
    where.push(
      sql`(${priorityRank}, ${supportChats.createdAt}, ${supportChats.id}) > (${Number(after.id.slice(0, 1))}::int, ${after.at}::timestamptz, ${after.id.slice(2)}::uuid)`,
    );
  }
  const rows = await db
    .select({
      c: supportChats,
      at: CURSOR_AT,
      rank: priorityRank,
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
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (r) => ({ at: r.at, id: `${Number(r.rank)}:${r.c.id}` }),
    (r) => ({
      ...chatView(r.c),
      customer: r.customer,
      messageCount: r.messageCount,
      lastMessageAt: r.lastMessageMs === null ? null : new Date(r.lastMessageMs).toISOString(),
      lastMessageFromSupport: r.lastMessageFromSupport ?? null,
    }),
  );
}
