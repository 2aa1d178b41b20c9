import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DIRECT_MESSAGE_HISTORY_LIMIT,
  PAGE_LIMITS,
  type TConversation,
  type TDirectMessage,
} from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { sellerEmailOf } from '../transactions/index.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import { directMessages, transactions, users } from '../../db/schema/index.js';

type MessageRow = typeof directMessages.$inferSelect;

export const messageToWire = (m: MessageRow): TDirectMessage => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  receiverId: m.receiverId,
  content: m.content,
  isRead: m.readAt !== null,
  createdAt: m.createdAt.toISOString(),
});

/**
 * A page of the conversations of `user` (the transactions they are the buyer of, or the seller of once
 * their address is verified), newest activity first: keyset on (last activity, id), where the last
 * activity is coalesce(last_message_at, created_at), the newest message's time kept on the transaction
 * row (insertMessage), or its creation while it has none. A conversation the caller archived stays out
 * until a message newer than the archive mark arrives, except when asked for by `id` (one conversation,
 * archived or not).
 *
 * The page's ids first, as the transactions list does: two keyset scans, as buyer on
 * transactions_buyer_inbox_idx and as verified seller on transactions_seller_inbox_idx (both on
 * (party, coalesce(last_message_at, created_at), id)), each LIMIT n+1, merged and cut to n+1. Each index
 * holds only the rows its party has not archived (or that got a message since; the archive rule is its
 * predicate), so a page reads n+1 rows whatever the caller's history and however much of it they archived.
 * Only then, for those rows, the parties, the last message and the unread count through LATERAL
 * subqueries on their indexes.
 *
 * The key moves: a conversation that gets a message while the caller is paging jumps above the cursor.
 * Later pages then neither repeat it nor show it in its old place; the new message's /ws event makes the
 * page refetch from page one, where it now is. Nothing the caller could see is lost or doubled.
 */
export async function listConversations(
  db: DbOrTx,
  user: { id: string; email: string; emailVerified: boolean },
  opts: { id?: string; limit?: number; cursor?: string | undefined } = {},
): Promise<Page<TConversation>> {
  const limit = opts.limit ?? PAGE_LIMITS.conversations.default;
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const sellerEmail = sellerEmailOf(user);
  // The very expression the two activity indexes hold, so the planner matches it.
  const activity = sql`coalesce(${transactions.lastMessageAt}, ${transactions.createdAt})`;
  const keyset = after
    ? sql`and (${activity}, ${transactions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql``;
  // `mark`: the party's archive mark; the condition is written as the index's predicate, so it is used.
  const scan = (party: SQL, mark: AnyPgColumn) => sql`(select ${transactions.id} as id, ${activity} as activity
      from ${transactions}
      where ${party} and (${mark} IS NULL OR ${transactions.lastMessageAt} > ${mark})
        ${keyset}
      order by ${activity} desc, ${transactions.id} desc limit ${limit + 1})`;
  const asBuyer = scan(sql`${transactions.buyerId} = ${user.id}`, transactions.buyerArchivedAt);
  // A deal a person both buys and sells appears once, as the buyer's.
  const pageIds = sellerEmail
    ? sql`(select id from (${asBuyer} union all ${scan(
        sql`${transactions.sellerEmail} = ${sellerEmail} and ${transactions.buyerId} <> ${user.id}`,
        transactions.sellerArchivedAt,
      )} order by activity desc, id desc limit ${limit + 1}) page)`
    : sql`(select id from ${asBuyer} page)`;
  const mine = sellerEmail
    ? or(eq(transactions.buyerId, user.id), eq(transactions.sellerEmail, sellerEmail))
    : eq(transactions.buyerId, user.id);

  const buyer = db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, transactions.buyerId))
    .limit(1)
    .as('buyer');
  const seller = db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
    })
    .from(users)
    .where(eq(users.id, transactions.sellerId))
    .limit(1)
    .as('seller');
  const last = db
    .select({ content: directMessages.content, createdAt: directMessages.createdAt })
    .from(directMessages)
    .where(eq(directMessages.conversationId, transactions.id))
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(1)
    .as('last');
  const unread = db
    .select({ n: count().as('n') })
    .from(directMessages)
    .where(
      and(
        eq(directMessages.conversationId, transactions.id),
        eq(directMessages.receiverId, user.id),
        isNull(directMessages.readAt),
      ),
    )
    .as('unread');

  const rows = await db
    .select({
      id: transactions.id,
      cursorAt: sql<string>`to_char(${activity} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
      buyerId: transactions.buyerId,
      sellerEmail: transactions.sellerEmail,
      description: transactions.description,
      buyer: {
        id: buyer.id,
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        image: buyer.image,
        email: buyer.email,
      },
      seller: { id: seller.id, firstName: seller.firstName, lastName: seller.lastName, image: seller.image },
      lastContent: last.content,
      lastAt: last.createdAt,
      unread: unread.n,
    })
    .from(transactions)
    .innerJoinLateral(buyer, sql`true`)
    .leftJoinLateral(seller, sql`true`)
    .leftJoinLateral(last, sql`true`)
    .innerJoinLateral(unread, sql`true`)
    .where(opts.id ? and(mine, eq(transactions.id, opts.id)) : sql`${transactions.id} in ${pageIds}`)
    .orderBy(sql`${activity} desc`, desc(transactions.id));

  return toPage(
    rows,
    limit,
    (r) => ({ at: r.cursorAt, id: r.id }),
    (r) => {
      const iAmBuyer = r.buyerId === user.id;
      const sellerId = r.seller?.id ?? null;
      const other = iAmBuyer
        ? {
            id: sellerId,
            firstName: r.seller?.firstName ?? null,
            lastName: r.seller?.lastName ?? null,
            profileImageUrl: r.seller?.image ?? null,
            email: r.sellerEmail,
          }
        : {
            id: r.buyer.id,
            firstName: r.buyer.firstName,
            lastName: r.buyer.lastName,
            profileImageUrl: r.buyer.image,
            email: r.buyer.email,
          };
      const lastAt = r.lastAt === null ? null : new Date(r.lastAt);
      return {
        id: r.id,
        participant1Id: r.buyerId,
        participant2Id: sellerId,
        otherParticipant: other,
        transaction: { description: r.description },
        unreadCount: Number(r.unread),
        lastMessageAt: lastAt?.toISOString() ?? null,
        lastMessage: r.lastContent === null ? null : { content: r.lastContent },
      };
    },
  );
}

