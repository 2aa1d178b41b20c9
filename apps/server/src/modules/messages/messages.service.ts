import { eq } from 'drizzle-orm';
import {
  DIRECT_MESSAGE_MESSAGES as M,
  type TArchiveConversationResponse,
  type TConversation,
  type TDirectMessage,
  type TDirectMessageEvent,
  type TMarkConversationReadResponse,
  type TPageQuery,
} from '@holdfast/contracts';
import type { Page } from '../../lib/cursor.js';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, appError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { StoreAnswer } from '../../lib/idempotency.js';
import { isUuid } from '../../lib/uuid.js';
import { userChannel, type PubSub } from '../../realtime/index.js';
import { notify } from '../notifications/index.js';
import { relationOf } from '../transactions/index.js';
import { archive, conversationMessages, insertMessage, listConversations, markRead } from './messages.queries.js';

export interface SendInput {
  conversationId: string;
  /** Trimmed, non-empty, at most DIRECT_MESSAGE_MAX_LENGTH (the request schema). */
  content: string;
  receiverId: string;
}

/** The caller's place in a conversation they may use. */
interface Participation {
  conversationId: string;
  buyerId: string;
  /** The seller's account; null while no account holds the seller email verified. */
  sellerId: string | null;
  /** The other participant (null: the invited seller has not joined yet). */
  otherId: string | null;
}

/**
 * Private messages. The conversation is the transaction, its participants are its two parties by the
 * one relationship rule (transactions.rules relationOf): the buyer by id, the seller by the account that
 * holds the seller email verified.
 * Strangers get 404 (they never learn it exists); staff, who may see the transaction, get 403: private
 * messages are the parties' own. Every change is pushed to both parties' /ws sockets as an id-only event.
 */
export function createMessagesService({ db, pubsub, clock }: { db: Db; pubsub: PubSub; clock: Clock }) {
  /** Fire and forget: the data is committed; a lost push is a late refresh, never lost data. */
  function push(userIds: Array<string | null>, event: TDirectMessageEvent) {
    for (const id of new Set(userIds)) if (id) void pubsub.publish(userChannel(id), event);
  }

  async function participation(user: SessionUser, conversationId: string): Promise<Participation> {
    if (!isUuid(conversationId)) throw notFound(M.notFound);
    const [t] = await db
      .select({
        id: transactions.id,
        buyerId: transactions.buyerId,
        sellerEmail: transactions.sellerEmail,
        sellerId: transactions.sellerId,
      })
      .from(transactions)
      .where(eq(transactions.id, conversationId));
    if (!t) throw notFound(M.notFound);
    const rel = relationOf(t, user);
    if (!rel.isBuyer && !rel.isSeller) {
      if (rel.isUnverifiedSeller) throw new AppError('EMAIL_NOT_VERIFIED', M.verifyEmailFirst);
      if (rel.isStaff) throw forbidden(M.staffNotParty);
      throw notFound(M.notFound);
    }
    return {
      conversationId: t.id,
      buyerId: t.buyerId,
      sellerId: t.sellerId,
      otherId: rel.isBuyer ? t.sellerId : t.buyerId,
    };
  }

  async function list(user: SessionUser, query: TPageQuery): Promise<Page<TConversation>> {
    return listConversations(db, user, query);
  }

  /** One conversation as the list shows it, archived or not (a deep link to it still opens). */
  async function get(user: SessionUser, conversationId: string): Promise<TConversation> {
    const p = await participation(user, conversationId);
    const [found] = (await listConversations(db, user, { id: p.conversationId, limit: 1 })).items;
    if (!found) throw notFound(M.notFound);
    return found;
  }

  async function messages(user: SessionUser, conversationId: string, query: TPageQuery): Promise<Page<TDirectMessage>> {
    const p = await participation(user, conversationId);
    return conversationMessages(db, p.conversationId, query);
  }

  async function send(
    user: SessionUser,
    input: SendInput,
    answer?: StoreAnswer<TDirectMessage>,
  ): Promise<TDirectMessage> {
    const p = await participation(user, input.conversationId);
    if (!p.otherId) throw appError('SELLER_MISSING', M.sellerNotJoined);
    if (input.receiverId !== p.otherId) throw badRequest(M.wrongReceiver, { receiverId: M.wrongReceiver });
    const receiverId = p.otherId;
    // The recipient's bell and email (at most one an hour per conversation) come from the same commit.
    const message = await db.transaction(async (tx) => {
      const now = clock.now();
      const inserted = await insertMessage(tx, {
        conversationId: p.conversationId,
        senderId: user.id,
        receiverId,
        content: input.content,
        createdAt: now,
      });
      await notify(tx, { type: 'message.created', messageId: inserted.id }, now);
      await answer?.(tx, inserted);
      return inserted;
    });
    // The sender's other tabs hear it too, so every open page of theirs shows it.
    push([p.otherId, user.id], {
      type: 'new_message',
      channel: 'direct',
      conversationId: p.conversationId,
      messageId: message.id,
    });
    return message;
  }

  async function read(user: SessionUser, conversationId: string): Promise<TMarkConversationReadResponse> {
    const p = await participation(user, conversationId);
    const marked = await markRead(db, p.conversationId, user.id);
    // The senders' read ticks turn double; the reader's other tabs drop the unread badge.
    if (marked.count) push([...marked.senders, user.id], { type: 'messages_read', conversationId: p.conversationId });
    return { conversationId: p.conversationId, markedRead: marked.count };
  }

  async function archiveConversation(user: SessionUser, conversationId: string): Promise<TArchiveConversationResponse> {
    const p = await participation(user, conversationId);
    // A deal the person both buys and sells is on their list as the buyer's.
    const archivedAt = await archive(db, p.conversationId, p.buyerId === user.id ? 'buyer' : 'seller');
    push([user.id], { type: 'conversation_archived', conversationId: p.conversationId });
    return { conversationId: p.conversationId, archivedAt: new Date(archivedAt).toISOString() };
  }

  return { list, get, messages, send, read, archive: archiveConversation };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
