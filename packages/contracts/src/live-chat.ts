import { z } from 'zod';
import { pageQuery } from './paging.js';
import { hasControlCharacters } from './text.js';

/** Longest live chat message, after trimming. */
export const LIVE_CHAT_MESSAGE_MAX_LENGTH = 1000;
/** GET /api/chat/messages and a thread in the console answer at most the latest this many messages. */
export const LIVE_CHAT_HISTORY_LIMIT = 200;
/** Messages one person may send per minute (customers and staff alike); more answer 429. */
export const LIVE_CHAT_SENDS_PER_MINUTE = 30;
/** Spec section 9: the live chat page polls its messages every 5 seconds (and also listens on /ws). */
export const LIVE_CHAT_POLL_INTERVAL_MS = 5000;

/**
 * What /ws pushes about live chat. Events carry ids only; receivers fetch over HTTP what they may see.
 * The customer hears the spec's `new_message` (with `channel: 'live_chat'`, as private messages use
 * `channel: 'direct'` on the same socket); staff sockets hear `live_chat_message` on the staff channel.
 */
export const LIVE_CHAT_EVENTS = {
  customer: { type: 'new_message', channel: 'live_chat' },
  staff: 'live_chat_message',
} as const;

/** Texts of the live chat: the page's and the server's. */
export const LIVE_CHAT_MESSAGES = {
  title: 'Live Chat Support',
  signedOut: 'Please log in to access live chat support.',
  empty: 'No messages yet. Start a conversation with our support team!',
  connectionLost: 'Connection lost. Reconnecting...',
  sendFailed: 'Failed to send message. Please try again.',
  messageRequired: 'Type a message to send',
  messageTooLong: `Messages can be at most ${LIVE_CHAT_MESSAGE_MAX_LENGTH} characters`,
  invalidCharacters: 'Remove the control characters (such as NUL) from this message',
  tooMany: 'You are sending messages too quickly. Please wait a moment and try again.',
  threadNotFound: 'This customer has no live chat',
  staffOnly: 'Only moderators and administrators answer live chats',
  supportTeam: 'Support Team',
} as const;

/** POST /api/chat/send and POST /api/chat/threads/{userId}/send: the text, trimmed; empty is refused. */
export const ZLiveChatSendRequest = z.object({
  message: z
    .string({ error: LIVE_CHAT_MESSAGES.messageRequired })
    .trim()
    .min(1, LIVE_CHAT_MESSAGES.messageRequired)
    .max(LIVE_CHAT_MESSAGE_MAX_LENGTH, LIVE_CHAT_MESSAGES.messageTooLong)
    .refine((s) => !hasControlCharacters(s), LIVE_CHAT_MESSAGES.invalidCharacters),
});
export type TLiveChatSendRequest = z.input<typeof ZLiveChatSendRequest>;

export const ZLiveChatMessageType = z.enum(['user', 'support']);

/** The spec's Live chat message. `type` is 'support' when staff wrote it; the text is plain text. */
export const ZLiveChatMessage = z.object({
  id: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  senderProfileImage: z.string().nullable(),
  message: z.string(),
  type: ZLiveChatMessageType,
  timestamp: z.string(),
});
export type TLiveChatMessage = z.infer<typeof ZLiveChatMessage>;
export const ZLiveChatMessageList = z.array(ZLiveChatMessage);

/** A customer's thread as the staff console lists it. */
export const ZLiveChatThread = z.object({
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerProfileImage: z.string().nullable(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  /** The customer had the last word: nobody from support has answered it yet. */
  awaitingReply: z.boolean(),
});
export type TLiveChatThread = z.infer<typeof ZLiveChatThread>;
export const ZLiveChatThreadList = z.array(ZLiveChatThread);
/** GET /api/chat/threads (staff): `?limit=&cursor=`, the next page's cursor in X-Next-Cursor. */
export const ZLiveChatThreadListQuery = pageQuery('liveChatThreads');

/** GET /api/chat/threads/{userId}/messages: the thread and its latest messages, oldest first. */
export const ZLiveChatThreadDetail = z.object({
  thread: ZLiveChatThread,
  messages: ZLiveChatMessageList,
});
export type TLiveChatThreadDetail = z.infer<typeof ZLiveChatThreadDetail>;

/** Ids that name no thread simply find nothing (404). */
export const ZLiveChatThreadParams = z.object({ userId: z.string().min(1).max(100) });
