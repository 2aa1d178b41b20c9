import type { TNotificationList, TNotificationPreferences, TEmailCategory, TPageQuery } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { isUuid } from '../../lib/uuid.js';
import {
  emailPreferences,
  listNotifications,
  markNotificationsRead,
  saveEmailPreferences,
  unreadCount,
} from './notifications.queries.js';

/**
 * The bell and the email preferences of the signed-in person. Everything is scoped to the caller: an id
 * of someone else's notification is simply not among theirs, so it is ignored, never an error that
 * would tell it exists.
 */
export function createNotificationsService({ db, clock }: { db: Db; clock: Clock }) {
  async function list(user: SessionUser, query: TPageQuery): Promise<TNotificationList> {
    const [page, unread] = await Promise.all([listNotifications(db, user.id, query), unreadCount(db, user.id)]);
    return { notifications: page.items, unreadCount: unread, nextCursor: page.nextCursor };
  }

  async function markRead(user: SessionUser, ids: string[] | undefined): Promise<{ unreadCount: number }> {
    // Ids that cannot be notification ids match nothing; filtering them keeps the query well-typed.
    await markNotificationsRead(db, user.id, ids?.filter(isUuid), clock.now());
    return { unreadCount: await unreadCount(db, user.id) };
  }

  async function preferences(user: SessionUser): Promise<TNotificationPreferences> {
    return { email: await emailPreferences(db, user.id) };
  }

  async function updatePreferences(
    user: SessionUser,
    changes: Partial<Record<TEmailCategory, boolean>>,
  ): Promise<TNotificationPreferences> {
    await saveEmailPreferences(db, user.id, changes, clock.now());
    return preferences(user);
  }

  return { list, markRead, preferences, updatePreferences };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
