import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { transactions } from './transactions.js';

/**
 * Private messages between the two parties of a transaction. The conversation is the transaction
 * itself (its id is the transaction's id): it exists from the moment the transaction does, and its
 * participants are the transaction's buyer and its seller (the verified holder of the seller email).
 */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => transactions.id),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // A thread's pages back in time (keyset on created_at, id) and, read backwards, each conversation's
    // newest message: the conversation list's one index-only probe per conversation.
    index('direct_messages_conversation_idx').on(t.conversationId, t.createdAt, t.id),
    // Unread counts: a receiver's unread messages.
    index('direct_messages_unread_idx')
      .on(t.receiverId, t.conversationId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** A support chat's priority as a rank, most urgent first: the console's order and its indexes' key. */
export const supportPriorityRank = (priority: AnyPgColumn) =>
  sql<number>`(CASE ${priority} WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END)`;

/** Support Center tickets: a customer's conversation with the support staff about one subject. */
export const supportChats = pgTable(
  'support_chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('medium'),
    status: text('status', { enum: ['open', 'in_progress', 'resolved', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A customer's own chats, a page at a time: keyset on (created_at, id).
    index('support_chats_user_idx').on(t.userId, t.createdAt, t.id),
    // The staff console's queue, most urgent then oldest: every chat, or one status (a priority filter
    // fixes the rank), each page a range of one of these after the cursor's keys.
    index('support_chats_queue_idx').on(supportPriorityRank(t.priority), t.createdAt, t.id),
    index('support_chats_status_queue_idx').on(t.status, supportPriorityRank(t.priority), t.createdAt, t.id),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => supportChats.id),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    isFromSupport: boolean('is_from_support').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A chat's pages back in time: keyset on (created_at, id).
  (t) => [index('support_messages_chat_idx').on(t.chatId, t.createdAt, t.id)],
);

/** Live chat: one running thread per customer with the support team (`threadUserId` is the customer). */
export const liveChatMessages = pgTable(
  'live_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadUserId: text('thread_user_id')
      .notNull()
      .references(() => users.id),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    /** 'support' when staff wrote it (the spec's live chat message type). */
    type: text('type', { enum: ['user', 'support'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_chat_messages_thread_idx').on(t.threadUserId, t.createdAt)],
);

/**
 * Each customer's live chat thread as the staff console lists it: its newest message, kept in the
 * statement that inserts a message (live-chat.queries insertMessage). The console pages through the
 * queue index (awaiting a reply first, then the newest) without reading any thread's messages.
 */
export const liveChatThreads = pgTable(
  'live_chat_threads',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id')
      .notNull()
      .references(() => liveChatMessages.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** The customer had the last word. */
    awaitingReply: boolean('awaiting_reply').notNull(),
  },
  (t) => [index('live_chat_threads_queue_idx').on(t.awaitingReply, t.lastMessageAt, t.userId)],
);
