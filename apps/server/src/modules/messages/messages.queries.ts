import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { DIRECT_MESSAGE_HISTORY_LIMIT, type TConversation, type TDirectMessage } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { conversationStates, directMessages, transactions, users } from '../../db/schema/index.js';

/** The most conversations one list answers (as many as the transactions list shows). */
const CONVERSATION_LIST_LIMIT = 500;

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
 * Every conversation of `user` (the transactions they are the buyer of, or the seller of once their
 * address is verified), newest activity first. Parties, the last message and the caller's unread count
 * come per row through LATERAL subqueries on their indexes, as the transactions list fetches parties.
 * A conversation the caller archived stays out until a message newer than the archive mark arrives,
 * except when asked for by `id` (one conversation, archived or not).
 */
export async function listConversations(
  db: DbOrTx,
  user: { id: string; email: string; emailVerified: boolean },
  opts: { id?: string } = {},
): Promise<TConversation[]> {
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
    .where(and(sql`lower(${users.email}) = ${transactions.sellerEmail}`, eq(users.emailVerified, true)))
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

  const asSeller = user.emailVerified ? eq(transactions.sellerEmail, user.email.toLowerCase()) : undefined;
  const mine = asSeller ? or(eq(transactions.buyerId, user.id), asSeller) : eq(transactions.buyerId, user.id);
  const rows = await db
    .select({
      id: transactions.id,
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
    .leftJoin(
      conversationStates,
      and(eq(conversationStates.conversationId, transactions.id), eq(conversationStates.userId, user.id)),
    )
    .where(
      opts.id
        ? and(mine, eq(transactions.id, opts.id))
        : and(
            mine,
            or(isNull(conversationStates.archivedAt), sql`${last.createdAt} > ${conversationStates.archivedAt}`),
          ),
    )
    .orderBy(sql`coalesce(${last.createdAt}, ${transactions.createdAt}) desc`, desc(transactions.id))
    .limit(CONVERSATION_LIST_LIMIT);

  return rows.map((r) => {
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
  });
}

/** The latest messages of a conversation, oldest first. */
export async function conversationMessages(db: DbOrTx, conversationId: string): Promise<TDirectMessage[]> {
  const rows = await db
    .select()
    .from(directMessages)
    .where(eq(directMessages.conversationId, conversationId))
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(DIRECT_MESSAGE_HISTORY_LIMIT);
  return rows.reverse().map(messageToWire);
}

export async function insertMessage(
  db: DbOrTx,
  m: { conversationId: string; senderId: string; receiverId: string; content: string },
): Promise<TDirectMessage> {
  const [row] = await db.insert(directMessages).values(m).returning();
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

/** Sets (or moves forward) the caller's archive mark on a conversation; answers the mark. */
export async function archive(db: DbOrTx, conversationId: string, userId: string): Promise<Date> {
  const [row] = await db
    .insert(conversationStates)
    .values({ conversationId, userId, archivedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [conversationStates.conversationId, conversationStates.userId],
      set: { archivedAt: sql`now()` },
    })
    .returning({ archivedAt: conversationStates.archivedAt });
  return row!.archivedAt!;
}