/**
 * A page of a conversation's messages going back in time: the latest `limit` before the cursor (none: the
 * newest), answered oldest first; the next cursor leads to the older ones.
 */
export async function conversationMessages(
  db: DbOrTx,
  conversationId: string,
  query: { limit: number; cursor?: string | undefined } = { limit: DIRECT_MESSAGE_HISTORY_LIMIT },
): Promise<Page<TDirectMessage>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({
      m: directMessages,
      cursorAt: sql<string>`to_char(${directMessages.createdAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
    })
    .from(directMessages)
    .where(
      and(
        eq(directMessages.conversationId, conversationId),
        after
          ? sql`(${directMessages.createdAt}, ${directMessages.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(query.limit + 1);
  const page = toPage(
    rows,
    query.limit,
    (r) => ({ at: r.cursorAt, id: r.m.id }),
    (r) => messageToWire(r.m),
  );
  return { ...page, items: page.items.reverse() };
}

/**
 * Inserts a message and raises its conversation's last_message_at to the message's time, in one
 * statement. GREATEST, not a plain set: of two messages sent at once the later-stamped one wins whatever
 * the commit order (the second UPDATE waits on the row lock and re-reads the first's value).
 */
export async function insertMessage(
  db: DbOrTx,
  m: { conversationId: string; senderId: string; receiverId: string; content: string; createdAt?: Date },
): Promise<TDirectMessage> {
  // now() is the transaction's start, the same instant the column default would give the message.
  const at = m.createdAt ?? sql`now()`;
  const bump = db.$with('bump').as(
    db
      .update(transactions)
      .set({ lastMessageAt: sql`greatest(${transactions.lastMessageAt}, ${at}::timestamptz)` })
      .where(eq(transactions.id, m.conversationId)),
  );
  const [row] = await db
    .with(bump)
    .insert(directMessages)
    .values({ ...m, createdAt: at })
    .returning();
  return messageToWire(row!);
}

/** Marks the messages sent to `userId` in the conversation read; answers who sent those newly read. */
export async function markRead(db: DbOrTx, conversationId: string, userId: string) {
  const rows = await db
    .update(directMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(directMessages.conversationId, conversationId),
        eq(directMessages.receiverId, userId),
        isNull(directMessages.readAt),
      ),
    )
    .returning({ senderId: directMessages.senderId });
  return { count: rows.length, senders: [...new Set(rows.map((r) => r.senderId))] };
}

/** Sets (or moves forward) a party's archive mark on a conversation; answers the mark. */
export async function archive(db: DbOrTx, conversationId: string, party: 'buyer' | 'seller'): Promise<Date> {
  const mark = party === 'buyer' ? { buyerArchivedAt: sql`now()` } : { sellerArchivedAt: sql`now()` };
  const [row] = await db
    .update(transactions)
    .set(mark)
    .where(eq(transactions.id, conversationId))
    .returning({ archivedAt: party === 'buyer' ? transactions.buyerArchivedAt : transactions.sellerArchivedAt });
  return row!.archivedAt!;
}
