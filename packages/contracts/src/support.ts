import { z } from 'zod';
import { ZRole } from './auth.js';
import { ZDisputeResolution, ZDisputeStatus, ZPartyRole } from './disputes.js';
import { pageQuery } from './paging.js';
import { hasControlCharacters } from './text.js';

/** Support Center (spec sections 2-5): a customer's chats with the support staff, and the staff console. */

export const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const ZSupportPriority = z.enum(SUPPORT_PRIORITIES);
export type TSupportPriority = z.infer<typeof ZSupportPriority>;
export const DEFAULT_SUPPORT_PRIORITY: TSupportPriority = 'medium';

/** In the order a chat moves through them; a chat never goes back. */
export const SUPPORT_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const ZSupportStatus = z.enum(SUPPORT_STATUSES);
export type TSupportStatus = z.infer<typeof ZSupportStatus>;

export const SUPPORT_SUBJECT_MAX_LENGTH = 200;
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;

/** Texts the server answers with for support rules; the UI may show them verbatim. */
export const SUPPORT_MESSAGES = {
  chatNotFound: 'Support chat not found',
  subjectRequired: 'Describe your issue in the subject',
  subjectTooLong: `The subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`,
  messageRequired: 'Type a message to send',
  messageTooLong: `A message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`,
  invalidCharacters: 'Remove the control characters (such as NUL) from this text',
  chatClosed: 'This conversation is closed and takes no new messages. Start a new chat if you still need help.',
  staffOnly: 'Only moderators and admins can change the status of a support chat',
  consoleStaffOnly: 'Only moderators and admins can open the support console',
  customerNotFound: 'Customer not found',
  contextStaffOnly: 'Only moderators and admins can see a customer’s account and deals',
  statusUnchanged: (status: TSupportStatus) => `The chat is already ${status.replace(/_/g, ' ')}`,
  statusBackwards: (from: TSupportStatus, to: TSupportStatus) =>
    `A support chat only moves forward (open → in progress → resolved → closed): it cannot go from ${from.replace(/_/g, ' ')} back to ${to.replace(/_/g, ' ')}`,
  tooManyChats: 'You have opened many support chats in a short time. Please try again later',
  tooManyMessages: 'You are sending messages too quickly. Please wait a moment and try again',
} as const;

/** The statuses a chat in `status` may move to next: any later one (skipping forward is allowed). */
export function nextSupportStatuses(status: TSupportStatus): TSupportStatus[] {
  return SUPPORT_STATUSES.slice(SUPPORT_STATUSES.indexOf(status) + 1);
}

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((s) => !hasControlCharacters(s), SUPPORT_MESSAGES.invalidCharacters);

/** POST /api/support/chats. The server sets the status (`open`). */
export const ZCreateSupportChatRequest = z.object({
  subject: text(SUPPORT_MESSAGES.subjectRequired, SUPPORT_SUBJECT_MAX_LENGTH, SUPPORT_MESSAGES.subjectTooLong),
  priority: ZSupportPriority.default(DEFAULT_SUPPORT_PRIORITY),
});
export type TCreateSupportChatRequest = z.input<typeof ZCreateSupportChatRequest>;

/** POST /api/support/chats/{id}/messages. */
export const ZSendSupportMessageRequest = z.object({
  message: text(SUPPORT_MESSAGES.messageRequired, SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGES.messageTooLong),
});
export type TSendSupportMessageRequest = z.input<typeof ZSendSupportMessageRequest>;

/** PATCH /api/support/chats/{id}/status (staff). */
export const ZUpdateSupportStatusRequest = z.object({ status: ZSupportStatus });
export type TUpdateSupportStatusRequest = z.infer<typeof ZUpdateSupportStatusRequest>;

/** Ids that are not uuids simply find nothing (404). */
export const ZSupportChatParams = z.object({ id: z.string().max(64) });

/** GET /api/support/console/chats: an empty value means any. */
export const ZSupportConsoleQuery = pageQuery('supportChats').extend({
  status: z.union([ZSupportStatus, z.literal('')]).optional(),
  priority: z.union([ZSupportPriority, z.literal('')]).optional(),
});
/** `GET /api/support/chats?limit=&cursor=`: a page of the caller's own chats. */
export const ZSupportChatListQuery = pageQuery('supportChats');
/** `GET /api/support/chats/:id/messages?limit=&cursor=`: the cursor goes back to older messages. */
export const ZSupportMessageHistoryQuery = pageQuery('supportMessages');
/** The console's filters (the page's `limit` and `cursor` travel beside them). */
export type TSupportConsoleQuery = Pick<z.infer<typeof ZSupportConsoleQuery>, 'status' | 'priority'>;

/** The spec's Support chat. */
export const ZSupportChat = z.object({
  id: z.string(),
  subject: z.string(),
  priority: ZSupportPriority,
  status: ZSupportStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSupportChat = z.infer<typeof ZSupportChat>;
export const ZSupportChatList = z.array(ZSupportChat);

/** The spec's Support message. `isFromSupport`: written by staff (a moderator or an admin). */
export const ZSupportMessage = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  message: z.string(),
  isFromSupport: z.boolean(),
  createdAt: z.string(),
  sender: z.object({ firstName: z.string().nullable() }),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;
export const ZSupportMessageList = z.array(ZSupportMessage);

/** A chat as the staff console lists it: who asked, how much was said, and when last. */
export const ZSupportConsoleChat = ZSupportChat.extend({
  customer: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
  }),
  messageCount: z.number(),
  lastMessageAt: z.string().nullable(),
  /** Who wrote the last message: true staff, false the customer, null no message yet. */
  lastMessageFromSupport: z.boolean().nullable(),
});
export type TSupportConsoleChat = z.infer<typeof ZSupportConsoleChat>;
export const ZSupportConsoleChatList = z.array(ZSupportConsoleChat);

/** The console lists at most this many chats (most urgent, then oldest, first). */
export const SUPPORT_CONSOLE_LIMIT = 500;

/** The customer context beside a chat lists at most this many of their transactions and disputes each. */
export const CUSTOMER_CONTEXT_RECENT = 5;

/** GET /api/support/customers/{userId}/context. Account ids are text; one no account has: 404. */
export const ZSupportCustomerParams = z.object({ userId: z.string().min(1).max(100) });

/**
 * What staff see beside a support or live chat (GET /api/support/customers/{userId}/context, staff only):
 * who the customer is, their verification as stored, and their latest deals and disputes with the ids the
 * console links to (the transaction, the case file). Amounts are decimal strings in their currency.
 */
export const ZSupportCustomerContext = z.object({
  customer: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    role: ZRole,
    emailVerified: z.boolean(),
    phoneVerified: z.boolean(),
    /** As stored (e.g. unverified, pending, verified, rejected). */
    kycStatus: z.string(),
    createdAt: z.string(),
  }),
  /** Their transactions as buyer or seller, newest first: the first CUSTOMER_CONTEXT_RECENT and how many in all. */
  transactions: z.object({
    count: z.number().int(),
    recent: z.array(
      z.object({
        id: z.string(),
        description: z.string(),
        /** The customer's side of the deal. */
        role: ZPartyRole,
        amount: z.string(),
        currency: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  /** Disputes on their transactions, newest first: the first CUSTOMER_CONTEXT_RECENT and how many in all. */
  disputes: z.object({
    count: z.number().int(),
    recent: z.array(
      z.object({
        id: z.string(),
        transactionId: z.string(),
        description: z.string(),
        role: ZPartyRole,
        status: ZDisputeStatus,
        resolution: ZDisputeResolution.nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type TSupportCustomerContext = z.infer<typeof ZSupportCustomerContext>;
