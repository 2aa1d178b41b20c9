import {
  LIVE_CHAT_EVENTS,
  LIVE_CHAT_MESSAGES as M,
  isStaff,
  type TLiveChatMessage,
  type TLiveChatThread,
  type TLiveChatThreadDetail,
  type TPageQuery,
} from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import type { Page } from '../../lib/cursor.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { withStoredAnswer, type StoreAnswer } from '../../lib/idempotency.js';
import { STAFF_CHANNEL, userChannel, type PubSub } from '../../realtime/index.js';
import { findThread, insertMessage, listThreads, threadMessages } from './live-chat.queries.js';

/**
 * Live chat: each customer has one running thread with the support team. A customer reads and writes
 * only their own thread (the session decides whose; no id comes from the client); moderators and admins
 * read every thread and answer as 'support'. Every new message is announced on the bus with ids only:
 * the customer's sockets hear `new_message`, staff sockets `live_chat_message`, and both refetch.
 */
export function createLiveChatService({ db, pubsub }: { db: Db; pubsub: PubSub }) {
  function announce(threadUserId: string) {
    // Fire and forget: the message is stored; the pages also poll, so a lost push is only a late one.
    void pubsub.publish(userChannel(threadUserId), { ...LIVE_CHAT_EVENTS.customer }).catch(() => undefined);
    void pubsub.publish(STAFF_CHANNEL, { type: LIVE_CHAT_EVENTS.staff, threadUserId }).catch(() => undefined);
  }

  function requireStaff(user: SessionUser) {
    if (!isStaff(user.role)) throw forbidden(M.staffOnly);
  }

  /** The caller's own thread, the latest messages oldest first. */
  function messages(user: SessionUser): Promise<TLiveChatMessage[]> {
    return threadMessages(db, user.id);
  }

  /** The caller writes into their own thread. */
  async function send(
    user: SessionUser,
    text: string,
    answer?: StoreAnswer<TLiveChatMessage>,
  ): Promise<TLiveChatMessage> {
    const message = await withStoredAnswer(db, answer, (on) =>
      insertMessage(on, { threadUserId: user.id, senderId: user.id, message: text, type: 'user' }),
    );
    announce(user.id);
    return message;
  }

  /** Staff: every thread, those awaiting a reply first, a page at a time. */
  function threads(user: SessionUser, query: TPageQuery): Promise<Page<TLiveChatThread>> {
    requireStaff(user);
    return listThreads(db, query);
  }

  async function existingThread(threadUserId: string): Promise<TLiveChatThread> {
    const thread = await findThread(db, threadUserId);
    if (!thread) throw notFound(M.threadNotFound);
    return thread;
  }

  /** Staff: one customer's thread and its latest messages. */
  async function thread(user: SessionUser, threadUserId: string): Promise<TLiveChatThreadDetail> {
    requireStaff(user);
    const found = await existingThread(threadUserId);
    return { thread: found, messages: await threadMessages(db, threadUserId) };
  }

  /** Staff answer a customer's thread; the message is the support team's. */
  async function reply(
    user: SessionUser,
    threadUserId: string,
    text: string,
    answer?: StoreAnswer<TLiveChatMessage>,
  ): Promise<TLiveChatMessage> {
    requireStaff(user);
    await existingThread(threadUserId);
    const message = await withStoredAnswer(db, answer, (on) =>
      insertMessage(on, { threadUserId, senderId: user.id, message: text, type: 'support' }),
    );
    announce(threadUserId);
    return message;
  }

  return { messages, send, threads, thread, reply };
}

export type LiveChatService = ReturnType<typeof createLiveChatService>;
