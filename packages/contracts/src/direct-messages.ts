import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { hasControlCharacters } from './text.js';
import { PAGE_LIMITS } from './constants.js';
import { pageQuery } from './paging.js';

/**
 * Private messages between the two parties of a transaction (spec sections 2, 3 and 7). The conversation
 * is the transaction: its id is the transaction's id, participant1 the buyer, participant2 the seller
 * (the verified holder of the seller email; null until that address is verified).
 */

export const DIRECT_MESSAGE_MAX_LENGTH = 2000;
/** GET /api/conversations/:id/messages answers the latest this many, oldest first. */
export const DIRECT_MESSAGE_HISTORY_LIMIT = PAGE_LIMITS.directMessages.default;
/** `?limit=&cursor=`: the cursor (X-Next-Cursor of the previous answer) goes back to older messages. */
export const ZDirectMessageHistoryQuery = pageQuery('directMessages');
/** `GET /api/conversations?limit=&cursor=`: a page of the caller's conversations, newest activity first. */
export const ZConversationListQuery = pageQuery('conversations');
/** Sending, per person: more in a minute answer 429. */
export const DIRECT_MESSAGES_PER_MINUTE = 30;

/** Texts the server answers with for private messages; the UI may show them verbatim. */
export const DIRECT_MESSAGE_MESSAGES = {
  notFound: 'Conversation not found',
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${DIRECT_MESSAGE_MAX_LENGTH} characters`,
  invalidCharacters: MESSAGES.generic.invalidCharacters,
  wrongReceiver: 'You can only message the other party of this transaction',
  staffNotParty: 'Only the buyer and the seller of a transaction can read and send its messages',
  verifyEmailFirst: 'Please verify your email address to message the buyer of this transaction',
  sellerNotJoined:
    'The seller has not joined Holdfast yet. You can message them once they have verified their email address.',
  rateLimited: 'You are sending messages too quickly. Please wait a moment and try again',
} as const;

const M = DIRECT_MESSAGE_MESSAGES;

/** POST /api/messages: the spec's three fields. Content is trimmed; empty or too long is refused. */
export const ZSendDirectMessageRequest = z.object({
  conversationId: z.string({ error: M.notFound }).max(100, M.notFound),
  content: z
    .string({ error: M.empty })
    .trim()
    .min(1, M.empty)
    .max(DIRECT_MESSAGE_MAX_LENGTH, M.tooLong)
    .refine((s) => !hasControlCharacters(s), M.invalidCharacters),
  receiverId: z.string({ error: M.wrongReceiver }).max(100, M.wrongReceiver),
});
export type TSendDirectMessageRequest = z.input<typeof ZSendDirectMessageRequest>;

export const ZConversationParams = z.object({ id: z.string().max(100) });

/** The spec's Direct message, plus its conversation and receiver. Content is plain text, never HTML. */
export const ZDirectMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type TDirectMessage = z.infer<typeof ZDirectMessage>;
export const ZDirectMessageList = z.array(ZDirectMessage);

/**
 * The spec's Conversation as the caller sees it. `otherParticipant` also carries the other party's id
 * (null while an invited seller has no verified account) and email, which each party already knows from
 * the transaction; the initials fall back to it.
 */
export const ZConversation = z.object({
  id: z.string(),
  participant1Id: z.string(),
  participant2Id: z.string().nullable(),
  otherParticipant: z.object({
    id: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    email: z.string().nullable(),
  }),
  transaction: z.object({ description: z.string() }),
  unreadCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  lastMessage: z.object({ content: z.string() }).nullable(),
});
export type TConversation = z.infer<typeof ZConversation>;
export const ZConversationList = z.array(ZConversation);

/** PATCH /api/conversations/:id/read: how many messages to the caller were newly marked read. */
export const ZMarkConversationReadResponse = z.object({ conversationId: z.string(), markedRead: z.number().int() });
export type TMarkConversationReadResponse = z.infer<typeof ZMarkConversationReadResponse>;

/** PATCH /api/conversations/:id/archive: gone from the caller's list until a newer message arrives. */
export const ZArchiveConversationResponse = z.object({ conversationId: z.string(), archivedAt: z.string() });
export type TArchiveConversationResponse = z.infer<typeof ZArchiveConversationResponse>;

/** Socket events on /ws about private messages (ids only; the page refetches what it shows). */
export type TDirectMessageEvent =
  | { type: 'new_message'; channel: 'direct'; conversationId: string; messageId: string }
  | { type: 'messages_read'; conversationId: string }
  | { type: 'conversation_archived'; conversationId: string };
