import { z } from 'zod';
import { pageQuery } from './paging.js';

/**
 * Notifications: the in-app bell (every event) and emails (by category). Money and security emails
 * (funded, released, refunded, withdrawals, dispute resolved; password and sign-in) are always sent;
 * the categories below can be turned off in Profile Settings.
 */
export const EMAIL_CATEGORIES = ['transactions', 'disputes', 'messages', 'support'] as const;
export const ZEmailCategory = z.enum(EMAIL_CATEGORIES);
export type TEmailCategory = z.infer<typeof ZEmailCategory>;

/** How each optional category is described in Profile Settings. */
export const EMAIL_CATEGORY_LABELS: Record<TEmailCategory, { label: string; description: string }> = {
  transactions: {
    label: 'Transaction updates',
    description: 'New transactions, acceptance, delivery and inspection reminders',
  },
  disputes: { label: 'Disputes', description: 'Disputes opened and settlement offers' },
  messages: { label: 'Private messages', description: 'New messages (at most one email per conversation per hour)' },
  support: { label: 'Support', description: 'Replies to your support tickets' },
};

export const ZNotification = z.object({
  id: z.string(),
  /** The event, e.g. `transaction.delivered`. */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** Where in the app it leads, e.g. /transactions. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** `?limit=&cursor=`: `cursor` is the previous answer's `nextCursor`. */
export const ZNotificationListQuery = pageQuery('notifications');

/** GET /api/notifications: the newest first, and how many are unread in all. */
export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int(),
  /** Pass as `?cursor=` for the older ones; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** POST /api/notifications/read: the given ids, or every notification when `ids` is left out. */
export const ZMarkNotificationsReadRequest = z.object({ ids: z.array(z.string().max(64)).max(100).optional() });
export const ZMarkNotificationsReadResponse = z.object({ unreadCount: z.number().int() });

/** GET and PUT /api/notifications/preferences: which optional email categories are on. */
export const ZNotificationPreferences = z.object({
  email: z.object({
    transactions: z.boolean(),
    disputes: z.boolean(),
    messages: z.boolean(),
    support: z.boolean(),
  }),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
export const ZUpdateNotificationPreferencesRequest = z.object({
  email: ZNotificationPreferences.shape.email.partial(),
});

/** Socket event on /ws when a notification arrives (the id only; the bell refetches). */
export type TNotificationEvent = { type: 'notification'; notificationId: string };
