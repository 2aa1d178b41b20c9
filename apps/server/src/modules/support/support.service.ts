import { eq } from 'drizzle-orm';
import {
  SUPPORT_MESSAGES as M,
  isStaff,
  nextSupportStatuses,
  type TCreateSupportChatRequest,
  type TSupportChat,
  type TSupportConsoleChat,
  type TSupportConsoleQuery,
  type TSupportMessage,
  type TSupportStatus,
  type TSupportCustomerContext,
  type TPageQuery,
} from '@holdfast/contracts';
import type { Page } from '../../lib/cursor.js';
import type { Db } from '../../db/client.js';
import { supportChats, supportMessages } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { appError, forbidden, notFound } from '../../lib/errors.js';
import { withStoredAnswer, type StoreAnswer } from '../../lib/idempotency.js';
import { STAFF_CHANNEL, supportChatChannel, type PubSub } from '../../realtime/index.js';
import { notify } from '../notifications/index.js';
import { customerContext as readCustomerContext } from './support.customer-context.js';
import {
  chatView,
  findChat,
  listConsoleChats,
  listMessages,
  listOwnChats,
  lockChat,
  messageView,
  type SupportChatRow,
} from './support.queries.js';

/** The chat's owner and staff may see it; anyone else learns nothing of it (404, as for a missing one). */
export function maySeeChat(user: Pick<SessionUser, 'id' | 'role'>, chat: Pick<SupportChatRow, 'userId'>): boolean {
  return chat.userId === user.id || isStaff(user.role);
}

/**
 * The Support Center: a customer opens chats (subject, priority) and writes in them; moderators and
 * admins see every chat, answer (their messages are marked as from support) and move its status
 * forward. Every change is announced on the realtime bus after it is committed: the chat's channel
 * (the customer's page and the open console thread) and the staff channel (the console's list).
 */
export function createSupportService({ db, pubsub, clock }: { db: Db; pubsub: PubSub; clock: Clock }) {
  function announce(chatId: string, event: { type: string; [key: string]: unknown } | null) {
    if (event) void pubsub.publish(supportChatChannel(chatId), { ...event, chatId });
    void pubsub.publish(STAFF_CHANNEL, { type: 'support_chat_updated', chatId });
  }

  async function visibleChat(user: SessionUser, chatId: string): Promise<SupportChatRow> {
    const chat = await findChat(db, chatId);
    if (!chat || !maySeeChat(user, chat)) throw notFound(M.chatNotFound);
    return chat;
  }

  async function listOwn(user: SessionUser, query: TPageQuery): Promise<Page<TSupportChat>> {
    return listOwnChats(db, user.id, query);
  }

  async function create(
    user: SessionUser,
    input: { subject: string; priority: NonNullable<TCreateSupportChatRequest['priority']> },
    answer?: StoreAnswer<TSupportChat>,
  ): Promise<TSupportChat> {
    const chat = await withStoredAnswer(db, answer, async (on) => {
      const [row] = await on
        .insert(supportChats)
        .values({ userId: user.id, subject: input.subject, priority: input.priority, status: 'open' })
        .returning();
      return chatView(row);
    });
    announce(chat.id, null);
    return chat;
  }

  async function messages(user: SessionUser, chatId: string, query: TPageQuery): Promise<Page<TSupportMessage>> {
    const chat = await visibleChat(user, chatId);
    return listMessages(db, chat.id, query);
  }

  async function send(
    user: SessionUser,
    chatId: string,
    text: string,
    answer?: StoreAnswer<TSupportMessage>,
  ): Promise<TSupportMessage> {
    const message = await db.transaction(async (tx) => {
      const chat = await lockChat(tx, chatId);
      if (!chat || !maySeeChat(user, chat)) throw notFound(M.chatNotFound);
      if (chat.status === 'closed') throw appError('SUPPORT_CHAT_CLOSED', M.chatClosed);
      // Staff writing in a chat of their own are its customer there.
      const isFromSupport = isStaff(user.role) && chat.userId !== user.id;
      const now = clock.now();
      const [row] = await tx
        .insert(supportMessages)
        .values({ chatId: chat.id, senderId: user.id, message: text, isFromSupport, createdAt: now })
        .returning();
      await tx.update(supportChats).set({ updatedAt: row.createdAt }).where(eq(supportChats.id, chat.id));
      // The customer hears of a staff reply by the bell and by email (their own messages tell nobody).
      if (isFromSupport) await notify(tx, { type: 'support.replied', ticketId: chat.id, messageId: row.id }, now);
      const view = messageView(row, user.firstName);
      await answer?.(tx, view);
      return view;
    });
    announce(message.chatId, { type: 'new_message', messageId: message.id });
    return message;
  }

  async function updateStatus(
    user: SessionUser,
    chatId: string,
    status: TSupportStatus,
    answer?: StoreAnswer<TSupportChat>,
  ): Promise<TSupportChat> {
    if (!isStaff(user.role)) throw forbidden(M.staffOnly);
    const chat = await db.transaction(async (tx) => {
      const current = await lockChat(tx, chatId);
      if (!current) throw notFound(M.chatNotFound);
      if (!nextSupportStatuses(current.status).includes(status)) {
        const message =
          current.status === status ? M.statusUnchanged(status) : M.statusBackwards(current.status, status);
        throw appError('SUPPORT_STATUS_NOT_FORWARD', message);
      }
      const [row] = await tx
        .update(supportChats)
        .set({ status, updatedAt: clock.now() })
        .where(eq(supportChats.id, current.id))
        .returning();
      await recordAudit(tx, {
        actorId: user.id,
        action: 'support_chat.status',
        subject: { type: 'support_chat', id: current.id },
        detail: { from: current.status, to: status, customerId: current.userId },
        at: clock.now(),
      });
      const view = chatView(row);
      await answer?.(tx, view);
      return view;
    });
    announce(chat.id, { type: 'status_updated', status: chat.status });
    return chat;
  }

  async function consoleList(
    user: SessionUser,
    filter: TSupportConsoleQuery & TPageQuery,
  ): Promise<Page<TSupportConsoleChat>> {
    if (!isStaff(user.role)) throw forbidden(M.consoleStaffOnly);
    return listConsoleChats(db, filter);
  }

  async function consoleChat(user: SessionUser, chatId: string): Promise<TSupportConsoleChat> {
    if (!isStaff(user.role)) throw forbidden(M.consoleStaffOnly);
    const [chat] = (await listConsoleChats(db, { id: chatId, limit: 1 })).items;
    if (!chat) throw notFound(M.chatNotFound);
    return chat;
  }

  /** Beside a chat in the console: the customer's account, verification, latest deals and disputes. */
  async function customerContext(user: SessionUser, userId: string): Promise<TSupportCustomerContext> {
    if (!isStaff(user.role)) throw forbidden(M.contextStaffOnly);
    const context = await readCustomerContext(db, userId);
    if (!context) throw notFound(M.customerNotFound);
    return context;
  }

  /** For the socket: may this person follow the chat's events? */
  async function canFollow(user: Pick<SessionUser, 'id' | 'role'>, chatId: string): Promise<boolean> {
    const chat = await findChat(db, chatId);
    return Boolean(chat && maySeeChat(user, chat));
  }

  return { listOwn, create, messages, send, updateStatus, consoleList, consoleChat, customerContext, canFollow };
}

export type SupportService = ReturnType<typeof createSupportService>;
